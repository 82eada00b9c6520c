/**
 * The Collected Bills group's calls (spec 001 §7; 002 §7, §8): the invoices of a workflow object as
 * the review's tabs read them, the number and date PATCH and the header answers update, each at the
 * version read, and a GST or PAN header's lookup. A refusal (409 stale or a pending retailer request, 400) is an answer with the
 * server's reason; the number dialog shows it, the header form stays silent (001 §8).
 */
import { Effect } from "effect";
import { InvoiceHeaderId, InvoiceRecordId, WorkflowObjectId } from "../../domain/api/ids";
import * as api from "../../domain/api/invoices";
import {
  answersOfInvoice,
  type CollectedInvoice,
  type HeaderLookupOutcome,
  type HeaderLookupRequest,
  type HeaderSaveOutcome,
  type HeaderSaveRequest,
  headersOfInvoice,
  type InvoiceCreateOutcome,
  type InvoiceCreateRequest,
  type NumberDateOutcome,
  type NumberDateRequest,
} from "../../domain/invoices/invoiceHeaders";
import { INVOICE_CHANGED, type Invoice, type InvoiceData } from "../../domain/invoices/invoices";
import { call } from "../endpoint";
import { type ApiError, detailOf, fieldLines } from "../http";

/** An invoice of the contract as its tab and header form hold it. */
export function collectedInvoiceOf(invoice: Invoice): CollectedInvoice {
  return {
    id: invoice.id,
    invoice_no: invoice.invoice_no,
    invoice_date: invoice.invoice_date ?? "",
    version: invoice.version,
    is_complete: invoice.is_complete,
    headers: headersOfInvoice(invoice),
    answers: answersOfInvoice(invoice),
  };
}

/** GET the invoices of a workflow object, in tab order. */
export const loadCollectedBills = (
  workflowObject: number,
): Effect.Effect<readonly CollectedInvoice[], ApiError> =>
  call(api.invoiceData, { query: { workflow_object: WorkflowObjectId.make(workflowObject) } }).pipe(
    Effect.map((data) => [...data.invoices].sort((a, b) => a.index - b.index).map(collectedInvoiceOf)),
  );

/** GET the invoices of a workflow object with their images, in tab order, for the image viewer. */
export const loadInvoiceImages = (workflowObject: number): Effect.Effect<InvoiceData, ApiError> =>
  call(api.invoiceData, { query: { workflow_object: WorkflowObjectId.make(workflowObject) } }).pipe(
    Effect.map((data) => ({ ...data, invoices: [...data.invoices].sort((a, b) => a.index - b.index) })),
  );

const refusal = (e: ApiError) => (e._tag === "HttpError" && e.status === 409) || e._tag === "ValidationError";
const reasonOf = (e: ApiError) => {
  const body = "body" in e ? e.body : null;
  return detailOf(body) ?? (fieldLines(body).join(" ") || INVOICE_CHANGED);
};

/** PATCH the number and date at the version read; an empty date is sent as none. */
export const saveNumberDate = (request: NumberDateRequest): Effect.Effect<NumberDateOutcome, ApiError> =>
  call(api.saveInvoiceNumberDate, {
    params: { id: InvoiceRecordId.make(request.invoice) },
    body: {
      version: request.version,
      invoice_no: request.invoice_no,
      invoice_date: request.invoice_date === "" ? null : request.invoice_date,
    },
  }).pipe(
    Effect.map((invoice): NumberDateOutcome => ({ type: "ok", version: invoice.version })),
    Effect.catchIf(refusal, (e) =>
      Effect.succeed<NumberDateOutcome>({ type: "failed", message: reasonOf(e) }),
    ),
  );

/** PUT the header answers at the version read (their values: verification is the server's record). */
export const saveHeaderAnswers = (request: HeaderSaveRequest): Effect.Effect<HeaderSaveOutcome, ApiError> =>
  call(api.saveInvoiceHeaderAnswers, {
    params: { id: InvoiceRecordId.make(request.invoice) },
    body: {
      version: request.version,
      answers: request.answers.map((a) => ({
        invoice_header: InvoiceHeaderId.make(a.invoice_header),
        single_input: a.single_input,
      })),
    },
  }).pipe(
    Effect.map((invoice): HeaderSaveOutcome => ({ type: "ok", version: invoice.version })),
    Effect.catchIf(refusal, (e) =>
      Effect.succeed<HeaderSaveOutcome>({ type: "refused", message: reasonOf(e) }),
    ),
  );

/** A stale version or a pending request, the rate limit, no provider or no answer from it. */
const LOOKUP_REFUSALS: readonly number[] = [409, 429, 503];

/**
 * POST a GST or PAN header's lookup at the version read: verified, with the names the invoice now
 * records for the header; or refused with the server's words (the §5.3 format, the service's
 * failure, a stale version, a pending retailer request, the rate limit, no provider).
 */
export const lookUpHeader = (request: HeaderLookupRequest): Effect.Effect<HeaderLookupOutcome, ApiError> =>
  call(api.lookUpInvoiceHeader, {
    params: { id: InvoiceRecordId.make(request.invoice) },
    body: {
      version: request.version,
      invoice_header: InvoiceHeaderId.make(request.header),
      single_input: request.value,
    },
    // Every refusal is the lookup's answer beside its field, never a second time in the notice bar.
    shownInline: [400, 403, ...LOOKUP_REFUSALS],
  }).pipe(
    Effect.map((answer): HeaderLookupOutcome => {
      const recorded = answer.invoice.simplifiedinvoiceheaderanswer.find(
        (a) => a.invoice_header === request.header,
      );
      const names = Object.entries(recorded?.details ?? {}).filter(
        (e): e is [string, string] => typeof e[1] === "string",
      );
      return {
        ok: true,
        message: answer.detail,
        version: answer.invoice.version,
        names: Object.fromEntries(names),
      };
    }),
    Effect.catchIf(
      (e) =>
        e._tag === "ValidationError" ||
        e._tag === "Forbidden" ||
        (e._tag === "HttpError" && LOOKUP_REFUSALS.includes(e.status)),
      (e) => Effect.succeed<HeaderLookupOutcome>({ ok: false, message: reasonOf(e) }),
    ),
  );

/**
 * POST a new invoice as the tab it becomes (`position`): the same request sent twice adds one
 * invoice; a refusal (a pending retailer request, an invoice added meanwhile, a bad number or date)
 * comes back with the server's reason.
 */
export const createCollectedInvoice = (
  request: InvoiceCreateRequest,
): Effect.Effect<InvoiceCreateOutcome, ApiError> =>
  call(api.createInvoice, {
    body: {
      workflow_object: WorkflowObjectId.make(request.workflowObject),
      position: request.position,
      invoice_no: request.invoice_no,
      invoice_date: request.invoice_date === "" ? null : request.invoice_date,
    },
  }).pipe(
    Effect.map((invoice): InvoiceCreateOutcome => ({ type: "ok", invoice: collectedInvoiceOf(invoice) })),
    Effect.catchIf(
      (e) => refusal(e) || (e._tag === "HttpError" && e.status === 403),
      (e) => Effect.succeed<InvoiceCreateOutcome>({ type: "failed", message: reasonOf(e) }),
    ),
  );
