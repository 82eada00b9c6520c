/**
 * The outlet view by view type (spec 000 §2.1 `/dashboard/view/{outletSlug}/{outletID}/{viewType}`,
 * content not shown; docs/outlet-review.md, "Views by role"): the outlet review screen as one role
 * sees it, read-only, for those who work with that role: the client's view (what the client's
 * manager reads), the calling view (what the calling executive works from) and the field view (what
 * the field auditor collected). Any other view type is not a page.
 */
import type { ReviewRole } from "./outletReview";

export const OUTLET_VIEW_TYPES = ["client", "calling", "field"] as const;
export type OutletViewType = (typeof OUTLET_VIEW_TYPES)[number];

export const OUTLET_VIEW_LABELS: Readonly<Record<OutletViewType, string>> = {
  client: "Client's view",
  calling: "Calling view",
  field: "Field view",
};

/** What each view says it is, above the header card. */
export const OUTLET_VIEW_LEADS: Readonly<Record<OutletViewType, string>> = {
  client:
    "The outlet as its client's manager reads it: no survey end, location accuracy or assigned people, and the score on retail audit cycles.",
  calling:
    "The outlet as the calling executive works from it: the panel of its type of calling and the QC status.",
  field:
    "The outlet as the field auditor collected it: survey start and end, location accuracy, the answers and their photos.",
};

/**
 * The review role whose menu and header card each view shows (reviewMenu, headerVisibility): the
 * field auditor has no review role of their own, so the field view is the review without a role's
 * panels (Survey Details first).
 */
export const OUTLET_VIEW_ROLE: Readonly<Record<OutletViewType, ReviewRole>> = {
  client: "client-manager",
  calling: "calling-executive",
  field: "other",
};

/**
 * Who may open each view: the role itself, and those who check its work (the QC manager and the
 * project manager every view; the QC executive the field view, the survey they review).
 */
const VIEWERS: Readonly<Record<OutletViewType, readonly ReviewRole[]>> = {
  client: ["client-manager", "client-manager-view", "qc-manager", "project-manager"],
  calling: ["calling-executive", "qc-manager", "project-manager"],
  field: ["qc-manager", "qc-executive", "project-manager"],
};
export const mayOpenOutletView = (view: OutletViewType, role: ReviewRole): boolean =>
  VIEWERS[view].includes(role);

/** The views a role may open, in display order. */
export const outletViewsFor = (role: ReviewRole): OutletViewType[] =>
  OUTLET_VIEW_TYPES.filter((v) => mayOpenOutletView(v, role));

/** The view an address names, or null for any other text (the Page not found). */
export const outletViewType = (text: string): OutletViewType | null =>
  OUTLET_VIEW_TYPES.find((v) => v === text) ?? null;

export const outletViewPath = (rsid: string, outletId: number, view: OutletViewType): string =>
  `/dashboard/view/${encodeURIComponent(rsid)}/${outletId}/${view}`;
