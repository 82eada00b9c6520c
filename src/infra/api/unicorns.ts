/** Image matching's calls (src/domain/api/unicorns.ts) and their React Query options. */
import { queryOptions } from "@tanstack/react-query";
import type { Effect } from "effect";
import { type SubProjectId, UnicornPairId } from "../../domain/api/ids";
import * as api from "../../domain/api/unicorns";
import type { PairDecision, PairStatus, UnicornPair, UnicornScan } from "../../domain/verification/unicorns";
import { call } from "../endpoint";
import type { ApiError } from "../http";
import { runApi } from "../http";

export const unicornKeys = { all: ["unicorns"] as const };

/** While a scan waits, its list is read again every few seconds until it completes. */
const SCAN_POLL_MS = 2000;

export const unicornScansQuery = () =>
  queryOptions({
    queryKey: ["unicorns", "scans"] as const,
    queryFn: ({ signal }) => runApi(call(api.unicornScans, { query: {} }), { signal }),
    refetchInterval: (q) => (q.state.data?.results.some((s) => s.status === "queued") ? SCAN_POLL_MS : false),
  });

export const startUnicornScan = (subProject: SubProjectId): Effect.Effect<UnicornScan, ApiError> =>
  call(api.startUnicornScan, { body: { sub_project: subProject } });

export const unicornPairsQuery = (
  query: { status?: PairStatus; sub_project?: SubProjectId },
  page: { page: number; pageSize: number },
) =>
  queryOptions({
    queryKey: ["unicorns", "pairs", query, page] as const,
    queryFn: ({ signal }) => runApi(call(api.unicornPairs, { query, page }), { signal }),
  });

export const unicornPairQuery = (id: number) =>
  queryOptions({
    queryKey: ["unicorns", "pair", id] as const,
    queryFn: ({ signal }) =>
      runApi(call(api.unicornPair, { params: { id: UnicornPairId.make(id) } }), { signal }),
  });

export const decideUnicornPair = (
  id: number,
  status: PairDecision,
  version: number,
): Effect.Effect<UnicornPair, ApiError> =>
  call(api.decideUnicornPair, { params: { id: UnicornPairId.make(id) }, body: { status, version } });
