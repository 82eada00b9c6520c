/**
 * Following a job's processing, shared by the upload form, the Excel upload and the report exports
 * (reportRun): look at the job again after a pause, take a further-along copy read elsewhere (the
 * History list), back off after a failed look and, after JOB_POLL_ATTEMPTS failed looks in a row,
 * stop and offer Try again.
 *
 * A machine using it spreads `jobPollingSetup`'s guards and delays (and, following an upload, its
 * actors; `jobPollingSetupOf` for another kind of job, a Form 16 batch) into its `setup`, spreads
 * `uploadFollowingActions<Context, Event>()` (or `followingActions<Context, Event>(texts)` for
 * another kind of job) into its actions beside a `historyChanged` action of its own; it spreads
 * `jobPollingStates(...)` into its states (or nests them in a state of its own, naming where a
 * stopped job goes) and has `success` and `failed` states of its own.
 */
import { assign, type DoneActorEvent, type EventObject, fromPromise } from "xstate";
import {
  type BulkUploadJob,
  isFurtherAlong,
  JOB_POLL_ATTEMPTS,
  type JobProgress,
  jobPollDelay,
  jobProgress,
  stoppedMessage,
  UPLOAD_MSG,
} from "../../domain/uploads/bulkUpload";

/** What following needs of a job: an upload's job, or an export's (My Downloads); each kind brands its own id. */
export type FollowedJob = { readonly id: number } & Pick<BulkUploadJob, "status" | "progress" | "message">;

export type JobPollingContext<J extends FollowedJob = BulkUploadJob> = {
  job: J | null;
  error: string | null;
  /** Failed looks in a row. */
  failedLooks: number;
};

export type JobPollingEvent<J extends FollowedJob = BulkUploadJob> =
  /** The same job as read by the History list. */
  { type: "job.seen"; job: J } | { type: "poll.retry" };

/**
 * A job as a page of the History read it: a machine following an upload hears every copy the
 * History reads and passes on the one of its own job as `job.seen` (guard `sameJob`).
 */
export type JobCopiedEvent = { type: "job.copied"; job: BulkUploadJob };

/** The job an event brings: a look's answer or a copy seen in the History. */
const jobOf = <J extends FollowedJob>(event: unknown): J => {
  const e = event as DoneActorEvent<J> | { type: "job.seen"; job: J };
  return "job" in e ? e.job : e.output;
};

type WithContext = { context: JobPollingContext<FollowedJob> };

/** The copy is of the job being followed. */
export const sameJob = ({ context, event }: WithContext & { event: unknown }) =>
  context.job !== null && (event as JobCopiedEvent).job.id === context.job.id;

/** The actors, guards and delays of following a job of kind J. */
export const jobPollingSetupOf = <J extends FollowedJob>() => ({
  actors: {
    fetchJob: fromPromise<J, { id: number }>(async () => {
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
});

/** Following an upload. */
export const jobPollingSetup = jobPollingSetupOf<BulkUploadJob>();

type Texts<J> = {
  /** Why a job stopped. */
  stopped: (job: J) => string;
  /** That the job's progress could not be read. */
  unreadable: string;
};

/** The context updates of following a kind of job. */
function followingUpdates<J extends FollowedJob>(texts: Texts<J>) {
  return {
    keepJob: ({ event }: { event: unknown }): Partial<JobPollingContext<J>> => ({
      job: jobOf<J>(event),
      failedLooks: 0,
    }),
    jobStopped: ({ event }: { event: unknown }): Partial<JobPollingContext<J>> => ({
      job: jobOf<J>(event),
      error: texts.stopped(jobOf<J>(event)),
      failedLooks: 0,
    }),
    lookFailed: ({ context }: WithContext): Partial<JobPollingContext<J>> => ({
      failedLooks: context.failedLooks + 1,
    }),
    gaveUp: ({ context }: WithContext): Partial<JobPollingContext<J>> => ({
      failedLooks: context.failedLooks + 1,
      error: texts.unreadable,
    }),
    lookAgain: (): Partial<JobPollingContext<J>> => ({ failedLooks: 0, error: null }),
  };
}

/**
 * The `assign` actions the states below name, typed for the machine that spreads them into its
 * setup's actions: keepJob, jobStopped, lookFailed, gaveUp and lookAgain.
 */
export function followingActions<TContext extends JobPollingContext<FollowedJob>, TEvent extends EventObject>(
  texts: Texts<NonNullable<TContext["job"]>>,
) {
  const updates = followingUpdates(texts);
  // The updates touch only the fragment's own fields, which TContext has with the job's own type.
  const assigned = (update: (args: { context: TContext; event: TEvent }) => unknown) =>
    assign<TContext, TEvent, undefined, TEvent, never>(update as (args: unknown) => Partial<TContext>);
  return {
    keepJob: assigned(updates.keepJob),
    jobStopped: assigned(updates.jobStopped),
    lookFailed: assigned(updates.lookFailed),
    gaveUp: assigned(updates.gaveUp),
    lookAgain: assigned(updates.lookAgain),
  };
}

/** The actions of following an upload. */
export const uploadFollowingActions = <
  TContext extends JobPollingContext<BulkUploadJob>,
  TEvent extends EventObject,
>() =>
  followingActions<TContext, TEvent>({
    stopped: stoppedMessage,
    unreadable: UPLOAD_MSG.progressUnreadable,
  } as Texts<NonNullable<TContext["job"]>>);

type Outcome = { readonly guard: unknown; readonly target: string; readonly actions: readonly unknown[] };

const UPLOAD_PROCESSING =
  "The server is reading and checking every row; the job waits in the queue or is being read.";

/**
 * The states that follow processing. `finished` lists where a finished job goes (each guarded,
 * the last by `progressIs finished`); a stopped job goes to `failed` with its reason (`stopped`
 * names it when the states are nested in one of the machine's own, `processing` says what the job
 * does while it is waited for).
 */
export function jobPollingStates<const F extends readonly Outcome[], const T extends string = "failed">(
  finished: F,
  options: { stopped?: T; processing?: string } = {},
) {
  const outcomes = [
    ...finished,
    {
      guard: { type: "progressIs", params: { progress: "stopped" } },
      target: options.stopped ?? ("failed" as T),
      actions: ["jobStopped", "historyChanged"],
    },
  ] as const;
  const seen = { "job.seen": [...outcomes, { guard: "furtherAlong", actions: "keepJob" }] } as const;
  return {
    processing: {
      description: options.processing ?? UPLOAD_PROCESSING,
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
        input: ({ context }: WithContext) => ({ id: (context.job as FollowedJob).id }),
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
