/**
 * The deterministic demo data set, documented in docs/demo-data.md. The same generator, with a
 * larger outlet count, makes benchmark data sets (`npm run seed -- --outlets 100000 --reset`).
 */
import { CYCLE_TYPE, SUB_PROJECT_TYPES, type SubProjectType } from "../../src/domain/outlets/outletStates";
import { PROJECT_TYPE_LABEL } from "../../src/domain/projects/projects";
import { cryptoRandomBytes, hashPassword, type RandomBytes, UNMATCHABLE_HASH } from "../auth/passwords";
import { allPermissions, consideredWorkflowPermission, rolePermissions } from "../auth/roles";
import { type Db, LOCK_SEED, lockFor, type Queryable } from "../db/db";
import { insertColumnArrays, insertMany } from "../db/insertMany";
import {
  BULK_LOAD_OUTLETS,
  copyGeneratedOutlets,
  GENERATED_OUTLETS_AT_MOST,
  setOutletIndexesAside,
} from "./bulkLoad";
import { seedCallingTrackers } from "./calling";
import { seedAdministeredResources } from "./catalogue";
import { seedFieldTools } from "./fieldTools";
import { seedSharedShopPhoto } from "./imageMatching";
import { seedInvoiceSetup } from "./invoiceSetup";
import { seedInvoices } from "./invoices";
import { seedSurveyLocations } from "./locationChecks";
import { generateOutlets, OUTLET_COLUMNS, type SeedCity, type SeedSubProject } from "./outlets";
import { FIRST_NAMES, LAST_NAMES, REGIONS, STATES } from "./places";
import { seedProjectFiles } from "./projectFiles";
import { seedRetailerPortal } from "./retailerPortal";
import { seedRetailerRequests } from "./retailerRequests";
import { seedReviewData } from "./review";
import { seedScoring } from "./scoring";
import { seedSpocs } from "./spocs";
import { seedSurvey } from "./survey";
import { seedUploads } from "./uploads";
import { seedVerification } from "./verification";
import { seedWorkflowData } from "./workflow";

export const DEMO_PASSWORD = "Demo@12345";
export const DEFAULT_OUTLETS = 520;
const DAY = 24 * 60 * 60 * 1000;

export const INTERNAL = "Retail Scan";
export const ACME = "Acme Beverages";
export const ZENITH = "Zenith Foods";
const EMAIL_DOMAIN: Record<string, string> = {
  [INTERNAL]: "retailscan.in",
  [ACME]: "acmebeverages.in",
  [ZENITH]: "zenithfoods.in",
};

type Account = {
  username: string;
  name: string;
  role: string;
  org: string;
  passwordAgeDays?: number;
  /** Signs in with the password, then a code sent to the mobile (docs/auth.md). */
  twoStep?: true;
};

export const DEMO_ACCOUNTS: readonly Account[] = [
  { username: "admin", name: "Asha Admin", role: "admin", org: INTERNAL },
  { username: "qc.manager", name: "Meera Kulkarni", role: "qc-manager", org: INTERNAL },
  { username: "qc.executive", name: "Rohan Iyer", role: "qc-executive", org: INTERNAL },
  { username: "calling.manager", name: "Kavya Nair", role: "calling-manager", org: INTERNAL },
  { username: "calling.executive", name: "Imran Khan", role: "calling-executive", org: INTERNAL },
  { username: "field.coordinator", name: "Suresh Reddy", role: "field-coordinator", org: INTERNAL },
  { username: "field.manager", name: "Harpreet Singh", role: "field-manager", org: INTERNAL },
  { username: "project.manager", name: "Priya Sharma", role: "project-manager", org: INTERNAL },
  { username: "iftu.manager", name: "Amit Gupta", role: "iftu-manager", org: INTERNAL },
  { username: "iftu.executive", name: "Sneha Joshi", role: "iftu-executive", org: INTERNAL },
  { username: "client.manager", name: "Vivaan Mehta", role: "client-manager", org: ACME },
  { username: "client.executive", name: "Diya Chatterjee", role: "client-manager-view", org: ACME },
  { username: "zenith.manager", name: "Arjun Pillai", role: "client-manager", org: ZENITH },
  // The password expiry journey: this password was last changed 120 days before seeding (limit 90).
  {
    username: "expired.user",
    name: "Lakshmi Menon",
    role: "qc-executive",
    org: INTERNAL,
    passwordAgeDays: 120,
  },
  // Reads the Machines area only (docs/machines.md).
  { username: "product.owner", name: "Nandini Rao", role: "product-owner", org: INTERNAL },
  // A client organisation's own administrator: administers Acme's records and nothing shared.
  { username: "client.admin", name: "Kabir Malhotra", role: "project-manager", org: ACME },
  // A second executive in each team, so its manager has work to move between two (docs/allocation.md).
  { username: "qc.executive2", name: "Ananya Desai", role: "qc-executive", org: INTERNAL },
  { username: "calling.executive2", name: "Rahul Verma", role: "calling-executive", org: INTERNAL },
  { username: "iftu.executive2", name: "Pooja Bhatt", role: "iftu-executive", org: INTERNAL },
  // The staff two-step sign-in: after the password, a code sent to the mobile (docs/auth.md).
  { username: "secure.admin", name: "Farah Qureshi", role: "admin", org: INTERNAL, twoStep: true },
];

const ROLE_DISPLAY: Record<string, string> = {
  admin: "Administrator",
  "client-manager-view": "Client Executive",
  "iftu-manager": "IFTU Manager",
  "iftu-executive": "IFTU Executive",
  "qc-manager": "QC Manager",
  "qc-executive": "QC Executive",
};
const titleCase = (s: string) =>
  s.replace(/(^|[-_ ])(\w)/g, (_, sep: string, ch: string) => `${sep ? " " : ""}${ch.toUpperCase()}`);
const roleDisplayName = (role: string) => ROLE_DISPLAY[role] ?? titleCase(role);

const idsByName = async (db: Queryable, table: string) =>
  new Map(
    (await db.query<{ id: number; name: string }>(`SELECT id, name FROM ${table}`)).map((r) => [
      r.name,
      r.id,
    ]),
  );

async function insertId(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  const [row] = await db.query<{ id: number }>(`${sql} RETURNING id`, params);
  return row!.id;
}

export type SeedOptions = {
  now: number;
  outlets?: number;
  /** For the password salt; node:crypto unless given. */
  randomBytes?: RandomBytes;
};

/**
 * Loads the demo data into a migrated database if it holds no users yet (checked under a lock, so
 * several processes starting at once load it once). Gives whether it loaded.
 */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<boolean> {
  const now = options.now;
  const outletCount = options.outlets ?? DEFAULT_OUTLETS;
  // Every demo account has the same password, so it is hashed once per seed run and the hash (with
  // its one salt) is reused: scrypt per account would slow every start and test. A salt per account
  // is not needed for these published demo passwords; real users created later get their own salt.
  const demoHash = await hashPassword(DEMO_PASSWORD, options.randomBytes ?? cryptoRandomBytes);

  const seeded = await db.transaction(async (tx) => {
    await lockFor(tx, LOCK_SEED);
    if (!(await isEmpty(tx))) return false;
    const orgs = await seedOrganisationsAndAccounts(tx, now, demoHash);
    const cities = await seedGeography(tx, orgs);
    await seedAdministeredResources(
      tx,
      [ACME, ZENITH].map((name) => ({ id: orgs.get(name)!, name })),
    );
    const subProjects = await seedProjects(tx, orgs);
    await insertMany(
      tx,
      "field_auditors",
      ["name", "mobile", "organisation_id"],
      Array.from({ length: 10 }, (_, i) => [
        `${FIRST_NAMES[(i * 5) % FIRST_NAMES.length]} ${LAST_NAMES[(i * 3) % LAST_NAMES.length]}`,
        `90000000${String(i + 1).padStart(2, "0")}`,
        orgs.get(INTERNAL),
      ]),
    );
    const auditorIds = (await tx.query<{ id: number }>("SELECT id FROM field_auditors ORDER BY id")).map(
      (r) => r.id,
    );
    const restoreIndexes = outletCount >= BULK_LOAD_OUTLETS ? await setOutletIndexesAside(tx) : null;
    const generated = Math.min(outletCount, GENERATED_OUTLETS_AT_MOST);
    const outlets = generateOutlets(generated, { now, cities, subProjects, auditorIds });
    await insertColumnArrays(
      tx,
      "outlets",
      OUTLET_COLUMNS,
      outlets.map((o) => OUTLET_COLUMNS.map((column) => o[column])),
    );
    // A retailer (the owner) for each of the first 100 outlets, mobiles 9100000001 upward.
    const firstOutlets = await tx.query<{ id: number; owner_name: string }>(
      "SELECT id, owner_name FROM outlets ORDER BY rsid LIMIT 100",
    );
    await insertMany(
      tx,
      "retailers",
      ["name", "mobile", "outlet_id"],
      firstOutlets.map((o, i) => [o.owner_name, String(9_100_000_001 + i), o.id]),
    );
    await seedOtpAccounts(tx, now);
    await seedWorkflowData(tx);
    await seedReviewData(tx, now);
    await seedSurveyLocations(tx);
    await seedSharedShopPhoto(tx, now);
    await seedCallingTrackers(tx, now);
    await seedSurvey(tx, now);
    await seedRetailerRequests(tx, now);
    await seedUploads(tx, now);
    await seedScoring(tx, now);
    await seedVerification(tx);
    await seedFieldTools(tx, now);
    await seedRetailerPortal(tx, now);
    await seedProjectFiles(tx, new Date(now));
    await seedInvoiceSetup(tx);
    await seedInvoices(tx, now);
    await seedSpocs(tx);
    if (outletCount > generated) await copyGeneratedOutlets(tx, generated, outletCount);
    await restoreIndexes?.();
    return true;
  });
  // The seed writes most outlet and workflow rows twice (inserted, then given their review and
  // workflow data), so every table holds a dead version of each row; PGlite runs no autovacuum.
  // Without this, a search's index scan finds and rechecks both versions (docs/benchmarks.md).
  // Fresh statistics too, so the planner knows the tables' sizes after a bulk load.
  // Only this schema's tables: on a shared PostgreSQL, other schemas are other databases' business.
  if (seeded) {
    const tables = await db.query<{ name: string }>(
      "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema()",
    );
    await db.exec(`VACUUM (ANALYZE) ${tables.map((t) => t.name).join(", ")}`);
  }
  return seeded;
}

/**
 * An account for each field auditor (e-KYC app) and retailer: they sign in with a one-time code sent
 * to their mobile, never with a password (their hash matches none), and hold no staff permission.
 */
async function seedOtpAccounts(tx: Queryable, now: number): Promise<void> {
  await tx.query(
    "INSERT INTO roles (name, display_name) VALUES ('field-auditor', 'Field Auditor'), ('retailer', 'Retailer')",
  );
  const audiences = [
    {
      role: "field-auditor",
      prefix: "auditor",
      table: "field_auditors",
      people: "SELECT p.id, p.name, p.mobile, p.organisation_id FROM field_auditors p",
    },
    {
      role: "retailer",
      prefix: "retailer",
      table: "retailers",
      people: `SELECT p.id, p.name, p.mobile, pr.organisation_id FROM retailers p
               JOIN outlets o ON o.id = p.outlet_id JOIN sub_projects sp ON sp.id = o.sub_project_id
               JOIN projects pr ON pr.id = sp.project_id`,
    },
  ] as const;
  for (const a of audiences) {
    await tx.query(
      `INSERT INTO users (username, name, phone_number, organisation_id, password_hash, password_changed_at)
       SELECT $1 || '.' || p.mobile, p.name, '+91' || p.mobile, p.organisation_id, $2, $3 FROM (${a.people}) p
       ORDER BY p.id`,
      [a.prefix, UNMATCHABLE_HASH, new Date(now)],
    );
    await tx.query(
      `UPDATE ${a.table} p SET user_id = u.id FROM users u WHERE u.username = $1 || '.' || p.mobile`,
      [a.prefix],
    );
    await tx.query(
      `INSERT INTO user_roles (user_id, role_id) SELECT p.user_id, r.id FROM ${a.table} p, roles r WHERE r.name = $1`,
      [a.role],
    );
  }
}

async function seedOrganisationsAndAccounts(
  tx: Queryable,
  now: number,
  demoHash: string,
): Promise<Map<string, number>> {
  await insertMany(
    tx,
    "organisations",
    ["name", "kind"],
    [
      [INTERNAL, "internal"],
      [ACME, "client"],
      [ZENITH, "client"],
    ],
  );
  const orgs = await idsByName(tx, "organisations");

  await insertMany(
    tx,
    "permissions",
    ["name"],
    allPermissions().map((p) => [p]),
  );
  const roleNames = [...new Set(DEMO_ACCOUNTS.map((a) => a.role))];
  await insertMany(
    tx,
    "roles",
    ["name", "display_name"],
    roleNames.map((r) => [r, roleDisplayName(r)]),
  );
  for (const role of roleNames) {
    await tx.query(
      `INSERT INTO role_permissions (role_id, permission_id)
       SELECT r.id, p.id FROM roles r JOIN permissions p ON p.name = ANY($2::text[]) WHERE r.name = $1`,
      [role, rolePermissions(role)],
    );
  }

  await insertMany(
    tx,
    "users",
    [
      "username",
      "name",
      "email",
      "phone_number",
      "organisation_id",
      "password_hash",
      "password_changed_at",
      "considered_workflow_permission",
      "two_step_sign_in",
    ],
    DEMO_ACCOUNTS.map((a, i) => [
      a.username,
      a.name,
      `${a.username}@${EMAIL_DOMAIN[a.org]}`,
      String(9_820_000_001 + i * 7919),
      orgs.get(a.org),
      demoHash,
      new Date(now - (a.passwordAgeDays ?? 1) * DAY),
      consideredWorkflowPermission(a.role),
      a.twoStep === true,
    ]),
  );
  await tx.query(
    `INSERT INTO user_roles (user_id, role_id)
     SELECT u.id, r.id FROM users u JOIN roles r ON r.name = (
       SELECT account.role FROM unnest($1::text[], $2::text[]) AS account(username, role)
       WHERE account.username = u.username)`,
    [DEMO_ACCOUNTS.map((a) => a.username), DEMO_ACCOUNTS.map((a) => a.role)],
  );
  return orgs;
}

/** States and cities; per client organisation, regions with a zone per state and a territory per city. */
async function seedGeography(tx: Queryable, orgs: Map<string, number>): Promise<SeedCity[]> {
  await insertMany(
    tx,
    "states",
    ["name", "code"],
    STATES.map((s) => [s.name, s.code]),
  );
  const stateIds = await idsByName(tx, "states");
  await insertMany(
    tx,
    "cities",
    ["name", "state_id"],
    STATES.flatMap((s) => s.cities.map(([city]) => [city, stateIds.get(s.name)])),
  );
  const cityRows = await tx.query<{ id: number; name: string; state_id: number }>(
    "SELECT id, name, state_id FROM cities ORDER BY id",
  );
  const cities: SeedCity[] = cityRows.map((c) => {
    const state = STATES.find((s) => stateIds.get(s.name) === c.state_id)!;
    return {
      id: c.id,
      name: c.name,
      pinPrefix: state.cities.find(([name]) => name === c.name)![1],
      stateId: c.state_id,
      stateCode: state.code,
      places: new Map(),
    };
  });
  for (const org of [ACME, ZENITH]) {
    for (const region of REGIONS) {
      const regionId = await insertId(tx, "INSERT INTO regions (name, organisation_id) VALUES ($1, $2)", [
        region.name,
        orgs.get(org),
      ]);
      for (const stateName of region.states) {
        const zoneId = await insertId(tx, "INSERT INTO zones (name, region_id) VALUES ($1, $2)", [
          stateName,
          regionId,
        ]);
        for (const city of cities.filter((c) => c.stateId === stateIds.get(stateName))) {
          const territoryId = await insertId(tx, "INSERT INTO territories (name, zone_id) VALUES ($1, $2)", [
            `${city.name} Central`,
            zoneId,
          ]);
          city.places.set(org, { regionId, zoneId, territoryId });
        }
      }
    }
  }
  return cities;
}

/** Acme has one project per sub-project type, each with its main and cycle sub-project; Zenith has one. */
export const DEMO_PROJECTS: readonly { org: string; type: SubProjectType; slug: string; name: string }[] = [
  ...SUB_PROJECT_TYPES.map((type) => ({
    org: ACME,
    type,
    slug: `acme-${type.replace(/_/g, "-")}`,
    name: `Acme ${PROJECT_TYPE_LABEL[type]}`,
  })),
  { org: ZENITH, type: "retail_audit", slug: "zenith-retail-audit", name: "Zenith Retail Audit" },
];

async function seedProjects(tx: Queryable, orgs: Map<string, number>): Promise<SeedSubProject[]> {
  const subProjects: SeedSubProject[] = [];
  for (const p of DEMO_PROJECTS) {
    const projectId = await insertId(
      tx,
      `INSERT INTO projects (slug, name, organisation_id, type, start_date, end_date)
       VALUES ($1, $2, $3, $4, DATE '2026-04-01', DATE '2027-03-31')`,
      [p.slug, `${p.name} 2026-27`, orgs.get(p.org), p.type],
    );
    const mainId = await insertId(
      tx,
      "INSERT INTO sub_projects (slug, name, project_id, type, add_data_on_fly) VALUES ($1, $2, $3, $4, $5)",
      [`${p.slug}-main`, p.name, projectId, p.type, p.type === "mi"],
    );
    const cycleId = await insertId(
      tx,
      "INSERT INTO sub_projects (slug, name, project_id, type, parent_id) VALUES ($1, $2, $3, $4, $5)",
      [`${p.slug}-cycle-1`, `${p.name} Cycle 1`, projectId, CYCLE_TYPE[p.type], mainId],
    );
    subProjects.push({ id: mainId, type: p.type, org: p.org }, { id: cycleId, type: p.type, org: p.org });
  }
  return subProjects;
}

export async function isEmpty(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ count: number }>("SELECT count(*)::int AS count FROM users");
  return (row?.count ?? 0) === 0;
}
