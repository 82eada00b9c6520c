/** Filter drawer rules (spec 000 §2.4, §3, §5, §9). */
import { daysBetween, shiftIsoDate } from "./format";

export const FILTER_DRAWER_WIDTH_PX = 309;
export const FILTER_LIST_MAX_HEIGHT_PX = 600;
export const DATE_FILTER_MAX_HEIGHT_PX = 300;
export const DATE_RANGE_LIMIT_DAYS = 30;
export const INVOICE_RANGE_ALERT = "To Date must be within 30 days of From Date";

export type DateRange = { readonly from: string | null; readonly to: string | null };

/** Which keys of an option give its label and its value (label default name; value default id, rsid for RSID). */
export function optionKeys(
  filterKey: string,
  labelKey?: string,
  valueKey?: string,
): { label: string; value: string } {
  return {
    label: labelKey ?? "name",
    value: valueKey ?? (filterKey === "workflow_object__outlet__rsid" ? "rsid" : "id"),
  };
}

export type FilterOptionShape = { readonly label: string; readonly value: string };

/** Options as the API sends them (any objects) turned into label and value by the filter's keys. */
export function toFilterOptions(
  filterKey: string,
  raw: readonly Record<string, unknown>[],
  labelKey?: string,
  valueKey?: string,
): FilterOptionShape[] {
  const keys = optionKeys(filterKey, labelKey, valueKey);
  return raw
    .filter((o) => o[keys.value] !== undefined && o[keys.value] !== null)
    .map((o) => ({ label: String(o[keys.label] ?? o[keys.value]), value: String(o[keys.value]) }));
}

/** The date picker's default range: yesterday through today. */
export function defaultDateRange(today: string): DateRange {
  return { from: shiftIsoDate(today, -1), to: today };
}

/** Whether `to` lies on or after `from` and within the 30-day limit. */
export function isWithinInvoiceLimit(from: string, to: string): boolean {
  const days = daysBetween(from, to);
  return days !== null && days >= 0 && days <= DATE_RANGE_LIMIT_DAYS;
}

/** A new From date keeps To only when To is still within 30 days of it. */
export function chooseInvoiceFrom(range: DateRange, from: string): DateRange {
  return { from, to: range.to && isWithinInvoiceLimit(from, range.to) ? range.to : null };
}

/** A new To date is taken only within the limit; otherwise the range stays and the alert shows. */
export function chooseInvoiceTo(range: DateRange, to: string): { range: DateRange; alert: string | null } {
  if (range.from && !isWithinInvoiceLimit(range.from, to)) return { range, alert: INVOICE_RANGE_ALERT };
  return { range: { ...range, to }, alert: null };
}
