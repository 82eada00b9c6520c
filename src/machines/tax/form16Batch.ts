/**
 * The Form 16 batch (docs/tax.md, /dashboard/form-16-pdf): a payout manager picks an ended financial
 * year and presses Generate; the server starts a batch (or answers the one of that year already
 * running), which the screen follows with the job polling fragment until the PDFs are ready or the
 * batch failed. A copy of the batch read by the batch list counts like a look.
 */
import { assign, type DoneActorEvent, fromCallback, fromPromise, raise, setup } from "xstate";
import { type Form16Batch, TAX_MSG } from "../../domain/tax/tax";
import { stoppedMessage } from "../../domain/uploads/bulkUpload";
import {
  followingActions,
  type JobPollingContext,
  type JobPollingEvent,
  jobPollingSetupOf,
  jobPollingStates,
} from "../shared/jobPolling";

/** What Generate gives: the batch started (or already running), or the server's reason for refusing. */
export type BatchStart = { type: "started"; batch: Form16Batch } | { type: "refused"; detail: string };

export type Form16BatchContext = JobPollingContext<Form16Batch> & { financialYear: string };
export type Form16BatchEvent =
  | { type: "year.change"; financialYear: string }
  | { type: "generate" }
  /** A batch as the batch list read it. */
  | { type: "batch.copied"; batch: Form16Batch }
  | JobPollingEvent<Form16Batch>;

const following = {
  ...jobPollingSetupOf<Form16Batch>(),
  // A batch says its own words when its progress cannot be read.
  actions: followingActions<Form16BatchContext, Form16BatchEvent>({
    stopped: stoppedMessage,
    unreadable: TAX_MSG.batchUnreadable,
  }),
};
const started = (event: unknown) => (event as DoneActorEvent<BatchStart>).output;

export const form16BatchMachine = setup({
  types: {} as { context: Form16BatchContext; events: Form16BatchEvent; input: { financialYear: string } },
  actors: {
    startBatch: fromPromise<BatchStart, { financial_year: string }>(async () => {
      throw new Error("startBatch is provided by the application");
    }),
    ...following.actors,
    /** Sends `batch.copied` for each batch the batch list reads. */
    batchCopies: fromCallback<Form16BatchEvent>(() => () => {}),
  },
  actions: {
    /** The PAN list, the TDS counts and the batch list read the files again. */
    historyChanged: () => {},
    ...following.actions,
    passCopy: raise(({ event }) => ({
      type: "job.seen" as const,
      job: (event as { batch: Form16Batch }).batch,
    })),
    chooseYear: assign({
      financialYear: ({ event }) => (event as { financialYear: string }).financialYear,
      job: null,
      error: null,
      failedLooks: 0,
    }),
  },
  guards: {
    ...following.guards,
    startedBatch: ({ event }) => started(event).type === "started",
    sameBatch: ({ context, event }) =>
      context.job !== null && (event as { batch: Form16Batch }).batch.id === context.job.id,
  },
  delays: following.delays,
}).createMachine({
  id: "form16Batch",
  description:
    "The Form 16 batch: Generate makes every PAN's PDF of an ended financial year; the screen follows it to ready or failed.",
  context: ({ input }) => ({ financialYear: input.financialYear, job: null, error: null, failedLooks: 0 }),
  invoke: { id: "batchCopies", src: "batchCopies" },
  on: { "batch.copied": { guard: "sameBatch", actions: "passCopy" } },
  initial: "idle",
  states: {
    idle: {
      description: "Nothing started on this screen: a financial year is chosen and Generate is offered.",
      on: { "year.change": { actions: "chooseYear" }, generate: "starting" },
    },
    starting: {
      description: "The server is asked to start the year's batch; Generate waits.",
      tags: ["busy"],
      entry: assign({ job: null, error: null, failedLooks: 0 }),
      invoke: {
        id: "startBatch",
        src: "startBatch",
        input: ({ context }) => ({ financial_year: context.financialYear }),
        onDone: [
          {
            guard: "startedBatch",
            target: "processing",
            actions: assign({
              job: ({ event }) => {
                const out = started(event);
                return out.type === "started" ? out.batch : null;
              },
            }),
          },
          {
            target: "refused",
            actions: assign({ error: ({ event }) => (started(event) as { detail: string }).detail }),
          },
        ],
        onError: { target: "refused", actions: assign({ error: TAX_MSG.batchStartFailed }) },
      },
    },
    ...jobPollingStates([
      {
        guard: { type: "progressIs", params: { progress: "finished" } },
        target: "ready",
        actions: ["keepJob", "historyChanged"],
      },
    ]),
    ready: {
      description:
        "Every PAN's Form 16 PDF of the year is made: the counts show and the PAN list links the files.",
      on: { "year.change": { target: "idle", actions: "chooseYear" }, generate: "starting" },
    },
    failed: {
      description: "The batch stopped: its message shows; Generate starts it again.",
      on: { "year.change": { target: "idle", actions: "chooseYear" }, generate: "starting" },
    },
    refused: {
      description:
        "The server refused to start (the year has not ended) or could not be asked: the reason shows; Generate asks again.",
      on: { "year.change": { target: "idle", actions: "chooseYear" }, generate: "starting" },
    },
  },
});
