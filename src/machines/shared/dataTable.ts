/**
 * A paginated data table's view (spec 000 §2.5, §9): page, page size, sort, debounced search,
 * selection and the filter panel. The view mirrors page, size, sort and search into the URL.
 */
import { assign, fromCallback, setup } from "xstate";
import {
  DEFAULT_PAGE_SIZE,
  nextSort,
  SEARCH_DEBOUNCE_MS,
  type Sort,
  type TableQuery,
} from "../../domain/shared/table";

export type DataTableEvent =
  | { type: "page.go"; page: number }
  | { type: "pageSize.change"; pageSize: number }
  | { type: "sort.toggle"; key: string }
  | { type: "search.type"; text: string }
  | { type: "row.toggle"; id: string }
  | { type: "page.toggleAll"; ids: readonly string[] }
  | { type: "selection.clear" }
  | { type: "filters.toggle" }
  | { type: "view.restore"; query: TableQuery };

export type DataTableContext = TableQuery & {
  typed: string;
  selected: readonly string[];
  filtersOpen: boolean;
};

export type DataTableInput = Partial<TableQuery> & { selected?: readonly string[] };

/** What a screen over the table needs to know: the query and the selection, not the typing. */
export type TableView = TableQuery & { selected: readonly string[] };

const report = {
  type: "viewChanged",
  params: ({ context }: { context: DataTableContext }) => ({
    view: {
      page: context.page,
      pageSize: context.pageSize,
      sort: context.sort,
      search: context.search,
      selected: context.selected,
    },
  }),
} as const;

export const dataTableMachine = setup({
  types: {} as { context: DataTableContext; events: DataTableEvent; input: DataTableInput },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  actors: {
    /**
     * Sends `view.restore` with the table's query when Back or Forward brings another address; a
     * table whose owner keeps the address itself (the outlet list) leaves it doing nothing.
     */
    addressChanges: fromCallback(() => () => {}),
  },
  actions: {
    /** Tells whoever owns the table (a screen's machine) that the query or the selection changed. */
    viewChanged: (_, _params: { view: TableView }) => {},
    goToPage: assign({ page: ({ event }) => (event.type === "page.go" ? Math.max(1, event.page) : 1) }),
    changePageSize: assign(({ event }) =>
      event.type === "pageSize.change" ? { pageSize: event.pageSize, page: 1 } : {},
    ),
    toggleSort: assign(({ context, event }) =>
      event.type === "sort.toggle" ? { sort: nextSort(context.sort, event.key) as Sort, page: 1 } : {},
    ),
    keepTyped: assign({
      typed: ({ context, event }) => (event.type === "search.type" ? event.text : context.typed),
    }),
    applySearch: assign(({ context }) => ({ search: context.typed.trim(), page: 1 })),
    toggleRow: assign({
      selected: ({ context, event }) => {
        if (event.type !== "row.toggle") return context.selected;
        return context.selected.includes(event.id)
          ? context.selected.filter((id) => id !== event.id)
          : [...context.selected, event.id];
      },
    }),
    togglePage: assign({
      selected: ({ context, event }) => {
        if (event.type !== "page.toggleAll") return context.selected;
        const allOn = event.ids.length > 0 && event.ids.every((id) => context.selected.includes(id));
        if (allOn) return context.selected.filter((id) => !event.ids.includes(id));
        return [...context.selected, ...event.ids.filter((id) => !context.selected.includes(id))];
      },
    }),
    clearSelection: assign({ selected: [] }),
    toggleFilters: assign({ filtersOpen: ({ context }) => !context.filtersOpen }),
    restore: assign(({ event }) =>
      event.type === "view.restore" ? { ...event.query, typed: event.query.search } : {},
    ),
  },
}).createMachine({
  id: "dataTable",
  description: "What a data table shows: page, page size, order, search, selected rows and the filter panel.",
  invoke: { id: "addressChanges", src: "addressChanges" },
  context: ({ input }) => ({
    page: input.page ?? 1,
    pageSize: input.pageSize ?? DEFAULT_PAGE_SIZE,
    sort: input.sort ?? null,
    search: input.search ?? "",
    typed: input.search ?? "",
    selected: input.selected ?? [],
    filtersOpen: false,
  }),
  initial: "idle",
  on: {
    "page.go": { actions: ["goToPage", report] },
    "pageSize.change": { actions: ["changePageSize", report] },
    "sort.toggle": { actions: ["toggleSort", report] },
    "row.toggle": { actions: ["toggleRow", report] },
    "page.toggleAll": { actions: ["togglePage", report] },
    "selection.clear": { actions: ["clearSelection", report] },
    "filters.toggle": { actions: "toggleFilters" },
    "view.restore": { target: ".idle", actions: ["restore", report] },
  },
  states: {
    idle: {
      description: "Showing the rows for the current page, size, order and search.",
      on: { "search.type": { target: "debouncing", actions: "keepTyped" } },
    },
    debouncing: {
      description: "The user is typing a search; it applies 100 ms after the last key, from page 1.",
      on: { "search.type": { target: "debouncing", reenter: true, actions: "keepTyped" } },
      after: { searchDebounce: { target: "idle", actions: ["applySearch", report] } },
    },
  },
});
