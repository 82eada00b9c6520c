/**
 * The invoice and SKU data editing slider's calls (spec 002 §7; 001 §7): the new SKU data of a
 * workflow object with the sub-project's SKU list, one invoice with its rows, the invoice save and a saved row's delete at the
 * version read, and the CSV export of chosen rows. A refusal (409 stale or a pending retailer
 * request, 400 with its problems by dotted path) is an answer with the server's reason.
 */
import { Effect } from "effect";
import { InvoiceHeaderId, InvoiceRecordId, InvoiceSkuRowId, WorkflowObjectId } from "../../domain/api/ids";
import * as setupApi from "../../domain/api/invoiceSetup";
import * as api from "../../domain/api/invoiceSkus";
import type { ExportJob } from "../../domain/downloads/downloads";
import {
  draftRowsInput,
  type InvoiceSaveOutcome,
  type InvoiceSaveRequest,
  type RowDeleteOutcome,
  type RowDeleteRequest,
  type SkuExport,
  type SkuInvoice,
  type SliderData,
} from "../../domain/invoices/invoiceSkus";
import { INVOICE_CHANGED } from "../../domain/invoices/invoices";
import { call } from "../endpoint";
import { type ApiError, detailOf, fieldLines } from "../http";

/** GET the slider's data: every invoice (without rows), and the SKU list its rows choose from. */
export const loadSkuSlider = (workflowObject: number): Effect.Effect<SliderData, ApiError> =>
  Effect.gen(function* () {
    const data = yield* call(api.newSkuData, {
      query: { workflow_object: WorkflowObjectId.make(workflowObject) },
    });
    const list = yield* call(setupApi.subProjectSkuList, {
      query: { sub_project__slug: data.sub_project.slug },
    });
    return {
      isEdit: data.is_edit,
      pendingRequest: data.retailer_request_pending,
      fields: data.assigned_sku_template_field,
      listed: list.results.map((s) => ({ id: s.id, name: s.name, sku_code: s.sku_code })),
      invoices: [...data.invoices].sort((a, b) => a.index - b.index),
    };
  });

/** GET one invoice with its rows, as the slider opens it. */
export const loadSkuInvoice = (invoice: number): Effect.Effect<SkuInvoice, ApiError> =>
  call(api.invoiceSkuData, { params: { id: InvoiceRecordId.make(invoice) } });

const refusal = (e: ApiError) => (e._tag === "HttpError" && e.status === 409) || e._tag === "ValidationError";
const bodyOf = (e: ApiError) => ("body" in e ? e.body : null);

/** A 400's lines by key, each key's first line: the screen shows it under its header or cell. */
function problemsOf(body: unknown): Record<string, string> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return {};
  const out: Record<string, string> = {};
  for (const [key, lines] of Object.entries(body))
    if (key !== "detail") out[key] = Array.isArray(lines) ? String(lines[0] ?? "") : String(lines);
  return out;
}

/** PUT the whole edited invoice at the version read. */
export const saveSkuInvoice = (request: InvoiceSaveRequest): Effect.Effect<InvoiceSaveOutcome, ApiError> =>
  call(api.saveInvoice, {
    params: { id: InvoiceRecordId.make(request.invoice) },
    body: {
      version: request.version,
      answers: request.draft.answers.map((a) => ({
        invoice_header: InvoiceHeaderId.make(a.invoice_header),
        single_input: a.single_input,
      })),
      ...draftRowsInput(request.draft),
    },
  }).pipe(
    Effect.map((invoice): InvoiceSaveOutcome => ({ type: "ok", invoice })),
    Effect.catchIf(refusal, (e) => {
      const body = bodyOf(e);
      const problems = problemsOf(body);
      return Effect.succeed<InvoiceSaveOutcome>({
        type: "refused",
        message:
          detailOf(body) ?? (Object.keys(problems).length ? fieldLines(body).join(" ") : INVOICE_CHANGED),
        problems,
      });
    }),
  );

/** DELETE a saved row at the invoice's version read. */
export const deleteSkuRow = (request: RowDeleteRequest): Effect.Effect<RowDeleteOutcome, ApiError> =>
  call(api.deleteSkuRow, {
    params: { id: InvoiceSkuRowId.make(request.row) },
    body: { version: request.version },
  }).pipe(
    Effect.map((invoice): RowDeleteOutcome => ({ type: "ok", invoice })),
    Effect.catchIf(
      (e) => refusal(e) || (e._tag === "HttpError" && e.status === 404),
      (e) =>
        Effect.succeed<RowDeleteOutcome>({
          type: "refused",
          message: detailOf(bodyOf(e)) ?? INVOICE_CHANGED,
        }),
    ),
  );

/** POST the export of chosen rows: the job in My Downloads. */
export const exportSkuRows = (request: {
  rows: readonly number[];
  workflowObject: number;
  addOn: boolean;
}): Effect.Effect<ExportJob, ApiError> => {
  const body: SkuExport = {
    data_to_export: request.rows.map((r) => InvoiceSkuRowId.make(r)),
    workflow_object_id: WorkflowObjectId.make(request.workflowObject),
    add_on_sku: request.addOn,
  };
  return call(api.exportSkuRows, { body });
};
