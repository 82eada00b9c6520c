/**
 * View all (000 §2.1 /dashboard/view-all; docs/projects.md, "View all"): every notification a user
 * has, newest first: the project notifications of the projects they see (000 §3, as on the project
 * cards) and their own upload notifications (an upload processed, failed, confirmed or cancelled).
 */
import { Schema } from "effect";
import { Choice, Text } from "../api/fields";
import { JobId } from "../api/ids";
import { paginated } from "../api/paginated";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import { pathFor } from "../shared/routePatterns";
import { UPLOAD_ROUTES } from "../uploads/uploadRoutes";

export const VIEW_ALL_PATH = "/dashboard/view-all";
export const VIEW_ALL_KINDS = ["project", "upload"] as const;
export type ViewAllKind = (typeof VIEW_ALL_KINDS)[number];
export const VIEW_ALL_KIND_LABEL: Record<ViewAllKind, string> = {
  project: "Project notification",
  upload: "Your upload",
};

/** Where an upload notification's job was made: its type and the places its screen is addressed by. */
export const UploadPlace = Schema.Struct({
  job: JobId,
  object_type: Schema.String,
  organisation: Schema.String,
  project: Schema.NullOr(Schema.String),
  sub_project: Schema.NullOr(Schema.String),
});
export type UploadPlace = typeof UploadPlace.Type;

export const ViewAllEntry = Schema.Struct({
  kind: Choice(VIEW_ALL_KINDS),
  id: Schema.Number,
  title: Schema.String,
  subText: Schema.String,
  date: Schema.String,
  time: Schema.String,
  /** Read or not, for a project notification (per user, as on the cards); null for an upload's. */
  read: Schema.NullOr(Schema.Boolean),
  /** The project notification's outlet (its RSID), or null. */
  outlet: Schema.NullOr(Schema.String),
  /** The upload notification's job and where it was made, or null. */
  upload: Schema.NullOr(UploadPlace),
});
export type ViewAllEntry = typeof ViewAllEntry.Type;

export const ViewAllPage = Schema.Struct({
  ...paginated(ViewAllEntry).fields,
  /** Unread project notifications among those listed by the filter. */
  unread: Schema.Number,
});
export type ViewAllPage = typeof ViewAllPage.Type;

/** One kind or both; a search over a project notification's outlet (name or RSID) or an upload's title and text. */
export const ViewAllQuery = Schema.Struct({
  kind: Schema.optionalKey(Choice(VIEW_ALL_KINDS)),
  search: Schema.optionalKey(Text(MAX_QUERY_TEXT_LENGTH)),
});

/**
 * The upload screen an upload notification leads to: the first screen serving its type, filled in
 * from where the job was made; null when the job does not say enough to address it.
 */
export function uploadScreenPath(place: UploadPlace): string | null {
  const route = UPLOAD_ROUTES.find((r) => (r.types as readonly string[]).includes(place.object_type));
  if (!route) return null;
  const params: Record<string, string | null> = {
    organisation: place.organisation,
    subProject: place.sub_project,
    pick: place.project,
    own: null,
  };
  const slug = params[route.place];
  const needs = (name: string) => route.pattern.includes(`:${name}`);
  if (needs("slug") && !slug) return null;
  if (needs("projectSlug") && !place.project) return null;
  return pathFor(route.pattern, { slug: slug ?? undefined, projectSlug: place.project ?? undefined });
}
