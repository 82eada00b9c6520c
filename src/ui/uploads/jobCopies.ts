/**
 * One source for a job's progress: the upload panel and the History table show the same copy of
 * a job. What the panel reads goes into the History's cached pages; every job a History page reads
 * is handed to the panel's machine (which keeps its own job's copy when it is further along), and
 * every copy of a job to that job's History row machine.
 */
import { partialMatchKey, type QueryClient } from "@tanstack/react-query";
import { fromCallback } from "xstate";
import type { BulkUploadJob, BulkUploadJobList } from "../../domain/uploads/bulkUpload";
import type { UploadTypeKey } from "../../domain/uploads/uploadTypes";
import type { UploadPlace } from "../../infra/api/bulkUpload";
import { uploadKeys } from "../../infra/api/bulkUploadQueries";
import type { JobCopiedEvent } from "../../machines/shared/jobPolling";
import type { JobRowEvent } from "../../machines/uploads/bulkUploadJob";
import { rowCopies } from "../widgets/rowCopies";

/** Puts a job just read into every cached History page that lists it. */
export function shareJob(
  queryClient: QueryClient,
  type: UploadTypeKey,
  place: UploadPlace,
  job: BulkUploadJob,
) {
  queryClient.setQueriesData<BulkUploadJobList>({ queryKey: uploadKeys.jobs(type, place) }, (page) =>
    page?.results.some((row) => row.id === job.id)
      ? { ...page, results: page.results.map((row) => (row.id === job.id ? job : row)) }
      : page,
  );
}

/** A History row's machine follows its job: each copy a History page reads is sent to it. */
export const historyCopies = (queryClient: QueryClient, type: UploadTypeKey, place: UploadPlace) =>
  rowCopies<BulkUploadJob, JobRowEvent>(queryClient, uploadKeys.jobs(type, place), (job) => ({
    type: "job.updated",
    job,
  }));

/**
 * The panel's machine hears every job a History page reads (it keeps the copy of the job it
 * follows): the callback actor it invokes from the start, so no copy read while it waits for a
 * job's id can be missed.
 */
export const panelCopies = (queryClient: QueryClient, type: UploadTypeKey, place: UploadPlace) =>
  fromCallback(({ sendBack }) =>
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "success") return;
      if (!partialMatchKey(event.query.queryKey, uploadKeys.jobs(type, place))) return;
      for (const job of (event.query.state.data as BulkUploadJobList | undefined)?.results ?? [])
        sendBack({ type: "job.copied", job } satisfies JobCopiedEvent);
    }),
  );
