/**
 * Retailer master requests of an outlet (spec 001 §3, §4.7, §6, §7): the list, the pending check,
 * one request's detail and the decision. Each finds the workflow object through the caller's
 * organisation first, so another organisation's request is simply not found.
 */
import {
  ALREADY_DECIDED,
  type DecisionBody,
  decidedMessage,
  fieldLabel,
  IMAGE_LISTS,
  type ImageList,
  isPending,
  type PendingCheck,
  QC_REJECTION_STATUS,
  REQUEST_NOT_ALLOWED,
  type RequestData,
  type RequestDetail,
  type RequestStatus,
  type RequestSummary,
  type RequestType,
} from "../../src/domain/outlets/retailerRequests";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";
import type { OutletViewer } from "../outlets/access";
import { outletImageUrl } from "../outlets/detail";
import { editsOutletNow } from "../outlets/editPermission";
import { rescoreOutlet } from "../scoring/rescore";
import { visibleWorkflowObject } from "../survey/read";
import { applyRequest } from "./apply";
import { pendingState } from "./gate";

const NOT_FOUND = { detail: "Not found." };
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

/** Which image list each proof kind is shown in. */
const LIST_OF_KIND: Readonly<Record<string, ImageList>> = {
  address_proof: "address_proof_images_data",
  ownership_proof: "upload_ownership_proof_images_data",
  bank_related_photo_proofs: "upload_bank_proof_images_data",
  gst_number_photo_proofs: "gst_certificate_proof_images_data",
  pan_number_photo_proofs: "pan_certificate_proof_images_data",
};

async function visible(db: Queryable, viewer: OutletViewer, woId: number) {
  const wo = await visibleWorkflowObject(db, viewer, woId);
  if (!wo) throw new Problem(404, NOT_FOUND);
  return wo;
}

export async function listRequests(
  db: Queryable,
  viewer: OutletViewer,
  woId: number,
): Promise<(typeof RequestSummary.Encoded)[]> {
  await visible(db, viewer, woId);
  return db.query<RequestSummary>(
    `SELECT id AS retailer_master_request_id, type AS retailer_master_type, status AS retailer_master_status,
       to_char(created AT TIME ZONE 'UTC', ${ISO}) AS retailer_master_created
     FROM retailer_master_requests WHERE workflow_object_id = $1 ORDER BY created DESC, id DESC`,
    [woId],
  );
}

export async function pendingCheck(db: Queryable, viewer: OutletViewer, woId: number): Promise<PendingCheck> {
  await visible(db, viewer, woId);
  const { blocked, pending } = await pendingState(db, woId);
  return { pending_request_exist: blocked, count_pending_request: pending };
}

export async function requestDetail(
  db: Queryable,
  viewer: OutletViewer,
  requestId: number,
  woId: number,
): Promise<typeof RequestDetail.Encoded> {
  const wo = await visible(db, viewer, woId);
  const [row] = await db.query<{
    id: number;
    type: RequestType;
    status: RequestDetail["retailer_request"]["status"];
    created: string;
    rejection_reason: string | null;
    old_data: RequestData;
    new_data: RequestData;
  }>(
    `SELECT id, type, status, to_char(created AT TIME ZONE 'UTC', ${ISO}) AS created, rejection_reason, old_data, new_data
     FROM retailer_master_requests WHERE id = $1 AND workflow_object_id = $2`,
    [requestId, woId],
  );
  if (!row) throw new Problem(404, NOT_FOUND);
  const images = await db.query<{ id: number; kind: string }>(
    "SELECT id, kind FROM outlet_images WHERE request_id = $1 ORDER BY id",
    [requestId],
  );
  const image_data = Object.fromEntries(
    IMAGE_LISTS.map((l) => [l, [] as { id: number; image: string }[]]),
  ) as Record<ImageList, { id: number; image: string }[]>;
  image_data.dealer_board_images_data.push(...row.old_data.dealer_board_images_data);
  for (const i of images)
    image_data[LIST_OF_KIND[i.kind]!].push({ id: i.id, image: outletImageUrl(wo.rsid, i.id) });
  const { old_data, new_data, ...request } = row;
  return {
    old_data,
    new_data,
    image_data,
    retailer_request: request,
    qc_rejection_status: { ...QC_REJECTION_STATUS },
  };
}

/**
 * Accept (the new values are written, with log and QC edit history rows) or reject (with its
 * reason) one pending request, in the caller's transaction. The outlet row is locked first, then
 * the request: of two decisions at once the second finds it decided (409).
 */
export async function decideRequest(
  tx: Queryable,
  viewer: OutletViewer,
  decision: DecisionBody,
  now: Date,
): Promise<{ detail: string }> {
  const [target] = await tx.query<{ workflow_object_id: number }>(
    "SELECT workflow_object_id FROM retailer_master_requests WHERE id = $1",
    [decision.request_id],
  );
  const wo = target ? await visibleWorkflowObject(tx, viewer, target.workflow_object_id, true) : null;
  if (!wo) throw new Problem(404, NOT_FOUND);
  if (!editsOutletNow(viewer.user.considered_workflow_permission, wo))
    throw new Problem(403, { detail: REQUEST_NOT_ALLOWED });
  const [request] = await tx.query<{
    id: number;
    type: RequestType;
    status: RequestStatus;
    new_data: RequestData;
  }>("SELECT id, type, status, new_data FROM retailer_master_requests WHERE id = $1 FOR UPDATE", [
    decision.request_id,
  ]);
  if (!request || !isPending(request.status)) throw new Problem(409, { detail: ALREADY_DECIDED });
  const rejectionReason = decision.status === "rejected" ? (decision.rejection_reason ?? null) : null;
  await tx.query(
    `UPDATE retailer_master_requests SET status = $2, rejection_reason = $3, decided_by = $4, decided = $5
     WHERE id = $1`,
    [request.id, decision.status, rejectionReason, viewer.user.id, now],
  );
  const lines =
    decision.status === "accepted"
      ? await applyRequest(tx, wo.outlet_id, wo.id, request.type, request.new_data)
      : [
          `${fieldLabel(request.type)} request ${request.id} rejected: ${QC_REJECTION_STATUS[rejectionReason!]}`,
        ];
  for (const message of lines)
    await tx.query(
      "INSERT INTO qc_edit_history (workflow_object_id, user_id, message, created) VALUES ($1, $2, $3, $4)",
      [wo.id, viewer.user.id, message, now],
    );
  // An accepted request may change survey answers: the score follows them.
  if (decision.status === "accepted") await rescoreOutlet(tx, wo.outlet_id, now);
  const message = `${fieldLabel(request.type)} request ${request.id} ${decision.status}`;
  await tx.query(
    `INSERT INTO outlet_logs (outlet_id, user_id, action, from_state, to_state, description, message, created)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7)`,
    [
      wo.outlet_id,
      viewer.user.id,
      `retailer_request_${decision.status}`,
      wo.workflow_state,
      lines.join("\n"),
      message,
      now,
    ],
  );
  return { detail: decidedMessage(decision.status) };
}
