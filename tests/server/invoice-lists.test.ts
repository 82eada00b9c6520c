// @vitest-environment node
/**
 * The collected-bills lists' filters: the projects and sub-projects offered are those with invoices
 * the caller sees (another organisation's manager is offered none of Acme's), the offered slugs
 * narrow both lists, and a date written otherwise than YYYY-MM-DD is refused with the words the
 * screen shows before it calls.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLS_OUTLET } from "../../server/seed/invoices";
import { DATE_FORMAT_ALERT } from "../../src/domain/invoices/invoiceLists";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const sessions = new Map<string, Promise<Record<string, string>>>();
const as = (username: string) => {
  if (!sessions.has(username)) sessions.set(username, server.signIn(username));
  return sessions.get(username)!;
};
const get = async (user: string, path: string) => server.call("GET", path, { headers: await as(user) });

type Options = { project: { slug: string; name: string }[]; sub_project: { slug: string; name: string }[] };

describe("collected bills filter options", () => {
  it("offers the projects and sub-projects with invoices the caller sees", async () => {
    const qc = await get("qc.manager", "/api/collected-bills/filter-options/");
    expect(qc.status).toBe(200);
    const options = qc.body as unknown as Options;
    expect(options.project.map((p) => p.slug)).toEqual(["acme-mi"]);
    expect(options.sub_project.map((s) => s.slug)).toEqual(["acme-mi-main"]);
    expect(options.project[0]!.name).not.toBe("");

    const client = await get("client.manager", "/api/collected-bills/filter-options/");
    expect(client.body).toEqual(qc.body);

    const zenith = await get("zenith.manager", "/api/collected-bills/filter-options/");
    expect(zenith.status).toBe(200);
    expect(zenith.body).toEqual({ project: [], sub_project: [] });
  });

  it("narrows both lists by the offered slugs, and to nothing by another", async () => {
    const bills = await get("qc.manager", "/api/collected-bills/?project=acme-mi&page-size=100");
    expect(bills.body.count).toBe(9);
    const rsids = (bills.body.results as { rsid: string }[]).map((r) => r.rsid);
    expect(rsids).toContain(BILLS_OUTLET);
    const none = await get("qc.manager", "/api/collected-bills/?project=acme-retail-audit");
    expect(none.body.count).toBe(0);
    const invoices = await get("qc.manager", "/api/invoices/?sub_project=acme-mi-main&page-size=100");
    expect(invoices.body.count).toBeGreaterThanOrEqual(8);
    const elsewhere = await get("qc.manager", "/api/invoices/?sub_project=acme-retail-audit-main");
    expect(elsewhere.body.count).toBe(0);
  });

  it("refuses an invoice date not written YYYY-MM-DD with the screen's words", async () => {
    const res = await get("qc.manager", "/api/invoices/?invoice_date_after=01-11-2026");
    expect(res.status).toBe(400);
    expect(res.body.invoice_date_after).toEqual([DATE_FORMAT_ALERT]);
  });
});
