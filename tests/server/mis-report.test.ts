// @vitest-environment node
/**
 * The MIS report on the server (docs/reports.md): its figures per sub-project and period on the demo
 * data, scoped to the caller's organisation, and its CSV written as a My Downloads export of what
 * the requester sees.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processNextExport } from "../../server/exports/exportJobs";
import { runnerOf } from "../../server/uploads/runner";
import type { ExportJob } from "../../src/domain/downloads/downloads";
import type { MisReport, MisRow } from "../../src/domain/reports/mis";
import { startTestServer, TEST_START, type TestServer } from "./support";

let server: TestServer;
const auth: Record<string, { authorization: string }> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const user of ["project.manager", "client.manager", "zenith.manager", "qc.executive"])
    auth[user] = await server.signIn(user);
});
afterAll(() => server.close());

const call = (user: string, method: string, path: string, body?: unknown) =>
  server.call(method, path, { headers: auth[user], ...(body === undefined ? {} : { body }) });
const mis = async (user: string, query = "") => {
  const res = await call(user, "GET", `/api/reports/mis/${query}`);
  return { status: res.status, body: res.body as unknown as MisReport };
};
const figures = (r: MisRow) => ({
  qc: r.qc,
  calling: r.calling,
  payouts: r.payouts,
  verification: r.verification,
});

describe("the MIS report", () => {
  it("gives a retail audit cycle's outlets by state and its decisions and payouts over all time", async () => {
    const { status, body } = await mis("client.manager", "?sub-project=acme-retail-audit-cycle-1");
    expect(status).toBe(200);
    expect(body.period).toBe("all");
    expect(body.results.map((r) => r.sub_project.name)).toEqual(["Acme Retail Audit Cycle 1"]);
    const row = body.results[0]!;
    expect(row.outlets).toBe(33);
    expect(row.states.map((s) => [s.label, s.count])).toEqual([
      ["QC Pending", 3],
      ["QC Accepted", 3],
      ["QC Rejected", 3],
      ["Calling Accepted", 3],
      ["Calling Rejected", 3],
      ["WIP Client Accepted", 3],
      ["WIP Client Rejected", 3],
      ["WIP With Reasons", 3],
      ["Client Confirmation Rejected", 3],
      ["Not Workable Client Rejected", 3],
      ["Route Plan Client Confirmed", 3],
    ]);
    expect(figures(row)).toEqual({
      qc: { accepted: 27, rejected: 3, median_hours: 1 },
      calling: { accepted: 21, rejected: 3 },
      payouts: { paid: 72, paid_amount: 293000, pending: 0, pending_amount: 0, failed: 0, failed_amount: 0 },
      verification: { verified: 0, failed: 0, errors: 0, rate: null },
    });
    expect(body.funnel).toEqual(row.states);
    expect(body.choices.periods).toEqual(["2026-11", "2026-10", "2026-09"]);
  });

  it("narrows decisions and paid payouts to the month; pending payouts are the backlog now", async () => {
    const { body } = await mis("client.manager", "?period=2026-11&sub-project=acme-3p-payout-cycle-1");
    expect(figures(body.results[0]!)).toEqual({
      qc: { accepted: 12, rejected: 3, median_hours: 1 },
      calling: { accepted: 7, rejected: 4 },
      payouts: { paid: 5, paid_amount: 27250, pending: 4, pending_amount: 5500, failed: 0, failed_amount: 0 },
      verification: { verified: 0, failed: 0, errors: 0, rate: null },
    });
    const all = await mis("client.manager", "?sub-project=acme-3p-payout-cycle-1");
    expect(all.body.results[0]!.payouts).toMatchObject({ paid: 60, paid_amount: 274750, pending: 4 });
  });

  it("counts identity checks and a failed payout in the month they happened, with the verification rate", async () => {
    const [outlet] = await server.db.query<{ id: number; organisation_id: number }>(
      `SELECT o.id, p.organisation_id FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
       JOIN projects p ON p.id = s.project_id WHERE s.slug = 'acme-kyc-cycle-1' ORDER BY o.id LIMIT 1`,
    );
    const [user] = await server.db.query<{ id: number }>(
      "SELECT id FROM users WHERE username = 'qc.manager'",
    );
    const at = new Date(TEST_START);
    for (const status of ["verified", "verified", "verified", "failed", "error"])
      await server.db.query(
        `INSERT INTO verification_checks (organisation_id, kind, masked_input, outlet_id, status, provider, user_id, created)
         VALUES ($1, 'pan', 'XXXXX1234X', $2, $3, 'test', $4, $5)`,
        [outlet!.organisation_id, outlet!.id, status, user!.id, at],
      );
    await server.db.query(
      `INSERT INTO outlet_payouts (outlet_id, sub_project_id, program, amount, client_payout_month, rs_payout_month,
         payment_status, payment_date)
       SELECT id, sub_project_id, 'Visibility Drive', 1250.50, 'Nov-2026', 'Nov-2026', 'Payment Failed', '2026-11-18'
       FROM outlets WHERE id = $1`,
      [outlet!.id],
    );
    const { body } = await mis("client.manager", "?period=2026-11&sub-project=acme-kyc-cycle-1");
    const row = body.results[0]!;
    expect(row.verification).toEqual({ verified: 3, failed: 1, errors: 1, rate: 75 });
    expect(row.payouts).toMatchObject({ failed: 1, failed_amount: 1250.5 });
    const october = await mis("client.manager", "?period=2026-10&sub-project=acme-kyc-cycle-1");
    expect(october.body.results[0]!.verification).toEqual({ verified: 0, failed: 0, errors: 0, rate: null });
    expect(october.body.results[0]!.payouts.failed).toBe(0);
  });

  it("shows a client its organisation's sub-projects only; another's sub-project is not found", async () => {
    const acme = await mis("client.manager");
    const all = await mis("project.manager");
    const zenith = await mis("zenith.manager");
    expect(acme.body.results.length).toBe(14);
    expect(acme.body.results.every((r) => r.organisation === "Acme Beverages")).toBe(true);
    expect(zenith.body.results.some((r) => r.organisation === "Acme Beverages")).toBe(false);
    expect(acme.body.results.length + zenith.body.results.length).toBeLessThanOrEqual(
      all.body.results.length,
    );
    expect((await mis("zenith.manager", "?sub-project=acme-retail-audit-cycle-1")).status).toBe(404);
    expect((await mis("qc.executive")).status).toBe(403);
    expect((await mis("client.manager", "?period=November")).status).toBe(400);
  });

  it("narrows to one project's sub-projects for the client portal; another organisation's project is not found", async () => {
    const { status, body } = await mis("client.manager", "?project=acme-retail-audit");
    expect(status).toBe(200);
    expect(body.results.map((r) => r.sub_project.name)).toEqual([
      "Acme Retail Audit",
      "Acme Retail Audit Cycle 1",
    ]);
    expect(body.choices.sub_projects.map((s) => s.slug)).toEqual([
      "acme-retail-audit-main",
      "acme-retail-audit-cycle-1",
    ]);
    expect((await mis("zenith.manager", "?project=acme-retail-audit")).status).toBe(404);
  });

  it("writes the CSV of what the requester sees as a My Downloads export", async () => {
    const res = await call("client.manager", "POST", "/api/reports/mis/export/", {
      period: "2026-11",
      "sub-project": "acme-3p-payout-cycle-1",
    });
    expect(res.status).toBe(201);
    const job = res.body as unknown as ExportJob;
    expect(job.title).toBe("MIS report (CSV): November 2026, Acme 3P Payout Cycle 1");
    expect(job.status).toBe("processing");
    await runnerOf(server.deps)!.exclusive(async () => {
      while (await processNextExport(server.deps)) {}
    });
    const downloads = await call("client.manager", "GET", "/api/exports/");
    const done = (downloads.body as unknown as { results: ExportJob[] }).results.find(
      (j) => j.id === job.id,
    )!;
    expect(done.status).toBe("completed");
    const file = await server.call("GET", done.file!, { headers: auth["client.manager"] });
    const lines = file.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]!.startsWith("Sub-project,Project,Organisation,Type,Outlets,QC Pending,QC Accepted")).toBe(
      true,
    );
    expect(lines[1]).toBe(
      "Acme 3P Payout Cycle 1,Acme 3P Payout 2026-27,Acme Beverages,payout_cycle,33,5,5,5,5,5,0,0,0,0,0,0,4,4,12,3,1,7,4,5,27250.00,4,5500.00,0,0.00,0,0,0,",
    );
    expect(
      (await call("zenith.manager", "POST", "/api/reports/mis/export/", { "sub-project": "acme-kyc-main" }))
        .status,
    ).toBe(404);
  });
});
