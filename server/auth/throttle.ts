/**
 * Failed sign-ins per username: from the 4th consecutive failure each answer is slowed down, and
 * 8 failures within 15 minutes lock the account for 15 minutes. A success clears the count.
 */
import type { Queryable } from "../db/db";

export const SLOW_DOWN_FROM = 4;
export const LOCK_AFTER = 8;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;
export const LOCKED_DETAIL = "Too many failed attempts. Try again in 15 minutes.";

/** Delay before answering the nth consecutive failure. */
export const slowDownMs = (failures: number): number =>
  failures < SLOW_DOWN_FROM ? 0 : Math.min(3000, 500 * (failures - SLOW_DOWN_FROM + 1));

const key = (username: string) => username.trim().toLowerCase();

export async function isLocked(db: Queryable, username: string, now: number): Promise<boolean> {
  const [row] = await db.query<{ locked_until: Date | null }>(
    "SELECT locked_until FROM login_failures WHERE username = $1",
    [key(username)],
  );
  return !!row?.locked_until && row.locked_until.getTime() > now;
}

/**
 * Records a failure in one statement (so parallel attempts cannot undercount); returns the
 * consecutive count and whether the account is now locked. A failure more than 15 minutes after the
 * first of the run starts a new run.
 */
export async function recordFailure(
  db: Queryable,
  username: string,
  now: number,
): Promise<{ failures: number; locked: boolean }> {
  const fresh = "($2::timestamptz - f.first_failure_at > $3::float8 * interval '1 millisecond')";
  const count = `CASE WHEN ${fresh} THEN 1 ELSE f.failures + 1 END`;
  const [row] = await db.query<{ failures: number; locked_until: Date | null }>(
    `INSERT INTO login_failures AS f (username, failures, first_failure_at, locked_until)
     VALUES ($1, 1, $2::timestamptz, NULL)
     ON CONFLICT (username) DO UPDATE SET
       failures = ${count},
       first_failure_at = CASE WHEN ${fresh} THEN $2::timestamptz ELSE f.first_failure_at END,
       locked_until = CASE WHEN ${count} >= $4::int THEN $2::timestamptz + $5::float8 * interval '1 millisecond' END
     RETURNING failures, locked_until`,
    [key(username), new Date(now), FAILURE_WINDOW_MS, LOCK_AFTER, LOCK_MS],
  );
  return { failures: row?.failures ?? 1, locked: !!row?.locked_until };
}

export async function clearFailures(db: Queryable, username: string): Promise<void> {
  await db.query("DELETE FROM login_failures WHERE username = $1", [key(username)]);
}
