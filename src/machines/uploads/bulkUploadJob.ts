/**
 * One row of the History table (spec 000 §4.1): which actions its status offers in the standard
 * or payment view, and confirm, cancel or Pay Now through a dialog that says it cannot be undone.
 * The row follows its job as the History reads it again.
 */
import { assign, type DoneActorEvent, fromCallback, fromPromise, setup } from "xstate";
import {
  type ActionOutcome,
  type ActivationInfo,
  type BulkUploadJob,
  type JobAction,
  type JobView,
  jobActions,
  UPLOAD_MSG,
} from "../../domain/uploads/bulkUpload";

export type JobRowInput = { job: BulkUploadJob; view: JobView };

export type JobRowEvent =
  | { type: "job.confirm" }
  | { type: "job.cancel" }
  | { type: "job.payNow" }
  | { type: "dialog.accept" }
  | { type: "dialog.dismiss" }
  | { type: "job.updated"; job: BulkUploadJob };

export type JobRowContext = {
  job: BulkUploadJob;
  view: JobView;
  /** The action the dialog asks about. */
  pending: JobAction | null;
  /** Count and amount in words for the Pay Now question. */
  info: ActivationInfo | null;
};

const outcome = (event: unknown) => (event as DoneActorEvent<ActionOutcome>).output;

export const bulkUploadJobMachine = setup({
  types: {} as { context: JobRowContext; events: JobRowEvent; input: JobRowInput },
  actors: {
    /** Sends `job.updated` with each copy of the job a History page reads (provided by the application). */
    historyCopies: fromCallback<JobRowEvent, { id: number }>(() => {}),
    runAction: fromPromise<ActionOutcome, { job: BulkUploadJob; action: JobAction }>(async () => {
      throw new Error("runAction is provided by the application");
    }),
    loadActivationInfo: fromPromise<ActivationInfo, { job: BulkUploadJob }>(async () => {
      throw new Error("loadActivationInfo is provided by the application");
    }),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => {},
    notifyFailure: (_, _params: { text: string }) => {},
    /** The History list is read again (and an export notice may follow). */
    jobChanged: (_, _params: { exportJobId: number | null }) => {},
  },
  guards: {
    offers: ({ context }, params: { action: JobAction }) =>
      jobActions(context.job, context.view).includes(params.action),
    outcomeIs: ({ event }, params: { type: ActionOutcome["type"] }) => outcome(event).type === params.type,
  },
}).createMachine({
  id: "bulkUploadJob",
  description: "A History row: its status label, its actions, and confirm, cancel or Pay Now.",
  context: ({ input }) => ({ job: input.job, view: input.view, pending: null, info: null }),
  invoke: { id: "historyCopies", src: "historyCopies", input: ({ context }) => ({ id: context.job.id }) },
  initial: "ready",
  on: {
    "job.updated": { actions: assign({ job: ({ event }) => event.job }) },
  },
  states: {
    ready: {
      description: "The row shows its status and the actions that status offers in this view.",
      on: {
        "job.confirm": {
          guard: { type: "offers", params: { action: "confirm" } },
          target: "asking",
          actions: assign({ pending: "confirm" }),
        },
        "job.cancel": {
          guard: { type: "offers", params: { action: "cancel" } },
          target: "asking",
          actions: assign({ pending: "cancel" }),
        },
        "job.payNow": {
          guard: { type: "offers", params: { action: "payNow" } },
          target: "loadingInfo",
          actions: assign({ pending: "payNow" }),
        },
      },
    },
    loadingInfo: {
      tags: ["busy"],
      description: "Pay Now: reading how many UPI ids are paid and the amount in words.",
      invoke: {
        id: "loadActivationInfo",
        src: "loadActivationInfo",
        input: ({ context }) => ({ job: context.job }),
        onDone: {
          target: "asking",
          actions: assign({ info: ({ event }) => event.output }),
        },
        onError: {
          target: "ready",
          actions: [
            { type: "notifyFailure", params: { text: UPLOAD_MSG.paymentDetailsUnreadable } },
            assign({ pending: null }),
          ],
        },
      },
    },
    asking: {
      description: "A confirmation dialog asks to go ahead and says that this cannot be undone.",
      on: {
        "dialog.accept": { target: "acting" },
        "dialog.dismiss": { target: "ready", actions: assign({ pending: null, info: null }) },
      },
    },
    acting: {
      tags: ["busy"],
      description: "The confirm, cancel or payment request is on its way.",
      invoke: {
        id: "runAction",
        src: "runAction",
        // Only the action the dialog asked about is run, never a default: asking is entered only
        // with the action set.
        input: ({ context }) => ({ job: context.job, action: context.pending as JobAction }),
        onDone: [
          {
            guard: { type: "outcomeIs", params: { type: "done" } },
            target: "ready",
            actions: [
              {
                type: "notifySuccess",
                params: ({ event }) => ({ text: outcome(event).detail }),
              },
              {
                type: "jobChanged",
                params: ({ event }) => {
                  const done = outcome(event) as Extract<ActionOutcome, { type: "done" }>;
                  return { exportJobId: done.exportJobId };
                },
              },
              assign({ pending: null, info: null }),
            ],
          },
          {
            target: "ready",
            actions: [
              { type: "notifyFailure", params: ({ event }) => ({ text: outcome(event).detail }) },
              { type: "jobChanged", params: { exportJobId: null } },
              assign({ pending: null, info: null }),
            ],
          },
        ],
        onError: {
          target: "ready",
          actions: [
            { type: "notifyFailure", params: { text: UPLOAD_MSG.requestFailed } },
            assign({ pending: null, info: null }),
          ],
        },
      },
    },
  },
});
