/**
 * The outlet review screen's own calls (spec 001 §7): the QC edit history, the decision on previous
 * address and phone edits, and the outlet's images. Each finds the outlet through the caller's
 * organisation first, so another organisation's outlet is simply not found.
 */
import {
  EDIT_DECISION_NOT_ALLOWED,
  editDecisionMessage,
  NO_PENDING_EDIT,
  type OutletEditAction,
  PREVIOUS_FIELDS,
  type QcEditHistory,
} from "../../src/domain/outlets/outletReview";
import { isInternal } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";
import type { OutletViewer } from "./access";
import { VISIBLE_OUTLET_SQL, visibleOutletParams } from "./detail";
import { editsOutletNow } from "./editPermission";

const NOT_FOUND = { detail: "Not found." };
/** Where each field of PREVIOUS_FIELDS lives on the outlet row. */
const COLUMN: Record<(typeof PREVIOUS_FIELDS)[number]["field"], string> = {
  address: "address",
  phone_number1: "phone",
  phone_number2: "phone_number2",
};

export async function qcEditHistory(
  db: Queryable,
  viewer: OutletViewer,
  workflowObjectId: number,
): Promise<QcEditHistory | null> {
  const [visible] = await db.query<{ id: number }>(
    `SELECT w.id FROM workflow_objects w JOIN outlets o ON o.id = w.outlet_id
     JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE w.id = $1 AND ($2::boolean OR p.organisation_id = $3)`,
    [workflowObjectId, isInternal(viewer.user), viewer.user.organisation_id],
  );
  if (!visible) return null;
  const rows = await db.query<{ message: string; created: string }>(
    `SELECT message, to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created
     FROM qc_edit_history WHERE workflow_object_id = $1 ORDER BY created DESC, id DESC`,
    [workflowObjectId],
  );
  return { data: rows };
}

/** Whether the caller sees the outlet with this RSID. */
export async function seesOutletSlug(db: Queryable, viewer: OutletViewer, slug: string): Promise<boolean> {
  const [row] = await db.query(
    `SELECT 1 FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE ${VISIBLE_OUTLET_SQL}`,
    visibleOutletParams(viewer, slug),
  );
  return row !== undefined;
}

/** Whether the caller sees the outlet with this id. */
export async function seesOutlet(db: Queryable, viewer: OutletViewer, id: number): Promise<boolean> {
  const [row] = await db.query(
    `SELECT 1 FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE o.id = $1 AND ($2::boolean OR p.organisation_id = $3)`,
    [id, isInternal(viewer.user), viewer.user.organisation_id],
  );
  return row !== undefined;
}

type LockedOutlet = {
  id: number;
  workflow_state: string;
  sub_project_type: string;
  wo_id: number;
  address: string;
  phone: string;
  phone_number2: string | null;
  previous_address: string | null;
  previous_phone_number1: string | null;
  previous_phone_number2: string | null;
};

/**
 * Accepts (keeps the new values) or rejects (puts the replaced values back) the outlet's pending
 * address and phone edits, with a log row and a QC edit history line per field, in the caller's
 * transaction. The outlet row is locked first, so of two decisions at once the second finds
 * nothing pending (409).
 */
export async function decideOutletEdits(
  tx: Queryable,
  viewer: OutletViewer,
  slug: string,
  action: OutletEditAction,
  now: Date,
): Promise<{ detail: string }> {
  const [outlet] = await tx.query<LockedOutlet>(
    `SELECT o.id, o.workflow_state, s.type AS sub_project_type, w.id AS wo_id, o.address, o.phone, o.phone_number2,
       o.previous_address, o.previous_phone_number1, o.previous_phone_number2
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     JOIN workflow_objects w ON w.outlet_id = o.id
     WHERE ${VISIBLE_OUTLET_SQL} FOR UPDATE OF o`,
    visibleOutletParams(viewer, slug),
  );
  if (!outlet) throw new Problem(404, NOT_FOUND);
  if (!editsOutletNow(viewer.user.considered_workflow_permission, outlet))
    throw new Problem(403, { detail: EDIT_DECISION_NOT_ALLOWED });
  const pending = PREVIOUS_FIELDS.filter((f) => outlet[f.previous] !== null);
  if (pending.length === 0) throw new Problem(409, { detail: NO_PENDING_EDIT });

  const sets = pending.flatMap((f) =>
    action === "reject"
      ? [`${COLUMN[f.field]} = ${f.previous}`, `${f.previous} = NULL`]
      : [`${f.previous} = NULL`],
  );
  await tx.query(`UPDATE outlets SET ${sets.join(", ")}, modified = $2 WHERE id = $1`, [outlet.id, now]);
  const lines = pending.map((f) =>
    editDecisionMessage(
      action,
      f.label,
      String(outlet[f.previous]),
      String(outlet[COLUMN[f.field] as keyof LockedOutlet] ?? ""),
    ),
  );
  for (const message of lines) {
    await tx.query(
      "INSERT INTO qc_edit_history (workflow_object_id, user_id, message, created) VALUES ($1, $2, $3, $4)",
      [outlet.wo_id, viewer.user.id, message, now],
    );
  }
  const done = action === "accept" ? "accepted" : "rejected";
  const message = `${pending.map((f) => f.label).join(", ")} edit ${done}`;
  await tx.query(
    `INSERT INTO outlet_logs (outlet_id, user_id, action, from_state, to_state, description, message, created)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7)`,
    [outlet.id, viewer.user.id, `edit_${action}`, outlet.workflow_state, lines.join("\n"), message, now],
  );
  return { detail: message };
}

/** One of the outlet's images, if the caller sees the outlet. */
export async function outletImage(
  db: Queryable,
  viewer: OutletViewer,
  slug: string,
  imageId: number,
): Promise<{ content_type: string; content: Uint8Array } | null> {
  const [row] = await db.query<{ content_type: string; content: string }>(
    `SELECT i.content_type, encode(i.content, 'base64') AS content
     FROM outlet_images i JOIN outlets o ON o.id = i.outlet_id
     JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE ${VISIBLE_OUTLET_SQL} AND i.id = $4`,
    [...visibleOutletParams(viewer, slug), imageId],
  );
  return row
    ? { content_type: row.content_type, content: new Uint8Array(Buffer.from(row.content, "base64")) }
    : null;
}
