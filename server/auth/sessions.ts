/** Server-side sessions and the one-use permission to end them after a 451. */
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { inTransaction } from "../db/retry";
import { digest, newToken, type RandomBytes } from "./passwords";

/** A session ends after 12 hours without a request, and 7 days after it began in any case. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen is written at most once a minute. */
const TOUCH_EVERY_MS = 60 * 1000;
export const CONFLICT_TOKEN_MS = 10 * 60 * 1000;

export type SessionRow = {
  id: number;
  user_id: number;
  platform: string;
  created_at: Date;
  last_seen_at: Date;
};

export type SessionLookup =
  | { kind: "valid"; session: SessionRow }
  | { kind: "expired" }
  | { kind: "unknown" };

export function isSessionLive(s: Pick<SessionRow, "created_at" | "last_seen_at">, now: number): boolean {
  return now - s.last_seen_at.getTime() < SESSION_IDLE_MS && now - s.created_at.getTime() < SESSION_MAX_MS;
}

export async function createSession(
  db: Queryable,
  userId: number,
  platform: string,
  now: number,
  random: RandomBytes,
): Promise<string> {
  const token = newToken(random);
  const at = new Date(now);
  await db.query(
    "INSERT INTO sessions (token_hash, user_id, platform, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $4)",
    [digest(token), userId, platform, at],
  );
  return token;
}

export async function lookupSession(db: Queryable, token: string, now: number): Promise<SessionLookup> {
  const rows = await db.query<SessionRow>(
    "SELECT id, user_id, platform, created_at, last_seen_at FROM sessions WHERE token_hash = $1",
    [digest(token)],
  );
  const session = rows[0];
  if (!session) return { kind: "unknown" };
  if (!isSessionLive(session, now)) {
    await db.query("DELETE FROM sessions WHERE id = $1", [session.id]);
    return { kind: "expired" };
  }
  if (now - session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db.query("UPDATE sessions SET last_seen_at = $2 WHERE id = $1", [session.id, new Date(now)]);
  }
  return { kind: "valid", session };
}

/** Live sessions of a user on one platform (the one-session-per-platform rule). */
export async function liveSessionCount(
  db: Queryable,
  userId: number,
  platform: string,
  now: number,
): Promise<number> {
  const rows = await db.query<SessionRow>(
    "SELECT id, user_id, platform, created_at, last_seen_at FROM sessions WHERE user_id = $1 AND platform = $2",
    [userId, platform],
  );
  const dead = rows.filter((s) => !isSessionLive(s, now)).map((s) => s.id);
  if (dead.length > 0) await db.query("DELETE FROM sessions WHERE id = ANY($1::int[])", [dead]);
  return rows.length - dead.length;
}

export async function deleteSession(db: Queryable, id: number): Promise<void> {
  await db.query("DELETE FROM sessions WHERE id = $1", [id]);
}

export async function deleteUserSessions(db: Queryable, userId: number): Promise<void> {
  await db.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
}

export async function createConflictToken(
  db: Queryable,
  userId: number,
  now: number,
  random: RandomBytes,
): Promise<string> {
  const token = newToken(random);
  await db.query("DELETE FROM session_conflicts WHERE expires_at <= $1", [new Date(now)]);
  await db.query("INSERT INTO session_conflicts (token_hash, user_id, expires_at) VALUES ($1, $2, $3)", [
    digest(token),
    userId,
    new Date(now + CONFLICT_TOKEN_MS),
  ]);
  return token;
}

/** Consumes a conflict token; gives the user id when it was valid. */
export async function takeConflictToken(db: Queryable, token: string, now: number): Promise<number | null> {
  const rows = await db.query<{ user_id: number; expires_at: Date }>(
    "DELETE FROM session_conflicts WHERE token_hash = $1 RETURNING user_id, expires_at",
    [digest(token)],
  );
  const row = rows[0];
  return row && row.expires_at.getTime() > now ? row.user_id : null;
}

/**
 * Locks the user's row for the rest of the transaction, so the session writes of one user take
 * turns: logins and logout all here, a password change by updating the row. NO KEY UPDATE leaves
 * rows that merely refer to the user (uploads, logs) free to be written meanwhile.
 */
async function lockUser(tx: Queryable, userId: number): Promise<void> {
  await tx.query("SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE", [userId]);
}

export type SessionStart =
  | { kind: "started"; token: string }
  | { kind: "conflict"; active: number; conflictToken: string };

type SessionDeps = Pick<AppDeps, "db" | "logger" | "clock" | "sleep">;

/**
 * A new session, unless the user already has a live one on the platform (the 451 rule): then a
 * conflict token that lets the user end them. The check and the insert run under the user's lock,
 * so logins at the same moment on several servers still leave at most one session.
 */
export function startSession(
  deps: SessionDeps,
  userId: number,
  platform: string,
  now: number,
  random: RandomBytes,
): Promise<SessionStart> {
  return inTransaction(deps, async (tx) => {
    await lockUser(tx, userId);
    const active = await liveSessionCount(tx, userId, platform, now);
    if (active > 0)
      return { kind: "conflict", active, conflictToken: await createConflictToken(tx, userId, now, random) };
    return { kind: "started", token: await createSession(tx, userId, platform, now, random) };
  });
}

/** Logout all: every session of the user ends, after any login of the user that is under way. */
export function endAllSessions(deps: SessionDeps, userId: number): Promise<void> {
  return inTransaction(deps, async (tx) => {
    await lockUser(tx, userId);
    await deleteUserSessions(tx, userId);
  });
}
