/**
 * Following an upload's processing, shared by the upload form and the Excel upload: look at the
 * job again after a pause, take a further-along copy read elsewhere (the History list), back off
 * after a failed look and, after JOB_POLL_ATTEMPTS failed looks in a row, stop and offer Try again.
 *
 * A machine using it spreads `jobPollingSetup`'s actors, guards and delays into its `setup`,
 * defines each of `jobPollingUpdates` as an `assign` action of the same name (assigns are typed by
 * the machine's own setup), and a `historyChanged` action; it spreads `jobPollingStates(...)`
 * into its states and has `success` and `failed` states of its own.
 */
import { type DoneActorEvent, fromPromise } from "xstate";
import {
  type BulkUploadJob,
  isFurtherAlong,
  JOB_POLL_ATTEMPTS,
  type JobProgress,
  jobPollDelay,
  jobProgress,
  stoppedMessage,
  UPLOAD_MSG,
} from "../domain/bulkUpload";

export type JobPollingContext = {
  job: BulkUploadJob | null;
  error: string | null;
  /** Failed looks in a row. */
  failedLooks: number;
};

export type JobPollingEvent =
  /** The same job as read by the History list. */
  { type: "job.seen"; job: BulkUploadJob } | { type: "poll.retry" };

/** The job an event brings: a look's answer or a copy seen in the History. */
const jobOf = (event: unknown): BulkUploadJob => {
  const e = event as DoneActorEvent<BulkUploadJob> | { type: "job.seen"; job: BulkUploadJob };
  return "job" in e ? e.job : e.output;
};

type WithContext = { context: JobPollingContext };

export const jobPollingSetup = {
  actors: {
    fetchJob: fromPromise<BulkUploadJob, { id: number }>(async () => {
      throw new Error("fetchJob is provided by the application");
    }),
  },
  guards: {
    /** The job's progress (finished, stopped or still moving), from the domain's one meaning. */
    progressIs: ({ event }: { event: unknown }, params: { progress: JobProgress }) =>
      jobProgress(jobOf(event)) === params.progress,
    furtherAlong: ({ context, event }: WithContext & { event: unknown }) =>
      context.job !== null && isFurtherAlong(context.job, jobOf(event)),
    looksLeft: ({ context }: WithContext) => context.failedLooks + 1 < JOB_POLL_ATTEMPTS,
  },
  delays: { jobPoll: ({ context }: WithContext) => jobPollDelay(context.failedLooks) },
};

/** The context updates of following a job, each to be an `assign` action of the same name. */
export const jobPollingUpdates = {
  keepJob: ({ event }: { event: unknown }): Partial<JobPollingContext> => ({
    job: jobOf(event),
    failedLooks: 0,
  }),
  jobStopped: ({ event }: { event: unknown }): Partial<JobPollingContext> => ({
    job: jobOf(event),
    error: stoppedMessage(jobOf(event)),
    failedLooks: 0,
  }),
  lookFailed: ({ context }: WithContext): Partial<JobPollingContext> => ({
    failedLooks: context.failedLooks + 1,
  }),
  gaveUp: ({ context }: WithContext): Partial<JobPollingContext> => ({
    failedLooks: context.failedLooks + 1,
    error: UPLOAD_MSG.progressUnreadable,
  }),
  lookAgain: (): Partial<JobPollingContext> => ({ failedLooks: 0, error: null }),
};

type Outcome = { readonly guard: unknown; readonly target: string; readonly actions: readonly unknown[] };

/**
 * The states that follow processing. `finished` lists where a finished job goes (each guarded,
 * the last by `progressIs finished`); a stopped job goes to `failed` with its reason.
 */
export function jobPollingStates<const F extends readonly Outcome[]>(finished: F) {
  const outcomes = [
    ...finished,
    {
      guard: { type: "progressIs", params: { progress: "stopped" } },
      target: "failed",
      actions: ["jobStopped", "historyChanged"],
    },
  ] as const;
  const seen = { "job.seen": [...outcomes, { guard: "furtherAlong", actions: "keepJob" }] } as const;
  return {
    processing: {
      description:
        "The server is reading and checking every row; the job waits in the queue or is being read.",
      tags: ["following"],
      after: { jobPoll: { target: "checking" } },
      on: seen,
    },
    checking: {
      description: "Looking at the job again to see whether processing has finished.",
      tags: ["following"],
      invoke: {
        id: "fetchJob",
        src: "fetchJob",
        // Processing is entered only with the job the upload created.
        input: ({ context }: WithContext) => ({ id: (context.job as BulkUploadJob).id }),
        onDone: [...outcomes, { target: "processing", actions: "keepJob" }],
        // A failed look is not the job's failure: look again after a longer pause, a few times.
        onError: [
          { guard: "looksLeft", target: "processing", actions: "lookFailed" },
          { target: "pollFailed", actions: "gaveUp" },
        ],
      },
      on: seen,
    },
    pollFailed: {
      description: "The job's progress could not be read several times in a row; Try again looks again.",
      on: { "poll.retry": { target: "checking", actions: "lookAgain" } },
    },
  } as const;
}
