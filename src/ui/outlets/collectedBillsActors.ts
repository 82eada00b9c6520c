/** The Collected Bills machines' calls, provided by the application (tests provide fakes). */
import { fromPromise } from "xstate";
import type { ExportJob } from "../../domain/downloads/downloads";
import type {
  HeaderLookupOutcome,
  HeaderLookupRequest,
  HeaderSaveOutcome,
  HeaderSaveRequest,
  InvoiceCreateOutcome,
  InvoiceCreateRequest,
  NumberDateOutcome,
  NumberDateRequest,
} from "../../domain/invoices/invoiceHeaders";
import type {
  InvoiceSaveOutcome,
  InvoiceSaveRequest,
  RowDeleteOutcome,
  RowDeleteRequest,
  SkuInvoice,
  SliderLoadOutcome,
} from "../../domain/invoices/invoiceSkus";
import {
  createCollectedInvoice,
  loadCollectedBills,
  lookUpHeader,
  saveHeaderAnswers,
  saveNumberDate,
} from "../../infra/api/collectedBills";
import { listExports } from "../../infra/api/downloads";
import {
  deleteSkuRow,
  exportSkuRows,
  loadSkuInvoice,
  loadSkuSlider,
  saveSkuInvoice,
} from "../../infra/api/invoiceSkus";
import { runApi } from "../../infra/http";
import type { InvoicesOutcome } from "../../machines/invoices/collectedBills";
import type { SkuExportRequest } from "../../machines/invoices/skuExport";

export const collectedBillsActors = {
  loadInvoices: fromPromise<InvoicesOutcome, { workflowObject: number }>(async ({ input, signal }) => ({
    type: "ok",
    invoices: await runApi(loadCollectedBills(input.workflowObject), { signal }),
  })),
  saveHeaders: fromPromise<HeaderSaveOutcome, HeaderSaveRequest>(({ input, signal }) =>
    runApi(saveHeaderAnswers(input), { signal }),
  ),
  saveNumberDate: fromPromise<NumberDateOutcome, NumberDateRequest>(({ input, signal }) =>
    runApi(saveNumberDate(input), { signal }),
  ),
  /** A GST or PAN header's lookup through the identity verification service, recorded on the invoice. */
  verify: fromPromise<HeaderLookupOutcome, HeaderLookupRequest>(({ input, signal }) =>
    runApi(lookUpHeader(input), { signal }),
  ),
  createInvoice: fromPromise<InvoiceCreateOutcome, InvoiceCreateRequest>(({ input, signal }) =>
    runApi(createCollectedInvoice(input), { signal }),
  ),
  /** The editing slider's first read: the new SKU data and the sub-project's SKU list. */
  loadSlider: fromPromise<SliderLoadOutcome, { workflowObject: number }>(async ({ input, signal }) => ({
    type: "ok",
    data: await runApi(loadSkuSlider(input.workflowObject), { signal }),
  })),
  /** The invoice the slider opens, with its rows. */
  loadInvoice: fromPromise<SkuInvoice, { invoice: number }>(({ input, signal }) =>
    runApi(loadSkuInvoice(input.invoice), { signal }),
  ),
  saveInvoice: fromPromise<InvoiceSaveOutcome, InvoiceSaveRequest>(({ input, signal }) =>
    runApi(saveSkuInvoice(input), { signal }),
  ),
  deleteRow: fromPromise<RowDeleteOutcome, RowDeleteRequest>(({ input, signal }) =>
    runApi(deleteSkuRow(input), { signal }),
  ),
  startExport: fromPromise<ExportJob, SkuExportRequest>(({ input, signal }) =>
    runApi(exportSkuRows(input), { signal }),
  ),
  /** The export as My Downloads lists it (newest first: a job just started is on the first page). */
  readJob: fromPromise<ExportJob, { job: number }>(async ({ input, signal }) => {
    const page = await runApi(listExports({ page: 1, pageSize: 15 }), { signal });
    const job = page.results.find((j) => j.id === input.job);
    if (!job) throw new Error(`Export ${input.job} is not in My Downloads`);
    return job;
  }),
};
