/**
 * An outlet list (spec 000 §2.3-§2.5, §7.5): the data table, the filter drawer with the applied
 * filters as chips, selection across pages and Update Status; a row opens its outlet. The list's
 * lifecycle is the outletList machine; this view reads it and sends it what the user and the
 * server do.
 */
import {
  keepPreviousData,
  partialMatchKey,
  type QueryClient,
  QueryObserver,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { type ReactNode, useMemo } from "react";
import { Link, useLocation, useParams } from "wouter";
import { fromCallback, fromPromise } from "xstate";
import type { ActionsConfigResponse } from "../../domain/outlets/actionsConfig";
import { bulkOutletOf, type ListedOutlet, outletListingQuery } from "../../domain/outlets/outletListing";
import { stateLabel } from "../../domain/outlets/outletStates";
import {
  appliedFilterChips,
  appliedFilterCount,
  chipText,
  filterValuesToParams,
  toFilterOptions,
} from "../../domain/shared/filters";
import { tableQueryToParams } from "../../domain/shared/table";
import {
  actionsConfigQuery,
  filterOptionsQuery,
  listScopeQuery,
  outletKeys,
  outletListQuery,
} from "../../infra/api/outlets";
import { errorStatus, isApiError } from "../../infra/http";
import type { OutletListEffects, OutletListEvent } from "../../machines/outlets/outletList";
import type { FilterOption } from "../../machines/shared/filterDrawer";
import NotFound from "../errors/NotFound";
import { isBuiltPath } from "../routes/allBuilt";
import { Badge } from "../widgets/Controls";
import DataTable, { type Column } from "../widgets/DataTable";
import FilterDrawer from "../widgets/FilterDrawer";
import type { ModalActor } from "../widgets/Modal";
import BulkStatusModal from "./BulkStatusModal";
import { bulkStatusActors } from "./bulkStatusActors";
import { displayDate } from "./dates";
import type { ListScope } from "./listScopes";
import { OUTLET_FILTER_KINDS, OUTLET_FILTERS } from "./outletFilterDefinitions";
import { useOutletList } from "./useOutletList";
import "./outlets.css";

/** The list's columns; the RSID is a link to the outlet, so it opens in a new tab too. */
const columnsOpening = (viewOf: (o: ListedOutlet) => string): readonly Column<ListedOutlet>[] => [
  {
    key: "rsid",
    header: "RSID",
    sortable: true,
    render: (o) => (
      <Link href={viewOf(o)} onClick={(e) => e.stopPropagation()}>
        {o.rsid}
      </Link>
    ),
  },
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

const FILTER_LABELS = new Map(OUTLET_FILTERS.map((f) => [f.key, f.label]));

/** The outlets of a page of the list as React Query holds it. */
const pageRows = (data: unknown) =>
  ((data as { results: readonly ListedOutlet[] } | undefined)?.results ?? []).map(bulkOutletOf);

/**
 * What the list machine hears of the screen's reads: every page of outlets read (those already held
 * first), and the actions config, read here for it.
 */
function listReads(queryClient: QueryClient) {
  return fromCallback(({ sendBack }) => {
    const pages = outletKeys.lists;
    const cache = queryClient.getQueryCache();
    const rowsLoaded = (data: unknown) =>
      sendBack({ type: "rows.loaded", rows: pageRows(data) } satisfies OutletListEvent);
    for (const query of cache.findAll({ queryKey: pages }))
      if (query.state.data) rowsLoaded(query.state.data);
    const stopRows = cache.subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "success") return;
      if (partialMatchKey(event.query.queryKey, pages)) rowsLoaded(event.query.state.data);
    });
    // The observer reads the config when it is missing or stale; one already held is told at once.
    const observer = new QueryObserver(queryClient, actionsConfigQuery());
    let config: unknown;
    const configLoaded = (data: ActionsConfigResponse | undefined) => {
      if (!data || data === config) return;
      config = data;
      sendBack({ type: "config.loaded", config: data } satisfies OutletListEvent);
    };
    const stopConfig = observer.subscribe((result) => configLoaded(result.data));
    configLoaded(observer.getCurrentResult().data);
    return () => {
      stopRows();
      stopConfig();
    };
  });
}

/** The list's side effects: options and chain from the API, the save, and the refresh after it. */
export function outletListEffects(queryClient: QueryClient, scopeQuery: string): OutletListEffects {
  return {
    reads: listReads(queryClient),
    loadOptions: fromPromise<Record<string, readonly FilterOption[]>>(async () => {
      const raw = await queryClient.fetchQuery(filterOptionsQuery(scopeQuery));
      return Object.fromEntries(Object.entries(raw).map(([key, list]) => [key, toFilterOptions(key, list)]));
    }),
    loadChain: bulkStatusActors.loadChain,
    saveStatus: bulkStatusActors.saveStatus,
    outletsChanged: () => void queryClient.invalidateQueries({ queryKey: outletKeys.all }),
  };
}

export default function OutletListScreen({ scope, children }: { scope: ListScope; children?: ReactNode }) {
  const route = useParams<Record<string, string | undefined>>();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const scopeParams = scope.params(route);
  const scopeQuery = new URLSearchParams(scopeParams).toString();
  const viewBase = scope.viewBase(route);
  const links = (scope.links?.(route) ?? []).filter((l) => isBuiltPath(l.path));
  const viewOf = (o: ListedOutlet) => `${viewBase}/${encodeURIComponent(o.slug)}`;
  const columns = useMemo(
    () => columnsOpening((o) => `${viewBase}/${encodeURIComponent(o.slug)}`),
    [viewBase],
  );
  const effects = useMemo(() => outletListEffects(queryClient, scopeQuery), [queryClient, scopeQuery]);
  const list = useOutletList(effects, OUTLET_FILTER_KINDS);
  const { view, applied } = useSelector(list, (s) => s.context);
  const canUpdate = useSelector(list, (s) => s.can({ type: "status.open" }));
  const updating = useSelector(list, (s) => s.hasTag("updating"));
  const table = useSelector(list, (s) => s.children.table);
  const drawer = useSelector(list, (s) => s.children.filters);
  const modal = useSelector(list, (s) => s.children.modal);
  const bulkStatus = useSelector(list, (s) => s.children.bulkStatus);

  const names = useQuery({ ...listScopeQuery(scopeQuery), enabled: scopeParams.length > 0 });
  const query = outletListingQuery(
    [
      ...scopeParams,
      ...filterValuesToParams(applied),
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
  // A scoped list asks for its rows once the server has said the scope is the caller's to see.
  const scopeKnown = scopeParams.length === 0 || names.isSuccess;
  const rows = useQuery({
    ...outletListQuery(query),
    placeholderData: keepPreviousData,
    enabled: scopeKnown,
  });
  // The options name the chips' values; asked for only when filters are applied (the drawer shares them).
  const filterCount = appliedFilterCount(applied);
  const options = useQuery({ ...filterOptionsQuery(scopeQuery), enabled: scopeKnown && filterCount > 0 });
  const years = useMemo(() => {
    const now = new Date().getFullYear();
    return [now - 1, now, now + 1];
  }, []);

  const notVisible = names.isError && isApiError(names.error) && errorStatus(names.error) === 404;
  if (notVisible) return <NotFound />;

  const title = scope.title(names.data ?? null);
  const chips = appliedFilterChips(applied);
  const optionLabel = (key: string) => (value: string) => {
    const raw = options.data?.[key];
    const found = raw ? toFilterOptions(key, raw).find((o) => o.value === value) : undefined;
    return found?.label ?? (key === "status" ? stateLabel(value) : value);
  };

  return (
    <div className="page outlet-list">
      <header className="outlet-list-header">
        <h1>{title}</h1>
        <div className="outlet-list-actions">
          <button
            type="button"
            className="button button-secondary"
            aria-label={filterCount > 0 ? `Filters, ${filterCount} applied` : "Filters"}
            onClick={() => list.send({ type: "filters.open" })}
          >
            Filters
            {filterCount > 0 && (
              <span className="badge filter-count" aria-hidden="true">
                {filterCount}
              </span>
            )}
          </button>
          <button
            type="button"
            className="button"
            disabled={!canUpdate}
            onClick={() => list.send({ type: "status.open" })}
          >
            Update Status
          </button>
        </div>
      </header>
      {children}
      {links.length > 0 && (
        <nav className="related-links" aria-label="Beside the outlets">
          {links.map((l) => (
            <Link key={l.path} href={l.path}>
              {l.label}
            </Link>
          ))}
        </nav>
      )}
      {chips.length > 0 && (
        <ul className="filter-chips" aria-label="Applied filters">
          {chips.map((chip) => {
            const text = chipText(chip, FILTER_LABELS.get(chip.key) ?? chip.key, optionLabel(chip.key));
            return (
              <li key={`${chip.key}:${chip.kind === "list" ? chip.value : ""}`} className="filter-chip">
                <span>{text}</span>
                <button
                  type="button"
                  aria-label={`Remove filter ${text}`}
                  onClick={() => list.send({ type: "chip.remove", chip })}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {rows.isError && (
        <p role="alert" className="notice">
          The outlets could not be loaded.
        </p>
      )}
      {table && (
        <DataTable
          actor={table}
          caption={title}
          columns={columns}
          rows={rows.data?.results ?? []}
          loading={rows.isPending}
          total={rows.data?.count ?? 0}
          estimate={rows.data && { estimated: rows.data.count_is_estimate, hasNext: rows.data.next !== null }}
          rowId={(o) => String(o.id)}
          onRowClick={(o) => navigate(viewOf(o))}
          selectable
          showRecordCount
        />
      )}
      {drawer && <FilterDrawer actor={drawer} filters={OUTLET_FILTERS} />}
      {updating && modal && bulkStatus && (
        <BulkStatusModal modal={modal as ModalActor} actor={bulkStatus} years={years} />
      )}
    </div>
  );
}
