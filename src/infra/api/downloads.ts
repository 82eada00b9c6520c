/** My Downloads: the caller's exports (spec 000 §7.6 async export and my-downloads). */
import type { Effect } from "effect";
import { ExportJobList } from "../../domain/downloads";
import { type ApiError, request } from "../http";

export const listExports = (page: {
  page: number;
  pageSize: number;
}): Effect.Effect<ExportJobList, ApiError> => request({ path: "exports/", page, schema: ExportJobList });
