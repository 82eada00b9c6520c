/**
 * The calling-tracker side panel (spec 001 §2.3, §6, §7): the outlet's phones are loaded (the list
 * filtered by linked_outlets), a calling executive picks a phone's reason and it is saved through
 * the update call (object_type workflow_calling_tracker); the list is read again after a save, so a
 * phone shared with other outlets shows the reason as recorded. A failed load offers Try again; a
 * failed save keeps the list and says so.
 */
import { assign, fromPromise, setup } from "xstate";
import type { CallingTracker, CallingTrackerList, ReasonsConfig } from "../../domain/outlets/calling";

export type CallingTrackerInput = { outlet: number };
export type CallingTrackerContext = CallingTrackerInput & {
  trackers: readonly CallingTracker[];
  reasonsConfig: ReasonsConfig;
  picking: CallingTracker | null;
  saveFailed: boolean;
};
export type CallingTrackerEvent =
  | { type: "reason.pick"; tracker: number }
  | { type: "reason.choose"; reason: string }
  | { type: "pick.cancel" }
  | { type: "retry" };

export const CALLING_TRACKER_LOAD_FAILED = "The calling tracker could not be loaded.";
export const REASON_SAVE_FAILED = "The reason could not be saved. Try again.";

export const callingTrackerMachine = setup({
  types: {} as {
    context: CallingTrackerContext;
    events: CallingTrackerEvent;
    input: CallingTrackerInput;
  },
  actors: {
    loadTrackers: fromPromise<CallingTrackerList, { outlet: number }>(async () => {
      throw new Error("loadTrackers is provided by the application");
    }),
    saveReason: fromPromise<void, { tracker: { id: number; phone_number: string }; reason: string }>(
      async () => {
        throw new Error("saveReason is provided by the application");
      },
    ),
  },
  guards: {
    knownTracker: ({ context, event }) =>
      event.type === "reason.pick" && context.trackers.some((t) => t.id === event.tracker),
    knownReason: ({ context, event }) =>
      event.type === "reason.choose" && Object.hasOwn(context.reasonsConfig, event.reason),
  },
}).createMachine({
  id: "callingTracker",
  description: "The calling-tracker side panel: the outlet's phones and the reason recorded for each.",
  context: ({ input }) => ({ ...input, trackers: [], reasonsConfig: {}, picking: null, saveFailed: false }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      description: "Reading the calling tracker entries linked to the outlet, and the reasons configuration.",
      invoke: {
        id: "loadTrackers",
        src: "loadTrackers",
        input: ({ context }) => ({ outlet: context.outlet }),
        onDone: {
          target: "listing",
          actions: assign({
            trackers: ({ event }) => event.output.results,
            reasonsConfig: ({ event }) => event.output.reasons_config,
          }),
        },
        onError: { target: "failed" },
      },
    },
    listing: {
      description: "The phones, each shown 4-3-3 with its reason, who gave it and when.",
      on: {
        "reason.pick": {
          guard: "knownTracker",
          target: "pickingReason",
          actions: assign({
            picking: ({ context, event }) => context.trackers.find((t) => t.id === event.tracker) ?? null,
            saveFailed: false,
          }),
        },
      },
    },
    pickingReason: {
      description: "The reason picker is open for one phone.",
      on: {
        "reason.choose": { guard: "knownReason", target: "saving" },
        "pick.cancel": { target: "listing", actions: assign({ picking: null }) },
      },
    },
    saving: {
      tags: ["busy"],
      description: "Recording the chosen reason for the phone (object_type workflow_calling_tracker).",
      invoke: {
        id: "saveReason",
        src: "saveReason",
        input: ({ context, event }) => ({
          tracker: { id: context.picking!.id, phone_number: context.picking!.phone_number },
          reason: (event as { reason: string }).reason,
        }),
        onDone: { target: "loading", actions: assign({ picking: null }) },
        onError: { target: "listing", actions: assign({ picking: null, saveFailed: true }) },
      },
    },
    failed: {
      description: "The list could not be loaded; Try again reads it again.",
      on: { retry: { target: "loading" } },
    },
  },
});
