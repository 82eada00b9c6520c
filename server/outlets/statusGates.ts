/**
 * The Update Status gates (spec 001 §4.5) as the server keeps them: a calling executive moves an
 * outlet only once its calling tracker reasons are complete, and nobody moves an outlet while a
 * question group of it has no saved answers. The rules are the domain's
 * `callingTrackerReasonsComplete` and `savedAnswersComplete`, asked with the rows loaded here inside
 * the move's transaction (after the outlet rows are locked), so the screen and the server weigh the
 * same facts the same way. The words are the ones shown beside the disabled button.
 */
import {
  ANSWERS_INCOMPLETE,
  type CallingTracker,
  callingTrackerReasonsComplete,
  REASONS_INCOMPLETE,
  savedAnswersComplete,
  usesCallingTracker,
} from "../../src/domain/outlets/calling";
import { reviewRole } from "../../src/domain/outlets/outletReview";
import type { Queryable } from "../db/db";

type Reason = Pick<CallingTracker, "reason">;

/** Each outlet's phones with the reason recorded for each (the tracker list the screen reads). */
async function trackersByOutlet(tx: Queryable, outletIds: number[]): Promise<Map<number, Reason[]>> {
  const rows = await tx.query<Reason & { outlet_id: number }>(
    `SELECT l.outlet_id, t.reason FROM calling_tracker_outlets l
     JOIN calling_trackers t ON t.id = l.calling_tracker_id
     WHERE l.outlet_id = ANY ($1::int[]) ORDER BY l.outlet_id, t.id`,
    [outletIds],
  );
  const by = new Map<number, Reason[]>();
  for (const r of rows) by.set(r.outlet_id, [...(by.get(r.outlet_id) ?? []), { reason: r.reason }]);
  return by;
}

/**
 * Each outlet's saved answers, one list per question group of its sub-project (the groups and the
 * answers the survey screen reads), so an unanswered group is an empty list.
 */
async function savedAnswersByOutlet(
  tx: Queryable,
  outletIds: number[],
): Promise<Map<number, (readonly number[])[]>> {
  const rows = await tx.query<{ outlet_id: number; answers: number[] }>(
    `SELECT o.id AS outlet_id,
       ARRAY(SELECT a.id FROM answers a JOIN questions q ON q.id = a.question_id
             WHERE q.question_group_id = g.id AND a.workflow_object_id = w.id ORDER BY a.id) AS answers
     FROM outlets o JOIN question_groups g ON g.sub_project_id = o.sub_project_id
     LEFT JOIN workflow_objects w ON w.outlet_id = o.id
     WHERE o.id = ANY ($1::int[]) ORDER BY o.id, g.position, g.id`,
    [outletIds],
  );
  const by = new Map<number, (readonly number[])[]>();
  for (const r of rows) by.set(r.outlet_id, [...(by.get(r.outlet_id) ?? []), r.answers]);
  return by;
}

/**
 * Of these outlets, why each one the caller may not move is held back: the calling tracker reasons
 * (a calling executive only), then, when `answers` asks for it, the saved answers. Outlets that may
 * move are not in the map.
 */
export async function statusGateRefusals(
  tx: Queryable,
  workflowPermission: string | null,
  outletIds: number[],
  { answers }: { answers: boolean },
): Promise<Map<number, string>> {
  const refusals = new Map<number, string>();
  if (outletIds.length === 0) return refusals;
  if (usesCallingTracker(reviewRole(workflowPermission))) {
    const trackers = await trackersByOutlet(tx, outletIds);
    for (const id of outletIds) {
      if (!callingTrackerReasonsComplete(trackers.get(id) ?? [])) refusals.set(id, REASONS_INCOMPLETE);
    }
  }
  if (!answers) return refusals;
  const saved = await savedAnswersByOutlet(tx, outletIds);
  for (const id of outletIds) {
    if (refusals.has(id)) continue;
    const groups = saved.get(id) ?? [];
    if (!savedAnswersComplete(groups, groups.length)) refusals.set(id, ANSWERS_INCOMPLETE);
  }
  return refusals;
}
