/**
 * The bills list (/dashboard/collected-bills-list, docs/invoices.md): one row per outlet with
 * collected invoices, its total and pending counts (001 §3 total_no_of_invoice_pending), filtered
 * by project, sub-project and status and searched on RSID or name; a row opens the outlet's review.
 * Its page, size, search and filters live in the address. Nothing here edits.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import { Link, useLocation } from "wouter";
import { collectedBillsQuery } from "../../domain/invoices/invoiceLists";
import { billImagesPath, type CollectedBillRow } from "../../domain/invoices/invoices";
import { stateLabel } from "../../domain/outlets/outletStates";
import { collectedBillsQuery as billsPageQuery } from "../../infra/api/invoiceLists";
import { Badge } from "../widgets/Controls";
import DataTable, { type Column } from "../widgets/DataTable";
import FilterDrawer from "../widgets/FilterDrawer";
import {
  BILLS_FILTER_KINDS,
  BILLS_FILTERS,
  billOptionsLoader,
  FilterChips,
  FiltersButton,
  INVOICES_LIST_PATH,
  OtherList,
  outletPath,
} from "./listParts";
import { useFilteredList } from "./useFilteredList";

const TITLE = "Collected bills";

const COLUMNS: readonly Column<CollectedBillRow>[] = [
  {
    key: "rsid",
    header: "RSID",
    render: (r) => (
      <Link href={outletPath(r.outlet_slug)} onClick={(e) => e.stopPropagation()}>
        {r.rsid}
      </Link>
    ),
  },
  { key: "outlet_name", header: "Outlet name" },
  { key: "project", header: "Project" },
  { key: "sub_project", header: "Sub-project" },
  {
    key: "workflow_state",
    header: "Outlet status",
    render: (r) => <Badge>{stateLabel(r.workflow_state)}</Badge>,
  },
  { key: "total_invoices", header: "Invoices" },
  { key: "total_no_of_invoice_pending", header: "Pending invoices" },
  {
    key: "images",
    header: "Bill images",
    render: (r) => (
      // The viewer opens beside the list, as it does from the outlet's Collected Bills (001 §2.3).
      <a
        href={billImagesPath(r.workflow_object)}
        target="_blank"
        rel="noreferrer"
        aria-label={`Bill images of ${r.rsid}`}
        onClick={(e) => e.stopPropagation()}
      >
        Images
      </a>
    ),
  },
];

export default function CollectedBillsListScreen() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const loadOptions = useMemo(() => billOptionsLoader(queryClient), [queryClient]);
  const { table, drawer, applied, removeChip } = useFilteredList(BILLS_FILTER_KINDS, loadOptions);
  const { page, pageSize, search } = useSelector(table, (s) => s.context);
  const rows = useQuery({
    ...billsPageQuery(collectedBillsQuery(applied, search), { page, pageSize }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="page outlet-list">
      <header className="outlet-list-header">
        <h1>{TITLE}</h1>
        <div className="outlet-list-actions">
          <FiltersButton applied={applied} onOpen={() => drawer.send({ type: "drawer.open" })} />
        </div>
      </header>
      <OtherList to={INVOICES_LIST_PATH} label="Invoices, one row each" />
      <FilterChips applied={applied} filters={BILLS_FILTERS} onRemove={removeChip} />
      {rows.isError && (
        <p role="alert" className="notice">
          The collected bills could not be loaded.
        </p>
      )}
      <DataTable
        actor={table}
        caption={TITLE}
        columns={COLUMNS}
        rows={rows.data?.results ?? []}
        loading={rows.isPending}
        total={rows.data?.count ?? 0}
        rowId={(r) => String(r.workflow_object)}
        onRowClick={(r) => navigate(outletPath(r.outlet_slug))}
        showRecordCount
      />
      <FilterDrawer actor={drawer} filters={BILLS_FILTERS} />
    </div>
  );
}
