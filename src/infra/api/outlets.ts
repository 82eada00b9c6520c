/** The outlet endpoint family (spec 000 §7.3, §7.5; 001 §6), each call decoded with the domain's Schema. */
import { queryOptions } from "@tanstack/react-query";
import { Effect } from "effect";
import type { OutletId, WorkflowObjectId } from "../../domain/api/ids";
import * as api from "../../domain/api/outlets";
import type { ActionsConfigResponse } from "../../domain/outlets/actionsConfig";
import type { BulkUpdateOutcome, BulkUpdateRequest, ChainResponse } from "../../domain/outlets/bulkUpdate";
import type { OutletGallery } from "../../domain/outlets/outletGallery";
import {
  type FilterOptionsResponse,
  type ListScopeNames,
  type OutletListingQuery,
  type OutletListResponse,
  type OutletSummary,
  scopeQuery,
} from "../../domain/outlets/outletListing";
import type {
  OutletEditAction,
  OutletReview,
  QcEditHistory,
  SimilarOutlets,
} from "../../domain/outlets/outletReview";
import { call } from "../endpoint";
import { type ApiError, detailOf, fieldLines, runApi } from "../http";

/** A listing query built by the domain's outletListingQuery. */
export const listOutlets = (query: OutletListingQuery): Effect.Effect<OutletListResponse, ApiError> =>
  call(api.listOutlets, { query });

/** The scope parameters of a list (project, sub_project or cycle_of) as its query. */
const scopeOf = (scope: string) => scopeQuery([...new URLSearchParams(scope)]);

/** The filter drawer's options for a list's scope (project, sub_project or cycle_of parameters). */
export const outletFilterOptions = (scope: string): Effect.Effect<FilterOptionsResponse, ApiError> =>
  call(api.filterOptions, { query: scopeOf(scope) });

/** The names of a scoped list's project and sub-project; a 404 when the caller may not see them. */
export const listScopeNames = (scope: string): Effect.Effect<ListScopeNames, ApiError> =>
  call(api.listScope, { query: scopeOf(scope) });

export const actionsConfig = (): Effect.Effect<ActionsConfigResponse, ApiError> =>
  call(api.actionsConfig, {});

export const outletChain = (ids: readonly OutletId[]): Effect.Effect<typeof ChainResponse.Type, ApiError> =>
  call(api.outletChain, { query: { ids } });

/** GET outlets/{slug}/ read as the review screen's outlet (spec 001 §3). */
export const outletReview = (slug: string): Effect.Effect<OutletReview, ApiError> =>
  call(api.outletDetail, { params: { slug } });

export const qcEditHistory = (workflowObject: WorkflowObjectId): Effect.Effect<QcEditHistory, ApiError> =>
  call(api.qcEditHistory, { params: { workflowObject } });

export const similarOutlets = (outletId: OutletId): Effect.Effect<typeof SimilarOutlets.Type, ApiError> =>
  call(api.similarOutlets, { params: { id: outletId } });

/** Every image held for one outlet, for the gallery route (001 §2.5). */
export const outletGallery = (outletId: OutletId): Effect.Effect<OutletGallery, ApiError> =>
  call(api.outletGallery, { params: { id: outletId } });

/** POST outlets/{slug}/action/: a 403 or 409 (decided meanwhile, not allowed now) is an answer. */
export const outletEditDecision = (
  slug: string,
  action: OutletEditAction,
): Effect.Effect<{ type: "ok" | "refused"; detail: string }, ApiError> =>
  call(api.decideEdits, { params: { slug }, body: { action_to_perform: action } }).pipe(
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

export const outletSummary = (): Effect.Effect<OutletSummary, ApiError> => call(api.outletSummary, {});

/** POST outlets/bulk-action/: a 400 is an expected answer, given back as field-and-value lines. */
export const bulkUpdate = (body: BulkUpdateRequest): Effect.Effect<BulkUpdateOutcome, ApiError> =>
  call(api.bulkAction, { body }).pipe(
    Effect.map((r): BulkUpdateOutcome => ({ type: "done", detail: r.detail })),
    Effect.catchTag("ValidationError", (e) =>
      Effect.succeed<BulkUpdateOutcome>({ type: "invalid", lines: fieldLines(e.body) }),
    ),
  );

/** React Query keys of this family: a finished bulk action invalidates everything under `all`. */
export const outletKeys = {
  all: ["outlets"] as const,
  lists: ["outlets", "list"] as const,
  list: (query: OutletListingQuery) => ["outlets", "list", query] as const,
  options: (scope: string) => ["outlets", "options", scope] as const,
  scope: (scope: string) => ["outlets", "scope", scope] as const,
  config: ["outlets", "config"] as const,
  summary: ["outlets", "summary"] as const,
};

export const outletListQuery = (query: OutletListingQuery) =>
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
