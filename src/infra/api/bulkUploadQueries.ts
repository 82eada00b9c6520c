/** React Query options for the bulk upload and My Downloads reads. */
import { queryOptions } from "@tanstack/react-query";
import type { UploadTypeKey } from "../../domain/uploads/uploadTypes";
import { runApi } from "../http";
import { listJobs, subProjectChoices, type UploadPlace, uploadHelp } from "./bulkUpload";
import { listExports } from "./downloads";

export const uploadKeys = {
  all: ["bulk-upload"] as const,
  jobs: (type: UploadTypeKey, place: UploadPlace) => ["bulk-upload", "jobs", type, place] as const,
  exports: ["exports"] as const,
};

export const jobListQuery = (
  type: UploadTypeKey,
  place: UploadPlace,
  page: { page: number; pageSize: number },
  search: string,
) =>
  queryOptions({
    queryKey: [...uploadKeys.jobs(type, place), page, search] as const,
    queryFn: ({ signal }) => runApi(listJobs(type, place, page, search), { signal }),
  });

export const uploadHelpQuery = (type: UploadTypeKey, place: UploadPlace) =>
  queryOptions({
    queryKey: ["bulk-upload", "help", type] as const,
    queryFn: ({ signal }) => runApi(uploadHelp(type, place), { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const subProjectChoicesQuery = (type: UploadTypeKey, projectSlug?: string) =>
  queryOptions({
    queryKey: ["bulk-upload", "sub-projects", type, projectSlug ?? null] as const,
    queryFn: ({ signal }) => runApi(subProjectChoices(type, projectSlug), { signal }),
    staleTime: 60_000,
  });

export const exportsQuery = (page: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...uploadKeys.exports, page] as const,
    queryFn: ({ signal }) => runApi(listExports(page), { signal }),
  });
