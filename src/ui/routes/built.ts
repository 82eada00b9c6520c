/** The bulk upload screens: every pattern of src/domain/uploads/uploadRoutes.ts (a test keeps them equal). */
export const UPLOAD_BUILT_PATTERNS = [
  "/dashboard/organization-users-roles/organization-view/:slug/list-of-regions/bulk-upload",
  "/dashboard/organization-users-roles/organization-view/:slug/list-of-zones/bulk-upload",
  "/dashboard/organization-users-roles/organization-view/:slug/list-of-territories/bulk-upload",
  "/dashboard/organization-users-roles/organization-view/:slug/user-list/bulk-upload",
  "/dashboard/organization-users-roles/organization-view/:slug/user-list/bulk-update",
  "/dashboard/meta/cities-list/bulk-upload",
  "/dashboard/organization-inovice-sku/sku-list/bulk-upload",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/bulk-upload",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/question-management/bulk-upload",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/question-management/sku-bulk-upload",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/panel-management/bulk-upload",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/bulk-field-assign",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/sku-list/bulk-upload",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/logic-score/benchmarks/bulk-upload",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/cycle/plot-payout",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/bulk-kyc",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/bulk-kyc/bulk-upload-images",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/bulk-kyc/bulk-upload-data-mapping",
  "/dashboard/message",
  "/dashboard/projects/client-portal-view/:slug/manage-kyc",
  "/dashboard/manage-payout",
  "/dashboard/upi-payments-verification",
  "/dashboard/ifsc-verification",
  "/dashboard/unicorn-image-fetch",
] as const;

/**
 * The catalogue patterns whose screens are written for them. The route table renders these, and
 * the administration screens (./allBuilt.ts); every other catalogue pattern shows the honest
 * "Page not found". Kept free of React, and of the resource definitions (they carry Effect's
 * Schema, which the entry does not), so that the route table and scripts can import it.
 */
const HAND_BUILT_PATTERNS = [
  "/",
  "/login",
  // The staff two-step sign-in: the code step and the password step again (docs/auth.md).
  "/verify-otp",
  "/mfa-password",
  "/forgot-password",
  "/reset-password",
  "/change-password-expiry",
  // Sign-in with a one-time code: field auditors (eMyTrack) and retailers, and where each lands.
  "/eMyTrack/login",
  "/eMyTrack/verify-otp",
  // The field auditor's own area (docs/field-user.md).
  "/eMyTrack/dashboard",
  "/eMyTrack/pending-list",
  "/eMyTrack/rejected-list",
  "/eMyTrack/completed-list",
  "/eMyTrack/outlet-detail/:slug",
  "/eMyTrack/outlet-survey-listing/:slug",
  "/eMyTrack/outlet-add",
  "/eMyTrack/add-new",
  "/eMyTrack/rsa-form",
  "/eMyTrack/rsa-detail",
  "/retailers/login",
  "/retailers/choose-mobile-number",
  "/retailers/enter-mobile-number",
  "/retailers/otp",
  "/retailers/success",
  // The retailer portal's root: signed-in retailers to their outlets, anyone else to sign in.
  "/retailers",
  "/dashboard",
  // Outlet lists and the outlet opened from each.
  "/dashboard/list-of-outlets",
  "/dashboard/list-of-outlets/view/:outlet",
  "/dashboard/view/:outlet",
  "/dashboard/view/:outletSlug/:outletID/:viewType",
  "/dashboard/survey",
  // The invoice image viewer Collected Bills opens in a new tab (docs/invoices.md).
  "/dashboard/collected-bill-image-viewer/:workflow_object_id",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/list-of-outlets",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/list-of-outlets/view/:outlet",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/panel-management/list-of-outlets",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/panel-management/view/:outlet",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/cycle/list-of-outlets",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/cycle/view/:outlet",
  "/dashboard/projects/client-portal-view/:projectSlug/list-of-outlets",
  "/dashboard/projects/client-portal-view/:projectSlug/list-of-outlets/view/:outlet",
  "/dashboard/projects/client-portal-view/:slug/manage-kyc/list-of-outlets",
  "/dashboard/projects/client-portal-view/:slug/manage-kyc/view/:outlet",
  // Every image held for one outlet (001 §2.5), opened from the outlet's review.
  "/dashboard/:reportTitle/:outletID/images",
  ...UPLOAD_BUILT_PATTERNS,
  "/dashboard/my-downloads",
  // TDS and Form 16 for the payout team (docs/tax.md).
  "/dashboard/tds",
  "/dashboard/tds/tds-reports",
  "/dashboard/form16",
  "/dashboard/form16/pan-list",
  "/dashboard/form16/pan-list/store-detail",
  "/dashboard/form-16-pdf",
  "/dashboard/form-16-csv",
  // WhatsApp delivery logs (docs/messaging.md).
  "/dashboard/message/details",
  "/dashboard/message/summary",
  // Location checks (docs/verification.md).
  "/dashboard/reverse-geo-coding",
  // Image matching (docs/verification.md).
  "/dashboard/unicorn-image-matching",
  "/dashboard/list-of-unicorns",
  "/dashboard/list-of-unicorns/view/:slug",
  // Gamification (docs/gamification.md).
  "/gamification/dashboard",
  "/gamification/view-list/:slug",
  "/gamification/view-list-all/:slug",
  "/gamification/report/:slug",
  // The reports (docs/reports.md).
  "/dashboard/reports",
  "/dashboard/retail-audit-report",
  "/dashboard/retail-audit-report/images",
  "/dashboard/retail-audit-report/view/:outlet",
  "/dashboard/performance-report",
  "/dashboard/performance-report-pdf",
  "/dashboard/performance-report-csv",
  "/dashboard/mis-report",
  "/dashboard/client-reports/:outletID/:outletSlug",
  "/dashboard/client-reports/:outletID/images",
  "/dashboard/client-image-reports/:id",
  "/dashboard/projects/client-portal-view/:projectSlug/reports",
  "/dashboard/projects/client-portal-view/:projectSlug/reports/:outletId",
  "/dashboard/projects/client-portal-view/:projectSlug/reports/:id/images",
  // The collected-bills lists (docs/invoices.md).
  "/dashboard/collected-bills-list",
  "/dashboard/invoices",
  // Identity checks and the IFSC master (docs/verification.md).
  "/dashboard/pan-verification",
  "/dashboard/account-verification",
  "/dashboard/secure-account-verification",
  "/dashboard/ifsc-change-verification",
  // Allocation of each team's work (docs/allocation.md).
  "/dashboard/qc-allocation-management",
  "/dashboard/qc-allocation-management/edit",
  "/dashboard/calling-allocation-management",
  "/dashboard/calling-allocation-management/edit",
  "/dashboard/iftu-allocation-management",
  "/dashboard/iftu-allocation-management/edit",
  "/dashboard/profile/:user_name",
  // Field tools (docs/field-tools.md).
  "/dashboard/field-outlet-recovery",
  "/dashboard/field-app-dump",
  // Projects (docs/projects.md): the cards, their notifications, and a sub-project's hub.
  "/dashboard/projects",
  "/dashboard/projects/notifications",
  "/dashboard/projects/view-list/:projectSlug/view/:slug",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/mobile-link-download",
  // A sub-project's survey photos approved or rejected (docs/projects.md, "Photo audit").
  "/dashboard/projects/view-list/:projectSlug/view/:slug/photo-audit",
  // Every notification of the user: projects' and their own uploads' (docs/projects.md, "View all").
  "/dashboard/view-all",
  // A sub-project's outlets by kind (docs/projects.md, "Outlet management").
  "/dashboard/projects/view-list/:projectSlug/view/:slug/outlet-management",
  "/dashboard/projects/view-list/:projectSlug/view/:slug/outlet-management/outlets/:objectType",
  // The money path's summary pages (docs/payouts.md).
  "/dashboard/projects/view-list/:projectSlug/view/:slug/cycle",
  "/dashboard/projects/client-portal-view/:projectSlug/payout",
  "/dashboard/projects/client-portal-view/:projectSlug/payout/cycle",
  // A sub-project's invoice template or ordered header list (docs/projects.md).
  "/dashboard/projects/view-list/:projectSlug/view/:slug/assign-invoice-sku/invoice-header",
  // The retailer's mobile pages and the staff's pp views of the same data (docs/retailer-portal.md).
  "/mobile-view/home/slug/:slug",
  "/mobile-view/home/:slug",
  "/mobile-view/earnings/slug/:slug",
  "/mobile-view/earnings/:slug",
  "/mobile-view/invoices/slug/:slug",
  "/mobile-view/invoices/:slug",
  "/mobile-view/target-vs-achievement/slug/:slug",
  "/mobile-view/target-vs-achievement/:slug",
  "/dashboard/pp-outlet-details/:slug/:master_id?",
  "/dashboard/earnings/pp-outlet-earning/:slug/:master_id?",
  "/dashboard/pp-outlet-invoice/:slug/:master_id?",
  "/dashboard/pp-performance-statement-project-view/:slug/:master_id?",
  // The signed-in retailer's own area (docs/retailer-portal.md).
  "/retailers/outlets-list",
  "/retailers/outlets-list/outlet-information",
  "/retailers/outlets-list/edit",
  "/retailers/earnings",
  "/retailers/list-of-invoices",
  "/retailers/earnings/earnings-details",
  "/retailers/form16",
  "/retailers/notifications",
  "/retailers/offers",
  "/retailers/offers/view/:offerSlug",
  "/retailers/profile/:user_name",
  // The retailer's documents shown inside the area (docs/retailer-portal.md).
  "/retailers/pdf-view",
  "/retailers/list-of-invoices/pdf-view",
  "/retailers/earnings/earnings-details/pdf-view",
] as const;

/** A screen written for its route; the route table's own list must name each. */
export type BuiltPattern = (typeof HAND_BUILT_PATTERNS)[number];

export const HAND_BUILT: readonly string[] = HAND_BUILT_PATTERNS;

const handBuilt: ReadonlySet<string> = new Set(HAND_BUILT_PATTERNS);

export function isHandBuilt(pattern: string): pattern is BuiltPattern {
  return handBuilt.has(pattern);
}
