/**
 * The upload form of the bulk upload screen (spec 000 §2.2): idle, uploading (a progress bar),
 * processing until the worker has read every row, then success with the counts or failed with
 * the reason; Reupload starts again.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import { type BulkUploadJob, JOB_POLL_MS, jobProgress, type UploadOutcome } from "../domain/bulkUpload";

export type UploadScreenEvent = { type: "file.chosen"; file: File } | { type: "upload.reset" };

export type UploadScreenContext = {
  fileName: string | null;
  job: BulkUploadJob | null;
  error: string | null;
};

const uploaded = (event: unknown) => (event as DoneActorEvent<UploadOutcome>).output;
const looked = (event: unknown) => (event as DoneActorEvent<BulkUploadJob>).output;

const initial: UploadScreenContext = { fileName: null, job: null, error: null };

export const bulkUploadScreenMachine = setup({
  types: {} as { context: UploadScreenContext; events: UploadScreenEvent },
  actors: {
    uploadFile: fromPromise<UploadOutcome, { file: File }>(async () => {
      throw new Error("uploadFile is provided by the application");
    }),
    fetchJob: fromPromise<BulkUploadJob, { id: number }>(async () => {
      throw new Error("fetchJob is provided by the application");
    }),
  },
  actions: {
    /** The History table is read again. */
    historyChanged: () => {},
  },
  guards: {
    accepted: ({ event }) => uploaded(event).type === "accepted",
    progressIs: ({ event }, params: { progress: ReturnType<typeof jobProgress> }) =>
      jobProgress(looked(event)) === params.progress,
  },
  delays: { jobPoll: JOB_POLL_MS },
}).createMachine({
  id: "bulkUploadScreen",
  description: "Choosing an Excel file, sending it, and following its processing to the result.",
  context: initial,
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
        onError: { target: "failed", actions: assign({ error: "The file could not be sent. Try again." }) },
      },
    },
    processing: {
      description:
        "The server is reading and checking every row; the job waits in the queue or is being read.",
      after: { jobPoll: { target: "checking" } },
    },
    checking: {
      description: "Looking at the job again to see whether processing has finished.",
      invoke: {
        id: "fetchJob",
        src: "fetchJob",
        input: ({ context }) => ({ id: context.job?.id ?? 0 }),
        onDone: [
          {
            guard: { type: "progressIs", params: { progress: "finished" } },
            target: "success",
            actions: [assign({ job: ({ event }) => event.output }), "historyChanged"],
          },
          {
            guard: { type: "progressIs", params: { progress: "stopped" } },
            target: "failed",
            actions: [
              assign({
                job: ({ event }) => event.output,
                error: ({ event }) => event.output.message ?? `The upload is ${event.output.status}.`,
              }),
              "historyChanged",
            ],
          },
          { target: "processing", actions: assign({ job: ({ event }) => event.output }) },
        ],
        // A lost answer is not the job's failure: look again after the next pause.
        onError: { target: "processing" },
      },
    },
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
