/**
 * Update Status on the outlet review screen (spec 001 §4.5): first the pending retailer request
 * check; none opens the status modal, some show 'There are {n} Pending Retailer Request!'. A failed
 * check is not shown to the user (001 §8): the button is offered again.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import type { PendingCheck } from "../domain/retailerRequests";

export type UpdateStatusGateInput = { workflowObject: number };
export type UpdateStatusGateContext = UpdateStatusGateInput & { pendingCount: number };
export type UpdateStatusGateEvent =
  | { type: "status.open" }
  | { type: "popup.close" }
  | { type: "modal.closed" };

const checked = (event: unknown) => (event as DoneActorEvent<PendingCheck>).output;

export const updateStatusGateMachine = setup({
  types: {} as {
    context: UpdateStatusGateContext;
    events: UpdateStatusGateEvent;
    input: UpdateStatusGateInput;
  },
  actors: {
    pendingCheck: fromPromise<PendingCheck, { workflowObject: number }>(async () => {
      throw new Error("pendingCheck is provided by the application");
    }),
  },
  actions: {
    openStatusModal: () => {},
  },
  guards: {
    nonePending: ({ event }) => !checked(event).pending_request_exist,
  },
}).createMachine({
  id: "updateStatusGate",
  description: "The Update Status button, its pending request check and what it opens.",
  context: ({ input }) => ({ ...input, pendingCount: 0 }),
  initial: "idle",
  states: {
    idle: {
      description: "Update Status is offered.",
      on: { "status.open": { target: "checking" } },
    },
    checking: {
      tags: ["busy"],
      description: "Asking the server whether a retailer request of the outlet is pending.",
      invoke: {
        id: "pendingCheck",
        src: "pendingCheck",
        input: ({ context }) => ({ workflowObject: context.workflowObject }),
        onDone: [
          {
            guard: "nonePending",
            target: "statusModal",
            actions: [assign({ pendingCount: 0 }), "openStatusModal"],
          },
          {
            target: "pendingPopup",
            actions: assign({ pendingCount: ({ event }) => event.output.count_pending_request }),
          },
        ],
        onError: { target: "idle" },
      },
    },
    pendingPopup: {
      description: "The popup 'There are {n} Pending Retailer Request!' until it is closed.",
      on: { "popup.close": { target: "idle" } },
    },
    statusModal: {
      description: "The status modal for this one outlet is open.",
      on: { "modal.closed": { target: "idle" } },
    },
  },
});
