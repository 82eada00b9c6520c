/** Retailer edits' calls (spec 001 §7, 000 §7.2), each decoded with the domain's Schema. */
import { queryOptions } from "@tanstack/react-query";
import { Effect, Schema } from "effect";
import { type RetailerRequestId, WorkflowObjectId } from "../../domain/api/ids";
import * as api from "../../domain/api/retailerRequests";
import type { OutletEditData, ProofKind } from "../../domain/outletEdit";
import type { FieldErrors } from "../../domain/requestInput";
import type { DecisionBody } from "../../domain/retailerRequests";
import { call } from "../endpoint";
import { type ApiError, detailOf, request, runApi } from "../http";

const Detail = Schema.Struct({ detail: Schema.String });

export const retailerRequestKeys = {
  list: (workflowObject: number) => ["retailer-requests", "list", workflowObject] as const,
};

/**
 * The outlet's requests behind the review screen's pending banner and its saves (001 §4.4,
 * `savingBlocked`); decisions and edits invalidate it.
 */
export const requestListQuery = (workflowObject: number) =>
  queryOptions({
    queryKey: retailerRequestKeys.list(workflowObject),
    queryFn: ({ signal }) => runApi(requestList(WorkflowObjectId.make(workflowObject)), { signal }),
  });

export const requestList = (workflowObject: WorkflowObjectId) =>
  call(api.listRequests, { query: { workflow_object: workflowObject } });

export const pendingCheck = (workflowObject: WorkflowObjectId) =>
  call(api.pendingRequests, { query: { workflow_object: workflowObject } });

export const requestDetail = (requestId: RetailerRequestId, workflowObject: WorkflowObjectId) =>
  call(api.requestDetail, { params: { id: requestId }, query: { workflow_object: workflowObject } });

/** The decision: a 400, 403 or 409 (decided meanwhile) is a refusal in the server's words. */
export const decideRequest = (
  body: DecisionBody,
): Effect.Effect<{ type: "ok" | "refused"; detail: string }, ApiError> =>
  call(api.decideRequest, { body }).pipe(
    Effect.map((r) => ({ type: "ok" as const, detail: r.detail })),
    Effect.catchIf(
      (e) =>
        e._tag === "ValidationError" ||
        e._tag === "Forbidden" ||
        (e._tag === "HttpError" && e.status === 409),
      (e) =>
        Effect.succeed({ type: "refused" as const, detail: "body" in e ? (detailOf(e.body) ?? "") : "" }),
    ),
  );

/** PATCH outlets/{slug}/: field errors of a 400 come back per field (001 §8). */
export const submitOutletEdit = (
  slug: string,
  data: OutletEditData,
  path = `outlets/${encodeURIComponent(slug)}/`,
): Effect.Effect<{ type: "ok"; detail: string } | { type: "invalid"; errors: FieldErrors }, ApiError> =>
  request({
    method: "PATCH",
    path,
    body: { data },
    schema: Detail,
  }).pipe(
    Effect.map((r) => ({ type: "ok" as const, detail: r.detail })),
    Effect.catchTag("ValidationError", (e) =>
      Effect.succeed({ type: "invalid" as const, errors: e.body as FieldErrors }),
    ),
  );

const Uploaded = Schema.Struct({ id: Schema.Number, image: Schema.String });

/** POST common/images/ as multipart (image, name, outlet); the image error, detail or 'Max 3 images' (000 §5). */
export const uploadProofImage = (
  slug: string,
  kind: ProofKind,
  file: File,
  path = "common/images/",
): Effect.Effect<
  { type: "ok"; image: typeof Uploaded.Type } | { type: "refused"; message: string },
  ApiError
> => {
  const form = new FormData();
  form.set("image", file, file.name);
  form.set("name", kind);
  form.set("outlet", slug);
  return request({ method: "POST", path, body: form, schema: Uploaded }).pipe(
    Effect.map((image) => ({ type: "ok" as const, image })),
    Effect.catchTag("ValidationError", (e) => {
      const body = e.body as { image?: string[]; detail?: string };
      return Effect.succeed({ type: "refused" as const, message: body.image?.[0] ?? body.detail ?? "" });
    }),
  );
};
