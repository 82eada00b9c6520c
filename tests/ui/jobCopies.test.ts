/** One copy of a job: what the upload panel reads replaces the job's row in every cached History page. */
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { BulkUploadJob, BulkUploadJobList } from "../../src/domain/bulkUpload";
import { jobListQuery } from "../../src/infra/api/bulkUploadQueries";
import { shareJob } from "../../src/ui/uploads/jobCopies";
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
    const other: BulkUploadJob = { ...sampleJob, id: 7, status: "processing", progress: 1 };
    const first = jobListQuery("regions", {}, { page: 1, pageSize: 15 }, "").queryKey;
    const second = jobListQuery("regions", {}, { page: 2, pageSize: 15 }, "").queryKey;
    client.setQueryData(first, page(processing, other));
    client.setQueryData(second, page(other));

    shareJob(client, "regions", {}, sampleJob);

    expect(client.getQueryData<BulkUploadJobList>(first)?.results).toEqual([sampleJob, other]);
    expect(client.getQueryData<BulkUploadJobList>(second)?.results).toEqual([other]);
  });
});
