/**
 * The mobile link download (000 §2.1 `mobile-link-download`): the retailer mobile links of a
 * sub-project's outlets (docs/retailer-portal.md) exported as a spreadsheet to My Downloads. A link
 * opens the retailer's earnings to the first device that follows it, so only those who set projects
 * up may export them.
 */
import { Schema, SchemaTransformation } from "effect";
import { SET_UP_PROJECTS, SUB_PROJECT_HUB } from "../admin/resources/projects";
import { JobId } from "../api/ids";
import { workflowPermission } from "../shared/permissions";

/** The screen's catalogue pattern, under the sub-project hub. */
export const MOBILE_LINK_DOWNLOAD = `${SUB_PROJECT_HUB}/mobile-link-download`;

export const mayExportMobileLinks = (permissions: readonly string[]): boolean =>
  SET_UP_PROJECTS.some((p) => permissions.includes(p));

/** Where a retailer's link opens, from the outlet's link slug. */
export const mobileLinkPath = (slug: string): string => `/mobile-view/home/slug/${encodeURIComponent(slug)}`;

/** The spreadsheet's columns, in order. */
export const MOBILE_LINK_COLUMNS = [
  "rsid",
  "outlet_name",
  "owner_name",
  "phone",
  "workflow_state",
  "mobile_link",
] as const;

export const MOBILE_LINKS_TITLE = "Mobile link download";
export const mobileLinksExportTitle = (subProjectName: string): string => `Mobile links of ${subProjectName}`;
export const NO_MOBILE_LINKS = "No outlet of this sub-project has a retailer mobile link yet.";
export const MOBILE_LINKS_STARTED = "Export started. The spreadsheet will be in My Downloads.";
export const MOBILE_LINKS_ALREADY_STARTED =
  "An export of these links is already being prepared. It will be in My Downloads.";
export const MOBILE_LINKS_FAILED = "The export could not be started. Check your connection and try again.";
export const MOBILE_LINKS_NOT_ALLOWED =
  "Only those who set projects up may export the retailer mobile links.";

/** The answer to starting an export: its My Downloads id and what to tell the user. */
export const MobileLinksExport = Schema.Struct({ id: JobId, detail: Schema.String });
export type MobileLinksExport = typeof MobileLinksExport.Type;

/** What starting an export came to: started (or already being prepared), or refused with a reason. */
export type MobileLinksOutcome =
  | { type: "started"; id: number; detail: string }
  | { type: "refused"; detail: string };

// --- Moving a link to a new phone (docs/retailer-portal.md) ---

/**
 * Who may reset a retailer's link so that the next phone that opens it binds it: QC managers (and
 * admin, who holds every permission), who decide a retailer's details in the outlet review. The pp
 * view and the server read this rule.
 */
export const MOBILE_LINK_RESET_PERMISSION = workflowPermission("qc-manager");

export const mayResetMobileLink = (permissions: readonly string[]): boolean =>
  permissions.includes(MOBILE_LINK_RESET_PERMISSION);

export const MOBILE_LINK_MSG = {
  title: "Mobile link",
  reset: "Reset mobile link",
  confirmTitle: "Reset mobile link?",
  confirm: "The link will open on the next phone that opens it.",
  keep: "Keep the phone",
  notBound: "Not opened on a phone yet: the next phone that opens the link binds it.",
  done: "Mobile link reset. It will open on the next phone that opens it.",
  alreadyReset: "The mobile link was already reset.",
  boundSince: "The link was opened on a phone since this page was loaded. Look again before resetting it.",
  failed: "The mobile link could not be reset. Please try again.",
  statusFailed: "The mobile link's state could not be loaded.",
  badBoundAt: "Give the time the link was bound, as this page read it.",
} as const;

/**
 * When the outlet's link was bound to a phone (null while no phone has opened it), and whether the
 * caller may reset it (the pp views run without the portal's user fetch, so the answer says).
 */
export const MobileLinkStatus = Schema.Struct({
  bound_at: Schema.NullOr(Schema.String),
  may_reset: Schema.Boolean,
});
export type MobileLinkStatus = typeof MobileLinkStatus.Type;

/** POST .../mobile-link/reset/ {bound_at}: the binding the caller saw is the one removed. */
export const MobileLinkResetAnswer = Schema.Struct({ detail: Schema.String, already_reset: Schema.Boolean });
export type MobileLinkResetAnswer = typeof MobileLinkResetAnswer.Type;

/** The longest bound_at taken: an ISO time is 24 characters. */
const BOUND_AT_MAX_LENGTH = 40;

/**
 * The reset's body: the bound_at the caller saw, an ISO time on the wire decoded to its instant
 * (ms), so a stale page resets nothing newer.
 */
export const MobileLinkResetBody = Schema.Struct({
  bound_at: Schema.String.annotate({ message: MOBILE_LINK_MSG.badBoundAt })
    .check(
      Schema.makeFilter((at: string) => at.length <= BOUND_AT_MAX_LENGTH && Number.isFinite(Date.parse(at)), {
        message: MOBILE_LINK_MSG.badBoundAt,
      }),
    )
    .pipe(
      Schema.decodeTo(
        Schema.Number,
        SchemaTransformation.transform({
          decode: (at) => Date.parse(at),
          encode: (instant) => new Date(instant).toISOString(),
        }),
      ),
      Schema.annotateKey({ messageMissingKey: MOBILE_LINK_MSG.badBoundAt }),
    ),
});
export type MobileLinkResetBody = typeof MobileLinkResetBody.Type;
