/**
 * The money path's rules and shapes (spec 001 §2.3, §3, §4.1, §4.6, §7, §9; 000 §2.2): when a
 * payment status means paid, which payout row waits for a payment, the invoice number of a paid
 * payout, and the payout list, latest transaction details and cycle summary as the API answers them.
 * The server, the machines and the screens all read these; none restates them.
 */
import { Schema } from "effect";
import { Listed, Text } from "../api/fields";
import { InvoiceId, OutletId, PayoutId } from "../api/ids";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import type { Sort } from "../shared/table";

/** §4.1: a payment status that contains the word success means the payment succeeded. */
export const isPaymentSuccessful = (status: string | null | undefined): boolean =>
  !!status && status.toLowerCase().includes("success");

/** §4.6: a payout row (or workflow state) carrying the plotted marker waits for its payment. */
export const PLOTTED_MARKER = "plotted";
export const awaitsPayment = (status: string | null | undefined): boolean =>
  !!status && status.includes(PLOTTED_MARKER);

/** The payout row statuses: plotted by upload, then paid or failed by a recorded payment. */
export const PAYOUT_PLOTTED = "plotted";
export const PAYOUT_PAID = "payment_successful";
export const PAYOUT_FAILED = "payment_failed";
/** The payout row's status after a payment with this status. */
export const payoutStatusAfter = (paymentStatus: string): string =>
  isPaymentSuccessful(paymentStatus) ? PAYOUT_PAID : PAYOUT_FAILED;

/** The workflow states of the money path (the outlet workflow machine moves between them). */
export const PLOTTED_STATE = "payouts_plotted";
export const PAID_STATE = "payment_successful";
/** The outlet log's action of a payment that failed: the outlet stays plotted, the log says so. */
export const PAYMENT_FAILED_ACTION = "payment_failed";

/** §4.6 the Payment Confirmation modal's title. */
export const PAYMENT_CONFIRMATION_TITLE = "Add transaction details below";
/** §9 the payout list's page size. */
export const PAYOUT_PAGE_SIZE = 15;

/** The invoice number of a paid payout: RS/{year paid}/{payout id, 6 digits}. */
export const invoiceNumber = (paidOn: string, payoutId: number): string =>
  `RS/${paidOn.slice(0, 4)}/${String(payoutId).padStart(6, "0")}`;

/** Paise of a decimal amount text, for sums that must not drift ("1250.50" → 125050). */
export const toPaise = (amount: string | null | undefined): number =>
  amount ? Math.round(Number(amount) * 100) : 0;
export const fromPaise = (paise: number): string => (paise / 100).toFixed(2);

/** What is paid into the account: the payout less the tax deducted at source. */
export const paidAmount = (amount: string, tds: string | null): string =>
  fromPaise(toPaise(amount) - toPaise(tds));

// --- The API shapes (§3, §7) ---

const OrNull = Schema.NullOr(Schema.String);

/** One row of the payout list (§2.3 columns), with its invoice when paid and the row's outlet state. */
export const PayoutRow = Schema.Struct({
  id: PayoutId,
  rsid: Schema.String,
  outlet_slug: Schema.String,
  outlet_id: OutletId,
  version: Schema.Number,
  workflow_state: Schema.String,
  sub_project_type: Schema.String,
  program: Schema.String,
  client_payout_month: Schema.String,
  rs_payout_month: Schema.String,
  amount: Schema.String,
  payment_remarks: OrNull,
  payment_status: Schema.String,
  payment_date: OrNull,
  utr_number: OrNull,
  /** A paid payout's invoice, downloaded from `file` (§4.6 Download Invoice). */
  invoice_data: Schema.NullOr(
    Schema.Struct({ id: InvoiceId, invoice_no: Schema.String, file: Schema.String }),
  ),
});
export type PayoutRow = typeof PayoutRow.Type;

/** §3 payout list response. */
export const PayoutPage = Schema.Struct({
  results: Schema.Array(PayoutRow),
  count: Schema.Number,
  previous: Schema.NullOr(Schema.String),
  next: Schema.NullOr(Schema.String),
  current_page_number: Schema.Number,
  page_size: Schema.Number,
});
export type PayoutPage = typeof PayoutPage.Type;

/** The list's orderings: a column, newest or oldest first. */
export const PAYOUT_ORDERINGS = [
  "rs_payout_month",
  "-rs_payout_month",
  "client_payout_month",
  "-client_payout_month",
  "amount",
  "-amount",
  "payment_date",
  "-payment_date",
] as const;
export type PayoutOrdering = (typeof PAYOUT_ORDERINGS)[number];

/** The list's ordering for a data table column's sort; a column the list cannot order by is no order. */
export function payoutOrdering(sort: Sort): PayoutOrdering | null {
  if (!sort) return null;
  const ordering = `${sort.direction === "desc" ? "-" : ""}${sort.key}`;
  return (PAYOUT_ORDERINGS as readonly string[]).includes(ordering) ? (ordering as PayoutOrdering) : null;
}

const Filter = Text(MAX_QUERY_TEXT_LENGTH);
/** The payout list's query (§7): the three filters, search (RSID, UTR or program) and ordering. */
export const PayoutQuery = Schema.Struct({
  program: Schema.optionalKey(Listed(Filter)),
  client_payout_month: Schema.optionalKey(Listed(Filter)),
  rs_payout_month: Schema.optionalKey(Listed(Filter)),
  search: Schema.optionalKey(Filter),
  ordering: Schema.optionalKey(Schema.Literals(PAYOUT_ORDERINGS)),
});
export type PayoutQuery = typeof PayoutQuery.Type;

/** The three filters and their query keys (§2.3, §7 filter options objects). */
export const PAYOUT_FILTERS = [
  { key: "program", label: "Program Name", object: "programs" },
  {
    key: "client_payout_month",
    label: "Client payout cycle",
    object: "workflow_object_client_payout_months",
  },
  { key: "rs_payout_month", label: "RS Payout cycle", object: "workflow_object_rs_payout_months" },
] as const;
export type PayoutFilterKey = (typeof PAYOUT_FILTERS)[number]["key"];

/** §7 filter options of the payout list (the multi-object lookup's objects): each object's values. */
export type PayoutFilterOptions = Readonly<
  Record<(typeof PAYOUT_FILTERS)[number]["object"], readonly string[]>
>;

/** §2.3 latest transaction details, as the table's columns name them. */
export const TransactionDetails = Schema.Struct({
  date_of_payment: Schema.String,
  base_value: Schema.String,
  invoice_value_incl_gst: Schema.String,
  tds_amt: Schema.String,
  paid_amt: Schema.String,
  status: Schema.String,
  cms_number: OrNull,
  remarks: OrNull,
});
export type TransactionDetails = typeof TransactionDetails.Type;
export const LatestTransaction = Schema.Struct({
  latest_transaction_details: Schema.NullOr(TransactionDetails),
});
export const TRANSACTION_COLUMNS = [
  "date_of_payment",
  "base_value",
  "invoice_value_incl_gst",
  "tds_amt",
  "paid_amt",
  "status",
  "cms_number",
  "remarks",
] as const;

/** One payout cycle of a sub-project (the cycle page): targets, plotted and paid. */
export const CycleSummary = Schema.Struct({
  rs_payout_month: Schema.String,
  client_payout_month: Schema.String,
  outlets: Schema.Number,
  target_amount: Schema.String,
  plotted_count: Schema.Number,
  plotted_amount: Schema.String,
  paid_count: Schema.Number,
  paid_amount: Schema.String,
});
export type CycleSummary = typeof CycleSummary.Type;
export const CyclePage = Schema.Struct({
  project: Schema.Struct({ name: Schema.String, slug: Schema.String }),
  sub_project: Schema.Struct({ name: Schema.String, slug: Schema.String, type: Schema.String }),
  targets: Schema.Struct({ outlets: Schema.Number, target_amount: Schema.String }),
  cycles: Schema.Array(CycleSummary),
});
export type CyclePage = typeof CyclePage.Type;

/** The client portal's payout page: the client's own payout sub-projects with their totals. */
export const ClientPayoutSubProject = Schema.Struct({
  name: Schema.String,
  slug: Schema.String,
  type: Schema.String,
  plotted_count: Schema.Number,
  plotted_amount: Schema.String,
  paid_count: Schema.Number,
  paid_amount: Schema.String,
});
export const ClientPayout = Schema.Struct({
  project: Schema.Struct({ name: Schema.String, slug: Schema.String }),
  sub_projects: Schema.Array(ClientPayoutSubProject),
});
export type ClientPayout = typeof ClientPayout.Type;
