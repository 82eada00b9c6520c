/**
 * Running a report's file (docs/reports.md): the user chooses PDF or CSV, the export of what the
 * report shows is requested, the job is followed in the queue with the job polling fragment
 * (src/machines/shared/jobPolling.ts) until its file is written, and the file is offered (it is in My
 * Downloads too). A job that stops, or a request that fails, says why; the user may ask again.
 */
import { assign, fromPromise, setup } from "xstate";
import type { ExportJob } from "../../domain/downloads/downloads";
import {
  exportStoppedMessage,
  type ReportFilters,
  type ReportFormat,
  RUN_MSG,
} from "../../domain/reports/reports";
import {
  followingActions,
  type JobPollingContext,
  type JobPollingEvent,
  jobPollingSetup,
  jobPollingStates,
} from "../shared/jobPolling";

export type ReportRunRequest = { format: ReportFormat; filters: ReportFilters };

export type ReportRunContext = JobPollingContext<ExportJob> & {
  format: ReportFormat | null;
  filters: ReportFilters;
};

export type ReportRunEvent =
  | { type: "format.choose"; format: ReportFormat }
  /** Request the file of what the report shows now. */
  | { type: "request"; filters: ReportFilters }
  | JobPollingEvent<ExportJob>;

export const reportRunMachine = setup({
  types: {} as {
    context: ReportRunContext;
    events: ReportRunEvent;
    input: { format: ReportFormat | null };
  },
  actors: {
    startExport: fromPromise<ExportJob, ReportRunRequest>(async () => {
      throw new Error("startExport is provided by the application");
    }),
    fetchJob: fromPromise<ExportJob, { id: number }>(async () => {
      throw new Error("fetchJob is provided by the application");
    }),
  },
  actions: {
    /** My Downloads lists one more export, or one changed. */
    historyChanged: () => {},
    ...followingActions<ReportRunContext, ReportRunEvent>({
      stopped: exportStoppedMessage,
      unreadable: RUN_MSG.unreadable,
    }),
    chooseFormat: assign({
      format: ({ event }) => (event.type === "format.choose" ? event.format : null),
      error: null,
    }),
  },
  guards: {
    ...jobPollingSetup.guards,
    formatChosen: ({ context }) => context.format !== null,
  },
  delays: jobPollingSetup.delays,
}).createMachine({
  id: "reportRun",
  description: "A report's PDF or CSV: chosen, requested, followed in the queue, then offered or failed.",
  context: ({ input }) => ({ format: input.format, filters: {}, job: null, error: null, failedLooks: 0 }),
  initial: "choosing",
  states: {
    choosing: {
      description: "PDF or CSV is chosen; Export asks for the file of what the report shows.",
      on: {
        "format.choose": { actions: "chooseFormat" },
        request: [
          {
            guard: "formatChosen",
            target: "requesting",
            actions: assign({ filters: ({ event }) => event.filters, error: null }),
          },
          { actions: assign({ error: RUN_MSG.choose }) },
        ],
      },
    },
    requesting: {
      description: "The export of the report with its filters is being started.",
      tags: ["busy"],
      invoke: {
        id: "startExport",
        src: "startExport",
        // Requesting is entered only with a format chosen.
        input: ({ context }) => ({ format: context.format as ReportFormat, filters: context.filters }),
        onDone: {
          target: "queued",
          actions: [assign({ job: ({ event }) => event.output, failedLooks: 0 }), "historyChanged"],
        },
        onError: { target: "failed", actions: assign({ job: null, error: RUN_MSG.requestFailed }) },
      },
    },
    queued: {
      description: "The export waits in the queue or is being written; it is looked at again after a pause.",
      initial: "processing",
      states: jobPollingStates(
        [
          {
            guard: { type: "progressIs", params: { progress: "finished" } },
            target: "#reportRun.ready",
            actions: ["keepJob", "historyChanged"],
          },
        ],
        {
          stopped: "#reportRun.failed",
          processing: "The export waits in the queue or its file is being written.",
        },
      ),
    },
    ready: {
      description: "The file is written: its link opens it; it is in My Downloads too. Export runs again.",
      on: {
        "format.choose": { target: "choosing", actions: "chooseFormat" },
        request: { target: "requesting", actions: assign({ filters: ({ event }) => event.filters }) },
      },
    },
    failed: {
      description: "The export could not be started or stopped: why shows, and Export tries again.",
      on: {
        "format.choose": { target: "choosing", actions: "chooseFormat" },
        request: {
          target: "requesting",
          actions: assign({ filters: ({ event }) => event.filters, error: null }),
        },
      },
    },
  },
});
