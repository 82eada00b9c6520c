/**
 * Edit Outlet Information's submission (spec 001 §3, §7 PATCH outlet edit): nothing on the outlet
 * changes; each request type with a changed field or a proof image becomes a pending retailer
 * master request holding the values before and after, with its images attached.
 */
import {
  changedTypes,
  type EditValues,
  NOTHING_CHANGED,
  OUTLET_EDIT_NOT_ALLOWED,
  type OutletEditData,
  PROOF_KINDS,
  REQUEST_OF,
  TEXT_FIELDS,
  UPDATE_REQUEST_SUBMITTED,
} from "../../src/domain/outlets/outletEdit";
import { fieldLabel } from "../../src/domain/outlets/retailerRequests";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";
import type { OutletViewer } from "../outlets/access";
import { VISIBLE_OUTLET_SQL, visibleOutletParams } from "../outlets/detail";
import { editsOutletNow } from "../outlets/editPermission";
import { refuseWhilePending } from "./gate";
import { FIELD_HOME, type LockedOutlet, lockOutlet, snapshot, withEdit } from "./snapshot";

export const NOT_AN_UPLOAD = "Not an image you uploaded for this outlet.";

/**
 * The outlet by RSID, locked, if the caller sees it and may edit it: the form is offered on outlets
 * with an interim status (001 §2.1), to those with edit permission (001 §4.2, §6).
 */
export async function lockEditableOutlet(
  tx: Queryable,
  viewer: OutletViewer,
  slug: string,
): Promise<LockedOutlet> {
  const [found] = await tx.query<{ id: number }>(
    `SELECT o.id FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE ${VISIBLE_OUTLET_SQL}`,
    visibleOutletParams(viewer, slug),
  );
  if (!found) throw new Problem(404, { detail: "Not found." });
  const outlet = await lockOutlet(tx, found.id);
  if (!outlet.interim_status || !editsOutletNow(viewer.user.considered_workflow_permission, outlet))
    throw new Problem(403, { detail: OUTLET_EDIT_NOT_ALLOWED });
  return outlet;
}

export async function submitOutletEdit(
  tx: Queryable,
  viewer: OutletViewer,
  slug: string,
  data: OutletEditData,
  now: Date,
): Promise<{ detail: string }> {
  const outlet = await lockEditableOutlet(tx, viewer, slug);
  return raiseEditRequests(tx, outlet, viewer.user.id, data, now);
}

/**
 * The edit of an outlet already locked, by staff or by its retailer: refused while a request is
 * pending, then one pending request per changed type, with the sender's own proof images.
 */
export async function raiseEditRequests(
  tx: Queryable,
  outlet: LockedOutlet,
  userId: number,
  data: OutletEditData,
  now: Date,
): Promise<{ detail: string }> {
  await refuseWhilePending(tx, outlet.wo_id);

  const old = await snapshot(tx, outlet.id);
  const current = Object.fromEntries(
    TEXT_FIELDS.map((f) => [f, old[FIELD_HOME[f].part][f] ?? ""]),
  ) as EditValues;
  const types = changedTypes(current, data);
  if (types.length === 0) throw new Problem(400, { non_field_errors: [NOTHING_CHANGED] });

  const errors: Record<string, string[]> = {};
  for (const kind of PROOF_KINDS) {
    if (data[kind].length === 0) continue;
    const [row] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outlet_images WHERE id = ANY ($1::int[]) AND outlet_id = $2 AND kind = $3
         AND owner_id = $4 AND request_id IS NULL`,
      [data[kind], outlet.id, kind, userId],
    );
    if (row!.n !== data[kind].length) errors[kind] = [NOT_AN_UPLOAD];
  }
  if (Object.keys(errors).length) throw new Problem(400, errors);

  for (const type of types) {
    const fields = TEXT_FIELDS.filter((f) => REQUEST_OF[f] === type);
    const [request] = await tx.query<{ id: number }>(
      `INSERT INTO retailer_master_requests (workflow_object_id, type, old_data, new_data, created_by, created)
       VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6) RETURNING id`,
      [outlet.wo_id, type, JSON.stringify(old), JSON.stringify(withEdit(old, fields, data)), userId, now],
    );
    const images = PROOF_KINDS.filter((k) => REQUEST_OF[k] === type).flatMap((k) => data[k]);
    await tx.query("UPDATE outlet_images SET request_id = $1 WHERE id = ANY ($2::int[])", [
      request!.id,
      images,
    ]);
  }
  await tx.query(
    `INSERT INTO outlet_logs (outlet_id, user_id, action, from_state, to_state, description, message, created)
     VALUES ($1, $2, 'retailer_request_raised', $3, $3, NULL, $4, $5)`,
    [outlet.id, userId, outlet.workflow_state, `Edit requested: ${types.map(fieldLabel).join(", ")}`, now],
  );
  return { detail: UPDATE_REQUEST_SUBMITTED };
}
