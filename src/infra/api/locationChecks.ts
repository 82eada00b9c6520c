/** Location checks' call (src/domain/api/locationChecks.ts) and its React Query options. */
import { queryOptions } from "@tanstack/react-query";
import type { SubProjectId } from "../../domain/api/ids";
import * as api from "../../domain/api/locationChecks";
import type { LocationShow } from "../../domain/verification/locationChecks";
import { call } from "../endpoint";
import { runApi } from "../http";

export const locationChecksQuery = (
  query: { sub_project?: SubProjectId; show?: LocationShow },
  page: { page: number; pageSize: number },
) =>
  queryOptions({
    queryKey: ["location-checks", query, page] as const,
    queryFn: ({ signal }) => runApi(call(api.locationChecks, { query, page }), { signal }),
  });
