/**
 * The calling tracker (spec 001 §2.3, §3, §6, §7): an outlet's phones with the reason recorded for
 * each, and the reason a calling executive records for a phone (object_type
 * workflow_calling_tracker). A phone serves every outlet it is linked to, so its reason shows on all
 * of them. The write locks the tracker row first: a double click or two servers record it once.
 */
import {
  CALLING_ONLY,
  type CallingTracker,
  type CallingTrackerList,
  type CallingTrackerUpdateBody,
  NOT_A_REASON,
  PHONE_NOT_OF_TRACKER,
  usesCallingTracker,
} from "../../src/domain/outlets/calling";
import { reviewRole } from "../../src/domain/outlets/outletReview";
import { isInternal } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import { NOT_FOUND, Problem } from "../http/problem";
import type { OutletViewer } from "../outlets/access";
import { visibleOutletSurvey } from "../survey/read";

type Row = Omit<CallingTracker, "reason_at"> & { reason_at: Date | null };

const TRACKER_SQL = `SELECT t.id::int AS id, t.phone_number, t.is_verified,
    ARRAY(SELECT l2.outlet_id FROM calling_tracker_outlets l2 WHERE l2.calling_tracker_id = t.id ORDER BY l2.outlet_id) AS linked_outlets,
    t.reason, u.name AS reason_by, t.reason_at
  FROM calling_trackers t LEFT JOIN users u ON u.id = t.reason_by`;

const shown = (r: Row): CallingTracker => ({
  ...r,
  id: Number(r.id) as CallingTracker["id"],
  linked_outlets: r.linked_outlets.map(Number) as unknown as CallingTracker["linked_outlets"],
  reason_at: r.reason_at ? new Date(r.reason_at).toISOString() : null,
});

function requireCallingExecutive(viewer: OutletViewer) {
  if (!usesCallingTracker(reviewRole(viewer.user.considered_workflow_permission)))
    throw new Problem(403, { detail: CALLING_ONLY });
}

async function reasonsConfig(db: Queryable): Promise<Record<string, string>> {
  const rows = await db.query<{ key: string; label: string }>(
    "SELECT key, label FROM calling_reasons ORDER BY position",
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.label]));
}

/** GET the tracker list filtered by linked_outlets: the outlet's phones, with the reasons configuration. */
export async function trackerList(
  db: Queryable,
  viewer: OutletViewer,
  outletId: number,
): Promise<CallingTrackerList> {
  requireCallingExecutive(viewer);
  const outlet = await visibleOutletSurvey(db, viewer, outletId);
  if (!outlet) throw new Problem(404, NOT_FOUND);
  const rows = await db.query<Row>(
    `${TRACKER_SQL} WHERE t.id IN (SELECT calling_tracker_id FROM calling_tracker_outlets WHERE outlet_id = $1)
     ORDER BY t.id`,
    [outletId],
  );
  return { results: rows.map(shown), reasons_config: await reasonsConfig(db) };
}

/** The update call with object_type workflow_calling_tracker: one phone's reason, with who and when. */
export async function saveReason(
  tx: Queryable,
  viewer: OutletViewer,
  body: CallingTrackerUpdateBody,
  now: Date,
): Promise<{ data_to_update: Record<string, unknown>; data_to_create: unknown[] }> {
  requireCallingExecutive(viewer);
  const [[key, details]] = Object.entries(body.data_to_update) as [
    [string, { phone_number: string; reason: string }],
  ];
  const [tracker] = await tx.query<{ id: number; phone_number: string; reason: string | null }>(
    `SELECT t.id, t.phone_number, t.reason FROM calling_trackers t
     WHERE t.id = $1 AND ($2::boolean OR t.organisation_id = $3) FOR UPDATE`,
    [Number(key), isInternal(viewer.user), viewer.user.organisation_id],
  );
  if (!tracker) throw new Problem(404, NOT_FOUND);
  const field = `data_to_update.${key}`;
  if (tracker.phone_number !== details.phone_number)
    throw new Problem(400, { [`${field}.phone_number`]: [PHONE_NOT_OF_TRACKER] });
  const config = await reasonsConfig(tx);
  if (!Object.hasOwn(config, details.reason)) throw new Problem(400, { [`${field}.reason`]: [NOT_A_REASON] });
  // The same reason again (a double click, a second server) records nothing new.
  if (tracker.reason !== details.reason) {
    await tx.query("UPDATE calling_trackers SET reason = $2, reason_by = $3, reason_at = $4 WHERE id = $1", [
      tracker.id,
      details.reason,
      viewer.user.id,
      now,
    ]);
    await tx.query(
      "INSERT INTO calling_tracker_reason_log (calling_tracker_id, reason, user_id, created) VALUES ($1, $2, $3, $4)",
      [tracker.id, details.reason, viewer.user.id, now],
    );
  }
  const [saved] = await tx.query<Row>(`${TRACKER_SQL} WHERE t.id = $1`, [tracker.id]);
  return { data_to_update: { [key]: shown(saved!) }, data_to_create: [] };
}
