/**
 * Every API route, enumerated from the Hono app, called as anonymous, as each demo account and as
 * the other client organisation; each answer compared with its cell in tests/reliability/matrix-table.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressColumn, organisationColumn } from "../../server/admin/schemaSql";
import { cryptoRandomBytes } from "../../server/auth/passwords";
import { createSession } from "../../server/auth/sessions";
import { RESOURCES } from "../../src/domain/admin/resourceCatalogue";
import { ENDPOINTS, routeOf } from "../../src/domain/api/catalogue";
import { startTestServer, type TestServer } from "../server/support";
import {
  CALLERS,
  type Caller,
  CELLS,
  type Cell,
  type Fixtures,
  MATRIX,
  type MatrixRow,
  OTP_CALLERS,
} from "./matrix-table";

let server: TestServer;
let fixtures: Fixtures;
const sessions = new Map<Caller, Record<string, string>>();

/** The routes the app serves, without middleware and the client's catch-all. */
function servedRoutes(): Set<string> {
  return new Set(
    server.app.routes
      .filter((r) => r.method !== "ALL" && r.path !== "/*")
      .map((r) => `${r.method} ${r.path}`),
  );
}

/** The routes the matrix must cover: the API contract's. */
const declaredRoutes = (): Set<string> => new Set(ENDPOINTS.map(routeOf));

async function one<T>(sql: string): Promise<T> {
  const [row] = await server.db.query<T>(sql);
  if (!row) throw new Error(`no demo row for ${sql}`);
  return row;
}

/** The second Acme retailer's account as the users API reads it (the first is a matrix caller). */
async function codeAccount(): Promise<Fixtures["codeAccount"]> {
  const { username } = await one<{ username: string }>(
    `SELECT u.username FROM retailers r JOIN users u ON u.id = r.user_id JOIN outlets o ON o.id = r.outlet_id
     JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE p.slug LIKE 'acme-%' AND r.mobile <> '9100000001' ORDER BY r.id LIMIT 1`,
  );
  const res = await server.call("GET", `/api/admin/users/${username}/`, { headers: sessions.get("admin")! });
  const record = res.body as { version: number; values: Record<string, unknown> };
  return { address: username, version: record.version, values: { ...record.values, password: "" } };
}

async function freshSession(caller: Caller): Promise<Record<string, string>> {
  const { id } = await one<{ id: number }>(`SELECT id FROM users WHERE username = '${caller}'`);
  const platform = OTP_CALLERS[caller] ?? "web";
  const token = await createSession(server.db, id, platform, server.clock.now, cryptoRandomBytes);
  return { authorization: `sessionid ${token}` };
}

const cellsOf = (row: MatrixRow): Cell[] => {
  const cells = row.cells.trim().split(/\s+/);
  for (const c of cells)
    if (!(CELLS as readonly string[]).includes(c)) throw new Error(`${row.route}: cell ${c}`);
  return cells as Cell[];
};

const outcome = (status: number): string => (status >= 200 && status < 300 ? "ok" : String(status));

beforeAll(async () => {
  server = await startTestServer();
  // Callers who sign in with a one-time code get a session on their platform directly (the code
  // flow itself is tested in tests/server/otp-login.test.ts).
  for (const caller of CALLERS) {
    if (caller === "anonymous") continue;
    sessions.set(caller, OTP_CALLERS[caller] ? await freshSession(caller) : await server.signIn(caller));
  }
  const job = await one<{ id: number; file_id: number }>(
    "SELECT id, file_id FROM bulk_upload_jobs WHERE object_type = 'payout_plotting' ORDER BY id LIMIT 1",
  );
  const outlet = await one<{ id: number; rsid: string }>(
    `SELECT o.id, o.rsid FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
     JOIN projects p ON p.id = s.project_id WHERE p.slug LIKE 'acme-%' ORDER BY o.id LIMIT 1`,
  );
  const zenith = await one<{ rsid: string }>(
    `SELECT o.rsid FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
     JOIN projects p ON p.id = s.project_id WHERE p.slug LIKE 'zenith-%' ORDER BY o.id LIMIT 1`,
  );
  const slugId = async (slug: string) =>
    (await one<{ id: number }>(`SELECT id FROM sub_projects WHERE slug = '${slug}'`)).id;
  const auditorOutlet = (mobile: string) =>
    one<{ rsid: string }>(
      `SELECT o.rsid FROM outlets o JOIN field_auditors fa ON fa.id = o.auditor_id
       WHERE fa.mobile = '${mobile}' ORDER BY o.id LIMIT 1`,
    );
  fixtures = {
    acmePayoutCycle: await slugId("acme-3p-payout-cycle-1"),
    acmeKycCycle: await slugId("acme-kyc-cycle-1"),
    payoutJob: job.id,
    payoutFile: job.file_id,
    acmeOutletId: outlet.id,
    acmeRsid: outlet.rsid,
    zenithRsid: zenith.rsid,
    acmeWorkflowObject: (
      await one<{ id: number }>(`SELECT id FROM workflow_objects WHERE outlet_id = ${outlet.id}`)
    ).id,
    acmeImage: (
      await one<{ id: number }>(
        `SELECT id FROM outlet_images WHERE outlet_id = ${outlet.id} ORDER BY id LIMIT 1`,
      )
    ).id,
    ...(await one<{ acmeGroup: number; acmeGroupSlug: string; acmeAnswer: number }>(
      `SELECT g.id AS "acmeGroup", g.slug AS "acmeGroupSlug", a.id AS "acmeAnswer"
       FROM answers a JOIN questions q ON q.id = a.question_id JOIN question_groups g ON g.id = q.question_group_id
       JOIN workflow_objects w ON w.id = a.workflow_object_id
       WHERE w.outlet_id = ${outlet.id} AND q.name = 'Shop name'`,
    )),
    acmeAnswerImage: (
      await one<{ id: number }>(
        `SELECT i.id FROM answer_images i JOIN answers a ON a.id = i.answer_id JOIN workflow_objects w
         ON w.id = a.workflow_object_id WHERE w.outlet_id = ${outlet.id} ORDER BY i.id LIMIT 1`,
      )
    ).id,
    ...(await one<{ acmeRequest: number; acmeRequestObject: number }>(
      `SELECT r.id AS "acmeRequest", r.workflow_object_id AS "acmeRequestObject" FROM retailer_master_requests r
       JOIN workflow_objects w ON w.id = r.workflow_object_id JOIN outlets o ON o.id = w.outlet_id
       JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
       WHERE p.slug LIKE 'acme-%' AND o.workflow_state = 'qc_pending' AND r.status = 'accepted' ORDER BY r.id LIMIT 1`,
    )),
    acmeInvoice: (
      await one<{ id: number }>(
        `SELECT i.id FROM invoices i JOIN workflow_objects w ON w.id = i.workflow_object_id
         JOIN outlets o ON o.id = w.outlet_id JOIN sub_projects s ON s.id = o.sub_project_id
         JOIN projects p ON p.id = s.project_id WHERE p.slug LIKE 'acme-%' ORDER BY i.id LIMIT 1`,
      )
    ).id,
    auditorRsid: (await auditorOutlet("9000000001")).rsid,
    otherAuditorRsid: (await auditorOutlet("9000000002")).rsid,
    retailerOutlet: await one<{
      rsid: string;
      slug: string;
      invoice: number;
      statement: number;
      logo: number;
    }>(
      `SELECT o.rsid, o.mobile_slug AS slug, min(i.id) AS invoice, min(t.id) AS statement, min(p.logo_file_id) AS logo
       FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
       JOIN retailer_invoices i ON i.outlet_id = o.id JOIN target_statements t ON t.outlet_id = o.id
       WHERE p.slug LIKE 'acme-%' GROUP BY o.id ORDER BY o.id LIMIT 1`,
    ),
    ownRetailerOutlet: await one<{ rsid: string; invoice: number; statement: number; logo: number }>(
      `SELECT o.rsid, min(i.id) AS invoice, min(t.id) AS statement, min(p.logo_file_id) AS logo
       FROM retailers r JOIN outlets o ON o.id = r.outlet_id JOIN sub_projects s ON s.id = o.sub_project_id
       JOIN projects p ON p.id = s.project_id
       JOIN retailer_invoices i ON i.outlet_id = o.id JOIN target_statements t ON t.outlet_id = o.id
       WHERE r.mobile = '9100000001' GROUP BY o.id`,
    ),
    otherRetailerRsid: (
      await one<{ rsid: string }>(
        "SELECT o.rsid FROM retailers r JOIN outlets o ON o.id = r.outlet_id WHERE r.mobile = '9100000002'",
      )
    ).rsid,
    acmeMiSubProject: await slugId("acme-mi-main"),
    zenithSku: (
      await one<{ id: number }>(
        "SELECT k.id FROM skus k JOIN organisations o ON o.id = k.organisation_id WHERE o.name = 'Zenith Foods' ORDER BY k.id LIMIT 1",
      )
    ).id,
    acmeDeck: (
      await one<{ url: string }>(
        `SELECT '/api/projects/' || slug || '/files/deck/' || deck_file_id || '/' AS url FROM projects
         WHERE slug LIKE 'acme-%' AND deck_file_id IS NOT NULL ORDER BY id LIMIT 1`,
      )
    ).url,
    // Acme's records where a resource has an organisation, so its own administrator reads one.
    resourceAddress: Object.fromEntries(
      await Promise.all(
        RESOURCES.map(async (def) => {
          const column = organisationColumn(def);
          const row = await one<{ address: string }>(
            `SELECT ${addressColumn(def)}::text AS address FROM ${def.table}
             ${column ? `WHERE ${column} = (SELECT id FROM organisations WHERE name = 'Acme Beverages')` : ""}
             ORDER BY id LIMIT 1`,
          );
          return [def.name, row.address] as const;
        }),
      ),
    ),
    codeAccount: await codeAccount(),
  };
});
afterAll(() => server.close());

describe("role x endpoint matrix", () => {
  it("the app serves exactly the routes the API contract declares", () => {
    const served = servedRoutes();
    const contract = ENDPOINTS.map(routeOf);
    expect(
      contract.filter((r) => !served.has(r)),
      "declared routes the app does not serve",
    ).toEqual([]);
    expect(new Set(contract).size, "routes declared twice").toBe(contract.length);
    const declared = declaredRoutes();
    expect(
      [...served].filter((r) => !declared.has(r)),
      "routes served without a declaration",
    ).toEqual([]);
  });

  it("every route the app serves has a row, and every row names a route the app serves", () => {
    const declared = declaredRoutes();
    const covered = new Set(MATRIX.map((r) => r.route));
    expect(
      [...declared].filter((r) => !covered.has(r)),
      "routes without a matrix row",
    ).toEqual([]);
    expect(
      [...covered].filter((r) => !declared.has(r)),
      "rows of routes the app does not serve",
    ).toEqual([]);
    for (const row of MATRIX) expect(cellsOf(row), row.route).toHaveLength(CALLERS.length);
  });

  it("field auditors and retailers are refused every staff endpoint", () => {
    // Theirs too: the public rows, their own session, the field auditor's area and the retailer's.
    const session = ["GET /api/auth/info/", "POST /api/auth/logout/", "POST /api/auth/logout/all/"];
    const own = (row: MatrixRow) =>
      cellsOf(row)[0] !== "401" ||
      session.includes(row.route) ||
      /^(GET|POST) \/api\/my-track\//.test(row.route) ||
      /^(GET|PATCH|POST) \/api\/retailer\//.test(row.route);
    const staffRows = MATRIX.filter((row) => !own(row));
    expect(staffRows.length).toBeGreaterThan(20);
    const answered = staffRows.flatMap((row) =>
      Object.keys(OTP_CALLERS)
        .filter((caller) => cellsOf(row)[CALLERS.indexOf(caller as Caller)] !== "403")
        .map((caller) => `${row.route}${row.variant ? ` (${row.variant})` : ""} as ${caller}`),
    );
    expect(answered).toEqual([]);
  });

  it("each caller gets the outcome of its cell: no leaks", async () => {
    const mismatches: string[] = [];
    const leaks: string[] = [];
    let calls = 0;
    const ordered = [...MATRIX.filter((r) => !r.endsSession), ...MATRIX.filter((r) => r.endsSession)];
    for (const row of ordered) {
      const cells = cellsOf(row);
      for (const [i, caller] of CALLERS.entries()) {
        const expected = cells[i]!;
        const { method, path, body } = row.request(fixtures, caller);
        const headers =
          caller === "anonymous" ? {} : row.endsSession ? await freshSession(caller) : sessions.get(caller)!;
        const res = await server.call(method, path, { headers, body });
        calls++;
        const got = outcome(res.status);
        const where = `${row.route}${row.variant ? ` (${row.variant})` : ""} as ${caller}`;
        if (got !== expected)
          mismatches.push(`${where}: expected ${expected}, got ${got} ${res.text.slice(0, 120)}`);
        if (got === "ok" && expected !== "ok") leaks.push(`${where}: answered ${res.status}`);
        const seen = got === "ok" ? row.leak?.(res.body, fixtures, caller) : null;
        if (seen) leaks.push(`${where}: ${seen}`);
      }
    }
    expect(leaks, "leaks").toEqual([]);
    expect(mismatches, "cells answered otherwise").toEqual([]);
    expect(calls).toBe(MATRIX.length * CALLERS.length);
    // No cell may be a server error.
    expect(server.logs.filter((l) => l.level === "error")).toEqual([]);
    // Its time grows with the matrix (every row for every caller): the project's two minutes are a
    // hang guard for one request's test, not for every cell's.
  }, 600_000);
});

describe("the development outbox in production", () => {
  it("is not found for anyone", async () => {
    const production = await startTestServer({ mode: "production" });
    try {
      const admin = await production.signIn("admin");
      for (const path of ["/api/dev/outbox/", "/dev/outbox"]) {
        expect((await production.call("GET", path)).status).toBe(404);
        expect((await production.call("GET", path, { headers: admin })).status).toBe(404);
      }
    } finally {
      await production.close();
    }
  });
});
