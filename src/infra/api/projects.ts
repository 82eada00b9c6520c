/** The projects endpoint family: cards, notifications and marking them read, the sub-project hub. */
import { queryOptions } from "@tanstack/react-query";
import { Effect } from "effect";
import { MOBILE_LINKS_FAILED, MobileLinksExport, type MobileLinksOutcome } from "../../domain/mobileLinks";
import {
  type HubOutcome,
  MarkedRead,
  type ProjectCardPage,
  ProjectCardPage as ProjectCardPageSchema,
  type ProjectNotificationPage,
  ProjectNotificationPage as ProjectNotificationPageSchema,
  SubProjectHub,
} from "../../domain/projects";
import {
  type ApiError,
  detailOf,
  type Forbidden,
  type HttpError,
  type Query,
  request,
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
  request({
    path: "projects/",
    query: {
      page: q.page,
      "page-size": q.pageSize,
      search: q.search || undefined,
      type: q.type || undefined,
      organisation: q.organisation || undefined,
    } satisfies Query,
    schema: ProjectCardPageSchema,
  });

export const projectNotifications = (
  page: number,
  pageSize: number,
  search: string,
): Effect.Effect<ProjectNotificationPage, ApiError> =>
  request({
    path: "projects/notifications/",
    query: { page, "page-size": pageSize, search: search || undefined },
    schema: ProjectNotificationPageSchema,
  });

export const markNotificationsRead = (ids: readonly number[]): Effect.Effect<{ marked: number }, ApiError> =>
  request({ method: "POST", path: "projects/notifications/read/", body: { ids }, schema: MarkedRead });

/** GET the hub; a 404 (no such sub-project, or another organisation's) is an answer, not a failure. */
export const subProjectHub = (projectSlug: string, slug: string): Effect.Effect<HubOutcome, ApiError> =>
  request({
    path: `projects/${encodeURIComponent(projectSlug)}/sub-projects/${encodeURIComponent(slug)}/`,
    schema: SubProjectHub,
  }).pipe(
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
  request({
    method: "POST",
    path: `projects/${encodeURIComponent(projectSlug)}/sub-projects/${encodeURIComponent(slug)}/mobile-links/export/`,
    body: {},
    schema: MobileLinksExport,
  }).pipe(
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
