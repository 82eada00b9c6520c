/** The bulk upload endpoint family (spec 000 §7.2), each call decoded with the domain's Schema. */
import { Effect, Schema } from "effect";
import { ActivationInfo, BulkUploadJob, BulkUploadJobList, UploadHelp } from "../../domain/bulkUpload";
import type { UploadTypeKey } from "../../domain/uploadTypes";
import { type ApiError, type Query, request } from "../http";

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

/** Payout plotting names its sub-project as config__name/config__value (spec 000 §7.2). */
export function placeQuery(type: UploadTypeKey, place: UploadPlace): Query {
  const id = place.subProjectId ?? undefined;
  const sub =
    type === "payout_plotting" && id !== undefined
      ? { config__name: "sub_project", config__value: id }
      : { sub_project: id };
  return {
    ...sub,
    sub_project_slug: id === undefined ? (place.subProjectSlug ?? undefined) : undefined,
    organisation: place.organisation ?? undefined,
    question_group: place.questionGroup ?? undefined,
  };
}

/** Activate and cancel name the sub-project plainly (KYC types use the alternate sub_project_id). */
function actionQuery(type: UploadTypeKey, place: UploadPlace): Query {
  const key = type === "bulk_kyc" || type === "kyc_contact" ? "sub_project_id" : "sub_project";
  return {
    object: type,
    [key]: place.subProjectId ?? undefined,
    question_group: place.questionGroup ?? undefined,
  };
}

export const listJobs = (
  type: UploadTypeKey,
  place: UploadPlace,
  page: { page: number; pageSize: number },
  search = "",
): Effect.Effect<BulkUploadJobList, ApiError> =>
  request({
    path: "bulk/upload/",
    query: { objects_type: type, ...placeQuery(type, place), search: search || undefined },
    page,
    schema: BulkUploadJobList,
  });

export const getJob = (type: UploadTypeKey, id: number): Effect.Effect<BulkUploadJob, ApiError> =>
  request({ path: `bulk/upload/${id}/`, query: { object: type }, schema: BulkUploadJob });

export const uploadFile = (
  type: UploadTypeKey,
  place: UploadPlace,
  file: File,
): Effect.Effect<BulkUploadJob, ApiError> =>
  Effect.suspend(() => {
    const body = new FormData();
    body.append("file", file, file.name);
    return request({
      method: "POST",
      path: "bulk/upload/",
      query: { object: type, ...placeQuery(type, place) },
      body,
      schema: BulkUploadJob,
    });
  });

export const ActionResponse = Schema.Struct({
  detail: Schema.String,
  export_job_id: Schema.optional(Schema.NullOr(Schema.Number)),
});
export type ActionResponse = typeof ActionResponse.Type;

/** Confirm (`activate`) or cancel a job: the same call shape, neither can be rolled back. */
const jobAction =
  (action: "activate" | "cancel") =>
  (type: UploadTypeKey, place: UploadPlace, id: number): Effect.Effect<ActionResponse, ApiError> =>
    request({
      method: "POST",
      path: `bulk/upload/${id}/${action}/`,
      query: actionQuery(type, place),
      schema: ActionResponse,
    });

export const activateJob = jobAction("activate");
export const cancelJob = jobAction("cancel");

export const activationInfo = (id: number): Effect.Effect<ActivationInfo, ApiError> =>
  request({
    path: `bulk/upload/${id}/get-icici-upi-activation-info/`,
    query: { object: "icici_upi_account_payment_tracker" },
    schema: ActivationInfo,
  });

export const uploadHelp = (type: UploadTypeKey, place: UploadPlace): Effect.Effect<UploadHelp, ApiError> =>
  request({
    path: "bulk/upload/help/",
    query: { object: type, sub_project: place.subProjectId ?? undefined },
    schema: UploadHelp,
  });

export const SubProjectChoices = Schema.Struct({
  results: Schema.Array(
    Schema.Struct({
      id: Schema.Number,
      name: Schema.String,
      project: Schema.String,
      project_slug: Schema.String,
    }),
  ),
});
export type SubProjectChoices = typeof SubProjectChoices.Type;

export const subProjectChoices = (
  type: UploadTypeKey,
  projectSlug?: string,
): Effect.Effect<SubProjectChoices, ApiError> =>
  request({
    path: "bulk/upload/sub-projects/",
    query: { object: type, project: projectSlug },
    schema: SubProjectChoices,
  });
