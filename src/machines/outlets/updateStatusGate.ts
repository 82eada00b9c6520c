/**
 * Update Status on the outlet review screen (spec 001 §4.5): disabled for a calling executive until
 * the calling tracker reasons are complete, and for everyone while the saved answers are
 * incomplete; otherwise first the pending retailer request check: none opens the status modal, some
 * show 'There are {n} Pending Retailer Request!'. A failed check is not shown to the user (001 §8):
 * the button is offered again.
 */
import { assign, type DoneActorEvent, fromCallback, fromPromise, setup } from "xstate";
import {
  type CallingTracker,
  callingTrackerReasonsComplete,
  savedAnswersComplete,
} from "../../domain/outlets/calling";
import type { ReviewRole } from "../../domain/outlets/outletReview";
import type { PendingCheck } from "../../domain/outlets/retailerRequests";

/** What the §4.5 gates weigh: the tracker's phones (null until read) and each group's saved answers. */
export type GateFacts = {
  trackers: readonly Pick<CallingTracker, "reason">[] | null;
  savedAnswers: readonly (readonly unknown[])[] | null;
  questionGroups: number;
};
export type UpdateStatusGateInput = { workflowObject: number; role: ReviewRole } & GateFacts;
export type UpdateStatusGateContext = UpdateStatusGateInput & { pendingCount: number };
export type UpdateStatusGateEvent =
  | { type: "status.open" }
  | { type: "popup.close" }
  | { type: "modal.closed" }
  | ({ type: "facts.change" } & GateFacts);

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
    /** Sends `facts.change` each time the calling tracker's phones or the saved answers are read anew. */
    factReads: fromCallback(() => () => {}),
  },
  actions: {
    openStatusModal: () => {},
    noteFacts: assign(({ event }) =>
      event.type === "facts.change"
        ? { trackers: event.trackers, savedAnswers: event.savedAnswers, questionGroups: event.questionGroups }
        : {},
    ),
  },
  guards: {
    nonePending: ({ event }) => !checked(event).pending_request_exist,
    reasonsIncomplete: ({ context }) =>
      context.role === "calling-executive" &&
      (context.trackers === null || !callingTrackerReasonsComplete(context.trackers)),
    answersIncomplete: ({ context }) =>
      context.savedAnswers === null || !savedAnswersComplete(context.savedAnswers, context.questionGroups),
  },
}).createMachine({
  id: "updateStatusGate",
  description: "The Update Status button, its pending request check and what it opens.",
  context: ({ input }) => ({ ...input, pendingCount: 0 }),
  initial: "idle",
  invoke: { id: "factReads", src: "factReads" },
  // While the check runs or the popup or the modal is open, new facts are noted and weighed after.
  on: { "facts.change": { actions: "noteFacts" } },
  states: {
    reasonsIncomplete: {
      description:
        "Disabled for a calling executive until every reason includes 'successful' or every phone has a reason.",
      on: { "facts.change": { target: "idle", actions: "noteFacts" } },
    },
    answersIncomplete: {
      description: "Disabled while a question group has no saved answers.",
      on: { "facts.change": { target: "idle", actions: "noteFacts" } },
    },
    idle: {
      description:
        "Update Status is offered, once the §4.5 gates are weighed: the calling tracker reasons, then the saved answers.",
      always: [
        { guard: "reasonsIncomplete", target: "reasonsIncomplete" },
        { guard: "answersIncomplete", target: "answersIncomplete" },
      ],
      on: {
        "status.open": { target: "checking" },
        "facts.change": { target: "idle", reenter: true, actions: "noteFacts" },
      },
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
