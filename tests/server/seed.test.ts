// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, migrationFiles } from "../../server/db/db";
import { setOutletIndexesAside } from "../../server/seed/bulkLoad";
import { DEFAULT_OUTLETS, DEMO_ACCOUNTS, seedDemoData } from "../../server/seed/demo";
import { generateOutlets, type SeedCity, type SeedSubProject } from "../../server/seed/outlets";
import { emptySchema, parseSeedArgs, rebuildDatabase } from "../../server/seed/rebuild";
import { PASSWORD_MAX_AGE_DAYS } from "../../src/domain/auth/password";
import { OUTLET_STATES_BY_TYPE, type SubProjectType } from "../../src/domain/outlets/outletStates";
import {
  isValidAccountNumber,
  isValidGst,
  isValidIfsc,
  isValidIndianMobile,
  isValidPan,
  isValidPin,
} from "../../src/domain/shared/validation";
import { DAY, startTestServer, TEST_START, type TestServer } from "./support";

/** Staff accounts: every user but the field auditors' and retailers' code sign-in accounts. */
const STAFF_USERS = `SELECT username FROM users WHERE id NOT IN (
  SELECT user_id FROM field_auditors WHERE user_id IS NOT NULL
  UNION SELECT user_id FROM retailers WHERE user_id IS NOT NULL)`;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type OutletCheck = {
  rsid: string;
  name: string;
  address: string;
  phone: string;
  pan: string;
  gst: string;
  ifsc: string;
  account_number: string;
  pin: string;
  state_code: string;
};

describe("demo accounts", () => {
  it("gives every field auditor and retailer a code sign-in account with no staff permission", async () => {
    const accounts = await server.db.query<{ username: string; phone_number: string; role: string }>(
      `SELECT u.username, u.phone_number, r.name AS role FROM users u
       JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
       WHERE u.id IN (SELECT user_id FROM field_auditors UNION SELECT user_id FROM retailers) ORDER BY u.id`,
    );
    expect(accounts.filter((a) => a.role === "field-auditor")).toHaveLength(10);
    expect(accounts.filter((a) => a.role === "retailer")).toHaveLength(100);
    expect(accounts[0]).toEqual({
      username: "auditor.9000000001",
      phone_number: "+919000000001",
      role: "field-auditor",
    });
    const [held] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM role_permissions rp JOIN roles r ON r.id = rp.role_id
       WHERE r.name IN ('field-auditor', 'retailer')`,
    );
    expect(held?.n).toBe(0);
  });

  it("has every demo account, each able to sign in with Demo@12345", async () => {
    const users = await server.db.query<{ username: string }>(`${STAFF_USERS} ORDER BY id`);
    expect(users.map((u) => u.username)).toEqual(DEMO_ACCOUNTS.map((a) => a.username));
    expect(users.map((u) => u.username)).toEqual(
      expect.arrayContaining([
        "admin",
        "qc.manager",
        "qc.executive",
        "calling.manager",
        "calling.executive",
        "field.coordinator",
        "field.manager",
        "project.manager",
        "iftu.manager",
        "iftu.executive",
        "client.manager",
        "client.executive",
        "zenith.manager",
        "expired.user",
      ]),
    );
    for (const { username } of DEMO_ACCOUNTS.filter((a) => a.username !== "expired.user")) {
      await server.endSessions(username);
      const res = await server.login(username);
      expect({ username, status: res.status, expired: res.body.password_expired }).toEqual({
        username,
        status: 200,
        expired: false,
      });
    }
  });

  it("gives roles their dashboard and workflow permissions; admin holds all of them", async () => {
    const info = async (username: string) => {
      await server.endSessions(username);
      const auth = await server.signIn(username);
      return (await server.call("GET", "/api/auth/info/", { headers: auth })).body.user_details as {
        roles: string[];
        permissions: string[];
        considered_workflow_permission: string | null;
        organisation: { name: string; kind: string };
      };
    };
    expect(await info("qc.manager")).toMatchObject({
      roles: ["qc-manager"],
      permissions: ["qc-manager-dashboard-permission", "qc-manager-workflow-permission"],
      considered_workflow_permission: "qc-manager-workflow-permission",
    });
    expect(await info("client.executive")).toMatchObject({
      roles: ["client-manager-view"],
      permissions: ["client-manager-view-workflow-permission"],
      considered_workflow_permission: "client-manager-view-workflow-permission",
      organisation: { name: "Acme Beverages", kind: "client" },
    });
    expect(await info("calling.manager")).toMatchObject({
      permissions: ["calling-manager-dashboard-permission"],
      considered_workflow_permission: null,
    });
    expect(await info("zenith.manager")).toMatchObject({ organisation: { name: "Zenith Foods" } });
    const admin = await info("admin");
    expect(admin.permissions).toHaveLength(21);
    expect(admin.permissions).toContain("machines-permission");
    expect(await info("product.owner")).toMatchObject({
      roles: ["product-owner"],
      permissions: ["machines-permission"],
      considered_workflow_permission: null,
      organisation: { name: "Retail Scan" },
    });
    expect(admin.permissions).toContain("field-manager-workflow-permission");
    expect(admin.permissions).toContain("calling-manager-dashboard-permission");
  });

  it("expired.user (qc-executive, Retail Scan) last changed the password 120 days before seeding", async () => {
    const [row] = await server.db.query<{ password_changed_at: Date; org: string }>(
      `SELECT u.password_changed_at, o.name AS org FROM users u JOIN organisations o ON o.id = u.organisation_id
       WHERE u.username = 'expired.user'`,
    );
    expect(row?.org).toBe("Retail Scan");
    expect(row?.password_changed_at.getTime()).toBe(TEST_START - 120 * DAY);
    expect(120).toBeGreaterThan(PASSWORD_MAX_AGE_DAYS);
    expect((await server.login("expired.user")).body).toMatchObject({
      password_expired: true,
      sessionid: null,
    });
  });
});

describe("organisations, projects and people", () => {
  it("has Acme's project per sub-project type, each with its cycle, and one Zenith project", async () => {
    const rows = await server.db.query<{
      org: string;
      type: string;
      main: string;
      cycle: string;
      fly: boolean;
    }>(
      `SELECT o.name AS org, p.type, m.type AS main, c.type AS cycle, m.add_data_on_fly AS fly
       FROM projects p JOIN organisations o ON o.id = p.organisation_id
       JOIN sub_projects m ON m.project_id = p.id AND m.parent_id IS NULL
       JOIN sub_projects c ON c.parent_id = m.id
       ORDER BY p.id`,
    );
    expect(rows).toEqual([
      {
        org: "Acme Beverages",
        type: "retail_audit",
        main: "retail_audit",
        cycle: "retail_audit_cycle",
        fly: false,
      },
      { org: "Acme Beverages", type: "3p_payout", main: "3p_payout", cycle: "payout_cycle", fly: false },
      { org: "Acme Beverages", type: "off_take", main: "off_take", cycle: "off_take_cycle", fly: false },
      { org: "Acme Beverages", type: "census", main: "census", cycle: "census", fly: false },
      { org: "Acme Beverages", type: "mi", main: "mi", cycle: "mi_cycle", fly: true },
      { org: "Acme Beverages", type: "kyc", main: "kyc", cycle: "kyc", fly: false },
      { org: "Acme Beverages", type: "empanelment", main: "empanelment", cycle: "empanelment", fly: false },
      {
        org: "Zenith Foods",
        type: "retail_audit",
        main: "retail_audit",
        cycle: "retail_audit_cycle",
        fly: false,
      },
    ]);
  });

  it("has field auditors 9000000001 to 9000000010 and retailers from 9100000001", async () => {
    const auditors = await server.db.query<{ mobile: string }>(
      "SELECT mobile FROM field_auditors ORDER BY mobile",
    );
    expect(auditors.map((a) => a.mobile)).toEqual(
      Array.from({ length: 10 }, (_, i) => `90000000${String(i + 1).padStart(2, "0")}`),
    );
    const retailers = await server.db.query<{ mobile: string; rsid: string }>(
      "SELECT r.mobile, o.rsid FROM retailers r JOIN outlets o ON o.id = r.outlet_id ORDER BY r.mobile",
    );
    expect(retailers[0]).toEqual({ mobile: "9100000001", rsid: "RS000001" });
    expect(retailers.map((r) => Number(r.mobile))).toEqual(retailers.map((_, i) => 9_100_000_001 + i));
  });
});

describe("outlets", () => {
  it("at least 500, with valid PAN, GST (check character included), IFSC, account, pin and phone", async () => {
    const outlets = await server.db.query<OutletCheck>(
      `SELECT o.rsid, o.name, o.address, o.phone, o.pan, o.gst, o.ifsc, o.account_number, o.pin, s.code AS state_code
       FROM outlets o JOIN states s ON s.id = o.state_id`,
    );
    expect(outlets.length).toBe(DEFAULT_OUTLETS);
    expect(outlets.length).toBeGreaterThanOrEqual(500);
    const invalid = outlets.filter(
      (o) =>
        !isValidPan(o.pan) ||
        !isValidGst(o.gst) ||
        !isValidIfsc(o.ifsc) ||
        !isValidAccountNumber(o.account_number) ||
        !isValidPin(o.pin) ||
        !isValidIndianMobile(o.phone) ||
        !/^RS\d{6}$/.test(o.rsid) ||
        o.gst.slice(0, 2) !== o.state_code ||
        o.gst.slice(2, 12) !== o.pan,
    );
    expect(invalid).toEqual([]);
    expect(new Set(outlets.map((o) => o.ifsc.slice(0, 4)))).toEqual(
      new Set(["SBIN", "HDFC", "ICIC", "UTIB", "PUNB", "BARB", "KKBK", "CNRB"]),
    );
  });

  it("every state has at least three outlets in every sub-project type where it occurs, and no other", async () => {
    const rows = await server.db.query<{ type: SubProjectType; workflow_state: string; n: number }>(
      `SELECT p.type, o.workflow_state, count(*)::int AS n
       FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
       GROUP BY p.type, o.workflow_state`,
    );
    for (const [type, states] of Object.entries(OUTLET_STATES_BY_TYPE)) {
      for (const state of states) {
        const n = rows.find((r) => r.type === type && r.workflow_state === state)?.n ?? 0;
        expect({ type, state, atLeastThree: n >= 3 }).toEqual({ type, state, atLeastThree: true });
      }
    }
    const stray = rows.filter((r) => !OUTLET_STATES_BY_TYPE[r.type].includes(r.workflow_state as never));
    expect(stray).toEqual([]);
  });

  it("places each outlet consistently: city in its state, territory in its zone, zone in its region, region of its client", async () => {
    const [row] = await server.db.query<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM outlets o
       JOIN cities c ON c.id = o.city_id
       JOIN territories t ON t.id = o.territory_id
       JOIN zones z ON z.id = o.zone_id
       JOIN regions r ON r.id = o.region_id
       JOIN sub_projects sp ON sp.id = o.sub_project_id JOIN projects p ON p.id = sp.project_id
       WHERE c.state_id <> o.state_id OR t.zone_id <> o.zone_id OR z.region_id <> o.region_id
          OR r.organisation_id <> p.organisation_id`,
    );
    expect(row?.bad).toBe(0);
  });

  it("shows the scenarios so far: shared PAN, shared account, interim status", async () => {
    const sharedPan = await server.db.query<{ rsids: string[] }>(
      "SELECT array_agg(rsid ORDER BY rsid) AS rsids FROM outlets GROUP BY pan HAVING count(*) > 1 ORDER BY 1",
    );
    expect(sharedPan[0]?.rsids).toEqual(["RS000001", "RS000002"]);
    const sharedAccount = await server.db.query<{ rsids: string[] }>(
      "SELECT array_agg(rsid ORDER BY rsid) AS rsids FROM outlets GROUP BY account_number HAVING count(*) > 1 ORDER BY 1",
    );
    expect(sharedAccount[0]?.rsids).toEqual(["RS000003", "RS000004"]);
    const interim = await server.db.query<{ rsid: string }>(
      "SELECT rsid FROM outlets WHERE interim_status = 'revisit_required' ORDER BY rsid LIMIT 2",
    );
    expect(interim.map((r) => r.rsid)).toEqual(["RS000008", "RS000058"]);
  });

  it("are the same on every run: the generator is seeded, not random", () => {
    const cities: SeedCity[] = [
      {
        id: 1,
        name: "Pune",
        pinPrefix: "411",
        stateId: 1,
        stateCode: "27",
        places: new Map([["Acme Beverages", { regionId: 1, zoneId: 1, territoryId: 1 }]]),
      },
    ];
    const subProjects: SeedSubProject[] = [{ id: 1, type: "kyc", org: "Acme Beverages" }];
    const make = () => generateOutlets(30, { now: TEST_START, cities, subProjects, auditorIds: [1, 2] });
    expect(make()).toEqual(make());
    expect(
      make()
        .map((o) => o.workflow_state)
        .slice(0, 6),
    ).toEqual(["qc_pending", "qc_accepted", "qc_rejected", "qc_pending", "qc_accepted", "qc_rejected"]);
  });

  it("loading again into a database that holds data does nothing", async () => {
    expect(await seedDemoData(server.db, { now: TEST_START, outlets: 10 })).toBe(false);
    const [row] = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM outlets");
    expect(row?.n).toBe(DEFAULT_OUTLETS);
  });
});

describe("npm run seed", () => {
  it("a large seed loads the outlets without their indexes and puts each back as it was, counts rebuilt", async () => {
    const indexes = "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'outlets' ORDER BY 1";
    const counts = `SELECT sub_project_id, workflow_state, status, is_temp, sum(n)::int AS n FROM outlet_counts
      WHERE n > 0 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
    const before = await server.db.query(indexes);
    const rolledBack = new Error("rolled back");
    await expect(
      server.db.transaction(async (tx) => {
        const restore = await setOutletIndexesAside(tx);
        const aside = await tx.query<{ indexname: string }>(indexes);
        expect(aside.map((i) => i.indexname).sort()).toEqual([
          "outlets_mobile_slug_key",
          "outlets_pkey",
          "outlets_rsid_key",
        ]);
        // Moved while the count triggers are stopped: only the rebuild can count it right.
        await tx.query("UPDATE outlets SET workflow_state = 'qc_accepted' WHERE rsid = 'RS000001'");
        await restore();
        expect(await tx.query(indexes)).toEqual(before);
        expect(await tx.query(counts)).toEqual(
          await tx.query(`SELECT sub_project_id, workflow_state, status, is_temp, count(*)::int AS n FROM outlets
            GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`),
        );
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });

  it("reads --outlets N and --reset, and explains bad arguments", () => {
    expect(parseSeedArgs([], 520)).toEqual({ outlets: 520, reset: false });
    expect(parseSeedArgs(["--outlets", "100000", "--reset"], 520)).toEqual({ outlets: 100000, reset: true });
    expect(parseSeedArgs(["--outlets=750"], 520)).toEqual({ outlets: 750, reset: false });
    expect(parseSeedArgs(["--outlets", "many"], 520)).toHaveProperty("error");
    expect(parseSeedArgs(["--outlets", "0"], 520)).toHaveProperty("error");
    expect(parseSeedArgs(["--fast"], 520)).toHaveProperty("error");
  });

  it("leaves a database with data alone unless --reset, which rebuilds it with N outlets", async () => {
    expect(await rebuildDatabase(server.db, { outlets: 50, reset: false, now: TEST_START })).toEqual({
      kind: "not-empty",
    });
    const rebuilt = await rebuildDatabase(server.db, { outlets: 50, reset: true, now: TEST_START });
    expect(rebuilt).toMatchObject({ kind: "seeded", outlets: 50 });
    const [outlets] = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM outlets");
    expect(outlets?.n).toBe(50);
    const users = await server.db.query(STAFF_USERS);
    expect(users).toHaveLength(DEMO_ACCOUNTS.length);
    await server.endSessions("admin");
    expect((await server.login("admin")).status).toBe(200);
  });

  it("several processes starting together migrate and load the data once", async () => {
    await emptySchema(server.db);
    const migrated = await Promise.all([migrate(server.db), migrate(server.db), migrate(server.db)]);
    expect(migrated.map((names) => names.length).sort()).toEqual([0, 0, migrationFiles().length]);
    const loaded = await Promise.all(
      [1, 2, 3].map(() => seedDemoData(server.db, { now: TEST_START, outlets: 20 })),
    );
    expect(loaded.filter(Boolean)).toHaveLength(1);
    const users = await server.db.query(STAFF_USERS);
    expect(users).toHaveLength(DEMO_ACCOUNTS.length);
  });
});
