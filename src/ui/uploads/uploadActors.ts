/** The upload machines' side effects over the bulk upload API, for one type and place. */
import { fromPromise } from "xstate";
import {
  type ActionOutcome,
  type ActivationInfo,
  type BulkUploadJob,
  type JobAction,
  UPLOAD_MSG,
  type UploadOutcome,
} from "../../domain/uploads/bulkUpload";
import type { UploadTypeKey } from "../../domain/uploads/uploadTypes";
import {
  activateJob,
  activationInfo,
  cancelJob,
  getJob,
  type UploadPlace,
  uploadFile,
} from "../../infra/api/bulkUpload";
import {
  type ApiError,
  detailOf,
  errorDetail,
  errorStatus,
  fieldLines,
  isApiError,
  runApi,
} from "../../infra/http";

/** A refusal the user can act on (400 with field lines or a detail, 413 too large) as a message. */
function refusal(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const e = error as ApiError;
  if (e._tag === "ValidationError")
    return (
      detailOf(e.body) ??
      fieldLines(e.body)
        .map((l) => l.replace(/^\w+: /, ""))
        .join(" ")
    );
  if (e._tag === "HttpError" && e.status === 413) return detailOf(e.body) ?? UPLOAD_MSG.tooLarge;
  return null;
}

/** `jobRead` hears every job the panel reads, so the History can show the same copy. */
export function uploadActors(
  type: UploadTypeKey,
  place: UploadPlace,
  jobRead: (job: BulkUploadJob) => void = () => {},
) {
  return {
    uploadFile: fromPromise<UploadOutcome, { file: File }>(async ({ input, signal }) => {
      try {
        return { type: "accepted", job: await runApi(uploadFile(type, place, input.file), { signal }) };
      } catch (error) {
        const message = refusal(error);
        if (message) return { type: "rejected", message };
        throw error;
      }
    }),
    fetchJob: fromPromise<BulkUploadJob, { id: number }>(async ({ input, signal }) => {
      const job = await runApi(getJob(type, input.id), { signal });
      jobRead(job);
      return job;
    }),
    activate: fromPromise<ActionOutcome, { job: BulkUploadJob }>(({ input, signal }) =>
      act(type, place, input.job, "confirm", signal),
    ),
  };
}

async function act(
  type: UploadTypeKey,
  place: UploadPlace,
  job: BulkUploadJob,
  action: JobAction,
  signal: AbortSignal,
): Promise<ActionOutcome> {
  const call = action === "cancel" ? cancelJob : activateJob;
  try {
    const answer = await runApi(call(type, place, job.id), { signal });
    return { type: "done", detail: answer.detail, exportJobId: answer.export_job_id ?? null };
  } catch (error) {
    // 409: another request confirmed, cancelled or paid the job first; the row says which.
    const refused = isApiError(error) && (error._tag === "ValidationError" || errorStatus(error) === 409);
    const detail = refused ? errorDetail(error) : undefined;
    if (detail) return { type: "refused", detail };
    throw error;
  }
}

export function jobRowActors(type: UploadTypeKey, place: UploadPlace) {
  return {
    runAction: fromPromise<ActionOutcome, { job: BulkUploadJob; action: JobAction }>(({ input, signal }) =>
      act(type, place, input.job, input.action, signal),
    ),
    loadActivationInfo: fromPromise<ActivationInfo, { job: BulkUploadJob }>(({ input, signal }) =>
      runApi(activationInfo(input.job.id), { signal }),
    ),
  };
}
