/** The bulk upload endpoint family (spec 000 §7.2), called through its declarations (src/domain/api/uploads.ts). */
import { Effect } from "effect";
import { JobId } from "../../domain/api/ids";
import * as api from "../../domain/api/uploads";
import type {
  ActivationInfo,
  BulkUploadJob,
  BulkUploadJobList,
  JobActionAnswer,
  SubProjectChoices,
  UploadHelp,
} from "../../domain/uploads/bulkUpload";
import type { UploadTypeKey } from "../../domain/uploads/uploadTypes";
import { call } from "../endpoint";
import type { ApiError } from "../http";

/**
 * Where an upload belongs, as query parameters: the sub-project (by id from navigation state, or
 * by slug from the address), or the organisation of an organisation-admin screen.
 */
export type UploadPlace = {
  readonly subProjectId?: number | null;
  readonly subProjectSlug?: string | null;
  readonly organisation?: string | null;
  readonly questionGroup?: string | null;
};

/** The query values that are given, as texts (a key without a value is left out). */
const given = (
  entries: Readonly<Record<string, string | number | null | undefined>>,
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(entries).flatMap(([key, value]) => (value == null ? [] : [[key, String(value)]])),
  );

/** Payout plotting names its sub-project as config__name/config__value (spec 000 §7.2). */
function placeQuery(type: UploadTypeKey, place: UploadPlace): Record<string, string> {
  const id = place.subProjectId ?? undefined;
  const sub =
    type === "payout_plotting" && id !== undefined
      ? { config__name: "sub_project", config__value: id }
      : { sub_project: id };
  return given({
    ...sub,
    sub_project_slug: id === undefined ? place.subProjectSlug : undefined,
    organisation: place.organisation,
    question_group: place.questionGroup,
  });
}

/** Activate and cancel name the sub-project plainly (KYC types use the alternate sub_project_id). */
function actionQuery(type: UploadTypeKey, place: UploadPlace) {
  const key = type === "bulk_kyc" || type === "kyc_contact" ? "sub_project_id" : "sub_project";
  return {
    object: type,
    ...given({ [key]: place.subProjectId, question_group: place.questionGroup }),
  };
}

export const listJobs = (
  type: UploadTypeKey,
  place: UploadPlace,
  page: { page: number; pageSize: number },
  search = "",
): Effect.Effect<BulkUploadJobList, ApiError> =>
  call(api.uploadJobs, {
    query: { objects_type: type, ...placeQuery(type, place), ...given({ search: search || undefined }) },
    page,
  });

export const getJob = (type: UploadTypeKey, id: number): Effect.Effect<BulkUploadJob, ApiError> =>
  call(api.uploadJob, { params: { id: JobId.make(id) }, query: { object: type } });

export const uploadFile = (
  type: UploadTypeKey,
  place: UploadPlace,
  file: File,
): Effect.Effect<BulkUploadJob, ApiError> =>
  Effect.suspend(() => {
    const body = new FormData();
    body.append("file", file, file.name);
    return call(api.uploadExcel, { query: { object: type, ...placeQuery(type, place) }, body });
  });

/** Confirm (`activate`) or cancel a job: the same call shape, neither can be rolled back. */
const jobAction =
  (e: typeof api.confirmUpload | typeof api.cancelUpload) =>
  (type: UploadTypeKey, place: UploadPlace, id: number): Effect.Effect<JobActionAnswer, ApiError> =>
    call(e, { params: { id: JobId.make(id) }, query: actionQuery(type, place) });

export const activateJob = jobAction(api.confirmUpload);
export const cancelJob = jobAction(api.cancelUpload);

export const activationInfo = (id: number): Effect.Effect<ActivationInfo, ApiError> =>
  call(api.paymentActivationInfo, {
    params: { id: JobId.make(id) },
    query: { object: "icici_upi_account_payment_tracker" },
  });

export const uploadHelp = (type: UploadTypeKey, place: UploadPlace): Effect.Effect<UploadHelp, ApiError> =>
  call(api.uploadHelp, { query: { object: type, ...given({ sub_project: place.subProjectId }) } });

export const subProjectChoices = (
  type: UploadTypeKey,
  projectSlug?: string,
): Effect.Effect<SubProjectChoices, ApiError> =>
  call(api.uploadSubProjects, { query: { object: type, ...given({ project: projectSlug }) } });
