/** The outlet endpoint family (spec 000 §7.3, §7.5; 001 §6), each call decoded with the domain's Schema. */
import { queryOptions } from "@tanstack/react-query";
import { Effect, Schema } from "effect";
import { ActionsConfigResponse } from "../../domain/actionsConfig";
import {
  type BulkUpdateOutcome,
  type BulkUpdateRequest,
  BulkUpdateResponse,
  ChainResponse,
} from "../../domain/bulkUpdate";
import { OutletGallery } from "../../domain/outletGallery";
import {
  FilterOptionsResponse,
  ListScopeNames,
  OutletListResponse,
  OutletSummary,
} from "../../domain/outletListing";
import {
  type OutletEditAction,
  OutletReview,
  QcEditHistory,
  SimilarOutlets,
} from "../../domain/outletReview";
import { type ApiError, detailOf, fieldLines, request, runApi } from "../http";

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

/** GET outlets/{slug}/ read as the review screen's outlet (spec 001 §3). */
export const outletReview = (slug: string): Effect.Effect<OutletReview, ApiError> =>
  request({ path: `outlets/${encodeURIComponent(slug)}/`, schema: OutletReview });

export const qcEditHistory = (workflowObjectId: number): Effect.Effect<QcEditHistory, ApiError> =>
  request({ path: `outlets/qc-edit-history/${workflowObjectId}/`, schema: QcEditHistory });

export const similarOutlets = (outletId: number): Effect.Effect<typeof SimilarOutlets.Type, ApiError> =>
  request({ path: `outlets/similar/${outletId}/`, schema: SimilarOutlets });

/** Every image held for one outlet, for the gallery route (001 §2.5). */
export const outletGallery = (outletId: number): Effect.Effect<OutletGallery, ApiError> =>
  request({ path: `outlets/gallery/${outletId}/`, schema: OutletGallery });

/** POST outlets/{slug}/action/: a 403 or 409 (decided meanwhile, not allowed now) is an answer. */
export const outletEditDecision = (
  slug: string,
  action: OutletEditAction,
): Effect.Effect<{ type: "ok" | "refused"; detail: string }, ApiError> =>
  request({
    method: "POST",
    path: `outlets/${encodeURIComponent(slug)}/action/`,
    body: { action_to_perform: action },
    schema: Schema.Struct({ detail: Schema.String }),
  }).pipe(
    Effect.map((r) => ({ type: "ok" as const, detail: r.detail })),
    Effect.catchIf(
      (e) => e._tag === "Forbidden" || (e._tag === "HttpError" && e.status === 409),
      (e) =>
        Effect.succeed({
          type: "refused" as const,
          detail: ("body" in e ? detailOf(e.body) : undefined) ?? "The edit could not be decided.",
        }),
    ),
  );

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
