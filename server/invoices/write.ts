/**
 * Writing collected bills, each in the caller's transaction: the outlet row is locked first, the
 * caller's invoice editing is checked against the outlet's current state (001 §4.2), nothing is
 * saved while a retailer request is pending (001 §4.4, 002 §2.10), a change made on an invoice that
 * changed since it was read is refused (409), the input is checked with the screen's own rules
 * (invoiceHeaders.ts), and every change gets a QC edit history line.
 */
import type { InvoiceRecordId } from "../../src/domain/api/ids";
import {
  type InvoiceHeader,
  type InvoiceHeaderInput,
  invoiceHeaderErrors,
  invoiceNumberDateErrors,
  isVerifiableHeader,
  withHeaderValue,
} from "../../src/domain/invoices/invoiceHeaders";
import {
  INVOICE_ADDED_MEANWHILE,
  INVOICE_CHANGED,
  INVOICE_EDIT_NOT_ALLOWED,
  type Invoice,
  type InvoiceCreate,
  type InvoiceHeaderAnswersUpdate,
  type InvoiceHeaderLookup,
  type InvoiceNumberDate,
  NO_DETAILS,
  NOT_A_LOOKUP_HEADER,
} from "../../src/domain/invoices/invoices";
import { calendarDateAt } from "../../src/domain/shared/format";
import type { Queryable } from "../db/db";
import { NOT_FOUND, Problem } from "../http/problem";
import type { OutletViewer } from "../outlets/access";
import { refuseWhilePending } from "../retailerRequests/gate";
import { type VisibleWorkflowObject, visibleWorkflowObject } from "../survey/read";
import { editsInvoicesNow, invoicesOf, subProjectHeaders } from "./read";

export type Stored = { id: number; invoice_no: string; invoice_date: string | null; version: number };

/** The workflow object, locked through its outlet row, once the caller may edit its invoices now. */
async function editableWorkflowObject(
  tx: Queryable,
  viewer: OutletViewer,
  woId: number,
): Promise<VisibleWorkflowObject> {
  const wo = await visibleWorkflowObject(tx, viewer, woId, true);
  if (!wo) throw new Problem(404, { ...NOT_FOUND });
  if (!editsInvoicesNow(viewer, wo)) throw new Problem(403, { detail: INVOICE_EDIT_NOT_ALLOWED });
  await refuseWhilePending(tx, wo.id);
  return wo;
}

/** The invoice, locked, with its editable workflow object; 409 when it changed since `version`. */
export async function editableInvoice(
  tx: Queryable,
  viewer: OutletViewer,
  id: number,
  version: number,
): Promise<{ wo: VisibleWorkflowObject; stored: Stored }> {
  const [owner] = await tx.query<{ workflow_object_id: number }>(
    "SELECT workflow_object_id FROM invoices WHERE id = $1",
    [id],
  );
  if (!owner) throw new Problem(404, { ...NOT_FOUND });
  const wo = await editableWorkflowObject(tx, viewer, owner.workflow_object_id);
  const [stored] = await tx.query<Stored>(
    `SELECT id, invoice_no, to_char(invoice_date, 'YYYY-MM-DD') AS invoice_date, version
     FROM invoices WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!stored) throw new Problem(404, { ...NOT_FOUND });
  if (stored.version !== version) throw new Problem(409, { detail: INVOICE_CHANGED });
  return { wo, stored };
}

/** §4.8 the number and date rule, the date no later than today (India's calendar). */
function refuseBadNumberDate(input: { invoice_no: string; invoice_date: string | null }, now: Date): void {
  const errors = invoiceNumberDateErrors(
    { invoice_no: input.invoice_no, invoice_date: input.invoice_date ?? "" },
    calendarDateAt(now.getTime()),
  );
  const lines = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]]));
  if (Object.keys(lines).length) throw new Problem(400, lines);
}

export async function logHistory(
  tx: Queryable,
  woId: number,
  viewer: OutletViewer,
  lines: string[],
  now: Date,
) {
  for (const message of lines)
    await tx.query(
      "INSERT INTO qc_edit_history (workflow_object_id, user_id, message, created) VALUES ($1, $2, $3, $4)",
      [woId, viewer.user.id, message, now],
    );
}

async function answerOf(tx: Queryable, wo: VisibleWorkflowObject, id: number): Promise<Invoice> {
  const [invoice] = await invoicesOf(tx, wo, id);
  if (!invoice) throw new Problem(404, { ...NOT_FOUND });
  return invoice;
}

const dateShown = (d: string | null) => d ?? "no date";

/**
 * Invoice create: a new pending invoice after the workflow object's last, at the place the caller
 * named (`position`, the tab it becomes). The outlet row is locked, so creates of one outlet run one
 * at a time. An invoice already at that place with the same number and date is this request's own,
 * sent again (a double click, a retry): it is answered as it is and nothing is added. Any other
 * invoice there, or a place past the next one, means the caller's tabs are stale: 409.
 */
export async function createInvoice(
  tx: Queryable,
  viewer: OutletViewer,
  input: InvoiceCreate,
  now: Date,
): Promise<Invoice> {
  const wo = await editableWorkflowObject(tx, viewer, input.workflow_object);
  refuseBadNumberDate(input, now);
  const invoiceNo = input.invoice_no.trim();
  const [last] = await tx.query<{ position: number }>(
    "SELECT COALESCE(MAX(position), 0)::int AS position FROM invoices WHERE workflow_object_id = $1",
    [wo.id],
  );
  if (input.position !== last!.position + 1) {
    const [there] = await tx.query<{ id: number; invoice_no: string; invoice_date: string | null }>(
      `SELECT id, invoice_no, to_char(invoice_date, 'YYYY-MM-DD') AS invoice_date
       FROM invoices WHERE workflow_object_id = $1 AND position = $2`,
      [wo.id, input.position],
    );
    if (there && there.invoice_no === invoiceNo && there.invoice_date === input.invoice_date)
      return answerOf(tx, wo, there.id);
    throw new Problem(409, { detail: INVOICE_ADDED_MEANWHILE });
  }
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO invoices (workflow_object_id, position, invoice_no, invoice_date, created, modified_at, modified_by)
     VALUES ($1, $2, $3, $4::date, $5, $5, $6) RETURNING id`,
    [wo.id, input.position, invoiceNo, input.invoice_date, now, viewer.user.id],
  );
  await logHistory(tx, wo.id, viewer, [`Invoice ${invoiceNo} added (${dateShown(input.invoice_date)})`], now);
  return answerOf(tx, wo, row!.id);
}

/** The number and date PATCH, at the version read. */
export async function saveNumberDate(
  tx: Queryable,
  viewer: OutletViewer,
  id: InvoiceRecordId,
  input: InvoiceNumberDate,
  now: Date,
): Promise<Invoice> {
  const { wo, stored } = await editableInvoice(tx, viewer, id, input.version);
  refuseBadNumberDate(input, now);
  const invoiceNo = input.invoice_no.trim();
  await tx.query(
    `UPDATE invoices SET invoice_no = $2, invoice_date = $3::date, version = version + 1, modified_at = $4,
       modified_by = $5 WHERE id = $1`,
    [id, invoiceNo, input.invoice_date, now, viewer.user.id],
  );
  const lines: string[] = [];
  if (stored.invoice_no !== invoiceNo)
    lines.push(`Invoice number changed from ${stored.invoice_no} to ${invoiceNo}`);
  if (stored.invoice_date !== input.invoice_date)
    lines.push(
      `Invoice ${invoiceNo} date changed from ${dateShown(stored.invoice_date)} to ${dateShown(input.invoice_date)}`,
    );
  await logHistory(tx, wo.id, viewer, lines, now);
  return answerOf(tx, wo, id);
}

/**
 * The header answers update (001 §7), at the version read: every answer is checked with §5.3 as
 * the screen checks it (invoiceHeaderErrors, every message at once by header name), then saved,
 * and the invoice counts as complete. Only a GST or PAN header carries a verified flag and names,
 * which the save keeps for an unchanged value and clears for a changed one.
 */
export async function saveHeaderAnswers(
  tx: Queryable,
  viewer: OutletViewer,
  id: InvoiceRecordId,
  input: InvoiceHeaderAnswersUpdate,
  now: Date,
): Promise<Invoice> {
  const { wo, stored } = await editableInvoice(tx, viewer, id, input.version);
  const headers = await checkedHeaderAnswers(tx, wo, id, input.answers);
  if (Object.keys(headers.errors).length) throw new Problem(400, headers.errors);
  const lines = await writeHeaderAnswers(tx, id, stored, headers, input.answers);
  await completeInvoice(tx, viewer, wo, id, stored, lines, now);
  return answerOf(tx, wo, id);
}

type HeaderAnswers = InvoiceHeaderAnswersUpdate["answers"];
type CheckedHeaders = {
  /** Every §5.3 message, by header name; empty when the answers may be saved. */
  errors: Record<string, string[]>;
  headers: Awaited<ReturnType<typeof subProjectHeaders>>;
  before: Invoice | undefined;
};

/** The header part of an invoice save, checked as the screen checks it; nothing is written. */
export async function checkedHeaderAnswers(
  tx: Queryable,
  wo: VisibleWorkflowObject,
  id: number,
  answers: HeaderAnswers,
): Promise<CheckedHeaders> {
  const headers = await subProjectHeaders(tx, wo.sub_project_id);
  const unknown = answers.filter((a) => !headers.some((h) => h.id === a.invoice_header));
  if (unknown.length)
    throw new Problem(
      400,
      Object.fromEntries(
        unknown.map((a) => [`answers.${a.invoice_header}`, ["Not a header of this outlet's invoices."]]),
      ),
    );
  const [before] = await invoicesOf(tx, wo, id);
  const saved = before?.simplifiedinvoiceheaderanswer ?? [];
  const asked: InvoiceHeader[] = saved.map((a) => ({
    invoice_header: a.invoice_header,
    invoice_header_name: a.invoice_header_name,
    invoice_header_type: a.invoice_header_type,
    is_mandatory: a.is_mandatory,
    validations: a.validations,
    show_logic_config: a.show_logic_config,
  }));
  const given = new Map<number, HeaderAnswers[number]>(answers.map((a) => [a.invoice_header, a]));
  // A header the save leaves out keeps its stored value.
  const inputs: InvoiceHeaderInput[] = saved.map((a) => ({
    invoice_header: a.invoice_header,
    single_input: given.has(a.invoice_header)
      ? (given.get(a.invoice_header)!.single_input ?? null)
      : a.single_input,
    image_count: a.images.length,
  }));
  const errors: Record<string, string[]> = {};
  for (const e of invoiceHeaderErrors(asked, inputs)) {
    const name = asked.find((h) => h.invoice_header === e.invoice_header)?.invoice_header_name ?? "";
    errors[name] = [...(errors[name] ?? []), e.message];
  }
  return { errors, headers, before };
}

/** Writes checked header answers; gives QC Edit History's line for each changed value. */
export async function writeHeaderAnswers(
  tx: Queryable,
  id: number,
  stored: Stored,
  { headers, before }: CheckedHeaders,
  answers: HeaderAnswers,
): Promise<string[]> {
  const lines: string[] = [];
  for (const a of answers) {
    const header = headers.find((h) => h.id === a.invoice_header)!;
    const saved = before?.simplifiedinvoiceheaderanswer.find((x) => x.invoice_header === header.id);
    // The stored verification stays with an unchanged value and goes with a changed one (§4.8).
    const kept = withHeaderValue(
      {
        single_input: saved?.single_input ?? null,
        verified: saved?.is_verified ?? false,
        ...(saved?.details ?? NO_DETAILS),
      },
      header.header_type,
      a.single_input ?? "",
    );
    await tx.query(
      `INSERT INTO invoice_header_answers (invoice_id, header_id, single_input, is_verified, gst_legal_name,
         gst_registration_status, gst_trade_name, pan_holder_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (invoice_id, header_id) DO UPDATE SET single_input = $3, is_verified = $4, gst_legal_name = $5,
         gst_registration_status = $6, gst_trade_name = $7, pan_holder_name = $8`,
      [
        id,
        header.id,
        a.single_input,
        isVerifiableHeader(header.header_type) && kept.verified,
        kept.gst_legal_name,
        kept.gst_registration_status,
        kept.gst_trade_name,
        kept.pan_holder_name,
      ],
    );
    const was = saved?.single_input;
    if ((was ?? null) !== a.single_input)
      lines.push(
        `Invoice ${stored.invoice_no}: ${header.header} changed from ${was ?? "empty"} to ${a.single_input ?? "empty"}`,
      );
  }
  return lines;
}

/** The end of every save: the invoice is complete at its next version, and the history says what changed. */
export async function completeInvoice(
  tx: Queryable,
  viewer: OutletViewer,
  wo: VisibleWorkflowObject,
  id: number,
  stored: Stored,
  lines: string[],
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE invoices SET is_complete = true, version = version + 1, modified_at = $2, modified_by = $3
     WHERE id = $1`,
    [id, now, viewer.user.id],
  );
  await logHistory(
    tx,
    wo.id,
    viewer,
    lines.length ? lines : [`Invoice ${stored.invoice_no}: headers saved`],
    now,
  );
}

/** The invoice detail each provider answer fills (001 §3 invoice result details). */
const LOOKUP_DETAILS = {
  gst_number: { gst_legal_name: "lgnm", gst_trade_name: "tradeNam", gst_registration_status: "dty" },
  pan_number: { pan_holder_name: "name" },
} as const;

/** The header a lookup names, with the rule that it is one of the invoice's GST or PAN headers. */
export type LookedUpHeader = { id: number; name: string; type: "gst_number" | "pan_number" };

/**
 * Before a lookup asks the provider: the caller may edit the invoice now, no retailer request is
 * pending, the version is the one read, and the header is one of its GST or PAN headers (else 400).
 */
export async function lookupHeaderOf(
  tx: Queryable,
  viewer: OutletViewer,
  id: InvoiceRecordId,
  input: InvoiceHeaderLookup,
): Promise<LookedUpHeader> {
  const { wo } = await editableInvoice(tx, viewer, id, input.version);
  return verifiableHeader(tx, wo, input.invoice_header);
}

async function verifiableHeader(
  tx: Queryable,
  wo: VisibleWorkflowObject,
  headerId: number,
): Promise<LookedUpHeader> {
  const header = (await subProjectHeaders(tx, wo.sub_project_id)).find((h) => h.id === headerId);
  if (!header || !isVerifiableHeader(header.header_type))
    throw new Problem(400, { invoice_header: [NOT_A_LOOKUP_HEADER] });
  return { id: header.id, name: header.header, type: header.header_type };
}

/**
 * A passed lookup, in the check's transaction: at the version read again, the header holds the value
 * looked up, verified, with the names found; the invoice's version moves on and QC Edit History
 * says so (with the value's change, when the screen showed a value not saved yet).
 */
export async function recordHeaderLookup(
  tx: Queryable,
  viewer: OutletViewer,
  id: InvoiceRecordId,
  input: InvoiceHeaderLookup,
  found: Readonly<Record<string, string>>,
  now: Date,
): Promise<{ invoice: Invoice; woId: number; outletId: number }> {
  const { wo, stored } = await editableInvoice(tx, viewer, id, input.version);
  const header = await verifiableHeader(tx, wo, input.invoice_header);
  const value = input.single_input.trim();
  const details = { ...NO_DETAILS, ...lookupDetails(header.type, found) };
  const [before] = await tx.query<{ single_input: string | null }>(
    "SELECT single_input FROM invoice_header_answers WHERE invoice_id = $1 AND header_id = $2",
    [id, header.id],
  );
  await tx.query(
    `INSERT INTO invoice_header_answers (invoice_id, header_id, single_input, is_verified, gst_legal_name,
       gst_registration_status, gst_trade_name, pan_holder_name)
     VALUES ($1, $2, $3, true, $4, $5, $6, $7)
     ON CONFLICT (invoice_id, header_id) DO UPDATE SET single_input = $3, is_verified = true, gst_legal_name = $4,
       gst_registration_status = $5, gst_trade_name = $6, pan_holder_name = $7`,
    [
      id,
      header.id,
      value,
      details.gst_legal_name,
      details.gst_registration_status,
      details.gst_trade_name,
      details.pan_holder_name,
    ],
  );
  await tx.query(
    "UPDATE invoices SET version = version + 1, modified_at = $2, modified_by = $3 WHERE id = $1",
    [id, now, viewer.user.id],
  );
  const was = before?.single_input ?? null;
  const lines =
    was === value
      ? []
      : [`Invoice ${stored.invoice_no}: ${header.name} changed from ${was ?? "empty"} to ${value}`];
  lines.push(`Invoice ${stored.invoice_no}: ${header.name} ${value} verified`);
  await logHistory(tx, wo.id, viewer, lines, now);
  return { invoice: await answerOf(tx, wo, id), woId: wo.id, outletId: wo.outlet_id };
}

/** The invoice details a provider's answer fills for a header of this type. */
export function lookupDetails(
  type: "gst_number" | "pan_number",
  found: Readonly<Record<string, string>>,
): Record<string, string | null> {
  return Object.fromEntries(Object.entries(LOOKUP_DETAILS[type]).map(([k, key]) => [k, found[key] ?? null]));
}
