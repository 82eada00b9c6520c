// @vitest-environment node
/**
 * A GST or PAN invoice header's lookup (001 §4.8, §5.3, §7): verified through the identity
 * verification service and recorded on the header answer at the version read, with the names found
 * and a QC Edit History line; a wrong format gets the §5.3 message, a refusal the service's message,
 * and neither changes the invoice; a client's user and a stale version are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIMULATED } from "../../server/verification/simulator";
import { INVALID_GST_NUMBER, INVALID_PAN_NUMBER } from "../../src/domain/invoices/invoiceHeaders";
import {
  INVOICE_CHANGED,
  type Invoice,
  type InvoiceData,
  NOT_A_LOOKUP_HEADER,
} from "../../src/domain/invoices/invoices";
import { VERIFICATION_MSG } from "../../src/domain/verification/verification";
import { type BillsServer, startBillsServer } from "./billsOutlet";
import type { TestServer } from "./support";

let server: TestServer;
let wo: number;
let call: BillsServer["call"];
beforeAll(async () => {
  ({ server, wo, call } = await startBillsServer());
});
afterAll(() => server.close());
const pendingInvoice = async (): Promise<Invoice> =>
  (
    (await call("qc.manager", "GET", `/api/invoice-data/?workflow_object=${wo}&no-pagination`))
      .body as unknown as InvoiceData
  ).invoices[2]!;
const headerOf = (invoice: Invoice, type: string) =>
  invoice.simplifiedinvoiceheaderanswer.find((a) => a.invoice_header_type === type)!;
const lookUp = (user: string, invoice: Invoice, header: number, value: string, version = invoice.version) =>
  call(user, "POST", `/api/invoices/${invoice.id}/header-lookup/`, {
    version,
    invoice_header: header,
    single_input: value,
  });
const history = async () =>
  (
    await server.db.query<{ message: string }>(
      "SELECT message FROM qc_edit_history WHERE workflow_object_id = $1 ORDER BY id",
      [wo],
    )
  ).map((h) => h.message);

describe("invoice header lookup", () => {
  it("verifies the GST value shown, records it with its names and a history line, and moves the version on", async () => {
    const invoice = await pendingInvoice();
    const gst = headerOf(invoice, "gst_number");
    expect(gst.is_verified).toBe(false);
    const looked = await lookUp("qc.manager", invoice, gst.invoice_header, "27ABCDE1234F1Z5");
    expect(looked.status).toBe(200);
    expect(looked.body.detail).toBe(VERIFICATION_MSG.gstSuccess);
    const after = looked.body.invoice as unknown as Invoice;
    expect(after.version).toBe(invoice.version + 1);
    expect(after.is_complete).toBe(false);
    const recorded = headerOf(after, "gst_number");
    expect(recorded.single_input).toBe("27ABCDE1234F1Z5");
    expect(recorded.is_verified).toBe(true);
    expect(recorded.details.gst_legal_name).toEqual(expect.any(String));
    expect(recorded.details.gst_trade_name).toEqual(expect.any(String));
    expect(recorded.details.gst_registration_status).toEqual(expect.any(String));
    expect(recorded.details.pan_holder_name).toBeNull();
    expect(await history()).toContain(
      `Invoice ${invoice.invoice_no}: ${gst.invoice_header_name} 27ABCDE1234F1Z5 verified`,
    );
    const [check] = await server.db.query<{ kind: string; status: string; workflow_object_id: number }>(
      "SELECT kind, status, workflow_object_id FROM verification_checks ORDER BY id DESC LIMIT 1",
    );
    expect(check).toEqual({ kind: "gst", status: "verified", workflow_object_id: wo });

    // The same version again is stale: refused, nothing recorded.
    const stale = await lookUp("qc.manager", invoice, gst.invoice_header, "27ABCDE1234F1Z5");
    expect([stale.status, stale.body.detail]).toEqual([409, INVOICE_CHANGED]);
  });

  it("verifies a PAN header with the holder's name", async () => {
    const invoice = await pendingInvoice();
    const pan = headerOf(invoice, "pan_number");
    const looked = await lookUp("qc.manager", invoice, pan.invoice_header, " ABCDE1234F ");
    expect([looked.status, looked.body.detail]).toEqual([200, VERIFICATION_MSG.panSuccess]);
    const recorded = headerOf(looked.body.invoice as unknown as Invoice, "pan_number");
    expect([recorded.single_input, recorded.is_verified]).toEqual(["ABCDE1234F", true]);
    expect(recorded.details.pan_holder_name).toEqual(expect.any(String));
  });

  it("says a refused verification with the service's message and changes nothing", async () => {
    const invoice = await pendingInvoice();
    const gst = headerOf(invoice, "gst_number");
    const refused = await lookUp("qc.manager", invoice, gst.invoice_header, `27${SIMULATED.refusedPan}1Z5`);
    expect([refused.status, refused.body.detail]).toEqual([400, VERIFICATION_MSG.gstFailure]);
    const now = await pendingInvoice();
    expect(now.version).toBe(invoice.version);
    expect(headerOf(now, "gst_number")).toEqual(gst);
  });

  it("refuses a value in the wrong format with the §5.3 message before asking the service", async () => {
    const invoice = await pendingInvoice();
    const before = await server.db.query("SELECT id FROM verification_checks WHERE status = 'verified'");
    const gst = await lookUp(
      "qc.manager",
      invoice,
      headerOf(invoice, "gst_number").invoice_header,
      "27ABCDE",
    );
    expect([gst.status, gst.body.detail]).toEqual([400, INVALID_GST_NUMBER]);
    const pan = await lookUp(
      "qc.manager",
      invoice,
      headerOf(invoice, "pan_number").invoice_header,
      "abcde1234f",
    );
    expect([pan.status, pan.body.detail]).toEqual([400, INVALID_PAN_NUMBER]);
    const text = await lookUp("qc.manager", invoice, headerOf(invoice, "text").invoice_header, "ABCDE1234F");
    expect([text.status, text.body.invoice_header]).toEqual([400, [NOT_A_LOOKUP_HEADER]]);
    expect((await pendingInvoice()).version).toBe(invoice.version);
    expect(await server.db.query("SELECT id FROM verification_checks WHERE status = 'verified'")).toEqual(
      before,
    );
  });

  it("refuses a client's user: they read invoices, never verify them", async () => {
    const invoice = await pendingInvoice();
    const pan = headerOf(invoice, "pan_number");
    const refused = await lookUp("client.manager", invoice, pan.invoice_header, "ABCDE1234F");
    expect(refused.status).toBe(403);
    expect((await pendingInvoice()).version).toBe(invoice.version);
  });
});
