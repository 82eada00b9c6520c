/**
 * Which upload types each bulk upload screen of the route catalogue serves, and how the screen
 * knows where the upload belongs. Kept as data so the route table and its coverage read it too.
 */
import type { UploadTypeKey } from "./uploadTypes";

/**
 * organisation: the :slug of an organisation-admin address; subProject: the :slug of a
 * sub-project address (its id comes from navigation state when there is one); pick: the user
 * chooses a sub-project (within the :slug project when the address has one); own: the user's
 * own organisation.
 */
export type UploadPlaceKind = "organisation" | "subProject" | "pick" | "own";

export type UploadRoute = {
  readonly pattern: string;
  readonly types: readonly UploadTypeKey[];
  readonly place: UploadPlaceKind;
  /** The text of the button shown after Merge With List (Excel variant); default Go back to View All. */
  readonly backText?: string;
};

const ORG_VIEW = "/dashboard/organization-users-roles/organization-view/:slug";
const SUB_PROJECT = "/dashboard/projects/view-list/:projectSlug/view/:slug";

export const UPLOAD_ROUTES: readonly UploadRoute[] = [
  { pattern: `${ORG_VIEW}/list-of-regions/bulk-upload`, types: ["regions"], place: "organisation" },
  { pattern: `${ORG_VIEW}/list-of-zones/bulk-upload`, types: ["zones"], place: "organisation" },
  { pattern: `${ORG_VIEW}/list-of-territories/bulk-upload`, types: ["territories"], place: "organisation" },
  { pattern: `${ORG_VIEW}/user-list/bulk-upload`, types: ["users"], place: "organisation" },
  { pattern: `${ORG_VIEW}/user-list/bulk-update`, types: ["users_update"], place: "organisation" },
  { pattern: "/dashboard/meta/cities-list/bulk-upload", types: ["cities"], place: "own" },
  { pattern: "/dashboard/organization-inovice-sku/sku-list/bulk-upload", types: ["skus"], place: "own" },
  { pattern: `${SUB_PROJECT}/bulk-upload`, types: ["cycle_init", "outlets"], place: "subProject" },
  { pattern: `${SUB_PROJECT}/question-management/bulk-upload`, types: ["questions"], place: "subProject" },
  {
    pattern: `${SUB_PROJECT}/question-management/sku-bulk-upload`,
    types: ["sku_questions"],
    place: "subProject",
  },
  { pattern: `${SUB_PROJECT}/panel-management/bulk-upload`, types: ["panels"], place: "subProject" },
  { pattern: `${SUB_PROJECT}/bulk-field-assign`, types: ["field_assign"], place: "subProject" },
  { pattern: `${SUB_PROJECT}/sku-list/bulk-upload`, types: ["sub_project_skus"], place: "subProject" },
  {
    pattern: `${SUB_PROJECT}/logic-score/benchmarks/bulk-upload`,
    types: ["benchmarks"],
    place: "subProject",
  },
  { pattern: `${SUB_PROJECT}/cycle/plot-payout`, types: ["payout_plotting"], place: "subProject" },
  { pattern: `${SUB_PROJECT}/bulk-kyc`, types: ["bulk_kyc", "kyc_images"], place: "subProject" },
  { pattern: `${SUB_PROJECT}/bulk-kyc/bulk-upload-images`, types: ["kyc_images"], place: "subProject" },
  { pattern: `${SUB_PROJECT}/bulk-kyc/bulk-upload-data-mapping`, types: ["bulk_kyc"], place: "subProject" },
  {
    pattern: "/dashboard/message",
    types: ["whatsapp_messaging"],
    place: "own",
    backText: "Go back to Messages",
  },
  {
    pattern: "/dashboard/projects/client-portal-view/:slug/manage-kyc",
    types: ["kyc_contact"],
    place: "pick",
  },
  {
    pattern: "/dashboard/manage-payout",
    types: ["payout_data_ingested", "payout_payment_status"],
    place: "pick",
  },
  {
    pattern: "/dashboard/upi-payments-verification",
    types: ["icici_upi_account_payment_tracker"],
    place: "pick",
  },
  { pattern: "/dashboard/ifsc-verification", types: ["bank_code"], place: "own" },
  { pattern: "/dashboard/unicorn-image-fetch", types: ["unicorn_interface"], place: "own" },
];

export const UPLOAD_PATTERNS = UPLOAD_ROUTES.map((r) => r.pattern);

export const MY_DOWNLOADS_PATH = "/dashboard/my-downloads";
export const IFSC_CHANGE_VERIFICATION_PATH = "/dashboard/ifsc-change-verification";

export const uploadRouteFor = (pattern: string): UploadRoute | undefined =>
  UPLOAD_ROUTES.find((r) => r.pattern === pattern);

/** Export notices already shown, by upload job id (spec 000 §4.1: once per active job). */
export function exportNoticesDue(
  jobs: readonly { id: number; status: string; export_job_id: number | null }[],
  shown: ReadonlySet<number>,
): { jobId: number; exportJobId: number }[] {
  return jobs.flatMap((j) =>
    j.status === "active" && j.export_job_id !== null && !shown.has(j.id)
      ? [{ jobId: j.id, exportJobId: j.export_job_id }]
      : [],
  );
}
