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

/** The values a filter drawer applies: checked options per list, date ranges, switched-on toggles. */
export type FilterValues = {
  readonly lists: Readonly<Record<string, readonly string[]>>;
  readonly ranges: Readonly<Record<string, DateRange>>;
  readonly toggles: Readonly<Record<string, boolean>>;
};
export const EMPTY_FILTERS: FilterValues = { lists: {}, ranges: {}, toggles: {} };

/** Which filter keys are lists, date ranges and toggles, to read filters back from a URL query. */
export type FilterKinds = {
  readonly lists: readonly string[];
  readonly ranges: readonly string[];
  readonly toggles: readonly string[];
};

/** One applied filter as a removable chip: a checked option, a date range or a toggle. */
export type FilterChip =
  | { readonly kind: "list"; readonly key: string; readonly value: string }
  | { readonly kind: "range"; readonly key: string; readonly range: DateRange }
  | { readonly kind: "toggle"; readonly key: string };

/** Whether a date range narrows anything: a range with neither end set is not applied. */
export const isRangeSet = (range: DateRange | undefined): range is DateRange =>
  range !== undefined && (range.from !== null || range.to !== null);

/** Every applied filter, in drawer order of kinds: options, then ranges, then toggles. */
export function appliedFilterChips(values: FilterValues): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const [key, chosen] of Object.entries(values.lists)) {
    for (const value of chosen) chips.push({ kind: "list", key, value });
  }
  for (const [key, range] of Object.entries(values.ranges)) {
    if (isRangeSet(range)) chips.push({ kind: "range", key, range });
  }
  for (const [key, on] of Object.entries(values.toggles)) if (on) chips.push({ kind: "toggle", key });
  return chips;
}

/** How many filters are applied: the count the Filters button shows. */
export const appliedFilterCount = (values: FilterValues): number => appliedFilterChips(values).length;

/** The filters without one chip. */
export function withoutChip(values: FilterValues, chip: FilterChip): FilterValues {
  switch (chip.kind) {
    case "list":
      return {
        ...values,
        lists: {
          ...values.lists,
          [chip.key]: (values.lists[chip.key] ?? []).filter((v) => v !== chip.value),
        },
      };
    case "range": {
      const { [chip.key]: _removed, ...ranges } = values.ranges;
      return { ...values, ranges };
    }
    case "toggle":
      return { ...values, toggles: { ...values.toggles, [chip.key]: false } };
  }
}

/** A chip's words: "Status: QC Pending", "Created: 2026-11-22 to 2026-11-23", or the toggle's label. */
export function chipText(
  chip: FilterChip,
  filterLabel: string,
  optionLabel: (value: string) => string,
): string {
  switch (chip.kind) {
    case "list":
      return `${filterLabel}: ${optionLabel(chip.value)}`;
    case "range": {
      const { from, to } = chip.range;
      if (from && to) return `${filterLabel}: ${from} to ${to}`;
      return from ? `${filterLabel}: from ${from}` : `${filterLabel}: until ${to}`;
    }
    case "toggle":
      return filterLabel;
  }
}

/**
 * Applied filters as URL query parameters, named as the listing API takes them (lists repeated,
 * ranges as `{key}_from` and `{key}_to`, toggles as `true`), so a list's address can be shared.
 */
export function filterValuesToParams(values: FilterValues): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, chosen] of Object.entries(values.lists)) for (const v of chosen) out.push([key, v]);
  for (const [key, range] of Object.entries(values.ranges)) {
    if (range.from) out.push([`${key}_from`, range.from]);
    if (range.to) out.push([`${key}_to`, range.to]);
  }
  for (const [key, on] of Object.entries(values.toggles)) if (on) out.push([key, "true"]);
  return out;
}

/** Reads applied filters back from a URL query; keys that are not filters are left alone. */
export function filterValuesFromParams(params: URLSearchParams, kinds: FilterKinds): FilterValues {
  const lists: Record<string, readonly string[]> = {};
  for (const key of kinds.lists) {
    const chosen = [...new Set(params.getAll(key).filter((v) => v !== ""))];
    if (chosen.length > 0) lists[key] = chosen;
  }
  const ranges: Record<string, DateRange> = {};
  for (const key of kinds.ranges) {
    const range = { from: params.get(`${key}_from`) || null, to: params.get(`${key}_to`) || null };
    if (isRangeSet(range)) ranges[key] = range;
  }
  const toggles: Record<string, boolean> = {};
  for (const key of kinds.toggles) if (params.get(key) === "true") toggles[key] = true;
  return { lists, ranges, toggles };
}

/** Every URL query key the filters of these kinds may use. */
export const filterParamKeys = (kinds: FilterKinds): string[] => [
  ...kinds.lists,
  ...kinds.ranges.flatMap((k) => [`${k}_from`, `${k}_to`]),
  ...kinds.toggles,
];
