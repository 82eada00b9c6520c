/**
 * An outlet list (spec 000 §2.3-§2.5, §7.5): the data table with its URL state, the filter drawer,
 * selection across pages and Update Status; a row opens its outlet.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useMemo, useRef, useState } from "react";
import { useLocation, useParams } from "wouter";
import { fromPromise } from "xstate";
import type { BulkOutlet } from "../../domain/bulkUpdate";
import { toFilterOptions } from "../../domain/filters";
import { filterParams, type ListedOutlet, outletListingQuery } from "../../domain/outletListing";
import { stateLabel } from "../../domain/outletStates";
import { tableQueryToParams } from "../../domain/table";
import {
  actionsConfigQuery,
  outletFilterOptions,
  outletKeys,
  outletListQuery,
} from "../../infra/api/outlets";
import { runApi } from "../../infra/http";
import {
  EMPTY_FILTERS,
  type FilterOption,
  type FilterValues,
  filterDrawerMachine,
} from "../../machines/filterDrawer";
import { modalMachine } from "../../machines/modal";
import { Badge } from "../widgets/Controls";
import DataTable, { type Column } from "../widgets/DataTable";
import FilterDrawer from "../widgets/FilterDrawer";
import { useDataTable } from "../widgets/useDataTable";
import BulkStatusModal from "./BulkStatusModal";
import { displayDate } from "./dates";
import type { ListScope } from "./listScopes";
import { OUTLET_FILTERS } from "./outletFilterDefinitions";
import "./outlets.css";

const COLUMNS: readonly Column<ListedOutlet>[] = [
  { key: "rsid", header: "RSID", sortable: true },
  { key: "name", header: "Outlet name", sortable: true },
  {
    key: "workflow_state",
    header: "Status",
    sortable: true,
    render: (o) => <Badge>{stateLabel(o.workflow_state)}</Badge>,
  },
  { key: "city", header: "City", sortable: true },
  { key: "region", header: "Region", sortable: true },
  { key: "program", header: "Program", render: (o) => o.program ?? "N/A" },
  { key: "sub_project", header: "Sub-project", render: (o) => o.sub_project.name },
  { key: "created", header: "Created", sortable: true, render: (o) => displayDate(o.created) },
];

const toBulkOutlet = (o: ListedOutlet): BulkOutlet => ({
  id: o.id,
  rsid: o.rsid,
  workflow_state: o.workflow_state,
  subProject: o.sub_project.type,
  version: o.version,
});

export default function OutletListScreen({ scope }: { scope: ListScope }) {
  const route = useParams<Record<string, string | undefined>>();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const table = useDataTable();
  const view = useSelector(table, (s) => s.context);
  const [applied, setApplied] = useState<FilterValues>(EMPTY_FILTERS);
  const scopeParams = scope.params(route);
  const scopeQuery = new URLSearchParams(scopeParams).toString();
  const drawer = useActorRef(
    filterDrawerMachine.provide({
      actors: {
        loadOptions: fromPromise<Record<string, readonly FilterOption[]>>(async () => {
          const raw = await runApi(outletFilterOptions(scopeQuery));
          return Object.fromEntries(
            Object.entries(raw).map(([key, list]) => [key, toFilterOptions(key, list)]),
          );
        }),
      },
      actions: {
        filtersApplied: (_, { values }) => {
          setApplied(values);
          table.send({ type: "page.go", page: 1 });
        },
      },
    }),
    { input: {} },
  );
  const modal = useActorRef(modalMachine, { input: { open: false } });
  const modalState = useSelector(modal, (s) => s.value);
  const [opening, setOpening] = useState(0);

  const query = outletListingQuery(
    [
      ...scopeParams,
      ...filterParams(applied),
      ...Object.entries(
        tableQueryToParams({
          page: view.page,
          pageSize: view.pageSize,
          sort: view.sort,
          search: view.search,
        }),
      ),
    ],
    true,
  );
  const list = useQuery({ ...outletListQuery(query), placeholderData: keepPreviousData });
  const config = useQuery(actionsConfigQuery());
  const seen = useRef(new Map<string, ListedOutlet>());
  for (const row of list.data?.results ?? []) seen.current.set(String(row.id), row);
  const selected = useMemo(
    () => view.selected.flatMap((id) => (seen.current.has(id) ? [toBulkOutlet(seen.current.get(id)!)] : [])),
    [view.selected],
  );
  const years = useMemo(() => {
    const now = new Date().getFullYear();
    return [now - 1, now, now + 1];
  }, []);

  return (
    <div className="page outlet-list">
      <header className="outlet-list-header">
        <h1>{scope.title}</h1>
        <div className="outlet-list-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => drawer.send({ type: "drawer.open" })}
          >
            Filters
          </button>
          <button
            type="button"
            className="button"
            disabled={selected.length === 0 || !config.data}
            onClick={() => {
              setOpening((n) => n + 1);
              modal.send({ type: "modal.open" });
            }}
          >
            Update Status
          </button>
        </div>
      </header>
      {list.isError && (
        <p role="alert" className="notice">
          The outlets could not be loaded.
        </p>
      )}
      <DataTable
        actor={table}
        caption={scope.title}
        columns={COLUMNS}
        rows={list.data?.results ?? []}
        total={list.data?.count ?? 0}
        rowId={(o) => String(o.id)}
        onRowClick={(o) => navigate(`${scope.viewBase(route)}/${encodeURIComponent(o.slug)}`)}
        selectable
        showRecordCount
      />
      <FilterDrawer actor={drawer} filters={OUTLET_FILTERS} />
      {config.data && modalState !== "closed" && (
        <BulkStatusModal
          key={opening}
          modal={modal}
          outlets={selected}
          config={config.data}
          years={years}
          onUpdated={() => {
            table.send({ type: "selection.clear" });
            void queryClient.invalidateQueries({ queryKey: outletKeys.all });
          }}
        />
      )}
    </div>
  );
}
