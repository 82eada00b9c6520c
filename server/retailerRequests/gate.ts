/**
 * The pending gate (spec 001 §4.4, 002 §8): while a retailer master request of the outlet waits for
 * a decision, no save of the review screen goes through. Every save calls this inside its
 * transaction after locking the outlet row, and a request is created or decided only with that row
 * locked, so a save and a new request cannot pass each other.
 */
import { PENDING_RETAILER_EDITS } from "../../src/domain/retailerRequests";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";

export async function pendingCount(db: Queryable, workflowObjectId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM retailer_master_requests WHERE workflow_object_id = $1 AND status = 'pending'",
    [workflowObjectId],
  );
  return row?.n ?? 0;
}

/** 409 with the spec's words while a request is pending. */
export async function refuseWhilePending(tx: Queryable, workflowObjectId: number): Promise<void> {
  if ((await pendingCount(tx, workflowObjectId)) > 0)
    throw new Problem(409, { detail: PENDING_RETAILER_EDITS });
}
