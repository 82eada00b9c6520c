/**
 * One copy of a job: what the upload panel reads replaces the job's row in every cached History page,
 * and a row's machine hears every copy, from the newest cached when it starts watching.
 */
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { JobId } from "../../src/domain/api/ids";
import type { BulkUploadJob, BulkUploadJobList } from "../../src/domain/uploads/bulkUpload";
import { jobListQuery, uploadKeys } from "../../src/infra/api/bulkUploadQueries";
import { shareJob } from "../../src/ui/uploads/jobCopies";
import { watchRowCopies } from "../../src/ui/widgets/rowCopies";
import { sampleJob } from "../machines/fixtures/samples";

const page = (...results: BulkUploadJob[]): BulkUploadJobList => ({
  results,
  count: results.length,
  previous: null,
  next: null,
  current_page_number: 1,
  page_size: 15,
});

describe("shareJob", () => {
  it("puts the job just read into the History pages that list it, and only there", () => {
    const client = new QueryClient();
    const processing: BulkUploadJob = { ...sampleJob, status: "processing", progress: 0 };
    const other: BulkUploadJob = { ...sampleJob, id: JobId.make(7), status: "processing", progress: 1 };
    const first = jobListQuery("regions", {}, { page: 1, pageSize: 15 }, "").queryKey;
    const second = jobListQuery("regions", {}, { page: 2, pageSize: 15 }, "").queryKey;
    client.setQueryData(first, page(processing, other));
    client.setQueryData(second, page(other));

    shareJob(client, "regions", {}, sampleJob);

    expect(client.getQueryData<BulkUploadJobList>(first)?.results).toEqual([sampleJob, other]);
    expect(client.getQueryData<BulkUploadJobList>(second)?.results).toEqual([other]);
  });
});

describe("watchRowCopies", () => {
  const key = (n: number) => jobListQuery("regions", {}, { page: n, pageSize: 15 }, "").queryKey;
  const processing: BulkUploadJob = { ...sampleJob, status: "processing", progress: 0 };
  const completed: BulkUploadJob = { ...sampleJob, status: "completed", progress: 100 };

  it("starts with the newest cached copy: a copy read before the row's machine watched still reaches it", () => {
    const client = new QueryClient();
    client.setQueryData(key(1), page(processing), { updatedAt: 1000 });
    client.setQueryData(key(2), page(completed), { updatedAt: 2000 });
    const seen: BulkUploadJob[] = [];

    const stop = watchRowCopies<BulkUploadJob>(client, uploadKeys.jobs("regions", {}), sampleJob.id, (job) =>
      seen.push(job),
    );
    expect(seen.map((j) => j.status)).toEqual(["completed"]);

    client.setQueryData(key(1), page(processing));
    expect(seen.map((j) => j.status)).toEqual(["completed", "processing"]);
    stop();
    client.setQueryData(key(1), page(completed));
    expect(seen).toHaveLength(2);
  });

  it("hands nothing over for a row no cached page holds", () => {
    const client = new QueryClient();
    client.setQueryData(key(1), page({ ...sampleJob, id: JobId.make(99) }));
    const seen: BulkUploadJob[] = [];
    watchRowCopies<BulkUploadJob>(client, uploadKeys.jobs("regions", {}), sampleJob.id, (job) =>
      seen.push(job),
    )();
    expect(seen).toEqual([]);
  });
});
