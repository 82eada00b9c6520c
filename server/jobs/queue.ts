/**
 * The job queue every kind of queued work shares (uploads, UPI payment runs, exports, field app
 * dumps, outlet recoveries): a job is a row with a status, `claimed_at`, `heartbeat_at` and
 * `attempts`. A process claims the oldest waiting job with FOR UPDATE SKIP LOCKED, so several
 * processes share the queue; it keeps the heartbeat fresh while it works, and a job whose heartbeat
 * went stale (its process stopped) is claimed again. A job started `maxAttempts` times is given back
 * as exhausted instead, so a file that kills the worker cannot loop for ever.
 */
import type { Queryable } from "../db/db";

export type JobQueue = {
  /** The table, one of the job tables (never from a request). */
  readonly table: string;
  /** The status a job waits in. */
  readonly waiting: string;
  /** A heartbeat older than this means the process working on the job stopped. */
  readonly staleAfterMs: number;
  /** Starts after which a job is exhausted; absent: the job is always claimed again. */
  readonly maxAttempts?: number;
};

export type Claim = { readonly id: number; readonly exhausted: boolean };

/** Claims the oldest waiting or abandoned job in the caller's transaction, or gives null. */
export async function claimJob(tx: Queryable, queue: JobQueue, now: Date): Promise<Claim | null> {
  const [row] = await tx.query<{ id: number; attempts: number }>(
    `SELECT id, attempts FROM ${queue.table}
     WHERE status = $1 AND (claimed_at IS NULL OR heartbeat_at < $2)
     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [queue.waiting, new Date(now.getTime() - queue.staleAfterMs)],
  );
  if (!row) return null;
  if (queue.maxAttempts !== undefined && row.attempts >= queue.maxAttempts)
    return { id: row.id, exhausted: true };
  await tx.query(
    `UPDATE ${queue.table} SET claimed_at = $2, heartbeat_at = $2, attempts = attempts + 1 WHERE id = $1`,
    [row.id, now],
  );
  return { id: row.id, exhausted: false };
}

/** Keeps a claimed job's heartbeat fresh. */
export async function beat(tx: Queryable, queue: JobQueue, id: number, now: Date): Promise<void> {
  await tx.query(`UPDATE ${queue.table} SET heartbeat_at = $2 WHERE id = $1`, [id, now]);
}

/**
 * Locks a claimed job and tells whether it still waits in its status: another process that took
 * it over after a stale heartbeat, or a cancellation, may have ended it meanwhile.
 */
export async function stillWaiting(tx: Queryable, queue: JobQueue, id: number): Promise<boolean> {
  const [row] = await tx.query<{ status: string }>(
    `SELECT status FROM ${queue.table} WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row?.status === queue.waiting;
}
