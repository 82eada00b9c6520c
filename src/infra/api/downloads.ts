/** My Downloads: the caller's exports (spec 000 §7.6 async export and my-downloads). */
import type { Effect } from "effect";
import { myExports } from "../../domain/api/uploads";
import type { ExportJobList } from "../../domain/downloads/downloads";
import { call } from "../endpoint";
import type { ApiError } from "../http";

export const listExports = (page: {
  page: number;
  pageSize: number;
}): Effect.Effect<ExportJobList, ApiError> => call(myExports, { page });
