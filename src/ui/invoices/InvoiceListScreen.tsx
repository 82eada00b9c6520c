/**
 * The invoices list (/dashboard/invoices, docs/invoices.md): one row per invoice, newest invoice
 * date first, filtered by sub-project, status and the invoice date range, searched on the outlet's
 * RSID or name; a row opens its outlet's review. A range whose To lies beyond 30 days of From
 * (000 §2.4, §5) is refused in the drawer, and one read from a hand-written address shows the same
 * alert and asks the server nothing. Its page, size, search and filters live in the address.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import { Link, useLocation } from "wouter";
import { BILL_STATUS_LABELS, invoiceDateText, invoiceListQuery } from "../../domain/invoices/invoiceLists";
import type { InvoiceListRow } from "../../domain/invoices/invoices";
import { invoiceListQuery as invoicePageQuery } from "../../infra/api/invoiceLists";
import { isApiError } from "../../infra/http";
import { Badge } from "../widgets/Controls";
import DataTable, { type Column } from "../widgets/DataTable";
import FilterDrawer from "../widgets/FilterDrawer";
import {
  BILLS_LIST_PATH,
  billOptionsLoader,
  FilterChips,
  FiltersButton,
  INVOICE_FILTER_KINDS,
  INVOICE_FILTERS,
  OtherList,
  outletPath,
} from "./listParts";
import { useFilteredList } from "./useFilteredList";

const TITLE = "Invoices";

const COLUMNS: readonly Column<InvoiceListRow>[] = [
  { key: "invoice_date", header: "Invoice date", render: (r) => invoiceDateText(r.invoice_date) },
  { key: "invoice_no", header: "Invoice number" },
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
  { key: "sub_project", header: "Sub-project" },
  {
    key: "is_complete",
    header: "Status",
    render: (r) => <Badge>{BILL_STATUS_LABELS[r.is_complete ? "complete" : "pending"]}</Badge>,
  },
  { key: "images", header: "Images" },
];

/** The server's words for a refused page (the range rule's own), or none. */
function refusalText(error: unknown): string {
  if (!isApiError(error) || !("body" in error) || typeof error.body !== "object" || error.body === null)
    return "";
  return Object.values(error.body)
    .flat()
    .filter((m): m is string => typeof m === "string")
    .join(" ");
}

export default function InvoiceListScreen() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const loadOptions = useMemo(() => billOptionsLoader(queryClient), [queryClient]);
  const { table, drawer, applied, removeChip } = useFilteredList(INVOICE_FILTER_KINDS, loadOptions);
  const { page, pageSize, search } = useSelector(table, (s) => s.context);
  const asked = invoiceListQuery(applied, search);
  const rows = useQuery({
    ...invoicePageQuery(asked.ok ? asked.query : {}, { page, pageSize }),
    placeholderData: keepPreviousData,
    enabled: asked.ok,
  });
  const refused = refusalText(rows.error);
  return (
    <div className="page outlet-list">
      <header className="outlet-list-header">
        <h1>{TITLE}</h1>
        <div className="outlet-list-actions">
          <FiltersButton applied={applied} onOpen={() => drawer.send({ type: "drawer.open" })} />
        </div>
      </header>
      <OtherList to={BILLS_LIST_PATH} label="Collected bills, one row per outlet" />
      <FilterChips applied={applied} filters={INVOICE_FILTERS} onRemove={removeChip} />
      {!asked.ok && (
        <p role="alert" className="notice">
          {asked.alert}
        </p>
      )}
      {asked.ok && rows.isError && (
        <p role="alert" className="notice">
          {refused || "The invoices could not be loaded."}
        </p>
      )}
      <DataTable
        actor={table}
        caption={TITLE}
        columns={COLUMNS}
        rows={asked.ok ? (rows.data?.results ?? []) : []}
        loading={asked.ok && rows.isPending}
        total={asked.ok ? (rows.data?.count ?? 0) : 0}
        rowId={(r) => String(r.id)}
        onRowClick={(r) => navigate(outletPath(r.outlet_slug))}
        showRecordCount
      />
      <FilterDrawer actor={drawer} filters={INVOICE_FILTERS} />
    </div>
  );
}
