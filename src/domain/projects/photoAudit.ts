/**
 * Photo audit (000 §2.1 photo-audit; docs/projects.md, "Photo audit"): a sub-project's survey
 * images, each approved or rejected with a reason by an internal QC or project manager. The
 * decision is kept with the image and shown wherever the image is, the outlet's gallery included.
 */
import { Schema } from "effect";
import { AnswerImageId, OutletId } from "../api/ids";
import { paginated } from "../api/paginated";
import { dashboardPermission } from "../shared/permissions";

/** The page under the sub-project hub (000 §2.1). */
export const PHOTO_AUDIT = "/dashboard/projects/view-list/:projectSlug/view/:slug/photo-audit";

export const PHOTO_DECISIONS = ["approved", "rejected"] as const;
export type PhotoDecision = (typeof PHOTO_DECISIONS)[number];
/** The page's filter: photos not decided yet, or those with one decision. */
export const PHOTO_AUDIT_STATUSES = ["pending", ...PHOTO_DECISIONS] as const;
export type PhotoAuditStatus = (typeof PHOTO_AUDIT_STATUSES)[number];
export const PHOTO_STATUS_LABELS: Readonly<Record<PhotoAuditStatus, string>> = {
  pending: "Not audited",
  approved: "Approved",
  rejected: "Rejected",
};

export const PHOTO_AUDIT_PAGE_SIZE = 12;
export const MAX_REJECT_REASON = 500;

export const REJECT_REASON_REQUIRED = "Give the reason the photo is rejected.";
export const PHOTO_AUDIT_LOAD_FAILED = "The photos could not be loaded. Check your connection and try again.";
export const PHOTO_DECISION_NOT_SAVED =
  "The decision could not be saved. Check your connection and try again.";
export const PHOTO_DECIDED_MEANWHILE =
  "Someone else decided on this photo meanwhile. The list shows their decision; decide again if needed.";
export const photoDecisionSaved = (decision: PhotoDecision, rsid: string): string =>
  decision === "approved" ? `Photo of ${rsid} approved.` : `Photo of ${rsid} rejected.`;

/** A rejection needs its reason; an approval takes none. */
export const rejectReasonGiven = (reason: string): boolean => {
  const given = reason.trim();
  return given.length > 0 && given.length <= MAX_REJECT_REASON;
};

/** Internal QC managers and project managers audit photos; a client's users see the decisions only. */
const PHOTO_AUDITORS = [dashboardPermission("qc-manager"), dashboardPermission("project-manager")];
export const mayAuditPhotos = (permissions: readonly string[], internal: boolean): boolean =>
  internal && PHOTO_AUDITORS.some((p) => permissions.includes(p));

/** A photo's decision as shown beside it. */
export const PhotoAudit = Schema.Struct({
  decision: Schema.Literals(PHOTO_DECISIONS),
  reason: Schema.NullOr(Schema.String),
  decided_by: Schema.String,
  decided_at: Schema.String,
});
export type PhotoAudit = typeof PhotoAudit.Type;

/** "Rejected: blurred board (Priya Sharma)". */
export const photoAuditText = (audit: PhotoAudit): string =>
  `${PHOTO_STATUS_LABELS[audit.decision]}${audit.reason ? `: ${audit.reason}` : ""} (${audit.decided_by})`;

export const PhotoAuditImage = Schema.Struct({
  id: AnswerImageId,
  image: Schema.String,
  outlet: Schema.Struct({ id: OutletId, rsid: Schema.String, name: Schema.String }),
  question: Schema.String,
  audit: Schema.NullOr(PhotoAudit),
  /** The decision's version (0 before any), sent back with a decision so a later one is not lost. */
  version: Schema.Number,
});
export type PhotoAuditImage = typeof PhotoAuditImage.Type;

export const PhotoAuditPage = paginated(PhotoAuditImage);
export type PhotoAuditPage = typeof PhotoAuditPage.Type;

/** What reading a page of photos comes to: the page, or a sub-project the caller may not audit. */
export type PhotoListOutcome = { type: "found"; page: PhotoAuditPage } | { type: "notFound" };
/** What saving a decision comes to: saved, decided by someone else meanwhile (409), or refused (400). */
export type PhotoDecisionOutcome =
  | { type: "saved"; image: PhotoAuditImage }
  | { type: "conflict"; detail: string }
  | { type: "refused"; detail: string };
