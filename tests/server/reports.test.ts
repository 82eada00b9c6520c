// @vitest-environment node
/**
 * The reports on the server (docs/reports.md): the retail audit report of a cycle read from the
 * stored scores, its charts' counts adding up to what the filters keep, scoped to the caller's
 * organisation; the performance report and its CSV and PDF written as My Downloads exports of what
 * the requester sees.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processNextExport } from "../../server/exports/exportJobs";
import { runnerOf } from "../../server/uploads/runner";
import type { ExportJob } from "../../src/domain/downloads/downloads";
import type { PerformanceReport, RetailAuditReport } from "../../src/domain/reports/reports";
import { startTestServer, type TestServer } from "./support";

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
const report = async (user: string, query: string) => {
  const res = await call(user, "GET", `/api/reports/retail-audit/?cycle=acme-retail-audit-cycle-1${query}`);
  return { status: res.status, body: res.body as unknown as RetailAuditReport };
};
const add = (counts: readonly { count: number }[]) => counts.reduce((t, c) => t + c.count, 0);

describe("the retail audit report", () => {
  it("lists the cycle's outlets with their stored scores, and the charts add up to the outlets shown", async () => {
    const { status, body } = await report("client.manager", "&page-size=100");
    expect(status).toBe(200);
    expect(body.cycle.name).toBe("Acme Retail Audit Cycle 1");
    expect(body.count).toBe(body.cycle.outlets);
    expect(add(body.distribution)).toBe(body.count);
    expect(add(body.funnel)).toBe(body.count);
    const rs2 = body.results.find((r) => r.rsid === "RS000002")!;
    expect([rs2.score, rs2.max_score, rs2.percent]).toEqual([53.34, 75, 71.1]);
  });

  it("keeps the outlets of a band; the distribution still shows every band, the funnel only the band's", async () => {
    const { body } = await report("client.manager", "&band=80-100");
    expect(body.results.length).toBeGreaterThan(0);
    for (const r of body.results) expect(r.percent!).toBeGreaterThanOrEqual(80);
    expect(add(body.funnel)).toBe(body.count);
    expect(body.distribution.find((b) => b.band === "80-100")!.count).toBe(body.count);
    expect(add(body.distribution)).toBe(body.cycle.outlets);
  });

  it("is not found for another organisation's manager, and refused to a role that runs no report", async () => {
    expect((await report("zenith.manager", "")).status).toBe(404);
    expect((await report("qc.executive", "")).status).toBe(403);
    expect((await call("zenith.manager", "GET", "/api/reports/outlets/2/")).status).toBe(404);
    const cycles = await call("client.manager", "GET", "/api/reports/cycles/");
    expect((cycles.body as { results: { slug: string }[] }).results.map((c) => c.slug)).toEqual([
      "acme-retail-audit-cycle-1",
    ]);
  });
});

describe("the performance report", () => {
  it("gives a client its own statements only, with the programmes' totals of every row kept", async () => {
    const acme = (await call("client.manager", "GET", "/api/reports/performance/?page-size=500"))
      .body as unknown as PerformanceReport;
    const zenith = (await call("zenith.manager", "GET", "/api/reports/performance/?page-size=500"))
      .body as unknown as PerformanceReport;
    const all = (await call("project.manager", "GET", "/api/reports/performance/?page-size=1"))
      .body as unknown as PerformanceReport;
    expect(acme.count + zenith.count).toBe(all.count);
    const acmeIds = new Set(acme.results.map((r) => r.id));
    expect(zenith.results.some((r) => acmeIds.has(r.id))).toBe(false);
    expect(acme.programs.reduce((t, p) => t + p.target, 0)).toBe(
      acme.results.reduce((t, r) => t + r.target, 0),
    );
  });

  it("narrows to one project's outlets' statements for the client portal; the projects' counts add up", async () => {
    const projects = await server.db.query<{ slug: string; organisation_id: number }>(
      `SELECT slug, organisation_id FROM projects ORDER BY slug`,
    );
    const count = async (user: string, query: string) =>
      (
        (await call(user, "GET", `/api/reports/performance/?page-size=1${query}`))
          .body as unknown as PerformanceReport
      ).count;
    const acme = await count("client.manager", "");
    const [{ id: acmeOrg } = { id: 0 }] = await server.db.query<{ id: number }>(
      "SELECT organisation_id AS id FROM users WHERE username = 'client.manager'",
    );
    let sum = 0;
    for (const p of projects.filter((x) => x.organisation_id === acmeOrg))
      sum += await count("client.manager", `&project=${p.slug}`);
    expect(sum).toBe(acme);
    expect(acme).toBeGreaterThan(0);
    const zenithProject = projects.find((x) => x.organisation_id !== acmeOrg)!;
    expect(await count("client.manager", `&project=${zenithProject.slug}`)).toBe(0);
  });

  it("writes the CSV of what the requester sees, filtered, as a My Downloads export", async () => {
    const res = await call("client.manager", "POST", "/api/reports/performance/export/", {
      format: "csv",
      program: "Visibility Drive",
    });
    expect(res.status).toBe(201);
    const job = res.body as unknown as ExportJob;
    expect(job.title).toBe("Performance report (CSV): Visibility Drive");
    await runnerOf(server.deps)!.exclusive(async () => {
      while (await processNextExport(server.deps)) {}
    });
    const list = (await call("client.manager", "GET", "/api/exports/")).body as { results: ExportJob[] };
    const done = list.results.find((j) => j.id === job.id)!;
    expect(done.status).toBe("completed");
    const file = await server.call("GET", done.file!, { headers: auth["client.manager"] });
    const lines = file.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("RSID,Outlet,Programme,Period,From,To,Target,Achievement,Achievement %");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toContain("Visibility Drive");
  });

  it("refuses a format it has not", async () => {
    const res = await call("client.manager", "POST", "/api/reports/performance/export/", { format: "xls" });
    expect(res.status).toBe(400);
  });
});
