/**
 * The clean rows an upload job keeps for its confirm, stored in ordered batches (JSON arrays) so
 * that no statement carries them all: the embedded database's memory grows to its largest
 * statement and never shrinks.
 */
import type { Queryable } from "../db/db";
import type { CleanRow } from "./apply";

/** Rows per batch: about half a megabyte of JSON for the widest upload types. */
export const CLEAN_ROWS_PER_BATCH = 2000;

/** Gathers rows (as JSON text) into batches of JSON array text as they are validated. */
export class CleanRowBatches {
  readonly batches: string[] = [];
  private current: string[] = [];
  count = 0;

  add(row: Readonly<Record<string, string>>): void {
    this.current.push(JSON.stringify(row));
    this.count++;
    if (this.current.length === CLEAN_ROWS_PER_BATCH) this.close();
  }

  /** The batches with the last, partly filled one. */
  finish(): string[] {
    if (this.current.length > 0) this.close();
    return this.batches;
  }

  private close(): void {
    this.batches.push(`[${this.current.join(",")}]`);
    this.current = [];
  }
}

/** Stores a job's batches, one statement each; call it in the transaction that completes the job. */
export async function saveCleanRows(tx: Queryable, jobId: number, batches: readonly string[]): Promise<void> {
  for (const [seq, rows] of batches.entries())
    await tx.query("INSERT INTO bulk_upload_clean_rows (job_id, seq, rows) VALUES ($1, $2, $3::jsonb)", [
      jobId,
      seq,
      rows,
    ]);
}

/** Hands a job's clean rows to fn batch by batch, in order, reading one batch at a time. */
export async function forEachCleanBatch(
  db: Queryable,
  jobId: number,
  fn: (rows: CleanRow[]) => Promise<void>,
): Promise<void> {
  for (let seq = 0; ; seq++) {
    const [batch] = await db.query<{ rows: CleanRow[] }>(
      "SELECT rows FROM bulk_upload_clean_rows WHERE job_id = $1 AND seq = $2",
      [jobId, seq],
    );
    if (!batch) return;
    await fn(batch.rows);
  }
}

/** Every clean row of a job (the payment run pays them in one batch). */
export async function allCleanRows(db: Queryable, jobId: number): Promise<CleanRow[]> {
  const rows: CleanRow[] = [];
  await forEachCleanBatch(db, jobId, async (batch) => {
    rows.push(...batch);
  });
  return rows;
}
