/**
 * Photo audit (docs/projects.md, "Photo audit"): a page of a sub-project's survey photos with their
 * decisions, filtered by status; and one photo's decision, saved at the version read (409 when
 * someone decided since). Internal QC and project managers only (`mayAuditPhotos`).
 */
import { Schema } from "effect";
import {
  PHOTO_AUDIT_STATUSES,
  PHOTO_DECISIONS,
  PhotoAuditImage,
  PhotoAuditPage,
} from "../projects/photoAudit";
import { endpoint } from "./endpoint";
import { Choice, IdText, OptionalText, PathText } from "./fields";
import { AnswerImageId } from "./ids";

const OfSubProject = Schema.Struct({ projectSlug: PathText, slug: PathText });

export const photoAuditImages = endpoint({
  summary: "A page of a sub-project's survey photos with their audit decisions, by status",
  method: "GET",
  path: "/projects/:projectSlug/sub-projects/:slug/photo-audit/",
  grant: "auditPhotos",
  params: OfSubProject,
  query: Schema.Struct({ status: Schema.optionalKey(Choice(PHOTO_AUDIT_STATUSES)) }),
  paged: true,
  response: PhotoAuditPage,
  refusals: [400, 404],
});

const PhotoDecisionBody = Schema.Struct({
  decision: Choice(PHOTO_DECISIONS),
  reason: OptionalText(500),
  version: Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0)),
});

export const decidePhoto = endpoint({
  summary:
    "Approves or rejects (with its reason) one survey photo at the version read; 409 when decided since",
  method: "PUT",
  path: "/projects/:projectSlug/sub-projects/:slug/photo-audit/:imageId/",
  grant: "auditPhotos",
  params: Schema.Struct({ projectSlug: PathText, slug: PathText, imageId: IdText(AnswerImageId) }),
  body: PhotoDecisionBody,
  response: PhotoAuditImage,
  refusals: [400, 404, 409],
});
