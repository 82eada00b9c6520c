/**
 * The list screen of any administered resource (docs/admin.md): loads the page its query asks
 * for, loads again when the query changes, and deletes a record only after it is confirmed,
 * saying why when the server refuses (a record in use is a 409 with where it is used).
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import {
  DELETE_FAILED,
  type DeleteOutcome,
  LIST_LOAD_FAILED,
  type ResourcePage,
  recordDeleted,
} from "../domain/resource";
import { resourceNamed } from "../domain/resourceCatalogue";
import type { ResourceListQuery } from "../domain/resourceQuery";

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
  | { type: "query.change"; query: ResourceListQuery }
  | { type: "retry" }
  | { type: "delete.ask"; record: PendingDelete }
  | { type: "delete.cancel" }
  | { type: "delete.confirm" };

const deleteOutcome = (event: unknown) => (event as DoneActorEvent<DeleteOutcome>).output;

export const resourceListMachine = setup({
  types: {} as { context: ResourceListContext; events: ResourceListEvent; input: ResourceListInput },
  actors: {
    loadPage: fromPromise<ResourcePage, { resource: string; query: ResourceListQuery }>(async () => {
      throw new Error("loadPage is provided by the application");
    }),
    deleteRecord: fromPromise<DeleteOutcome, { resource: string; address: string }>(async () => {
      throw new Error("deleteRecord is provided by the application");
    }),
  },
  guards: {
    deleted: ({ event }) => deleteOutcome(event).type === "deleted",
  },
  actions: {
    takeQuery: assign(({ event }) =>
      event.type === "query.change" ? { query: event.query, detail: null, notice: null } : {},
    ),
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
      on: { "query.change": { target: "loading", reenter: true, actions: "takeQuery" } },
    },
    ready: {
      description: "The records are shown; the query can change and a row's Delete asks for confirmation.",
      on: {
        "query.change": { target: "loading", actions: "takeQuery" },
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
        "query.change": { target: "loading", actions: "takeQuery" },
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
