/** The outlet endpoint family (spec 000 §7.3, §7.5; 001 §6), each call decoded with the domain's Schema. */
import { queryOptions } from "@tanstack/react-query";
import { Effect } from "effect";
import { ActionsConfigResponse } from "../../domain/actionsConfig";
import {
  type BulkUpdateOutcome,
  type BulkUpdateRequest,
  BulkUpdateResponse,
  ChainResponse,
} from "../../domain/bulkUpdate";
import {
  FilterOptionsResponse,
  ListScopeNames,
  OutletDetail,
  OutletListResponse,
  OutletSummary,
} from "../../domain/outletListing";
import { type ApiError, fieldLines, request, runApi } from "../http";

/** A listing query string built by the domain's outletListingQuery. */
export const listOutlets = (query: string): Effect.Effect<OutletListResponse, ApiError> =>
  request({ path: `outlets/?${query}`, schema: OutletListResponse });

/** The filter drawer's options for a list's scope (project, sub_project or cycle_of parameters). */
export const outletFilterOptions = (scope: string): Effect.Effect<FilterOptionsResponse, ApiError> =>
  request({ path: `outlets/filter-options/${scope ? `?${scope}` : ""}`, schema: FilterOptionsResponse });

/** The names of a scoped list's project and sub-project; a 404 when the caller may not see them. */
export const listScopeNames = (scope: string): Effect.Effect<ListScopeNames, ApiError> =>
  request({ path: `outlets/list-scope/${scope ? `?${scope}` : ""}`, schema: ListScopeNames });

export const actionsConfig = (): Effect.Effect<ActionsConfigResponse, ApiError> =>
  request({ path: "outlets/actions-config/", schema: ActionsConfigResponse });

export const outletChain = (ids: readonly number[]): Effect.Effect<typeof ChainResponse.Type, ApiError> =>
  request({ path: "outlets/chain/", query: { ids }, schema: ChainResponse });

export const outletDetail = (slug: string): Effect.Effect<OutletDetail, ApiError> =>
  request({ path: `outlets/${encodeURIComponent(slug)}/`, schema: OutletDetail });

export const outletSummary = (): Effect.Effect<OutletSummary, ApiError> =>
  request({ path: "outlets/summary/", schema: OutletSummary });

/** POST outlets/bulk-action/: a 400 is an expected answer, given back as field-and-value lines. */
export const bulkUpdate = (body: BulkUpdateRequest): Effect.Effect<BulkUpdateOutcome, ApiError> =>
  request({ method: "POST", path: "outlets/bulk-action/", body, schema: BulkUpdateResponse }).pipe(
    Effect.map((r): BulkUpdateOutcome => ({ type: "done", detail: r.detail })),
    Effect.catchTag("ValidationError", (e) =>
      Effect.succeed<BulkUpdateOutcome>({ type: "invalid", lines: fieldLines(e.body) }),
    ),
  );

/** React Query keys of this family: a finished bulk action invalidates everything under `all`. */
export const outletKeys = {
  all: ["outlets"] as const,
  list: (query: string) => ["outlets", "list", query] as const,
  options: (scope: string) => ["outlets", "options", scope] as const,
  scope: (scope: string) => ["outlets", "scope", scope] as const,
  config: ["outlets", "config"] as const,
  detail: (slug: string) => ["outlets", "detail", slug] as const,
  summary: ["outlets", "summary"] as const,
};

export const outletListQuery = (query: string) =>
  queryOptions({
    queryKey: outletKeys.list(query),
    queryFn: ({ signal }) => runApi(listOutlets(query), { signal }),
  });

export const actionsConfigQuery = () =>
  queryOptions({
    queryKey: outletKeys.config,
    queryFn: ({ signal }) => runApi(actionsConfig(), { signal }),
    staleTime: 5 * 60_000,
  });

export const outletDetailQuery = (slug: string) =>
  queryOptions({
    queryKey: outletKeys.detail(slug),
    queryFn: ({ signal }) => runApi(outletDetail(slug), { signal }),
  });

export const outletSummaryQuery = () =>
  queryOptions({
    queryKey: outletKeys.summary,
    queryFn: ({ signal }) => runApi(outletSummary(), { signal }),
  });

export const filterOptionsQuery = (scope: string) =>
  queryOptions({
    queryKey: outletKeys.options(scope),
    queryFn: ({ signal }) => runApi(outletFilterOptions(scope), { signal }),
    staleTime: 60_000,
  });

export const listScopeQuery = (scope: string) =>
  queryOptions({
    queryKey: outletKeys.scope(scope),
    queryFn: ({ signal }) => runApi(listScopeNames(scope), { signal }),
    staleTime: 5 * 60_000,
  });
