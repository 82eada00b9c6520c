/** My Downloads (spec 000 §2.1 my-downloads, §7.6 async export): exports run as jobs with an expiry. */
import { Schema } from "effect";
import { ExportJobId } from "../api/ids";
import { paginated } from "../api/paginated";

export const EXPORT_STATUSES = ["processing", "completed", "failed"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const ExportJob = Schema.Struct({
  id: ExportJobId,
  title: Schema.String,
  status: Schema.Literals(EXPORT_STATUSES),
  /** 0 to 100. */
  progress: Schema.Number,
  created: Schema.String,
  /** When the file stops being downloadable; null until it exists. */
  expires_at: Schema.NullOr(Schema.String),
  /** The link while the file can be downloaded. */
  file: Schema.NullOr(Schema.String),
  message: Schema.NullOr(Schema.String),
});
export type ExportJob = typeof ExportJob.Type;

export const ExportJobList = paginated(ExportJob);
export type ExportJobList = typeof ExportJobList.Type;

/** What the Download column shows for an export at a moment. */
export type DownloadState = "preparing" | "ready" | "expired" | "failed";

export function downloadState(job: Pick<ExportJob, "status" | "expires_at">, now: number): DownloadState {
  if (job.status === "failed") return "failed";
  if (job.status === "processing") return "preparing";
  if (job.expires_at !== null && Date.parse(job.expires_at) <= now) return "expired";
  return "ready";
}

/** My Downloads refreshes while any export is being prepared. */
export const anyExportPreparing = (jobs: readonly Pick<ExportJob, "status">[]): boolean =>
  jobs.some((j) => j.status === "processing");
