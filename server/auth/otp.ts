/**
 * One-time codes, the pattern every flow that sends a code follows (forgot password today; the
 * field-user e-KYC OTP and the retailer sign-in later; docs/security.md):
 * - sending is throttled per recipient and per client address, counted in one upsert so parallel
 *   requests cannot pass the limit, and answered the same whether or not the recipient exists;
 * - a code's attempts are checked and spent in one UPDATE, so parallel guesses cannot pass
 *   MAX_CODE_ATTEMPTS; the guess that reaches the limit spends the code and says so.
 * A flow keeps its codes in a table with the challenge columns (code_hash, code_expires_at,
 * attempts, used) and adds that table to CODE_TABLES.
 */
import type { Context } from "hono";
import type { Queryable } from "../db/db";

export const MAX_CODE_ATTEMPTS = 5;
export const SEND_WINDOW_MS = 15 * 60 * 1000;
export const SENDS_PER_RECIPIENT = 3;
export const SENDS_PER_ADDRESS = 30;
export const SEND_THROTTLED_DETAIL = "Too many codes were requested. Try again in 15 minutes.";

/** Tables holding code challenges; the name is spliced into SQL, so only these are accepted. */
const CODE_TABLES = new Set(["password_resets", "login_otps"]);
export type CodeTable = "password_resets" | "login_otps";

/** The client address of a request on the Node server; requests without a socket (tests) share one. */
export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? "unknown";
}

/**
 * Counts one send against each key (say `forgot:user:asha` and `forgot:address:10.0.0.1`) and
 * gives whether every key is still within its limit. Each count is one atomic statement; a count
 * older than the window starts again at 1.
 */
export async function allowSend(
  db: Queryable,
  limits: readonly { key: string; limit: number }[],
  now: number,
): Promise<boolean> {
  let allowed = true;
  for (const { key, limit } of limits) {
    const fresh = "($2::timestamptz - c.window_start >= $3::float8 * interval '1 millisecond')";
    const [row] = await db.query<{ sends: number }>(
      `INSERT INTO otp_send_counts AS c (key, sends, window_start) VALUES ($1, 1, $2::timestamptz)
       ON CONFLICT (key) DO UPDATE SET
         sends = CASE WHEN ${fresh} THEN 1 ELSE c.sends + 1 END,
         window_start = CASE WHEN ${fresh} THEN $2::timestamptz ELSE c.window_start END
       RETURNING sends`,
      [key, new Date(now), SEND_WINDOW_MS],
    );
    if ((row?.sends ?? 1) > limit) allowed = false;
  }
  return allowed;
}

export type CodeCheck = "matched" | "wrong" | "spent" | "invalid";

/**
 * Tries a code against one challenge: spends an attempt and compares in one statement, so only
 * MAX_CODE_ATTEMPTS tries are ever compared however many arrive at once. "spent" for the wrong
 * guess that used the last attempt and for any try after it; "invalid" for an expired or used
 * challenge. A match spends every attempt, so of parallel right tries one verifies; the flow then
 * closes the challenge (its own lookup no longer offers it).
 */
export async function tryCode(
  db: Queryable,
  table: CodeTable,
  challengeId: number,
  codeHash: string,
  now: number,
): Promise<CodeCheck> {
  if (!CODE_TABLES.has(table)) throw new Error(`tryCode: ${table} is not a code table.`);
  const [tried] = await db.query<{ attempts: number; matched: boolean }>(
    `UPDATE ${table} SET attempts = CASE WHEN code_hash = $4 THEN $2::int ELSE attempts + 1 END
     WHERE id = $1 AND NOT used AND attempts < $2::int AND code_expires_at > $3
     RETURNING attempts, code_hash = $4 AS matched`,
    [challengeId, MAX_CODE_ATTEMPTS, new Date(now), codeHash],
  );
  if (tried) return tried.matched ? "matched" : tried.attempts >= MAX_CODE_ATTEMPTS ? "spent" : "wrong";
  const [row] = await db.query<{ attempts: number; live: boolean }>(
    `SELECT attempts, NOT used AND code_expires_at > $2 AS live FROM ${table} WHERE id = $1`,
    [challengeId, new Date(now)],
  );
  return row?.live && row.attempts >= MAX_CODE_ATTEMPTS ? "spent" : "invalid";
}
