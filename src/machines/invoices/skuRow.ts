/**
 * The delete of one saved SKU or add-on SKU row in the invoice and SKU data editing slider (spec
 * 001 §4.8, §7): "Are you sure you want to delete this row?" with Cancel and Delete; Delete calls
 * the server at the invoice's version read; the row is deleted, kept, refused with the server's
 * reason, or the call failed. The slider runs it as a child for the row asked about and reads its
 * outcome; a new row never reached the server, so the slider drops it without one. The call is an
 * actor provided at the edge.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import type { RowDeleteOutcome, RowDeleteRequest, SkuInvoice } from "../../domain/invoices/invoiceSkus";

/** A delete that failed outright (network, server error). */
export const ROW_NOT_DELETED = "The row could not be deleted. Try again.";

/** How the row's delete ended, as the slider reads it. */
export type SkuRowOutcome =
  | { type: "kept" }
  | { type: "deleted"; invoice: SkuInvoice }
  | { type: "refused"; message: string };

export type SkuRowEvent = { type: "remove.confirm" } | { type: "remove.cancel" };

const output = (event: unknown) => (event as DoneActorEvent<RowDeleteOutcome>).output;

export const skuRowMachine = setup({
  types: {} as {
    context: RowDeleteRequest & { outcome: SkuRowOutcome };
    events: SkuRowEvent;
    input: RowDeleteRequest;
    output: SkuRowOutcome;
  },
  actors: {
    deleteRow: fromPromise<RowDeleteOutcome, RowDeleteRequest>(async () => {
      throw new Error("deleteRow is provided by the application");
    }),
  },
  guards: {
    accepted: ({ event }) => output(event).type === "ok",
  },
}).createMachine({
  id: "skuRow",
  description: "The delete of one saved SKU row: asked first, then called at the invoice's version.",
  context: ({ input }) => ({ ...input, outcome: { type: "kept" } }),
  initial: "confirming",
  states: {
    confirming: {
      description: "'Are you sure you want to delete this row?' with Cancel and Delete.",
      on: { "remove.cancel": "kept", "remove.confirm": "deleting" },
    },
    deleting: {
      description: "The row is deleted by call at the invoice's version read.",
      tags: ["busy"],
      invoke: {
        id: "deleteRow",
        src: "deleteRow",
        input: ({ context }) => ({ row: context.row, version: context.version }),
        onDone: [
          {
            guard: "accepted",
            target: "deleted",
            actions: assign({
              outcome: ({ event }) => {
                const out = output(event);
                return out.type === "ok" ? { type: "deleted", invoice: out.invoice } : { type: "kept" };
              },
            }),
          },
          {
            target: "refused",
            actions: assign({
              outcome: ({ event }) => {
                const out = output(event);
                return { type: "refused", message: out.type === "refused" ? out.message : ROW_NOT_DELETED };
              },
            }),
          },
        ],
        onError: {
          target: "failed",
          actions: assign({ outcome: { type: "refused", message: ROW_NOT_DELETED } }),
        },
      },
    },
    kept: { type: "final", description: "Cancel: the row stays." },
    deleted: {
      type: "final",
      description: "The server deleted the row; its answer is the invoice as it now stands.",
    },
    refused: { type: "final", description: "The server refused the delete; its reason is the outcome." },
    failed: { type: "final", description: "The call failed: 'The row could not be deleted. Try again.'" },
  },
  output: ({ context }) => context.outcome,
});
