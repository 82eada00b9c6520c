/**
 * One source for a job's progress: the upload panel and the History table show the same copy of
 * a job. What the panel reads goes into the History's cached pages; a History page read with a
 * further-along copy is handed to the panel's machine (which decides whether it counts).
 */
import { partialMatchKey, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { BulkUploadJob, BulkUploadJobList } from "../../domain/bulkUpload";
import type { UploadTypeKey } from "../../domain/uploadTypes";
import type { UploadPlace } from "../../infra/api/bulkUpload";
import { uploadKeys } from "../../infra/api/bulkUploadQueries";

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
    const key = uploadKeys.jobs(type, place);
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "success") return;
      if (!partialMatchKey(event.query.queryKey, key)) return;
      const copy = (event.query.state.data as BulkUploadJobList | undefined)?.results.find(
        (j) => j.id === jobId,
      );
      if (copy) send({ type: "job.seen", job: copy });
    });
  }, [queryClient, type, place, jobId, send]);
}
