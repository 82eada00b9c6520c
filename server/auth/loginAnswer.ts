/**
 * The answer to a sign-in whose credentials (password or one-time code) were right: a new session
 * with its cookie, or the 451 conflict with the one-use cookie that lets the user end the others.
 * Shared by the password login and the one-time-code sign-in, so both follow one 451 rule.
 */
import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import type { LoginResponse, SessionConflictBody } from "../../src/domain/auth/auth";
import type { AppDeps } from "../context";
import { Problem } from "../http/problem";
import { CONFLICT_TOKEN_MS, startSession } from "./sessions";
import type { UserRow } from "./users";

export const SESSION_COOKIE = "sessionid";
export const CONFLICT_COOKIE = "session_conflict";
export const SESSION_CONFLICT_DETAIL =
  "You are already logged in on another device. Logout all sessions to continue.";

/** HTTPS as the browser sees it: the request itself, or the proxy in front of the server says so. */
export const isHttps = (c: Context) =>
  new URL(c.req.url).protocol === "https:" ||
  c.req.header("x-forwarded-proto")?.split(",")[0]?.trim() === "https";

/** A new session's answer, its cookie set; a conflict is the 451 refusal, its one-use cookie set. */
export async function answerSignIn(
  c: Context,
  deps: AppDeps,
  user: UserRow,
  platform: string,
  now: number,
): Promise<LoginResponse> {
  const started = await startSession(deps, user.id, platform, now, deps.randomBytes);
  if (started.kind === "conflict") {
    setCookie(c, CONFLICT_COOKIE, started.conflictToken, {
      httpOnly: true,
      sameSite: "Strict",
      path: "/api/auth/",
      secure: isHttps(c),
      maxAge: CONFLICT_TOKEN_MS / 1000,
    });
    const conflict: SessionConflictBody = {
      code: "session_conflict",
      detail: SESSION_CONFLICT_DETAIL,
      login_username: user.username,
      platform,
      active_sessions: started.active,
    };
    throw new Problem(451, conflict);
  }
  const sessionid = started.token;
  setCookie(c, SESSION_COOKIE, sessionid, { httpOnly: true, sameSite: "Lax", path: "/", secure: isHttps(c) });
  return {
    username: user.username,
    user_data: { phone_number: user.phone_number },
    sessionid,
    password_expired: false,
  };
}
