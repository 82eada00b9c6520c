// @vitest-environment node
/**
 * SKU rows of collected invoices (002 §2.10, §3, §5, §7; 001 §4.8, §7): the slider's read, the
 * whole-invoice save checked with the screen's rules (every problem at once), an add-on row given a
 * listed SKU, QC Edit History's line diff, the delete of a saved row, the pending request gate, a
 * stale version, and the CSV export of chosen rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runnerOf, runPendingWork } from "../../server/uploads/runner";
import { SKU_NAME_EMPTY, skuNotListed } from "../../src/domain/invoices/invoiceSetup";
import {
  type NewSkuData,
  SKU_ROW_NOT_ON_INVOICE,
  type SkuInvoice,
  type SkuRow,
} from "../../src/domain/invoices/invoiceSkus";
import { INVOICE_CHANGED, INVOICE_EDIT_NOT_ALLOWED } from "../../src/domain/invoices/invoices";
import { PENDING_RETAILER_EDITS } from "../../src/domain/outlets/retailerRequests";
import { type BillsServer, startBillsServer } from "./billsOutlet";
import type { TestServer } from "./support";

let server: TestServer;
let wo: number;
let as: BillsServer["as"];
let call: BillsServer["call"];
beforeAll(async () => {
  ({ server, wo, as, call } = await startBillsServer());
});
afterAll(() => server.close());

/** New SKU data with each invoice opened as the slider opens it (its rows read by invoice). */
type Opened = Omit<NewSkuData, "invoices"> & { invoices: SkuInvoice[] };
const listed = async (user = "qc.manager") =>
  (await call(user, "GET", `/api/new-sku-data/?workflow_object=${wo}&no-pagination`))
    .body as unknown as NewSkuData;
const openInvoice = (id: number, user = "qc.manager") => call(user, "GET", `/api/invoices/${id}/sku-data/`);
async function read(user = "qc.manager"): Promise<Opened> {
  const data = await listed(user);
  const invoices: SkuInvoice[] = [];
  for (const i of data.invoices) invoices.push((await openInvoice(i.id, user)).body as unknown as SkuInvoice);
  return { ...data, invoices };
}

/** A row as the save sends it back, with values changed by field name. */
function sent(row: SkuRow, data: Opened, values: Record<string, string> = {}) {
  return {
    id: row.id,
    sku: row.sku,
    sku_name: row.sku_name,
    add_on_sku: row.add_on_sku,
    manufacturer: row.manufacturer,
    brand: row.brand,
    variant: row.variant,
    sub_category: row.sub_category,
    simplifiedinvoiceskudetails: row.simplifiedinvoiceskudetails.map((d) => {
      const name = data.assigned_sku_template_field.find((f) => f.id === d.sku_template_field)!.name;
      return { sku_template_field: d.sku_template_field, single_input: values[name] ?? d.single_input };
    }),
  };
}

function body(invoice: SkuInvoice, data: Opened, rows: { sku?: unknown[]; addOn?: unknown[] } = {}) {
  return {
    version: invoice.version,
    answers: [],
    simplifiedinvoiceskudata: rows.sku ?? invoice.simplifiedinvoiceskudata.map((r) => sent(r, data)),
    simplifiedinvoiceaddonsku: rows.addOn ?? invoice.simplifiedinvoiceaddonsku.map((r) => sent(r, data)),
  };
}

const save = (invoice: SkuInvoice, payload: unknown, user = "qc.manager") =>
  call(user, "PUT", `/api/invoices/${invoice.id}/sku-data/`, payload);

const history = async () =>
  (
    await server.db.query<{ message: string }>(
      "SELECT message FROM qc_edit_history WHERE workflow_object_id = $1 ORDER BY id",
      [wo],
    )
  ).map((h) => h.message);

describe("SKU rows", () => {
  it("reads every invoice with its SKU and add-on rows, a value per template field, and the fields once", async () => {
    const data = await read();
    expect(data.sub_project.slug).toBe("acme-mi-main");
    expect(data.is_edit).toBe(true);
    expect(data.retailer_request_pending).toBe(false);
    expect(data.assigned_sku_template_field.map((f) => [f.name, f.type])).toEqual([
      ["Batch", "text"],
      ["Quantity", "number"],
      ["Rate", "number"],
      ["Pack", "dropdown"],
      ["Expiry", "date"],
      ["Delivered at", "time"],
    ]);
    const first = data.invoices[0]!;
    expect(first.simplifiedinvoiceskudata.length).toBeGreaterThanOrEqual(2);
    expect(first.simplifiedinvoiceskudata[0]!.sku_code).toMatch(/^SKU-\d{4}$/);
    expect(first.simplifiedinvoiceskudata[0]!.simplifiedinvoiceskudetails).toHaveLength(6);
    expect(first.simplifiedinvoiceaddonsku).toEqual([
      expect.objectContaining({ sku: null, add_on_sku: "Fresh Fizz lemon soda 200 ml", brand: "Fresh Fizz" }),
    ]);
    // A client's manager reads them and may not edit.
    expect((await read("client.manager")).is_edit).toBe(false);
  });

  it("lists the invoices without rows and opens one invoice with its rows; another organisation's user finds none", async () => {
    const data = await listed();
    expect(data.invoices.length).toBeGreaterThanOrEqual(2);
    expect(data.invoices[0]).not.toHaveProperty("simplifiedinvoiceskudata");
    const opened = await openInvoice(data.invoices[0]!.id);
    expect(opened.status).toBe(200);
    expect((opened.body as unknown as SkuInvoice).id).toBe(data.invoices[0]!.id);
    expect((await openInvoice(data.invoices[0]!.id, "zenith.manager")).status).toBe(404);
    expect((await openInvoice(987654)).status).toBe(404);
  });

  it("refuses a save with every problem at once, keyed by row and field, and saves nothing", async () => {
    const data = await read();
    const invoice = data.invoices[0]!;
    const [a, b] = invoice.simplifiedinvoiceskudata;
    const quantity = data.assigned_sku_template_field.find((f) => f.name === "Quantity")!.id;
    const res = await save(
      invoice,
      body(invoice, data, {
        sku: [
          { ...sent(a!, data, { Quantity: "900" }), sku: null, sku_name: "" },
          { ...sent(b!, data, { Pack: "Crate" }), sku: null, sku_name: "Mystery cola" },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body["simplifiedinvoiceskudata.0.sku"]).toEqual([SKU_NAME_EMPTY]);
    expect(res.body[`simplifiedinvoiceskudata.0.${quantity}`]).toEqual(["Quantity must be at most 500"]);
    expect(res.body["simplifiedinvoiceskudata.1.sku"]).toEqual([skuNotListed("Mystery cola")]);
    expect(Object.keys(res.body).some((k) => k.startsWith("simplifiedinvoiceskudata.1."))).toBe(true);
    expect((await read()).invoices[0]!.version).toBe(invoice.version);
  });

  it("saves changed values and a new row, converts an add-on row given a listed SKU, and writes a line per change", async () => {
    const data = await read();
    const invoice = data.invoices[0]!;
    const [a, ...rest] = invoice.simplifiedinvoiceskudata;
    const addOn = invoice.simplifiedinvoiceaddonsku[0]!;
    const listed = (
      await call("qc.manager", "GET", "/api/sku-list/?sub_project__slug=acme-mi-main&no-pagination")
    ).body.results as { id: number; name: string }[];
    const chosen = listed.find((s) => s.name !== a!.sku_name)!;
    const fresh = {
      ...sent(a!, data, { Quantity: "3" }),
      id: null,
      sku: chosen.id,
      sku_name: chosen.name,
    };
    const res = await save(
      invoice,
      body(invoice, data, {
        sku: [sent(a!, data, { Quantity: "42" }), ...rest.map((r) => sent(r, data)), fresh],
        addOn: [{ ...sent(addOn, data), sku: chosen.id, sku_name: chosen.name }],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = res.body as unknown as SkuInvoice;
    expect(saved.version).toBe(invoice.version + 1);
    expect(saved.is_complete).toBe(true);
    expect(saved.simplifiedinvoiceskudata).toHaveLength(invoice.simplifiedinvoiceskudata.length + 1);
    const quantity = data.assigned_sku_template_field.find((f) => f.name === "Quantity")!.id;
    const edited = saved.simplifiedinvoiceskudata[0]!.simplifiedinvoiceskudetails.find(
      (d) => d.sku_template_field === quantity,
    )!;
    expect([edited.single_input, edited.is_edit]).toEqual(["42", true]);
    // 001 §4.8: choosing a SKU name sets the code and clears the add-on.
    expect(saved.simplifiedinvoiceaddonsku[0]).toMatchObject({
      sku: chosen.id,
      sku_name: chosen.name,
      add_on_sku: null,
    });
    expect(saved.simplifiedinvoiceaddonsku[0]!.sku_code).not.toBeNull();
    const was = a!.simplifiedinvoiceskudetails.find((d) => d.sku_template_field === quantity)!.single_input;
    const lines = await history();
    expect(lines).toContain(
      `Invoice ${invoice.invoice_no}, SKU ${a!.sku_name}: Quantity changed from ${was} to 42`,
    );
    expect(lines).toContain(`Invoice ${invoice.invoice_no}: SKU row ${chosen.name} added`);
    expect(lines).toContain(
      `Invoice ${invoice.invoice_no}, SKU Fresh Fizz lemon soda 200 ml: SKU name changed from empty to ${chosen.name}`,
    );
  });

  it("refuses a stale version, a row of another invoice, a client's manager, and a pending retailer request", async () => {
    const data = await read();
    const [first, second] = data.invoices;
    const stale = await save(first!, { ...body(first!, data), version: first!.version - 1 });
    expect([stale.status, stale.body.detail]).toEqual([409, INVOICE_CHANGED]);
    const foreign = await save(
      first!,
      body(first!, data, { sku: second!.simplifiedinvoiceskudata.map((r) => sent(r, data)) }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body["simplifiedinvoiceskudata.0.id"]).toEqual([SKU_ROW_NOT_ON_INVOICE]);
    const client = await save(first!, body(first!, data), "client.manager");
    expect([client.status, client.body.detail]).toEqual([403, INVOICE_EDIT_NOT_ALLOWED]);
    // Two saves at one version: one lands.
    const both = await Promise.all([save(second!, body(second!, data)), save(second!, body(second!, data))]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("deletes a saved row at the version read, once, and says so in QC Edit History", async () => {
    const data = await read();
    const invoice = data.invoices[1]!;
    const row = invoice.simplifiedinvoiceskudata[0]!;
    const gone = await call("qc.manager", "DELETE", `/api/invoice-sku-rows/${row.id}/`, {
      version: invoice.version,
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const after = gone.body as unknown as SkuInvoice;
    expect(after.simplifiedinvoiceskudata.map((r) => r.id)).not.toContain(row.id);
    expect(after.version).toBe(invoice.version + 1);
    const again = await call("qc.manager", "DELETE", `/api/invoice-sku-rows/${row.id}/`, {
      version: after.version,
    });
    expect(again.status).toBe(404);
    expect(await history()).toContain(`Invoice ${invoice.invoice_no}: SKU row ${row.sku_name} deleted`);
  });

  it("exports chosen rows as a CSV in My Downloads, only rows of this outlet of the kind asked", async () => {
    const data = await read();
    const rows = data.invoices.flatMap((i) => i.simplifiedinvoiceskudata);
    const res = await call("qc.manager", "POST", "/api/invoice-sku-rows/export/", {
      data_to_export: rows.slice(0, 2).map((r) => r.id),
      workflow_object_id: wo,
      add_on_sku: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as number;
    await runnerOf(server.deps)?.idle();
    await runPendingWork(server.deps, null);
    await runnerOf(server.deps)?.idle();
    const list = await call("qc.manager", "GET", "/api/exports/");
    const entry = (list.body.results as { id: number; status: string; file: string | null }[]).find(
      (e) => e.id === id,
    )!;
    expect(entry.status).toBe("completed");
    const file = await server.app.request(entry.file!, { headers: await as("qc.manager") });
    expect(file.headers.get("content-type")).toContain("text/csv");
    const lines = (await file.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "invoice_no,invoice_date,sku_name,sku_code,add_on_sku,manufacturer,brand,variant,sub_category,Batch,Quantity,Rate,Pack,Expiry,Delivered at",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(rows[0]!.sku_name);
    // Add-on rows asked as SKU rows, or another outlet's rows: refused.
    const addOns = data.invoices.flatMap((i) => i.simplifiedinvoiceaddonsku).map((r) => r.id);
    const wrongKind = await call("qc.manager", "POST", "/api/invoice-sku-rows/export/", {
      data_to_export: addOns,
      workflow_object_id: wo,
      add_on_sku: false,
    });
    expect(wrongKind.status).toBe(400);
  });

  it("refuses every save and delete while a retailer request is pending, and says so in the read", async () => {
    await server.db.query(
      `INSERT INTO retailer_master_requests (workflow_object_id, type, status, old_data, new_data, created)
       VALUES ($1, 'store_details', 'pending', '{}', '{}', now())`,
      [wo],
    );
    const data = await read();
    expect([data.retailer_request_pending, data.is_edit]).toEqual([true, false]);
    const invoice = data.invoices[0]!;
    const blocked = await save(invoice, body(invoice, data));
    expect([blocked.status, blocked.body.detail]).toEqual([409, PENDING_RETAILER_EDITS]);
    const row = invoice.simplifiedinvoiceskudata[0]!;
    const del = await call("qc.manager", "DELETE", `/api/invoice-sku-rows/${row.id}/`, {
      version: invoice.version,
    });
    expect([del.status, del.body.detail]).toEqual([409, PENDING_RETAILER_EDITS]);
  });
});
