/**
 * The pending gate (spec 001 §4.4, 002 §8): while a retailer master request of the outlet waits for
 * a decision, nothing on the outlet is saved: no answer, no Refresh QC data, no edit, no status
 * change. The rule is the domain's `savingBlocked`, asked with the outlet's requests as loaded here.
 * Every save calls it inside its transaction after locking the outlet row, and a request is created
 * or decided only with that row locked, so a save and a new request cannot pass each other.
 */
import {
  isPending,
  PENDING_RETAILER_EDITS,
  type RequestSummary,
  savingBlocked,
} from "../../src/domain/outlets/retailerRequests";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";

type Status = Pick<RequestSummary, "retailer_master_status">;

/** Every request's status, by the id of the outlet it belongs to. */
async function statusesByOutlet(
  db: Queryable,
  where: "w.id" | "w.outlet_id",
  ids: number[],
): Promise<Map<number, Status[]>> {
  const rows = await db.query<Status & { outlet_id: number }>(
    `SELECT w.outlet_id, r.status AS retailer_master_status
     FROM retailer_master_requests r JOIN workflow_objects w ON w.id = r.workflow_object_id
     WHERE ${where} = ANY ($1::int[])`,
    [ids],
  );
  const by = new Map<number, Status[]>();
  for (const r of rows) by.set(r.outlet_id, [...(by.get(r.outlet_id) ?? []), r]);
  return by;
}

/** The pending check of one workflow object's outlet (the banner and Update Status read it). */
export async function pendingState(
  db: Queryable,
  workflowObjectId: number,
): Promise<{ blocked: boolean; pending: number }> {
  const statuses = [...(await statusesByOutlet(db, "w.id", [workflowObjectId])).values()].flat();
  return {
    blocked: savingBlocked(statuses),
    pending: statuses.filter((s) => isPending(s.retailer_master_status)).length,
  };
}

/** 409 with the spec's words while the outlet of this workflow object may not be saved. */
export async function refuseWhilePending(tx: Queryable, workflowObjectId: number): Promise<void> {
  if ((await pendingState(tx, workflowObjectId)).blocked)
    throw new Problem(409, { detail: PENDING_RETAILER_EDITS });
}

/** Of these outlets, the ids of those that may not be saved now. */
export async function blockedOutlets(tx: Queryable, outletIds: number[]): Promise<Set<number>> {
  const by = await statusesByOutlet(tx, "w.outlet_id", outletIds);
  return new Set([...by].filter(([, statuses]) => savingBlocked(statuses)).map(([id]) => id));
}
