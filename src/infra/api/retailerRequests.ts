/** Retailer edits' calls (spec 001 §7, 000 §7.2), each decoded with the domain's Schema. */
import { queryOptions } from "@tanstack/react-query";
import { Effect } from "effect";
import { type RetailerRequestId, WorkflowObjectId } from "../../domain/api/ids";
import * as api from "../../domain/api/retailerRequests";
import type { OutletEditData, ProofKind, UploadedProofImage } from "../../domain/outlets/outletEdit";
import type { DecisionBody } from "../../domain/outlets/retailerRequests";
import type { FieldErrors } from "../../domain/shared/requestInput";
import { call } from "../endpoint";
import { type ApiError, detailOf, runApi } from "../http";

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

type EditOutcome = { type: "ok"; detail: string } | { type: "invalid"; errors: FieldErrors };

/** An edit's answer: the server's words, or the field errors of a 400 per field (001 §8). */
const editOutcome = (sent: Effect.Effect<{ readonly detail: string }, ApiError>) =>
  sent.pipe(
    Effect.map((r): EditOutcome => ({ type: "ok", detail: r.detail })),
    Effect.catchTag("ValidationError", (e) =>
      Effect.succeed<EditOutcome>({ type: "invalid", errors: e.body as FieldErrors }),
    ),
  );

/** PATCH outlets/{slug}/: field errors of a 400 come back per field (001 §8). */
export const submitOutletEdit = (slug: string, data: OutletEditData): Effect.Effect<EditOutcome, ApiError> =>
  editOutcome(call(api.editOutlet, { params: { slug }, body: data }));

/** The signed-in retailer's edit of their own outlet, answered as the staff edit is. */
export const submitOwnOutletEdit = (
  rsid: string,
  data: OutletEditData,
): Effect.Effect<EditOutcome, ApiError> =>
  editOutcome(call(api.editOwnOutlet, { params: { rsid }, body: data }));

type UploadOutcome =
  | { type: "ok"; image: typeof UploadedProofImage.Type }
  | { type: "refused"; message: string };

/** An upload's answer: the image, or the image error, detail or 'Max 3 images' of a 400 (000 §5). */
const uploadOutcome = (sent: Effect.Effect<typeof UploadedProofImage.Type, ApiError>) =>
  sent.pipe(
    Effect.map((image): UploadOutcome => ({ type: "ok", image })),
    Effect.catchTag("ValidationError", (e) => {
      const body = e.body as { image?: string[]; detail?: string };
      return Effect.succeed<UploadOutcome>({
        type: "refused",
        message: body.image?.[0] ?? body.detail ?? "",
      });
    }),
  );

const proofForm = (kind: ProofKind, file: File) => {
  const form = new FormData();
  form.set("image", file, file.name);
  form.set("name", kind);
  return form;
};

/** POST common/images/ as multipart (image, name, outlet). */
export const uploadProofImage = (
  slug: string,
  kind: ProofKind,
  file: File,
): Effect.Effect<UploadOutcome, ApiError> => {
  const form = proofForm(kind, file);
  form.set("outlet", slug);
  return uploadOutcome(call(api.uploadProofImage, { body: form }));
};

/** A proof image for the signed-in retailer's own outlet (image, name). */
export const uploadOwnProofImage = (
  rsid: string,
  kind: ProofKind,
  file: File,
): Effect.Effect<UploadOutcome, ApiError> =>
  uploadOutcome(call(api.uploadOwnProofImage, { params: { rsid }, body: proofForm(kind, file) }));
