/** The filter drawer of an outlet list: status, place, auditor, program, RSID, dates, invoice dates. */

import { RSID_FILTER } from "../../domain/outlets/outletListing";
import type { FilterKinds } from "../../domain/shared/filters";
import type { FilterDefinition } from "../widgets/FilterDrawer";

export const OUTLET_FILTERS: readonly FilterDefinition[] = [
  { key: "status", label: "Status", kind: "list" },
  { key: "region", label: "Region", kind: "list" },
  { key: "city", label: "City", kind: "list" },
  { key: "auditor", label: "Auditor", kind: "list" },
  { key: "program", label: "Program", kind: "list" },
  { key: RSID_FILTER, label: "RSID", kind: "list" },
  { key: "created", label: "Created", kind: "dateRange" },
  { key: "invoice_date", label: "Invoice date", kind: "invoiceRange" },
  { key: "show_only_special_action_states", label: "Only states with special actions", kind: "toggle" },
];

/** Which keys of a drawer's filters are lists, date ranges and toggles. */
export function filterKinds(filters: readonly FilterDefinition[]): FilterKinds {
  const keys = (test: (f: FilterDefinition) => boolean) => filters.filter(test).map((f) => f.key);
  return {
    lists: keys((f) => f.kind === "list"),
    ranges: keys((f) => f.kind === "dateRange" || f.kind === "invoiceRange"),
    toggles: keys((f) => f.kind === "toggle"),
  };
}

export const OUTLET_FILTER_KINDS = filterKinds(OUTLET_FILTERS);
