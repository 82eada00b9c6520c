// @vitest-environment node
/**
 * Collected bills: an outlet's invoices as seeded, create, the versioned number and date PATCH and
 * header answers update (a stale version refused), the pending retailer request gate, QC edit
 * history, who may edit (client.manager reads only) and the two lists' filters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLS_OUTLET } from "../../server/seed/invoices";
import { hasCollectedBills, INVALID_GST_NUMBER } from "../../src/domain/invoices/invoiceHeaders";
import {
  INVOICE_ADDED_MEANWHILE,
  INVOICE_CHANGED,
  INVOICE_EDIT_NOT_ALLOWED,
  type Invoice,
  type InvoiceData,
} from "../../src/domain/invoices/invoices";
import type { OutletReview } from "../../src/domain/outlets/outletReview";
import { PENDING_RETAILER_EDITS } from "../../src/domain/outlets/retailerRequests";
import { INVOICE_RANGE_ALERT } from "../../src/domain/shared/filters";
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
const data = async (user = "qc.manager") =>
  (await call(user, "GET", `/api/invoice-data/?workflow_object=${wo}&no-pagination`))
    .body as unknown as InvoiceData;

describe("collected bills", () => {
  it("reads the seeded invoices of RS000089 with header answers and images of every kind", async () => {
    const read = await data();
    expect(read.outlet.rsid).toBe(BILLS_OUTLET);
    expect(read.is_edit).toBe(true);
    expect(read.invoices.map((i) => i.index)).toEqual([0, 1, 2]);
    const first = read.invoices[0]!;
    expect(first.is_complete).toBe(true);
    expect(first.images.invoice.length).toBe(2);
    expect(first.images.sku.length).toBe(2);
    expect(first.images.add_on_sku.length).toBe(1);
    expect(first.images.invoice.some((m) => m.name === null)).toBe(true);
    const gst = first.simplifiedinvoiceheaderanswer.find((a) => a.invoice_header_type === "gst_number")!;
    expect(gst.is_verified).toBe(true);
    expect(gst.details.gst_legal_name).toBe("Sharma Distributors Private Limited");
    const image = await server.call("GET", first.images.sku[0]!.url, { headers: await as("qc.manager") });
    expect(image.status).toBe(200);
    expect(read.invoices[2]!.is_complete).toBe(false);
    const outlet = await call("qc.manager", "GET", `/api/outlets/${BILLS_OUTLET}/`);
    expect(outlet.body.total_no_of_invoice_pending).toBe(1);
    // 001 §2.2: the outlet read says whether Survey Details adds Collected Bills.
    const project = outlet.body.project as OutletReview["project"];
    expect([project.type, project.add_data_on_fly]).toEqual(["mi", true]);
    expect(hasCollectedBills(project)).toBe(true);
    const other = await call("qc.manager", "GET", "/api/outlets/RS000004/");
    expect(hasCollectedBills(other.body.project as OutletReview["project"])).toBe(false);
  });

  it("creates an invoice after the last and saves its number and date once per version", async () => {
    const request = { workflow_object: wo, position: 4, invoice_no: "NEW-1", invoice_date: "2026-11-01" };
    // A double click: the same request twice at once adds one invoice and answers it to both.
    const [c1, c2] = await Promise.all([
      call("qc.manager", "POST", "/api/invoices/", request),
      call("qc.manager", "POST", "/api/invoices/", request),
    ]);
    expect([c1.status, c2.status]).toEqual([201, 201]);
    expect(c1.body.id).toBe(c2.body.id);
    const created = c1;
    const invoice = created.body as unknown as Invoice;
    expect([invoice.index, invoice.version, invoice.is_complete]).toEqual([3, 1, false]);
    expect((await data()).invoices).toHaveLength(4);
    const added = await server.db.query<{ message: string }>(
      "SELECT message FROM qc_edit_history WHERE workflow_object_id = $1 AND message LIKE 'Invoice NEW-1 added%'",
      [wo],
    );
    expect(added.map((h) => h.message)).toEqual(["Invoice NEW-1 added (2026-11-01)"]);
    // Another invoice at that place: the caller's tabs are stale.
    const other = await call("qc.manager", "POST", "/api/invoices/", { ...request, invoice_no: "NEW-9" });
    expect([other.status, other.body.detail]).toEqual([409, INVOICE_ADDED_MEANWHILE]);
    const skipped = await call("qc.manager", "POST", "/api/invoices/", { ...request, position: 9 });
    expect(skipped.status).toBe(409);
    const body = { version: 1, invoice_no: "NEW-2", invoice_date: "2026-11-02" };
    const [a, b] = await Promise.all([
      call("qc.manager", "PATCH", `/api/invoices/${invoice.id}/`, body),
      call("qc.manager", "PATCH", `/api/invoices/${invoice.id}/`, body),
    ]);
    const answers = [a, b].sort((x, y) => x.status - y.status);
    expect(answers.map((x) => x.status)).toEqual([200, 409]);
    expect(answers[1]!.body.detail).toBe(INVOICE_CHANGED);
    expect(answers[0]!.body.invoice_no).toBe("NEW-2");
    const empty = await call("qc.manager", "PATCH", `/api/invoices/${invoice.id}/`, {
      ...body,
      version: 2,
      invoice_no: " ",
    });
    expect(empty.status).toBe(400);
    expect(empty.body.invoice_no).toEqual(["Invoice Number cannot be empty."]);
    const history = await server.db.query<{ message: string }>(
      "SELECT message FROM qc_edit_history WHERE workflow_object_id = $1 ORDER BY id",
      [wo],
    );
    expect(history.map((h) => h.message)).toContain("Invoice number changed from NEW-1 to NEW-2");
  });

  it("keeps a GST header's verification for its unchanged value only: a saver cannot mark one verified", async () => {
    const first = (await data()).invoices[0]!;
    const gst = first.simplifiedinvoiceheaderanswer.find((a) => a.invoice_header_type === "gst_number")!;
    const save = (version: number, value: string | null) =>
      call("qc.manager", "PUT", `/api/invoices/${first.id}/header-answers/`, {
        version,
        answers: [{ invoice_header: gst.invoice_header, single_input: value, is_verified: true }],
      });
    const same = await save(first.version, gst.single_input);
    expect(same.status).toBe(200);
    const kept = (await data()).invoices[0]!.simplifiedinvoiceheaderanswer.find(
      (a) => a.invoice_header === gst.invoice_header,
    )!;
    expect([kept.is_verified, kept.details.gst_legal_name]).toEqual([true, gst.details.gst_legal_name]);

    const changed = `29${gst.single_input!.slice(2)}`;
    expect((await save(first.version + 1, changed)).status).toBe(200);
    const reset = (await data()).invoices[0]!.simplifiedinvoiceheaderanswer.find(
      (a) => a.invoice_header === gst.invoice_header,
    )!;
    expect([reset.single_input, reset.is_verified, reset.details]).toEqual([
      changed,
      false,
      { gst_legal_name: null, gst_registration_status: null, gst_trade_name: null, pan_holder_name: null },
    ]);
  });

  it("validates header answers with §5.3, saves them at the version read and marks the invoice complete", async () => {
    const pending = (await data()).invoices[2]!;
    const gst = pending.simplifiedinvoiceheaderanswer.find((a) => a.invoice_header_type === "gst_number")!;
    const mode = pending.simplifiedinvoiceheaderanswer.find((a) => a.invoice_header_type === "dropdown")!;
    const wrong = await call("qc.manager", "PUT", `/api/invoices/${pending.id}/header-answers/`, {
      version: pending.version,
      answers: [
        {
          invoice_header: mode.invoice_header,
          single_input: "Credit",
        },
        {
          invoice_header: gst.invoice_header,
          single_input: "NOTAGST",
        },
      ],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body[gst.invoice_header_name]).toEqual([INVALID_GST_NUMBER]);
    const answers = pending.simplifiedinvoiceheaderanswer.map((a) => ({
      invoice_header: a.invoice_header,
      single_input:
        {
          text: "INV-77",
          date: "2026-11-01",
          number: "12",
          time: "10:00",
          dropdown: "Cash",
          pan_number: "ABCDE1234F",
        }[a.invoice_header_type as string] ?? null,
    }));
    // The image header's images come with the bill: give the pending invoice one.
    for (const h of pending.simplifiedinvoiceheaderanswer.filter(
      (a) => a.invoice_header_type === "multiple_image",
    ))
      await server.db.query(
        `INSERT INTO invoice_images (invoice_id, kind, header_id, name, content_type, content, created)
         VALUES ($1, 'header', $2, 'page', 'image/svg+xml', convert_to('<svg/>', 'UTF8'), now())`,
        [pending.id, h.invoice_header],
      );
    const saved = await call("qc.manager", "PUT", `/api/invoices/${pending.id}/header-answers/`, {
      version: pending.version,
      answers,
    });
    expect(saved.status).toBe(200);
    expect([saved.body.is_complete, saved.body.version]).toEqual([true, pending.version + 1]);
    const stale = await call("qc.manager", "PUT", `/api/invoices/${pending.id}/header-answers/`, {
      version: pending.version,
      answers,
    });
    expect([stale.status, stale.body.detail]).toEqual([409, INVOICE_CHANGED]);
  });

  it("lets client.manager read but not edit", async () => {
    const read = await data("client.manager");
    expect(read.is_edit).toBe(false);
    const invoice = read.invoices[0]!;
    const patch = await call("client.manager", "PATCH", `/api/invoices/${invoice.id}/`, {
      version: invoice.version,
      invoice_no: "X-1",
      invoice_date: null,
    });
    expect(patch.status).toBe(403);
    expect(patch.body.detail).toBe(INVOICE_EDIT_NOT_ALLOWED);
  });

  it("lists outlets with pending counts and invoices within a 30-day date range", async () => {
    const bills = await call("qc.manager", "GET", `/api/collected-bills/?search=${BILLS_OUTLET}`);
    expect(bills.status).toBe(200);
    const row = (bills.body.results as { rsid: string; total_no_of_invoice_pending: number }[])[0]!;
    expect(row.rsid).toBe(BILLS_OUTLET);
    expect(row.total_no_of_invoice_pending).toBeGreaterThan(0);
    const complete = await call("qc.manager", "GET", "/api/collected-bills/?status=complete&page-size=100");
    expect(
      (complete.body.results as { total_no_of_invoice_pending: number }[]).every(
        (r) => r.total_no_of_invoice_pending === 0,
      ),
    ).toBe(true);
    const wide = await call(
      "qc.manager",
      "GET",
      "/api/invoices/?invoice_date_after=2026-01-01&invoice_date_before=2026-03-01",
    );
    expect([wide.status, wide.body.invoice_date_before]).toEqual([400, [INVOICE_RANGE_ALERT]]);
    const ranged = await call(
      "qc.manager",
      "GET",
      "/api/invoices/?invoice_date_after=2026-11-01&invoice_date_before=2026-11-02&search=RS000089",
    );
    expect(ranged.status).toBe(200);
    for (const r of ranged.body.results as { invoice_date: string }[])
      expect(r.invoice_date >= "2026-11-01" && r.invoice_date <= "2026-11-02").toBe(true);
  });

  it("refuses every invoice save while a retailer request is pending", async () => {
    await server.db.query(
      `INSERT INTO retailer_master_requests (workflow_object_id, type, status, old_data, new_data, created)
       VALUES ($1, 'store_details', 'pending', '{}', '{}', now())`,
      [wo],
    );
    const read = await data();
    expect(read.is_edit).toBe(false);
    const invoice = read.invoices[0]!;
    const patch = await call("qc.manager", "PATCH", `/api/invoices/${invoice.id}/`, {
      version: invoice.version,
      invoice_no: "BLOCKED",
      invoice_date: null,
    });
    expect([patch.status, patch.body.detail]).toEqual([409, PENDING_RETAILER_EDITS]);
    const create = await call("qc.manager", "POST", "/api/invoices/", {
      workflow_object: wo,
      position: read.invoices.length + 1,
      invoice_no: "B",
      invoice_date: null,
    });
    expect([create.status, create.body.detail]).toEqual([409, PENDING_RETAILER_EDITS]);
    const headers = await call("qc.manager", "PUT", `/api/invoices/${invoice.id}/header-answers/`, {
      version: invoice.version,
      answers: [],
    });
    expect([headers.status, headers.body.detail]).toEqual([409, PENDING_RETAILER_EDITS]);
  });
});
