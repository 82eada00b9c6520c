/** The Collected Bills machines' calls, provided by the application (tests provide fakes). */
import { fromPromise } from "xstate";
import type {
  HeaderLookupOutcome,
  HeaderLookupRequest,
  HeaderSaveOutcome,
  HeaderSaveRequest,
  InvoiceCreateOutcome,
  InvoiceCreateRequest,
  NumberDateOutcome,
  NumberDateRequest,
} from "../../domain/invoiceHeaders";
import {
  createCollectedInvoice,
  loadCollectedBills,
  lookUpHeader,
  saveHeaderAnswers,
  saveNumberDate,
} from "../../infra/api/collectedBills";
import { runApi } from "../../infra/http";
import type { InvoicesOutcome } from "../../machines/collectedBills";

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
};
