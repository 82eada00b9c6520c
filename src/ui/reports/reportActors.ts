/** The report runs' effects, provided to its machine at the screen (tests provide fakes). */
import { fromPromise } from "xstate";
import type { ExportJob } from "../../domain/downloads/downloads";
import { listExports } from "../../infra/api/downloads";
import { exportMis, exportPerformance } from "../../infra/api/reports";
import { runApi } from "../../infra/http";
import type { ReportRunRequest } from "../../machines/reports/reportRun";

export const reportRunActors = {
  startExport: fromPromise<ExportJob, ReportRunRequest>(({ input, signal }) =>
    runApi(exportPerformance(input.format, input.filters), { signal }),
  ),
  /** The export as My Downloads lists it (newest first: a job just started is on the first page). */
  fetchJob: fromPromise<ExportJob, { id: number }>(async ({ input, signal }) => {
    const page = await runApi(listExports({ page: 1, pageSize: 15 }), { signal });
    const job = page.results.find((j) => j.id === input.id);
    if (!job) throw new Error(`Export ${input.id} is not in My Downloads`);
    return job;
  }),
};

/** The MIS report's run: its CSV alone, of the filters the report shows. */
export const misRunActors = {
  ...reportRunActors,
  startExport: fromPromise<ExportJob, ReportRunRequest>(({ input, signal }) =>
    runApi(exportMis(input.filters), { signal }),
  ),
};
