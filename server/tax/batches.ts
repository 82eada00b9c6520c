/**
 * Form 16 batches (docs/tax.md): Generate makes the statement of every PAN with tax deducted in an
 * ended financial year. A batch runs in the job runner like the exports, a few PANs per transaction
 * with its heartbeat kept, so a large year neither holds one long transaction nor is lost when a
 * process stops (another takes it over and makes the rest again: making a PAN's file twice gives
 * the same file). An uploaded Form 16 is kept; a made one is made again from the figures as they are.
 */

import { Form16BatchId } from "../../src/domain/api/ids";
import { financialYearLabel, isForm16Issued } from "../../src/domain/tax/form16";
import { type Form16Batch, TAX_MSG } from "../../src/domain/tax/tax";
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { inTransaction } from "../db/retry";
import { fieldProblem } from "../http/problem";
import { beat, claimJob, type JobQueue, stillWaiting } from "../jobs/queue";
import { remakePanForm16 } from "./form16";
import { allTaxedPans, todayOf } from "./reads";

const BATCH_QUEUE: JobQueue = {
  table: "form16_batches",
  waiting: "processing",
  staleAfterMs: 60_000,
  maxAttempts: 3,
};
/** PANs made per transaction. */
const PANS_PER_STEP = 20;

type BatchRow = {
  id: number;
  financial_year: number;
  status: Form16Batch["status"];
  progress: number;
  total: number;
  made: number;
  message: string | null;
  created: Date;
  created_by_name: string;
};

const SELECT = `SELECT b.id, b.financial_year, b.status, b.progress, b.total, b.made, b.message, b.created,
    u.name AS created_by_name
  FROM form16_batches b JOIN users u ON u.id = b.created_by`;

const toApi = (r: BatchRow): Form16Batch => ({
  id: Form16BatchId.make(r.id),
  financial_year: financialYearLabel(r.financial_year),
  status: r.status,
  progress: r.progress,
  total: r.total,
  made: r.made,
  message: r.message,
  created: r.created.toISOString(),
  created_by: { name: r.created_by_name },
});

export async function batchOf(db: Queryable, id: number): Promise<Form16Batch | undefined> {
  const [row] = await db.query<BatchRow>(`${SELECT} WHERE b.id = $1`, [id]);
  return row && toApi(row);
}

export async function latestBatches(db: Queryable): Promise<Form16Batch[]> {
  return (await db.query<BatchRow>(`${SELECT} ORDER BY b.id DESC LIMIT 10`)).map(toApi);
}

/**
 * Starts a batch of an ended year; a batch of the year already running is answered instead
 * (`started` false), so a double click starts one.
 */
export async function startBatch(
  deps: AppDeps,
  userId: number,
  start: number,
): Promise<{ batch: Form16Batch; started: boolean }> {
  const now = deps.clock();
  if (!isForm16Issued(start, todayOf(now))) throw fieldProblem("financial_year", TAX_MSG.notEnded);
  const [row] = await deps.db.query<{ id: number }>(
    `INSERT INTO form16_batches (financial_year, status, created_by, created) VALUES ($1, 'processing', $2, $3)
     ON CONFLICT DO NOTHING RETURNING id`,
    [start, userId, new Date(now)],
  );
  if (row) return { batch: (await batchOf(deps.db, row.id))!, started: true };
  const [running] = await deps.db.query<{ id: number }>(
    "SELECT id FROM form16_batches WHERE financial_year = $1 AND status = 'processing'",
    [start],
  );
  return { batch: (await batchOf(deps.db, running!.id))!, started: false };
}

const fail = (tx: Queryable, id: number, now: Date) =>
  tx.query(
    "UPDATE form16_batches SET status = 'failed', message = $2, completed_at = $3, claimed_at = NULL WHERE id = $1",
    [id, TAX_MSG.batchFailed, now],
  );

/** Takes one waiting batch and makes its PDFs; gives whether there was one. */
export async function processNextBatch(deps: AppDeps): Promise<boolean> {
  const claimed = await inTransaction(deps, async (tx) => {
    const now = new Date(deps.clock());
    const claim = await claimJob(tx, BATCH_QUEUE, now);
    if (!claim) return undefined;
    // A batch that stopped its worker too often is failed rather than tried for ever.
    if (claim.exhausted) {
      await fail(tx, claim.id, now);
      return null;
    }
    const [row] = await tx.query<{ financial_year: number }>(
      "SELECT financial_year FROM form16_batches WHERE id = $1",
      [claim.id],
    );
    return { id: claim.id, start: row!.financial_year };
  });
  if (claimed === undefined) return false;
  if (claimed === null) return true;
  const { id, start } = claimed;
  try {
    const pans = await allTaxedPans(deps.db, start);
    await deps.db.query("UPDATE form16_batches SET total = $2, made = 0, progress = 0 WHERE id = $1", [
      id,
      pans.length,
    ]);
    for (let at = 0; at < pans.length; at += PANS_PER_STEP) {
      const step = pans.slice(at, at + PANS_PER_STEP);
      const going = await inTransaction(deps, async (tx) => {
        if (!(await stillWaiting(tx, BATCH_QUEUE, id))) return false;
        const now = deps.clock();
        for (const pan of step) await remakePanForm16(tx, pan, start, now);
        const made = at + step.length;
        await tx.query("UPDATE form16_batches SET made = $2, progress = $3 WHERE id = $1", [
          id,
          made,
          Math.floor((made * 100) / pans.length),
        ]);
        await beat(tx, BATCH_QUEUE, id, new Date(now));
        return true;
      });
      if (!going) return true;
    }
    await inTransaction(deps, async (tx) => {
      if (!(await stillWaiting(tx, BATCH_QUEUE, id))) return;
      await tx.query(
        "UPDATE form16_batches SET status = 'completed', progress = 100, completed_at = $2, claimed_at = NULL WHERE id = $1",
        [id, new Date(deps.clock())],
      );
    });
  } catch (error) {
    deps.logger({
      time: new Date(deps.clock()).toISOString(),
      level: "error",
      message: `form 16 batch ${id}: ${String(error)}`,
    });
    await inTransaction(deps, (tx) => fail(tx, id, new Date(deps.clock())));
  }
  return true;
}
