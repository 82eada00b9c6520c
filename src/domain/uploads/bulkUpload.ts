/**
 * The bulk upload job (spec 000 §3, §4.1, §7.2, §9): its API shapes, the actions and labels each
 * status offers in the standard and payment views, the Back to list target, limits and texts.
 */
import { Schema } from "effect";
import { ExportJobId, JobId, SubProjectId } from "../api/ids";
import { paginated } from "../api/paginated";
import type { UploadTypeKey } from "./uploadTypes";

export const JOB_STATUSES = [
  "processing",
  "completed",
  "active",
  "accepted",
  "cancelled",
  "failed",
  "under_activation",
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const BulkUploadJob = Schema.Struct({
  id: JobId,
  object_type: Schema.String,
  file: Schema.String,
  file_name: Schema.String,
  config: Schema.Struct({
    sub_project: Schema.NullOr(Schema.String),
    sub_project_id: Schema.NullOr(SubProjectId),
  }),
  created_by: Schema.Struct({ name: Schema.String }),
  created: Schema.String,
  status: Schema.Literals(JOB_STATUSES),
  total_objects: Schema.Number,
  total_clean_objects: Schema.Number,
  total_unclean_objects: Schema.Number,
  total_validated_objects: Schema.Number,
  /** Place in the waiting queue (1 = next); 0 once a worker has it or when it is not waiting. */
  celery_queue_index: Schema.Number,
  celery_queue_length: Schema.Number,
  clean_objects_media_path: Schema.NullOr(Schema.String),
  unclean_objects_media_path: Schema.NullOr(Schema.String),
  /** Rows read so far while processing (live progress). */
  progress: Schema.Number,
  /** Why it failed, or what confirming led to (the export job id of an export upload). */
  message: Schema.NullOr(Schema.String),
  export_job_id: Schema.NullOr(ExportJobId),
});
export type BulkUploadJob = typeof BulkUploadJob.Type;

export const BulkUploadJobList = paginated(BulkUploadJob);
export type BulkUploadJobList = typeof BulkUploadJobList.Type;

/** GET bulk/upload/help/: the template of a type. */
export const UploadHelp = Schema.Struct({
  object: Schema.String,
  title: Schema.String,
  columns: Schema.Array(
    Schema.Struct({
      name: Schema.String,
      required: Schema.Boolean,
      sample: Schema.String,
      rule: Schema.String,
    }),
  ),
  sample_file: Schema.String,
  /** How the sheet is read: which forms of values are accepted, what must be unique. */
  sheet_forms: Schema.Array(Schema.String),
  max_rows: Schema.Number,
  max_file_bytes: Schema.Number,
  confirm_effect: Schema.String,
});
export type UploadHelp = typeof UploadHelp.Type;

/** Payment-confirmation info (spec 000 §3). */
export const ActivationInfo = Schema.Struct({
  count: Schema.Number,
  amount_in_words: Schema.String,
});
export type ActivationInfo = typeof ActivationInfo.Type;

/** What confirming (`activate`) or cancelling a job answers: its outcome, and the export it started. */
export const JobActionAnswer = Schema.Struct({
  detail: Schema.String,
  export_job_id: Schema.optional(Schema.NullOr(Schema.Number)),
});
export type JobActionAnswer = typeof JobActionAnswer.Type;

/** The sub-projects a caller may upload to, for the sub-project picker. */
export const SubProjectChoices = Schema.Struct({
  results: Schema.Array(
    Schema.Struct({
      id: SubProjectId,
      name: Schema.String,
      project: Schema.String,
      project_slug: Schema.String,
    }),
  ),
});
export type SubProjectChoices = typeof SubProjectChoices.Type;

// ---------------------------------------------------------------------------------------------
// Actions and labels per status (spec 000 §4.1)

export type JobView = "standard" | "payment";
export type JobAction = "confirm" | "cancel" | "payNow";

type JobFacts = { readonly status: JobStatus; readonly total_clean_objects: number };

/** The actions a job offers in a view. */
export function jobActions(job: JobFacts, view: JobView): JobAction[] {
  switch (job.status) {
    case "processing":
      return view === "standard" ? ["cancel"] : [];
    case "completed":
      if (view === "payment") return ["payNow", "cancel"];
      return job.total_clean_objects > 0 ? ["confirm", "cancel"] : ["cancel"];
    default:
      return [];
  }
}

export const canConfirm = (job: JobFacts): boolean => jobActions(job, "standard").includes("confirm");
export const canCancel = (job: JobFacts): boolean =>
  job.status === "processing" || job.status === "completed";

/** The message a job keeps when another upload of its kind was confirmed and cancelled it. */
export const uploadCancelledByConfirm = (confirmedId: number): string =>
  `Cancelled when upload ${confirmedId} was confirmed.`;
const CANCELLED_BY_CONFIRM = /^Cancelled when upload \d+ was confirmed\.$/;

/**
 * Why an action on a job lost a race: someone else already confirmed, cancelled or paid it. Null
 * when the job's state is not the work of another action (then the refusal is a plain 400).
 */
export function actionConflict(job: JobFacts & { readonly message: string | null }): string | null {
  switch (job.status) {
    case "active":
      return UPLOAD_MSG.alreadyConfirmed;
    case "under_activation":
      return UPLOAD_MSG.paymentUnderway;
    case "cancelled":
      return job.message && CANCELLED_BY_CONFIRM.test(job.message)
        ? job.message
        : UPLOAD_MSG.alreadyCancelled;
    default:
      return null;
  }
}

const STANDARD_LABEL: Readonly<Record<JobStatus, string>> = {
  processing: "Processing",
  completed: "Completed",
  active: "Accepted",
  accepted: "Accepted",
  cancelled: "Cancelled",
  failed: "Failed",
  under_activation: "Under activation",
};

const PAYMENT_LABEL: Readonly<Partial<Record<JobStatus, string>>> = {
  processing: "Processing",
  completed: "Completed",
  active: "Process Completed",
  under_activation: "Processing Payment",
};

/** The status as a view shows it; null where the payment view does not show the status. */
export function jobStatusLabel(status: JobStatus, view: JobView): string | null {
  return view === "standard" ? STANDARD_LABEL[status] : (PAYMENT_LABEL[status] ?? null);
}

/** The waiting-queue position text of a processing job. */
export function queueText(job: {
  status: JobStatus;
  celery_queue_index: number;
  celery_queue_length: number;
}) {
  if (job.status !== "processing") return "";
  return job.celery_queue_index > 0
    ? `${job.celery_queue_index} of ${job.celery_queue_length}`
    : "In progress";
}

/** Whether any job on the page is still moving on its own (the History refreshes while so). */
export const anyJobMoving = (jobs: readonly { status: JobStatus }[]): boolean =>
  jobs.some((j) => j.status === "processing" || j.status === "under_activation");

/** History refresh period while any job is processing. */
export const HISTORY_REFRESH_MS = 2000;

// ---------------------------------------------------------------------------------------------
// Back to list (spec 000 §2.2 table)

export type BackParams = {
  /** The path of the upload screen. */
  readonly path: string;
  /** The organisation slug (route parameter, or the user's own organisation). */
  readonly organisationSlug: string;
  readonly projectSlug?: string;
  readonly slug?: string;
};

const ORG_VIEW = "/dashboard/organization-users-roles/organization-view";
const SUB_PROJECT = (p: BackParams) => `/dashboard/projects/view-list/${p.projectSlug}/view/${p.slug}`;

export function backTarget(type: UploadTypeKey, params: BackParams): string {
  switch (type) {
    case "regions":
      return `${ORG_VIEW}/${params.organisationSlug}/list-of-regions`;
    case "cities":
      return "/dashboard/meta/cities-list";
    case "zones":
      return `${ORG_VIEW}/${params.organisationSlug}/list-of-zones`;
    case "territories":
      return `${ORG_VIEW}/${params.organisationSlug}/list-of-territories`;
    case "cycle_init":
    case "outlets":
    case "payout_plotting":
      return params.path.replace(/\/+$/, "").replace(/\/(bulk-upload|plot-payout)$/, "");
    case "whatsapp_messaging":
      return "/dashboard/message";
    case "kyc_contact":
    case "payout_data_ingested":
    case "payout_payment_status":
      return "/dashboard";
    case "questions":
      return `${SUB_PROJECT(params)}/question-management`;
    case "sku_questions":
      return `${SUB_PROJECT(params)}/question-management/sku-questions`;
    case "panels":
      return `${SUB_PROJECT(params)}/panel-management`;
    // Bulk field assign is a screen of the hub, not of a list.
    case "field_assign":
      return SUB_PROJECT(params);
    case "sub_project_skus":
      return `${SUB_PROJECT(params)}/assign-invoice-sku/invoice-sku-list`;
    // The spec's default (the organisation user list) is kept for the user uploads. The other
    // uploads the table does not name go back to the list they feed (docs/uploads.md), or, for a
    // platform page that is its own upload screen, to that page afresh.
    case "users":
    case "users_update":
      return `${ORG_VIEW}/${params.organisationSlug}/user-list`;
    case "skus":
      return "/dashboard/organization-inovice-sku/sku-list";
    case "benchmarks":
      return `${SUB_PROJECT(params)}/logic-score/benchmarks`;
    // Bulk KYC is a page of the hub offering both KYC uploads; each upload's own page leads back to it.
    case "bulk_kyc":
    case "kyc_images": {
      const page = `${SUB_PROJECT(params)}/bulk-kyc`;
      return params.path.replace(/\/+$/, "") === page ? SUB_PROJECT(params) : page;
    }
    case "bank_code":
    case "icici_upi_account_payment_tracker":
    case "unicorn_interface":
      return params.path.replace(/\/+$/, "");
  }
}

/** An organisation's slug in addresses: its name in lower case with dashes ("acme-beverages"). */
export const organisationSlug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

// ---------------------------------------------------------------------------------------------
// Limits and texts

/** Largest upload accepted (bytes). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Most data rows one file may hold. */
export const MAX_UPLOAD_ROWS = 100_000;
/** Empty rows a sheet may have beyond its header and data rows (its declared range may span this many more). */
export const BLANK_ROW_ALLOWANCE = 1_000;
/** Most columns the first sheet may span (every template has far fewer). */
export const MAX_UPLOAD_COLUMNS = 1_000;
/** Most bytes the parts of an .xlsx package may unpack to (a small file that unpacks to gigabytes is refused). */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
/** How long an export's file can be downloaded. */
export const EXPORT_EXPIRY_HOURS = 72;
/** Files the upload screens accept (spec 000 §5). */
export const EXCEL_ACCEPT = ".xlsx,.xls";

export const UPLOAD_MSG = {
  exportStarted: "Export started. Check My Downloads for progress. Job ID",
  tooLarge: `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Split it into smaller files and upload each.`,
  tooManyRows: `The file has more than ${MAX_UPLOAD_ROWS} rows. Split it into files of at most ${MAX_UPLOAD_ROWS} rows.`,
  notExcel: "Only Excel files (.xlsx, .xls) can be uploaded. This file is not an Excel workbook.",
  noFile: "Choose an Excel file (.xlsx or .xls) to upload.",
  unreadable: "The file could not be read as an Excel workbook.",
  emptySheet: "The first sheet has no header row.",
  noRows: "The first sheet has a header row but no data rows under it.",
  tooManyColumns: `The first sheet spans more than ${MAX_UPLOAD_COLUMNS} columns. Keep only the template's columns and upload it again.`,
  unpackedTooLarge: `The file unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB. Remove other sheets, pictures and formatting, or split it into smaller files.`,
  uploaded: "File uploaded. It is being processed.",
  confirmed: "Upload confirmed. The rows have been applied.",
  cancelled: "Upload cancelled.",
  paymentStarted: "Payment started.",
  confirmQuestion:
    "Confirm this upload? Its clean rows will be applied and other uploads of this kind will be cancelled. This cannot be undone.",
  cancelQuestion: "Cancel this upload? This cannot be undone.",
  payQuestion: "Pay these UPI amounts now? This cannot be undone.",
  paymentDetailsUnreadable: "Could not read the payment details.",
  requestFailed: "The request failed. Try again.",
  sendFailed: "The file could not be sent. Try again.",
  mergeFailed: "The merge failed. Try again.",
  progressUnreadable:
    "The upload's progress could not be read. Its processing goes on; try again to follow it.",
  tryAgain: "Try again",
  notConfirmable: "Only a completed upload with clean rows can be confirmed.",
  notCancellable: "Only a processing or completed upload can be cancelled.",
  notPayable: "Only a completed UPI payment upload can be paid.",
  alreadyConfirmed: "This upload is already confirmed.",
  alreadyCancelled: "This upload is already cancelled.",
  paymentUnderway: "Payment for this upload has already started.",
  workerStopped: "Processing stopped several times before finishing; upload the file again.",
  goBackToViewAll: "Go back to View All",
  mergeWithList: "Merge With List",
  reupload: "Reupload",
  downloadSample: "Download Sample File",
  customIfscUpdate: "Custom IFSC Update",
  myDownloads: "My Downloads",
  payNow: "Pay Now",
} as const;

/** The MIME types a browser may give an Excel file (the server checks the content, not these). */
export const isExcelName = (name: string): boolean => /\.(xlsx|xls)$/i.test(name);

// ---------------------------------------------------------------------------------------------
// Outcomes the machines receive as values (expected business failures are not errors)

/** An upload either became a job, or the server refused the file with a message (400, 413). */
export type UploadOutcome = { type: "accepted"; job: BulkUploadJob } | { type: "rejected"; message: string };

/** Confirm, cancel and Pay Now either happened, or were refused with the server's detail. */
export type ActionOutcome =
  | { type: "done"; detail: string; exportJobId: number | null }
  | { type: "refused"; detail: string };

/** Where a processing job stands when looked at again. */
export type JobProgress = "moving" | "finished" | "stopped";

export function jobProgress(job: { status: JobStatus }): JobProgress {
  if (job.status === "processing") return "moving";
  return job.status === "completed" ? "finished" : "stopped";
}

/** Period between looks at a processing upload. */
export const JOB_POLL_MS = 1500;
/** Looks in a row that may fail before the screen stops following an upload and offers Try again. */
export const JOB_POLL_ATTEMPTS = 5;
/** The pause before the next look: doubled after each failed look (1.5 s, 3 s, 6 s, 12 s). */
export const jobPollDelay = (failedLooks: number): number => JOB_POLL_MS * 2 ** failedLooks;

/** Why an upload that stopped did not finish: the server's message, or its status. */
export const stoppedMessage = (job: Pick<BulkUploadJob, "message" | "status">): string =>
  job.message ?? `The upload is ${job.status}.`;

/**
 * Whether a copy of a job read elsewhere (the History list) is further along than the one shown:
 * a job only moves forward, from processing with more rows checked to a final status.
 */
export function isFurtherAlong(
  shown: Pick<BulkUploadJob, "status" | "progress">,
  seen: Pick<BulkUploadJob, "status" | "progress">,
): boolean {
  if (jobProgress(shown) !== "moving") return false;
  return jobProgress(seen) !== "moving" || seen.progress > shown.progress;
}
