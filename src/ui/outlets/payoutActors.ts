/** The payoutDetails machine's side effects, provided by the application (tests provide fakes). */
import { fromPromise } from "xstate";
import { loadPayouts } from "../../infra/api/payouts";
import { runApi } from "../../infra/http";
import type { PayoutListRequest, PayoutsLoaded } from "../../machines/payouts/payoutDetails";
import { downloadPdf } from "../mobile/pdfFiles";

export const payoutDetailsActors = {
  loadPayouts: fromPromise<PayoutsLoaded, PayoutListRequest>(({ input, signal }) =>
    runApi(loadPayouts(input), { signal }),
  ),
  downloadInvoice: fromPromise<void, { file: string; invoice_no: string }>(({ input, signal }) =>
    downloadPdf(
      input.file,
      `invoice-${input.invoice_no.replaceAll("/", "-")}.pdf`,
      { kind: "staff", rsid: "" },
      signal,
    ),
  ),
};
