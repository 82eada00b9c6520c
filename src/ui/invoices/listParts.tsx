/**
 * What the two collected-bills lists share: their filter drawers' definitions, the options loader
 * (projects and sub-projects with invoices, the two statuses), the Filters button with its count,
 * the applied filters as removable chips, and where a row opens its outlet.
 */
import type { QueryClient } from "@tanstack/react-query";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { fromPromise } from "xstate";
import { BILL_FILTER, BILL_STATUS_LABELS, BILL_STATUS_OPTIONS } from "../../domain/invoices/invoiceLists";
import type { BillStatus } from "../../domain/invoices/invoices";
import {
  appliedFilterChips,
  appliedFilterCount,
  chipText,
  type FilterChip,
  type FilterValues,
} from "../../domain/shared/filters";
import { billFilterOptionsQuery } from "../../infra/api/invoiceLists";
import type { FilterOption } from "../../machines/shared/filterDrawer";
import { LIST_SCOPES } from "../outlets/listScopes";
import { filterKinds } from "../outlets/outletFilterDefinitions";
import type { FilterDefinition } from "../widgets/FilterDrawer";
import "../outlets/outlets.css";

export const BILLS_LIST_PATH = "/dashboard/collected-bills-list";
export const INVOICES_LIST_PATH = "/dashboard/invoices";

export const BILLS_FILTERS: readonly FilterDefinition[] = [
  { key: BILL_FILTER.project, label: "Project", kind: "list" },
  { key: BILL_FILTER.subProject, label: "Sub-project", kind: "list" },
  { key: BILL_FILTER.status, label: "Status", kind: "list" },
];
export const BILLS_FILTER_KINDS = filterKinds(BILLS_FILTERS);

export const INVOICE_FILTERS: readonly FilterDefinition[] = [
  { key: BILL_FILTER.subProject, label: "Sub-project", kind: "list" },
  { key: BILL_FILTER.status, label: "Status", kind: "list" },
  { key: BILL_FILTER.invoiceDate, label: "Invoice date", kind: "invoiceRange" },
];
export const INVOICE_FILTER_KINDS = filterKinds(INVOICE_FILTERS);

/** Where a row opens its outlet: the outlet's review screen. */
export const outletPath = (slug: string): string =>
  `${LIST_SCOPES.dashboard.viewBase()}/${encodeURIComponent(slug)}`;

/** The drawer's options: the projects and sub-projects the caller has bills in, and the statuses. */
export const billOptionsLoader = (queryClient: QueryClient) =>
  fromPromise<Record<string, readonly FilterOption[]>>(async () => {
    const options = await queryClient.fetchQuery(billFilterOptionsQuery());
    return {
      [BILL_FILTER.project]: options.project.map((p) => ({ label: p.name, value: p.slug })),
      [BILL_FILTER.subProject]: options.sub_project.map((s) => ({ label: s.name, value: s.slug })),
      [BILL_FILTER.status]: BILL_STATUS_OPTIONS,
    };
  });

/** The Filters button, saying how many filters are applied. */
export function FiltersButton({ applied, onOpen }: { applied: FilterValues; onOpen: () => void }) {
  const count = appliedFilterCount(applied);
  return (
    <button
      type="button"
      className="button button-secondary"
      aria-label={count > 0 ? `Filters, ${count} applied` : "Filters"}
      onClick={onOpen}
    >
      Filters
      {count > 0 && (
        <span className="badge filter-count" aria-hidden="true">
          {count}
        </span>
      )}
    </button>
  );
}

/** The applied filters as chips, each named as its option reads, each with a remove button. */
export function FilterChips({
  applied,
  filters,
  onRemove,
}: {
  applied: FilterValues;
  filters: readonly FilterDefinition[];
  onRemove: (chip: FilterChip) => void;
}) {
  const chips = appliedFilterChips(applied);
  // Projects and sub-projects are named once the options are known (the drawer shares them).
  const options = useQuery({ ...billFilterOptionsQuery(), enabled: chips.length > 0 });
  if (chips.length === 0) return null;
  const labelOf = (key: string) => filters.find((f) => f.key === key)?.label ?? key;
  const optionLabel = (key: string) => (value: string) => {
    if (key === BILL_FILTER.status) return BILL_STATUS_LABELS[value as BillStatus] ?? value;
    const list = key === BILL_FILTER.project ? options.data?.project : options.data?.sub_project;
    return list?.find((o) => o.slug === value)?.name ?? value;
  };
  return (
    <ul className="filter-chips" aria-label="Applied filters">
      {chips.map((chip) => {
        const text = chipText(chip, labelOf(chip.key), optionLabel(chip.key));
        return (
          <li key={`${chip.key}:${chip.kind === "list" ? chip.value : ""}`} className="filter-chip">
            <span>{text}</span>
            <button type="button" aria-label={`Remove filter ${text}`} onClick={() => onRemove(chip)}>
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The other list, one link away. */
export function OtherList({ to, label }: { to: string; label: string }) {
  return (
    <nav className="related-links" aria-label="Collected bills lists">
      <Link href={to}>{label}</Link>
    </nav>
  );
}
