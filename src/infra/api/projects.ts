/** The projects endpoint family: cards, notifications and marking them read, the sub-project hub. */
import { queryOptions } from "@tanstack/react-query";
import { Effect } from "effect";
import * as api from "../../domain/api/projects";
import { MOBILE_LINKS_FAILED, type MobileLinksOutcome } from "../../domain/mobile/mobileLinks";
import type { HubOutcome, ProjectCardPage, ProjectNotificationPage } from "../../domain/projects/projects";
import type { ViewAllKind } from "../../domain/projects/viewAll";
import { call } from "../endpoint";
import {
  type ApiError,
  detailOf,
  type Forbidden,
  type HttpError,
  runApi,
  type ValidationError,
} from "../http";

export type CardsQuery = {
  page: number;
  pageSize: number;
  search: string;
  type: string;
  organisation: string;
};

export const projectCards = (q: CardsQuery): Effect.Effect<ProjectCardPage, ApiError> =>
  call(api.projectCards, {
    query: {
      ...(q.search ? { search: q.search } : {}),
      ...(q.type ? { type: q.type } : {}),
      ...(q.organisation ? { organisation: q.organisation } : {}),
    },
    page: { page: q.page, pageSize: q.pageSize },
  });

export const projectNotifications = (
  page: number,
  pageSize: number,
  search: string,
): Effect.Effect<ProjectNotificationPage, ApiError> =>
  call(api.projectNotifications, { query: search ? { search } : {}, page: { page, pageSize } });

export const markNotificationsRead = (ids: readonly number[]): Effect.Effect<{ marked: number }, ApiError> =>
  call(api.markNotificationsRead, { body: { ids } });

/** GET the hub; a 404 (no such sub-project, or another organisation's) is an answer, not a failure. */
export const subProjectHub = (projectSlug: string, slug: string): Effect.Effect<HubOutcome, ApiError> =>
  call(api.subProjectHub, { params: { projectSlug, slug } }).pipe(
    Effect.map((hub): HubOutcome => ({ type: "found", hub })),
    Effect.catchIf(
      (e) => e._tag === "HttpError" && e.status === 404,
      () => Effect.succeed<HubOutcome>({ type: "notFound" }),
    ),
  );

export const projectKeys = {
  all: ["projects"] as const,
  cards: (q: CardsQuery) => ["projects", "cards", q] as const,
  notifications: (page: number, size: number, search: string) =>
    ["projects", "notifications", page, size, search] as const,
};

export const projectCardsQuery = (q: CardsQuery) =>
  queryOptions({
    queryKey: projectKeys.cards(q),
    queryFn: ({ signal }) => runApi(projectCards(q), { signal }),
  });

export const projectNotificationsQuery = (page: number, pageSize: number, search: string) =>
  queryOptions({
    queryKey: projectKeys.notifications(page, pageSize, search),
    queryFn: ({ signal }) => runApi(projectNotifications(page, pageSize, search), { signal }),
  });

/**
 * POST the start of a mobile link export; a refusal with a reason (no links, not allowed, no such
 * sub-project) is an answer, not a failure.
 */
export const startMobileLinksExport = (
  projectSlug: string,
  slug: string,
): Effect.Effect<MobileLinksOutcome, ApiError> =>
  call(api.exportMobileLinks, { params: { projectSlug, slug } }).pipe(
    Effect.map((started): MobileLinksOutcome => ({ type: "started", ...started })),
    Effect.catchIf(
      (e): e is ValidationError | Forbidden | HttpError =>
        e._tag === "ValidationError" ||
        e._tag === "Forbidden" ||
        (e._tag === "HttpError" && e.status === 404),
      (e) =>
        Effect.succeed<MobileLinksOutcome>({
          type: "refused",
          detail: detailOf(e.body) ?? MOBILE_LINKS_FAILED,
        }),
    ),
  );

/**
 * A sub-project's outlet kinds with their counts, kept under the outlets' keys so a status change
 * made from a list refreshes them.
 */
export const outletManagementQuery = (projectSlug: string, slug: string) =>
  queryOptions({
    queryKey: ["outlets", "management", projectSlug, slug] as const,
    queryFn: ({ signal }) =>
      runApi(call(api.outletManagement, { params: { projectSlug, slug } }), { signal }),
  });

/** A page of View all, under the projects' keys so marking notifications read on a card refreshes it. */
export const viewAllQuery = (page: number, pageSize: number, kind: ViewAllKind | null, search: string) =>
  queryOptions({
    queryKey: ["projects", "view-all", page, pageSize, kind, search] as const,
    queryFn: ({ signal }) =>
      runApi(
        call(api.viewAll, {
          query: { ...(kind ? { kind } : {}), ...(search ? { search } : {}) },
          page: { page, pageSize },
        }),
        { signal },
      ),
  });
