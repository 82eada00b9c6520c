/**
 * The list screen of any administered resource (docs/admin.md): loads the page its query asks
 * for, loads again when the query changes (its table, a child machine, reports the page, size,
 * order and search; the filters come from the screen), and deletes a record only after it is
 * confirmed, saying why when the server refuses (a record in use is a 409 with where it is used).
 */
import { assign, type DoneActorEvent, fromPromise, sendParent, sendTo, setup } from "xstate";
import {
  DELETE_FAILED,
  type DeleteOutcome,
  LIST_LOAD_FAILED,
  type ResourcePage,
  recordDeleted,
} from "../../domain/admin/resource";
import { resourceNamed } from "../../domain/admin/resourceCatalogue";
import type { ResourceFilters, ResourceListQuery } from "../../domain/admin/resourceQuery";
import { dataTableMachine, type TableView } from "../shared/dataTable";

export type ResourceListInput = { resource: string; query: ResourceListQuery };

/** The record a delete is asked for: its address and title. */
export type PendingDelete = { address: string; title: string };

export type ResourceListContext = {
  resource: string;
  query: ResourceListQuery;
  page: ResourcePage | null;
  /** Why the last load or delete did not go through. */
  detail: string | null;
  /** What the last delete did. */
  notice: string | null;
  pending: PendingDelete | null;
};

export type ResourceListEvent =
  | { type: "table.changed"; view: TableView }
  | { type: "filters.change"; filters: ResourceFilters }
  | { type: "retry" }
  | { type: "delete.ask"; record: PendingDelete }
  | { type: "delete.cancel" }
  | { type: "delete.confirm" };

const deleteOutcome = (event: unknown) => (event as DoneActorEvent<DeleteOutcome>).output;

/** The list's table: it tells the list of each change (the screen provides its address). */
export const resourceTable = dataTableMachine.provide({
  actions: {
    viewChanged: sendParent((_, { view }: { view: TableView }) => ({ type: "table.changed", view })),
  },
});

export const resourceListMachine = setup({
  types: {} as {
    context: ResourceListContext;
    events: ResourceListEvent;
    input: ResourceListInput;
    children: { table: "table" };
  },
  actors: {
    table: resourceTable,
    loadPage: fromPromise<ResourcePage, { resource: string; query: ResourceListQuery }>(async () => {
      throw new Error("loadPage is provided by the application");
    }),
    deleteRecord: fromPromise<DeleteOutcome, { resource: string; address: string }>(async () => {
      throw new Error("deleteRecord is provided by the application");
    }),
  },
  guards: {
    deleted: ({ event }) => deleteOutcome(event).type === "deleted",
    /** The table reports its selection too; only a new page, size, order or search is read. */
    tableMoved: ({ context: { query }, event }) =>
      event.type === "table.changed" &&
      (event.view.page !== query.page ||
        event.view.pageSize !== query.pageSize ||
        event.view.sort?.key !== query.sort?.key ||
        event.view.sort?.direction !== query.sort?.direction ||
        event.view.search !== query.search),
  },
  actions: {
    takeQuery: assign(({ context, event }) => {
      if (event.type === "table.changed") {
        const { page, pageSize, sort, search } = event.view;
        return { query: { ...context.query, page, pageSize, sort, search }, detail: null, notice: null };
      }
      if (event.type === "filters.change") {
        return { query: { ...context.query, page: 1, filters: event.filters }, detail: null, notice: null };
      }
      return {};
    }),
    /** Other filters list from the first page. */
    firstPage: sendTo("table", { type: "page.go", page: 1 }),
  },
}).createMachine({
  id: "resourceList",
  description: "A page of a resource's records for the list's query, with delete after confirmation.",
  context: ({ input }) => ({
    resource: input.resource,
    query: input.query,
    page: null,
    detail: null,
    notice: null,
    pending: null,
  }),
  invoke: {
    id: "table",
    src: "table",
    input: ({ context: { query } }) => ({
      page: query.page,
      pageSize: query.pageSize,
      sort: query.sort,
      search: query.search,
    }),
  },
  initial: "loading",
  states: {
    loading: {
      description: "Reading the page of records the query asks for.",
      tags: ["busy"],
      invoke: {
        id: "loadPage",
        src: "loadPage",
        input: ({ context }) => ({ resource: context.resource, query: context.query }),
        onDone: { target: "ready", actions: assign({ page: ({ event }) => event.output }) },
        onError: { target: "failed", actions: assign({ detail: LIST_LOAD_FAILED }) },
      },
      on: {
        "table.changed": { guard: "tableMoved", target: "loading", reenter: true, actions: "takeQuery" },
        "filters.change": { target: "loading", reenter: true, actions: ["takeQuery", "firstPage"] },
      },
    },
    ready: {
      description: "The records are shown; the query can change and a row's Delete asks for confirmation.",
      on: {
        "table.changed": { guard: "tableMoved", target: "loading", actions: "takeQuery" },
        "filters.change": { target: "loading", actions: ["takeQuery", "firstPage"] },
        "delete.ask": {
          target: "confirming",
          actions: assign({ pending: ({ event }) => event.record, detail: null, notice: null }),
        },
      },
    },
    failed: {
      description: "The page could not be read; Try again reads it again.",
      on: {
        retry: { target: "loading", actions: assign({ detail: null }) },
        "table.changed": { guard: "tableMoved", target: "loading", actions: "takeQuery" },
        "filters.change": { target: "loading", actions: ["takeQuery", "firstPage"] },
      },
    },
    confirming: {
      description: "The delete dialog asks whether to delete the record; nothing is deleted yet.",
      tags: ["confirming"],
      on: {
        "delete.cancel": { target: "ready", actions: assign({ pending: null }) },
        "delete.confirm": { target: "deleting" },
      },
    },
    deleting: {
      description: "Deleting the confirmed record; the server refuses one in use and says where.",
      tags: ["busy", "confirming"],
      invoke: {
        id: "deleteRecord",
        src: "deleteRecord",
        input: ({ context }) => ({ resource: context.resource, address: context.pending!.address }),
        onDone: [
          {
            guard: "deleted",
            target: "loading",
            actions: assign(({ context }) => ({
              notice: recordDeleted(resourceNamed(context.resource), context.pending!.title),
              pending: null,
            })),
          },
          {
            target: "ready",
            actions: assign(({ event }) => ({
              detail: (deleteOutcome(event) as Extract<DeleteOutcome, { type: "refused" }>).detail,
              pending: null,
            })),
          },
        ],
        onError: { target: "ready", actions: assign({ detail: DELETE_FAILED, pending: null }) },
      },
    },
  },
});
