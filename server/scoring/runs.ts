/**
 * The whole-cycle rescore (docs/scoring.md): every change of a sub-project's scoring setup, and every
 * confirmed benchmarks upload, queues one run in the same transaction; the job runner scores the
 * sub-project's outlets in id order, a batch per transaction holding the run's row and then the
 * batch's outlet rows (the order an answer save locks in, so a batch never writes a score older than
 * an answer saved meanwhile). One run waits per sub-project: a change while it runs starts it again
 * from the first outlet, so the last change is the one every score follows.
 */
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { beat, claimJob, type JobQueue, stillWaiting } from "../jobs/queue";
import { rescoreOutlets } from "./rescore";
import { loadSetup } from "./setup";

export const RESCORE_QUEUE: JobQueue = {
  table: "scoring_runs",
  waiting: "waiting",
  staleAfterMs: 60_000,
  maxAttempts: 3,
};
/** Outlets scored per transaction: short enough not to hold answer saves up for long. */
export const RESCORE_BATCH = 500;
export const RESCORE_STOPPED =
  "The rescore stopped several times before finishing; change the setup to queue it again.";

/** Queues a rescore of the sub-project's outlets, or starts the waiting one again from the first outlet. */
export async function queueRescore(
  tx: Queryable,
  subProjectId: number,
  requestedBy: number | null,
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO scoring_runs (sub_project_id, status, requested_by, requested_at) VALUES ($1, 'waiting', $2, $3)
     ON CONFLICT (sub_project_id) WHERE status = 'waiting'
     DO UPDATE SET after_outlet = 0, outlets_scored = 0, requested_by = EXCLUDED.requested_by,
       requested_at = EXCLUDED.requested_at`,
    [subProjectId, requestedBy, now],
  );
}

/** Whether the sub-project has scoring set up (a scoring or calculated parameter). */
export async function hasScoringSetup(db: Queryable, subProjectId: number): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM scoring_parameters WHERE sub_project_id = $1
     UNION ALL SELECT 1 FROM calculated_parameters WHERE sub_project_id = $1 LIMIT 1`,
    [subProjectId],
  );
  return rows.length > 0;
}

/** Whether a rescore of the sub-project is waiting or under way (its scores may be about to change). */
export async function rescoreWaiting(db: Queryable, subProjectId: number): Promise<boolean> {
  const rows = await db.query(
    "SELECT 1 FROM scoring_runs WHERE sub_project_id = $1 AND status = 'waiting' LIMIT 1",
    [subProjectId],
  );
  return rows.length > 0;
}

/** Scores the next batch of a run; false once the run is over (done, or ended elsewhere). */
async function scoreBatch(deps: AppDeps, runId: number, batch: number): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const now = new Date(deps.clock());
    if (!(await stillWaiting(tx, RESCORE_QUEUE, runId))) return false;
    const [run] = await tx.query<{ sub_project_id: number; after_outlet: number }>(
      "SELECT sub_project_id, after_outlet FROM scoring_runs WHERE id = $1",
      [runId],
    );
    const outlets = await tx.query<{ id: number }>(
      `SELECT id FROM outlets WHERE sub_project_id = $1 AND id > $2 ORDER BY id LIMIT $3 FOR UPDATE`,
      [run!.sub_project_id, run!.after_outlet, batch],
    );
    const ids = outlets.map((o) => o.id);
    const setup = await loadSetup(tx, run!.sub_project_id);
    await rescoreOutlets(tx, run!.sub_project_id, ids, now, setup);
    const finished = ids.length < batch;
    await tx.query(
      `UPDATE scoring_runs SET after_outlet = $2, outlets_scored = outlets_scored + $3,
         status = CASE WHEN $4 THEN 'done' ELSE status END, finished_at = CASE WHEN $4 THEN $5::timestamptz END
       WHERE id = $1`,
      [runId, ids.at(-1) ?? run!.after_outlet, ids.length, finished, now],
    );
    await beat(tx, RESCORE_QUEUE, runId, now);
    return !finished;
  });
}

/** Claims the oldest waiting (or abandoned) rescore and works it to the end; true when one was taken. */
export async function processNextRescore(deps: AppDeps, batch = RESCORE_BATCH): Promise<boolean> {
  const claimed = await deps.db.transaction(async (tx) => {
    const now = new Date(deps.clock());
    const row = await claimJob(tx, RESCORE_QUEUE, now);
    if (row?.exhausted)
      await tx.query(
        "UPDATE scoring_runs SET status = 'failed', message = $2, finished_at = $3 WHERE id = $1",
        [row.id, RESCORE_STOPPED, now],
      );
    return row;
  });
  if (!claimed) return false;
  if (!claimed.exhausted) while (await scoreBatch(deps, claimed.id, batch));
  return true;
}
