/**
 * The two collected-bills lists' filters (spec 000 §2.4, §5; 001 §3): the bills list by outlet
 * (project, sub-project, status, search) and the invoices list (sub-project, status, the invoice
 * date range held to the 30-day rule, search). The drawer keeps its filters as FilterValues; these
 * rules turn them into the lists' API queries and say, before any call, when a range breaks the rule.
 */
import { Schema } from "effect";
import { type FilterValues, INVOICE_RANGE_ALERT, isWithinInvoiceLimit } from "../shared/filters";
import { formatDate, isIsoDate, parseIsoDate } from "../shared/format";
import { BILL_STATUSES, type BillStatus } from "./invoices";

/** 000 §5: "Dates are formatted YYYY-MM-DD." A date written otherwise is refused with these words. */
export const DATE_FORMAT_ALERT = "Write the date as YYYY-MM-DD.";

/**
 * What is wrong with an invoice date range, by the API's field names: a date not written
 * YYYY-MM-DD, or a To beyond 30 days of From (000 §5). The server refuses with these; the screen
 * checks the same before it calls.
 */
export function invoiceRangeErrors(
  from: string | undefined,
  to: string | undefined,
): { invoice_date_after?: string[]; invoice_date_before?: string[] } {
  const bad: { invoice_date_after?: string[]; invoice_date_before?: string[] } = {};
  if (from !== undefined && !isIsoDate(from)) bad.invoice_date_after = [DATE_FORMAT_ALERT];
  if (to !== undefined && !isIsoDate(to)) bad.invoice_date_before = [DATE_FORMAT_ALERT];
  if (!bad.invoice_date_after && !bad.invoice_date_before && from && to && !isWithinInvoiceLimit(from, to))
    bad.invoice_date_before = [INVOICE_RANGE_ALERT];
  return bad;
}

/** The filter keys, as the address keeps them (the range as `invoice_date_from` / `invoice_date_to`). */
export const BILL_FILTER = {
  project: "project",
  subProject: "sub_project",
  status: "status",
  invoiceDate: "invoice_date",
} as const;

/** How a status reads in the drawer, on a chip and in a row. */
export const BILL_STATUS_LABELS: Readonly<Record<BillStatus, string>> = {
  pending: "Pending",
  complete: "Complete",
};

/** The status options of both lists' drawers, as the drawer takes options. */
export const BILL_STATUS_OPTIONS: readonly { readonly label: string; readonly value: string }[] =
  BILL_STATUSES.map((s) => ({ label: BILL_STATUS_LABELS[s], value: s }));

/** One project or sub-project the caller may filter by: its slug and its name. */
export const BillFilterOption = Schema.Struct({ slug: Schema.String, name: Schema.String });
export type BillFilterOption = typeof BillFilterOption.Type;

/** The projects and sub-projects with collected invoices the caller sees, by name. */
export const BillFilterOptions = Schema.Struct({
  project: Schema.Array(BillFilterOption),
  sub_project: Schema.Array(BillFilterOption),
});
export type BillFilterOptions = typeof BillFilterOptions.Type;

/**
 * The status the API is asked for: the one status ticked. Both ticked, or none, narrows nothing
 * (every outlet has pending invoices or none), so no status is sent.
 */
export function billStatusParam(values: FilterValues): BillStatus | undefined {
  const ticked = (values.lists[BILL_FILTER.status] ?? []).filter((s): s is BillStatus =>
    (BILL_STATUSES as readonly string[]).includes(s),
  );
  return ticked.length === 1 ? ticked[0] : undefined;
}

const listed = (values: FilterValues, key: string): readonly string[] | undefined => {
  const chosen = values.lists[key] ?? [];
  return chosen.length > 0 ? chosen : undefined;
};

export type CollectedBillsQuery = {
  project?: readonly string[];
  sub_project?: readonly string[];
  status?: BillStatus;
  search?: string;
};

/** The bills list's query from the applied filters and the table's search. */
export function collectedBillsQuery(values: FilterValues, search: string): CollectedBillsQuery {
  const project = listed(values, BILL_FILTER.project);
  const subProject = listed(values, BILL_FILTER.subProject);
  const status = billStatusParam(values);
  return {
    ...(project ? { project } : {}),
    ...(subProject ? { sub_project: subProject } : {}),
    ...(status ? { status } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
  };
}

export type InvoiceListQuery = {
  sub_project?: readonly string[];
  status?: BillStatus;
  invoice_date_after?: string;
  invoice_date_before?: string;
  search?: string;
};

/**
 * The invoices list's query, or why it cannot be asked: a range whose dates are not YYYY-MM-DD, or
 * whose To lies beyond 30 days of From (an address typed or shared by hand; the drawer refuses such
 * a To itself), gets the alert the server would give, and no call is made.
 */
export function invoiceListQuery(
  values: FilterValues,
  search: string,
): { ok: true; query: InvoiceListQuery } | { ok: false; alert: string } {
  const range = values.ranges[BILL_FILTER.invoiceDate];
  const from = range?.from ?? undefined;
  const to = range?.to ?? undefined;
  const bad = invoiceRangeErrors(from, to);
  const alert = bad.invoice_date_after?.[0] ?? bad.invoice_date_before?.[0];
  if (alert) return { ok: false, alert };
  const subProject = listed(values, BILL_FILTER.subProject);
  const status = billStatusParam(values);
  return {
    ok: true,
    query: {
      ...(subProject ? { sub_project: subProject } : {}),
      ...(status ? { status } : {}),
      ...(from ? { invoice_date_after: from } : {}),
      ...(to ? { invoice_date_before: to } : {}),
      ...(search.trim() ? { search: search.trim() } : {}),
    },
  };
}

/** An invoice date as the lists show dates (000 §9: "Nov 22, 2026"); no date reads "Not given". */
export function invoiceDateText(iso: string | null): string {
  const d = iso === null ? null : parseIsoDate(iso);
  return d ? formatDate(d.year, d.month, d.day) : "Not given";
}
