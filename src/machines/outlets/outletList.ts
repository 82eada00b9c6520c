/**
 * An outlet list (spec 000 §2.3-§2.5, §7.5): the table's page, size, order, search and selection,
 * the applied filters with their chips, the Update Status dialog opened fresh for the selection,
 * and the refresh after an update. The table, the filter drawer, the modal and the bulk status
 * update are child machines that report here; this machine owns what the list's address and the
 * session keep, and the screen only reads it.
 */
import {
  type AnyActorLogic,
  assign,
  fromCallback,
  type PromiseActorLogic,
  sendParent,
  sendTo,
  setup,
} from "xstate";
import type { ActionsConfigResponse } from "../../domain/outlets/actionsConfig";
import type {
  BulkOutlet,
  BulkUpdateOutcome,
  BulkUpdateRequest,
  ChainOutlet,
} from "../../domain/outlets/bulkUpdate";
import { type FilterChip, type FilterValues, withoutChip } from "../../domain/shared/filters";
import type { TableQuery } from "../../domain/shared/table";
import { dataTableMachine, type TableView } from "../shared/dataTable";
import { type FilterOption, filterDrawerMachine } from "../shared/filterDrawer";
import { modalMachine } from "../shared/modal";
import { bulkStatusUpdateMachine } from "./bulkStatusUpdate";

export type OutletListInput = {
  /** Page, size, order and search, read from the list's address. */
  query: TableQuery;
  /** Filters read from the list's address. */
  applied: FilterValues;
  /** Outlets the user had selected on this list earlier in the session (Back keeps them). */
  selection: readonly BulkOutlet[];
};

export type OutletListContext = {
  view: TableView;
  applied: FilterValues;
  /** Every outlet row seen on any page, by id, so a selection across pages can be acted on. */
  known: Readonly<Record<string, BulkOutlet>>;
  /** The caller's actions configs; Update Status waits for them. */
  config: ActionsConfigResponse | null;
};

export type OutletListEvent =
  | { type: "table.changed"; view: TableView }
  | { type: "filters.open" }
  | { type: "filters.applied"; values: FilterValues }
  | { type: "chip.remove"; chip: FilterChip }
  | { type: "address.changed"; query: TableQuery; applied: FilterValues }
  | { type: "rows.loaded"; rows: readonly BulkOutlet[] }
  | { type: "config.loaded"; config: ActionsConfigResponse }
  | { type: "status.open" }
  | { type: "status.updated" }
  | { type: "modal.closed" };

/** The selected outlets, in the order they were selected, as far as their rows have been seen. */
export function selectedOutlets(context: Pick<OutletListContext, "view" | "known">): BulkOutlet[] {
  return context.view.selected.flatMap((id) => (context.known[id] ? [context.known[id]] : []));
}

const table = dataTableMachine.provide({
  actions: {
    viewChanged: sendParent((_, { view }: { view: TableView }) => ({ type: "table.changed", view })),
  },
});
const filters = filterDrawerMachine.provide({
  actions: {
    filtersApplied: sendParent((_, { values }: { values: FilterValues }) => ({
      type: "filters.applied",
      values,
    })),
  },
});
const modal = modalMachine.provide({ actions: { closed: sendParent({ type: "modal.closed" }) } });
const bulkStatus = bulkStatusUpdateMachine.provide({
  actions: { outletsChanged: sendParent({ type: "status.updated" }) },
});

export const outletListMachine = setup({
  types: {} as {
    context: OutletListContext;
    events: OutletListEvent;
    input: OutletListInput;
    children: { table: "table"; filters: "filters"; modal: "modal"; bulkStatus: "bulkStatus" };
  },
  actors: {
    table,
    filters,
    modal,
    bulkStatus,
    /** Sends `rows.loaded` with each page of outlets the screen reads and `config.loaded` with the actions config. */
    reads: fromCallback(() => () => {}),
    /** Sends `address.changed` with the list's query and filters when Back or Forward brings another address of it. */
    addressChanges: fromCallback(() => () => {}),
  },
  actions: {
    /** Refreshes the lists and outlet details that showed the old states (provided by the screen). */
    outletsChanged: () => {},
    firstPage: sendTo("table", { type: "page.go", page: 1 }),
    clearSelection: sendTo("table", { type: "selection.clear" }),
  },
  guards: {
    canUpdateStatus: ({ context }) => context.config !== null && selectedOutlets(context).length > 0,
  },
}).createMachine({
  id: "outletList",
  description: "An outlet list: its query, filters and selection, and Update Status for the selection.",
  context: ({ input }) => ({
    view: { ...input.query, selected: input.selection.map((o) => String(o.id)) },
    applied: input.applied,
    known: Object.fromEntries(input.selection.map((o) => [String(o.id), o])),
    config: null,
  }),
  invoke: [
    {
      id: "table",
      src: "table",
      input: ({ context }) => ({ ...context.view }),
    },
    { id: "filters", src: "filters", input: ({ context }) => ({ applied: context.applied }) },
    { id: "reads", src: "reads" },
    { id: "addressChanges", src: "addressChanges" },
  ],
  on: {
    "table.changed": { actions: assign({ view: ({ event }) => event.view }) },
    "rows.loaded": {
      actions: assign({
        known: ({ context, event }) => ({
          ...context.known,
          ...Object.fromEntries(event.rows.map((o) => [String(o.id), o])),
        }),
      }),
    },
    "config.loaded": { actions: assign({ config: ({ event }) => event.config }) },
  },
  initial: "browsing",
  states: {
    browsing: {
      description:
        "The rows for the query and filters; Filters opens the drawer, a chip removes its filter, Update Status opens for the selection.",
      tags: ["browsing"],
      on: {
        "filters.open": { actions: sendTo("filters", { type: "drawer.open" }) },
        "filters.applied": {
          actions: [assign({ applied: ({ event }) => event.values }), "firstPage"],
        },
        "chip.remove": {
          actions: [
            assign({ applied: ({ context, event }) => withoutChip(context.applied, event.chip) }),
            sendTo("filters", ({ context }) => ({ type: "applied.set", values: context.applied })),
            "firstPage",
          ],
        },
        "address.changed": {
          actions: [
            assign({ applied: ({ event }) => event.applied }),
            sendTo("filters", ({ event }) => ({ type: "applied.set", values: event.applied })),
            sendTo("table", ({ event }) => ({ type: "view.restore", query: event.query })),
          ],
        },
        "status.open": { guard: "canUpdateStatus", target: "updating" },
      },
    },
    updating: {
      description:
        "The Update Status dialog, started afresh for the selected outlets; an update refreshes the list and clears the selection.",
      tags: ["updating"],
      invoke: [
        { id: "modal", src: "modal", input: { open: true } },
        {
          id: "bulkStatus",
          src: "bulkStatus",
          input: ({ context }) => ({ outlets: selectedOutlets(context), config: context.config! }),
          onDone: { actions: sendTo("modal", { type: "modal.close" }) },
        },
      ],
      on: {
        "status.updated": { actions: ["outletsChanged", "clearSelection"] },
        "modal.closed": { target: "browsing" },
      },
    },
  },
});

/** The side effects an outlet list's children need, provided by the screen (tests provide fakes). */
export type OutletListEffects = {
  reads: AnyActorLogic;
  loadOptions: PromiseActorLogic<Record<string, readonly FilterOption[]>>;
  loadChain: PromiseActorLogic<readonly ChainOutlet[], { ids: readonly number[] }>;
  saveStatus: PromiseActorLogic<BulkUpdateOutcome, BulkUpdateRequest>;
  outletsChanged: () => void;
};

/** The list with the screen's effects and the browser's Back and Forward (`addressChanges`). */
export function provideOutletList(effects: OutletListEffects, addressChanges: AnyActorLogic) {
  return outletListMachine.provide({
    actors: {
      reads: effects.reads,
      addressChanges,
      filters: filters.provide({ actors: { loadOptions: effects.loadOptions } }),
      bulkStatus: bulkStatus.provide({
        actors: { loadChain: effects.loadChain, saveStatus: effects.saveStatus },
      }),
    },
    actions: { outletsChanged: effects.outletsChanged },
  });
}
