/**
 * Writes that touch several rows run here: one transaction, run again a bounded number of times
 * when PostgreSQL rolled it back for a deadlock (40P01) or a serialization failure (40001). Both
 * mean "another transaction got there first"; the rolled-back one changed nothing and can simply
 * run again. Lock order keeps these rare; this keeps the rare case from becoming a 500.
 */
import type { AppDeps } from "../context";
import { Problem } from "../http/problem";
import type { Queryable } from "./db";

const RETRYABLE_CODES = new Set(["40P01", "40001"]);
/** Runs of one transaction before the caller is told to try again. */
export const MAX_TRANSACTION_RUNS = 4;
/** The wait before run n+1 is up to n times this, at random, so the rivals do not meet again. */
const BACKOFF_STEP_MS = 25;
export const BUSY_DETAIL = "These records are being changed by another request at this moment. Try again.";

/** A deadlock or serialization failure: the transaction was rolled back and may run again. */
export const isRetryable = (error: unknown): boolean =>
  RETRYABLE_CODES.has(String((error as { code?: unknown } | null)?.code));

export const busyProblem = (): Problem => new Problem(503, { detail: BUSY_DETAIL });

type RetryDeps = Pick<AppDeps, "db" | "logger" | "clock" | "sleep">;

/**
 * Runs fn in one transaction, again after a deadlock or serialization failure, at most
 * MAX_TRANSACTION_RUNS times; then a 503 with BUSY_DETAIL. fn must do nothing outside the
 * database that cannot be repeated.
 */
export async function inTransaction<T>(deps: RetryDeps, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await deps.db.transaction(fn);
    } catch (error) {
      if (!isRetryable(error)) throw error;
      const last = run >= MAX_TRANSACTION_RUNS;
      deps.logger({
        time: new Date(deps.clock()).toISOString(),
        level: "warn",
        message: last ? "transaction gave up" : "transaction retried",
        code: String((error as { code: unknown }).code),
        run,
      });
      if (last) throw busyProblem();
      await deps.sleep(Math.round(Math.random() * BACKOFF_STEP_MS * run));
    }
  }
}
