// @vitest-environment node
/**
 * The invoice details templates through the administration API: the demo templates, a template
 * built from the organisation's own headers and detail fields only, a name unique in the
 * organisation, an update on the version it was loaded at, and a header in a template kept from
 * deletion with the templates named.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { duplicateValue, inUse, missingReference, versionConflict } from "../../src/domain/admin/resource";
import { invoiceHeaders, invoiceTemplates } from "../../src/domain/admin/resources/catalogue";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
let admin: Record<string, string>;
let acme: number;
let zenith: number;

const api = (path: string) => `/api/admin/${path}`;
type Option = { id: number; label: string };

async function options(resource: string, organisation: number): Promise<Option[]> {
  return (
    await server.call("GET", api(`${resource}/options/?organisation=${organisation}`), { headers: admin })
  ).body as unknown as Option[];
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn("admin");
  const id = async (slug: string) =>
    (await server.call("GET", api(`organisations/${slug}/`), { headers: admin })).body.id as number;
  acme = await id("acme-beverages");
  zenith = await id("zenith-foods");
});
afterAll(() => server.close());

describe("invoice details templates", () => {
  it("lists each organisation's demo templates with the titles of their headers and fields", async () => {
    const res = await server.call("GET", api(`invoice-templates/?organisation=${acme}&ordering=name`), {
      headers: admin,
    });
    expect(res.status).toBe(200);
    const rows = res.body.results as { values: Record<string, unknown>; labels: Record<string, string[]> }[];
    expect(rows.map((r) => [r.values.name, r.values.is_active])).toEqual([
      ["MI bill", true],
      ["Quick bill", false],
      ["Standard bill", true],
    ]);
    // The MI bill, Acme MI's invoice setup, holds a header of each of the eight types.
    expect(rows[0]!.labels.headers).toHaveLength(8);
    expect(rows[1]!.labels.detail_fields).toEqual(["Quantity", "Rate", "SKU"]);
    expect(rows[2]!.labels.headers).toHaveLength(5);
  });

  it("adds a template of the organisation's own headers and fields, and refuses another organisation's", async () => {
    const headers = await options("invoice-headers", acme);
    const fields = await options("invoice-details", acme);
    const zenithHeader = (await options("invoice-headers", zenith))[0]!;
    const values = {
      organisation: acme,
      name: "Cash bill",
      headers: [headers[0]!.id],
      detail_fields: fields.map((f) => f.id),
      is_active: true,
    };
    const foreign = await server.call("POST", api("invoice-templates/"), {
      headers: admin,
      body: { values: { ...values, headers: [zenithHeader.id] } },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ headers: [missingReference(invoiceTemplates.fields.headers!)] });
    const empty = await server.call("POST", api("invoice-templates/"), {
      headers: admin,
      body: { values: { ...values, detail_fields: [] } },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ detail_fields: ["Choose at least one."] });

    const created = await server.call("POST", api("invoice-templates/"), {
      headers: admin,
      body: { values },
    });
    expect(created.status).toBe(201);
    expect(created.body.values).toMatchObject({ name: "Cash bill", headers: [headers[0]!.id] });
    const again = await server.call("POST", api("invoice-templates/"), {
      headers: admin,
      body: { values: { ...values, name: "CASH BILL" } },
    });
    expect(again.body).toEqual({ name: [duplicateValue(invoiceTemplates, "name")] });

    const address = created.body.address as string;
    const update = (version: number) =>
      server.call("PUT", api(`invoice-templates/${address}/`), {
        headers: admin,
        body: { values: { ...values, headers: headers.map((h) => h.id) }, version },
      });
    const saved = await update(created.body.version as number);
    expect(saved.status).toBe(200);
    expect((saved.body.values as { headers: number[] }).headers).toHaveLength(headers.length);
    const stale = await update(created.body.version as number);
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(versionConflict(invoiceTemplates));
  });

  it("keeps a header that a template asks for, naming the templates", async () => {
    const [header] = await server.db.query<{ id: number; n: number }>(
      `SELECT h.id, (SELECT count(*)::int FROM invoice_template_headers t WHERE t.header_id = h.id) AS n
       FROM invoice_headers h WHERE h.organisation_id = $1 AND h.header = 'Invoice date'`,
      [acme],
    );
    const res = await server.call("DELETE", api(`invoice-headers/${header!.id}/`), { headers: admin });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(
      inUse(invoiceHeaders, [{ label: "invoice details templates", count: header!.n }]),
    );
  });
});
