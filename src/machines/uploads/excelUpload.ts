/**
 * The Excel-based upload variant (spec 000 §2.2; Bulk WhatsApp Message when messaging): drop or
 * browse for an Excel file (only the first file is used), follow its processing, then Merge With
 * List activates it and a Go back to View All (or custom text) button appears; failure offers
 * Reupload.
 */
import { assign, type DoneActorEvent, fromCallback, fromPromise, raise, setup } from "xstate";
import {
  type ActionOutcome,
  type BulkUploadJob,
  isExcelName,
  jobProgress,
  UPLOAD_MSG,
  type UploadOutcome,
} from "../../domain/uploads/bulkUpload";
import {
  type JobCopiedEvent,
  type JobPollingContext,
  type JobPollingEvent,
  jobPollingSetup,
  jobPollingStates,
  sameJob,
  uploadFollowingActions,
} from "../shared/jobPolling";

export type ExcelUploadEvent =
  | { type: "drag.enter" }
  | { type: "drag.leave" }
  | { type: "files.dropped"; files: readonly File[] }
  | { type: "file.chosen"; file: File }
  | { type: "merge.submit" }
  | { type: "back.go" }
  | { type: "upload.reset" }
  | JobCopiedEvent
  | JobPollingEvent;

export type ExcelUploadContext = JobPollingContext & {
  dragging: boolean;
  fileName: string | null;
  exportJobId: number | null;
};

const initial: ExcelUploadContext = {
  dragging: false,
  fileName: null,
  job: null,
  error: null,
  failedLooks: 0,
  exportJobId: null,
};

const uploaded = (event: unknown) => (event as DoneActorEvent<UploadOutcome>).output;
const merged = (event: unknown) => (event as DoneActorEvent<ActionOutcome>).output;
/** The job a look or a History copy brings. */
const jobIn = (event: unknown) => {
  const e = event as DoneActorEvent<BulkUploadJob> | { job: BulkUploadJob };
  return "job" in e ? e.job : e.output;
};

/** The file an event brings: the chosen one, or the first of those dropped. */
function fileOf(event: ExcelUploadEvent): File | undefined {
  if (event.type === "file.chosen") return event.file;
  if (event.type === "files.dropped") return event.files[0];
  return undefined;
}

export const excelUploadMachine = setup({
  types: {} as { context: ExcelUploadContext; events: ExcelUploadEvent },
  actors: {
    uploadFile: fromPromise<UploadOutcome, { file: File }>(async () => {
      throw new Error("uploadFile is provided by the application");
    }),
    ...jobPollingSetup.actors,
    /** Sends `job.copied` for each job a History page reads. */
    historyCopies: fromCallback(() => () => {}),
    activate: fromPromise<ActionOutcome, { job: BulkUploadJob }>(async () => {
      throw new Error("activate is provided by the application");
    }),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => {},
    historyChanged: () => {},
    goBack: () => {},
    startUpload: assign({
      fileName: ({ event }) => fileOf(event)?.name ?? null,
      dragging: false,
      job: null,
      error: null,
    }),
    ...uploadFollowingActions<ExcelUploadContext, ExcelUploadEvent>(),
    passCopy: raise(({ event }) => ({ type: "job.seen" as const, job: (event as JobCopiedEvent).job })),
  },
  guards: {
    excelFile: ({ event }) => {
      const file = fileOf(event);
      return file !== undefined && isExcelName(file.name);
    },
    anyFile: ({ event }) => fileOf(event) !== undefined,
    accepted: ({ event }) => uploaded(event).type === "accepted",
    ...jobPollingSetup.guards,
    sameJob,
    /** Finished with clean rows to merge (a finished job without any goes to nothingClean). */
    finishedWithCleanRows: ({ event }) =>
      jobProgress(jobIn(event)) === "finished" && jobIn(event).total_clean_objects > 0,
    mergedOk: ({ event }) => merged(event).type === "done",
  },
  delays: jobPollingSetup.delays,
}).createMachine({
  id: "excelUpload",
  description:
    "The Excel upload variant: drop or browse, processing, Merge With List, then back to the list.",
  context: initial,
  invoke: { id: "historyCopies", src: "historyCopies" },
  on: { "job.copied": { guard: "sameJob", actions: "passCopy" } },
  initial: "idle",
  states: {
    idle: {
      description: "A drop zone and a browse button wait for an Excel file; Download Sample File is offered.",
      on: {
        "drag.enter": { actions: assign({ dragging: true }) },
        "drag.leave": { actions: assign({ dragging: false }) },
        "files.dropped": [
          { guard: "excelFile", target: "uploading", actions: "startUpload" },
          {
            guard: "anyFile",
            target: "failed",
            actions: assign({ dragging: false, error: UPLOAD_MSG.notExcel }),
          },
          { actions: assign({ dragging: false }) },
        ],
        // The browse dialog offers Excel files only; the server checks the content of whatever comes.
        "file.chosen": { target: "uploading", actions: "startUpload" },
      },
    },
    uploading: {
      description: "The file is being sent; a progress bar shows it.",
      invoke: {
        id: "uploadFile",
        src: "uploadFile",
        input: ({ event }) => ({ file: fileOf(event as ExcelUploadEvent) as File }),
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
        guard: "finishedWithCleanRows",
        target: "success",
        actions: ["keepJob", "historyChanged"],
      },
      {
        guard: { type: "progressIs", params: { progress: "finished" } },
        target: "nothingClean",
        actions: ["keepJob", "historyChanged"],
      },
    ]),
    success: {
      description: "Processed with clean rows: the counts, the result files and Merge With List show.",
      on: {
        "merge.submit": { target: "merging" },
        "upload.reset": { target: "idle", actions: assign(initial) },
      },
    },
    nothingClean: {
      description: "Processed, but no row is clean: the unclean file tells why, and Reupload is offered.",
      on: { "upload.reset": { target: "idle", actions: assign(initial) } },
    },
    merging: {
      description: "Merge With List: the upload is being activated.",
      invoke: {
        id: "activate",
        src: "activate",
        // Merging is offered only in success, which holds the finished job.
        input: ({ context }) => ({ job: context.job as BulkUploadJob }),
        onDone: [
          {
            guard: "mergedOk",
            target: "merged",
            actions: [
              {
                type: "notifySuccess",
                params: ({ event }) => ({ text: merged(event).detail }),
              },
              assign({
                exportJobId: ({ event }) =>
                  (event.output as Extract<ActionOutcome, { type: "done" }>).exportJobId ?? null,
              }),
              "historyChanged",
            ],
          },
          {
            target: "failed",
            actions: [assign({ error: ({ event }) => merged(event).detail }), "historyChanged"],
          },
        ],
        onError: { target: "failed", actions: assign({ error: UPLOAD_MSG.mergeFailed }) },
      },
    },
    merged: {
      description: "Merged into the list: Go back to View All (or the screen's own text) is offered.",
      on: { "back.go": { target: "left", actions: "goBack" } },
    },
    failed: {
      description: "Refused, failed or not merged: the reason and a Reupload button show.",
      on: { "upload.reset": { target: "idle", actions: assign(initial) } },
    },
    left: {
      description: "The user went back to the list.",
      type: "final",
    },
  },
});
