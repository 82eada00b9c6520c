/**
 * The signed-in user's own sessions (the profile page): the live ones listed, and the others ended.
 * Staff only: field auditors and retailers keep one session on their own app.
 */
import { Hono } from "hono";
import * as api from "../../src/domain/api/auth";
import { SessionId } from "../../src/domain/api/ids";
import { OTHER_SESSIONS_ENDED, type UserSession } from "../../src/domain/auth/profile";
import type { AppDeps, AppEnv } from "../context";
import { serve } from "../http/serve";
import { isSessionLive } from "./sessions";

export function profileRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  serve(app, deps, api.mySessions, async ({ caller: { user, sessionId } }) => {
    const rows = await deps.db.query<{ id: number; platform: string; created_at: Date; last_seen_at: Date }>(
      "SELECT id, platform, created_at, last_seen_at FROM sessions WHERE user_id = $1 ORDER BY last_seen_at DESC, id",
      [user.id],
    );
    const now = deps.clock();
    const sessions: UserSession[] = rows
      .filter((s) => isSessionLive(s, now))
      .map((s) => ({
        id: SessionId.make(s.id),
        platform: s.platform,
        created_at: s.created_at.toISOString(),
        last_seen_at: s.last_seen_at.toISOString(),
        current: s.id === sessionId,
      }));
    return sessions;
  });

  serve(app, deps, api.endOtherSessions, async ({ caller: { user, sessionId } }) => {
    const ended = await deps.db.query("DELETE FROM sessions WHERE user_id = $1 AND id <> $2 RETURNING id", [
      user.id,
      sessionId,
    ]);
    return { detail: OTHER_SESSIONS_ENDED, ended: ended.length };
  });

  return app;
}
