/**
 * The CSV export of SKU rows (spec 001 §7 export to CSV → a file opened in a new tab): Export starts
 * the job in My Downloads, the job is followed until its file is written, and the file is offered
 * as a link that opens in a new tab (a tab opened without the user's click would be blocked). A job
 * that fails, or a call that fails, says so; Export may be pressed again.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import type { ExportJob } from "../../domain/downloads/downloads";

export type SkuExportRequest = { workflowObject: number; rows: readonly number[]; addOn: boolean };
export type SkuExportContext = {
  workflowObject: number;
  job: number | null;
  /** The file's link once written. */
  file: string | null;
  message: string | null;
};
export type SkuExportEvent = { type: "export"; rows: readonly number[]; addOn: boolean };

export const SKU_EXPORT_PREPARING = "Preparing the CSV. It will also be in My Downloads.";
export const SKU_EXPORT_READY = "The CSV is ready.";
export const SKU_EXPORT_FAILED = "The CSV could not be prepared. Try again.";
/** How long to wait before asking after the job again. */
export const EXPORT_POLL_MS = 1500;

const output = <T>(event: unknown) => (event as DoneActorEvent<T>).output;

export const skuExportMachine = setup({
  types: {} as { context: SkuExportContext; events: SkuExportEvent; input: { workflowObject: number } },
  actors: {
    startExport: fromPromise<ExportJob, SkuExportRequest>(async () => {
      throw new Error("startExport is provided by the application");
    }),
    readJob: fromPromise<ExportJob, { job: number }>(async () => {
      throw new Error("readJob is provided by the application");
    }),
  },
  delays: { poll: EXPORT_POLL_MS },
  guards: {
    written: ({ event }) => {
      const job = output<ExportJob>(event);
      return job.status === "completed" && job.file !== null;
    },
    jobFailed: ({ event }) => output<ExportJob>(event).status === "failed",
  },
}).createMachine({
  id: "skuExport",
  description: "Export CSV of SKU rows: the job in My Downloads, followed until its file can be opened.",
  context: ({ input }) => ({ workflowObject: input.workflowObject, job: null, file: null, message: null }),
  initial: "idle",
  states: {
    idle: {
      description: "Nothing exported yet: Export is offered.",
      on: { export: "starting" },
    },
    starting: {
      description: "The export of the chosen rows is asked for.",
      tags: ["busy"],
      entry: assign({ job: null, file: null, message: SKU_EXPORT_PREPARING }),
      invoke: {
        id: "startExport",
        src: "startExport",
        input: ({ context, event }) => ({
          workflowObject: context.workflowObject,
          rows: event.type === "export" ? event.rows : [],
          addOn: event.type === "export" && event.addOn,
        }),
        onDone: { target: "waiting", actions: assign({ job: ({ event }) => event.output.id }) },
        onError: { target: "failed" },
      },
    },
    waiting: {
      description: "The job is being written; it is asked after again shortly.",
      tags: ["busy"],
      after: { poll: "checking" },
    },
    checking: {
      description: "The job is read from My Downloads.",
      tags: ["busy"],
      invoke: {
        id: "readJob",
        src: "readJob",
        input: ({ context }) => ({ job: context.job! }),
        onDone: [
          {
            guard: "written",
            target: "ready",
            actions: assign({ file: ({ event }) => event.output.file, message: SKU_EXPORT_READY }),
          },
          { guard: "jobFailed", target: "failed" },
          { target: "waiting" },
        ],
        onError: { target: "failed" },
      },
    },
    ready: {
      description: "The file is written: its link opens it in a new tab; Export may run again.",
      on: { export: "starting" },
    },
    failed: {
      description: "The export or the call failed: the message shows; Export may run again.",
      entry: assign({ message: SKU_EXPORT_FAILED, file: null }),
      on: { export: "starting" },
    },
  },
});
