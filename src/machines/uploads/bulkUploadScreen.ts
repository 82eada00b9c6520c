/**
 * The upload form of the bulk upload screen (spec 000 §2.2): idle, uploading (a progress bar),
 * processing until the worker has read every row, then success with the counts or failed with
 * the reason; Reupload starts again.
 */
import { assign, type DoneActorEvent, fromCallback, fromPromise, raise, setup } from "xstate";
import { UPLOAD_MSG, type UploadOutcome } from "../../domain/uploads/bulkUpload";
import {
  type JobCopiedEvent,
  type JobPollingContext,
  type JobPollingEvent,
  jobPollingSetup,
  jobPollingStates,
  sameJob,
  uploadFollowingActions,
} from "../shared/jobPolling";

export type UploadScreenEvent =
  | { type: "file.chosen"; file: File }
  | { type: "upload.reset" }
  | JobCopiedEvent
  | JobPollingEvent;

export type UploadScreenContext = JobPollingContext & { fileName: string | null };

const uploaded = (event: unknown) => (event as DoneActorEvent<UploadOutcome>).output;

const initial: UploadScreenContext = { fileName: null, job: null, error: null, failedLooks: 0 };

export const bulkUploadScreenMachine = setup({
  types: {} as { context: UploadScreenContext; events: UploadScreenEvent },
  actors: {
    uploadFile: fromPromise<UploadOutcome, { file: File }>(async () => {
      throw new Error("uploadFile is provided by the application");
    }),
    ...jobPollingSetup.actors,
    /** Sends `job.copied` for each job a History page reads. */
    historyCopies: fromCallback(() => () => {}),
  },
  actions: {
    /** The History table is read again. */
    historyChanged: () => {},
    ...uploadFollowingActions<UploadScreenContext, UploadScreenEvent>(),
    passCopy: raise(({ event }) => ({ type: "job.seen" as const, job: (event as JobCopiedEvent).job })),
  },
  guards: {
    accepted: ({ event }) => uploaded(event).type === "accepted",
    ...jobPollingSetup.guards,
    sameJob,
  },
  delays: jobPollingSetup.delays,
}).createMachine({
  id: "bulkUploadScreen",
  description: "Choosing an Excel file, sending it, and following its processing to the result.",
  context: initial,
  invoke: { id: "historyCopies", src: "historyCopies" },
  on: { "job.copied": { guard: "sameJob", actions: "passCopy" } },
  initial: "idle",
  states: {
    idle: {
      description: "Nothing sent yet: the user chooses an Excel file (.xlsx or .xls).",
      on: {
        "file.chosen": { target: "uploading", actions: assign({ fileName: ({ event }) => event.file.name }) },
      },
    },
    uploading: {
      description: "The file is being sent; a progress bar shows it.",
      invoke: {
        id: "uploadFile",
        src: "uploadFile",
        input: ({ event }) => ({ file: (event as Extract<UploadScreenEvent, { type: "file.chosen" }>).file }),
        onDone: [
          {
            guard: "accepted",
            target: "processing",
            actions: [
              assign({
                job: ({ event }) => (event.output as Extract<UploadOutcome, { type: "accepted" }>).job,
              }),
              "historyChanged",
            ],
          },
          {
            target: "failed",
            actions: assign({
              error: ({ event }) => (event.output as Extract<UploadOutcome, { type: "rejected" }>).message,
            }),
          },
        ],
        onError: { target: "failed", actions: assign({ error: UPLOAD_MSG.sendFailed }) },
      },
    },
    ...jobPollingStates([
      {
        guard: { type: "progressIs", params: { progress: "finished" } },
        target: "success",
        actions: ["keepJob", "historyChanged"],
      },
    ]),
    success: {
      description: "Processing finished: the counts and the clean and unclean files are shown.",
      on: {
        "upload.reset": { target: "idle", actions: assign(initial) },
        "file.chosen": {
          target: "uploading",
          actions: assign({ fileName: ({ event }) => event.file.name, job: null }),
        },
      },
    },
    failed: {
      description: "The file was refused or could not be processed; the reason and a Reupload button show.",
      on: {
        "upload.reset": { target: "idle", actions: assign(initial) },
        "file.chosen": {
          target: "uploading",
          actions: assign({ fileName: ({ event }) => event.file.name, job: null, error: null }),
        },
      },
    },
  },
});
