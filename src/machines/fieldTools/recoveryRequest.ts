/**
 * One row of the outlet field recovery table (spec 002 §2.8, §4): the actions its status offers
 * (accepted: confirm and cancel; processing: cancel; the rest none), a confirmation dialog before
 * each, the request, and a refresh of the table afterwards. The row follows its request as the
 * table reads it again.
 */
import { assign, type DoneActorEvent, fromCallback, fromPromise, setup } from "xstate";
import {
  RECOVERY_MSG,
  type RecoveryAction,
  type RecoveryRequest,
  recoveryActions,
} from "../../domain/fieldTools/fieldTools";

/** A confirm or cancel answered: done with the server's detail, or refused (the HTTP layer shows its detail). */
export type RecoveryActionOutcome = { type: "done"; detail: string } | { type: "refused" };

export type RecoveryRowEvent =
  | { type: "request.confirm" }
  | { type: "request.cancel" }
  | { type: "dialog.accept" }
  | { type: "dialog.dismiss" }
  | { type: "request.updated"; request: RecoveryRequest };

export type RecoveryRowContext = {
  request: RecoveryRequest;
  /** The action the dialog asks about. */
  pending: RecoveryAction | null;
};

const outcome = (event: unknown) => (event as DoneActorEvent<RecoveryActionOutcome>).output;

export const recoveryRequestMachine = setup({
  types: {} as { context: RecoveryRowContext; events: RecoveryRowEvent; input: { request: RecoveryRequest } },
  actors: {
    /** Sends `request.updated` with each copy of the request a table page reads (provided by the application). */
    tableCopies: fromCallback<RecoveryRowEvent, { id: number }>(() => {}),
    runAction: fromPromise<RecoveryActionOutcome, { id: number; action: RecoveryAction }>(async () => {
      throw new Error("runAction is provided by the application");
    }),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => {},
    notifyFailure: (_, _params: { text: string }) => {},
    /** The recovery table is read again. */
    requestsChanged: () => {},
  },
  guards: {
    offers: ({ context }, params: { action: RecoveryAction }) =>
      recoveryActions(context.request.status).includes(params.action),
    outcomeIs: ({ event }, params: { type: RecoveryActionOutcome["type"] }) =>
      outcome(event).type === params.type,
  },
}).createMachine({
  id: "recoveryRequest",
  description: "A recovery request row: its status, its actions, and confirm or cancel after a dialog.",
  context: ({ input }) => ({ request: input.request, pending: null }),
  invoke: { id: "tableCopies", src: "tableCopies", input: ({ context }) => ({ id: context.request.id }) },
  initial: "ready",
  on: {
    "request.updated": { actions: assign({ request: ({ event }) => event.request }) },
  },
  states: {
    ready: {
      description: "The row shows its status and the actions that status offers.",
      on: {
        "request.confirm": {
          guard: { type: "offers", params: { action: "confirm" } },
          target: "asking",
          actions: assign({ pending: "confirm" }),
        },
        "request.cancel": {
          guard: { type: "offers", params: { action: "cancel" } },
          target: "asking",
          actions: assign({ pending: "cancel" }),
        },
      },
    },
    asking: {
      description: "A confirmation dialog asks whether to confirm or cancel this request.",
      on: {
        "dialog.accept": { target: "acting" },
        "dialog.dismiss": { target: "ready", actions: assign({ pending: null }) },
      },
    },
    acting: {
      tags: ["busy"],
      description: "The confirm or cancel request is on its way.",
      invoke: {
        id: "runAction",
        src: "runAction",
        // Only the action the dialog asked about: asking is entered only with it set.
        input: ({ context }) => ({ id: context.request.id, action: context.pending as RecoveryAction }),
        onDone: [
          {
            guard: { type: "outcomeIs", params: { type: "done" } },
            target: "ready",
            actions: [
              {
                type: "notifySuccess",
                params: ({ event }) => ({ text: (outcome(event) as { detail: string }).detail }),
              },
              "requestsChanged",
              assign({ pending: null }),
            ],
          },
          { target: "ready", actions: ["requestsChanged", assign({ pending: null })] },
        ],
        onError: {
          target: "ready",
          actions: [
            { type: "notifyFailure", params: { text: RECOVERY_MSG.failed } },
            "requestsChanged",
            assign({ pending: null }),
          ],
        },
      },
    },
  },
});
