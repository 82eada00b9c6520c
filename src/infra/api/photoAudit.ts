/** The photo audit endpoint family (docs/projects.md, "Photo audit"): a page of photos, one decision. */
import { Effect } from "effect";
import { AnswerImageId } from "../../domain/api/ids";
import * as api from "../../domain/api/photoAudit";
import {
  PHOTO_AUDIT_PAGE_SIZE,
  PHOTO_DECISION_NOT_SAVED,
  type PhotoAuditStatus,
  type PhotoDecision,
  type PhotoDecisionOutcome,
  type PhotoListOutcome,
} from "../../domain/projects/photoAudit";
import { call } from "../endpoint";
import { type ApiError, detailOf, fieldLines } from "../http";

/** GET a page of photos; a sub-project the caller may not audit (403, 404) is not found, not a failure. */
export const loadPhotos = (
  projectSlug: string,
  slug: string,
  status: PhotoAuditStatus,
  page: number,
): Effect.Effect<PhotoListOutcome, ApiError> =>
  call(api.photoAuditImages, {
    params: { projectSlug, slug },
    query: { status },
    page: { page, pageSize: PHOTO_AUDIT_PAGE_SIZE },
  }).pipe(
    Effect.map((found): PhotoListOutcome => ({ type: "found", page: found })),
    Effect.catchIf(
      (e) => e._tag === "Forbidden" || (e._tag === "HttpError" && e.status === 404),
      () => Effect.succeed<PhotoListOutcome>({ type: "notFound" }),
    ),
  );

/** PUT one decision; someone else's decision first (409) and a refusal (400) are answers with their reason. */
export const decidePhoto = (
  projectSlug: string,
  slug: string,
  imageId: number,
  body: { decision: PhotoDecision; reason: string | null; version: number },
): Effect.Effect<PhotoDecisionOutcome, ApiError> =>
  call(api.decidePhoto, { params: { projectSlug, slug, imageId: AnswerImageId.make(imageId) }, body }).pipe(
    Effect.map((image): PhotoDecisionOutcome => ({ type: "saved", image })),
    Effect.catchIf(
      (e) => e._tag === "HttpError" && e.status === 409,
      (e) =>
        Effect.succeed<PhotoDecisionOutcome>({
          type: "conflict",
          detail: detailOf("body" in e ? e.body : null) ?? PHOTO_DECISION_NOT_SAVED,
        }),
    ),
    Effect.catchIf(
      (e) => e._tag === "ValidationError",
      (e) =>
        Effect.succeed<PhotoDecisionOutcome>({
          type: "refused",
          detail: detailOf(e.body) ?? (fieldLines(e.body).join(" ") || PHOTO_DECISION_NOT_SAVED),
        }),
    ),
  );
