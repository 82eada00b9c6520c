/**
 * One source for a job's progress: the upload panel and the History table show the same copy of
 * a job. What the panel reads goes into the History's cached pages; a History page read with a
 * further-along copy is handed to the panel's machine (which decides whether it counts), and every
 * copy read to the job's History row machine.
 */
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { BulkUploadJob, BulkUploadJobList } from "../../domain/bulkUpload";
import type { UploadTypeKey } from "../../domain/uploadTypes";
import type { UploadPlace } from "../../infra/api/bulkUpload";
import { uploadKeys } from "../../infra/api/bulkUploadQueries";
import type { JobRowEvent } from "../../machines/bulkUploadJob";
import { rowCopies, watchRowCopies } from "../widgets/rowCopies";

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

/** Sends the History's copy of the job to the panel's machine whenever a History page holding it is read. */
export function useHistoryCopy(
  type: UploadTypeKey,
  place: UploadPlace,
  jobId: number | null,
  send: (event: { type: "job.seen"; job: BulkUploadJob }) => void,
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (jobId === null) return;
    return watchRowCopies<BulkUploadJob>(queryClient, uploadKeys.jobs(type, place), jobId, (job) =>
      send({ type: "job.seen", job }),
    );
  }, [queryClient, type, place, jobId, send]);
}
