/** The auth endpoint family: login, info, logout, logout all, forgot password, password expiry. */
import type { Context } from "hono";
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import {
  LOGIN_METHOD_PASSWORD,
  type LoginResponse,
  PLATFORM_WEB,
  type SessionConflictBody,
} from "../../src/domain/auth";
import { isPasswordExpired, passwordProblems } from "../../src/domain/password";
import {
  isPlatform,
  MAX_PASSWORD_LENGTH,
  MAX_TOKEN_LENGTH,
  MAX_USERNAME_LENGTH,
  notAChoice,
} from "../../src/domain/requestInput";
import type { AppDeps, AppEnv } from "../context";
import { fieldProblem, jsonBody, optionalString, Problem, requireStrings } from "../http/problem";
import { NO_CREDENTIALS, requireUser } from "./guard";
import { digest, hashPassword, newCode, newToken, UNMATCHABLE_HASH, verifyPassword } from "./passwords";
import {
  CONFLICT_TOKEN_MS,
  createConflictToken,
  createSession,
  deleteSession,
  deleteUserSessions,
  liveSessionCount,
  takeConflictToken,
} from "./sessions";
import { clearFailures, isLocked, LOCKED_DETAIL, recordFailure, slowDownMs } from "./throttle";
import { findUserByUsername, type UserRow, userDetails } from "./users";

export const SESSION_COOKIE = "sessionid";
export const CONFLICT_COOKIE = "session_conflict";
export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESET_TTL_MS = 15 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const INVALID_CREDENTIALS = {
  detail: "Invalid username or password.",
  code: "invalid_credentials",
} as const;
export const SESSION_CONFLICT_DETAIL =
  "You are already logged in on another device. Logout all sessions to continue.";
export const CODE_SENT_DETAIL = "If the account exists, a verification code has been sent.";
export const INVALID_CODE = "Invalid or expired code.";
export const RESET_EXPIRED_DETAIL = "This reset link has expired. Please request a new code.";
export const PASSWORD_CHANGED = "Password changed successfully. Please login with your new password.";
export const WRONG_CURRENT_PASSWORD = "The current password is not correct.";
export const SAME_PASSWORD = "The new password must differ from the current one.";
/** The most any credential field may hold: a user name is short, a password bounded for scrypt. */
const CREDENTIAL_LIMITS = {
  login_username: MAX_USERNAME_LENGTH,
  password: MAX_PASSWORD_LENGTH,
  old_password: MAX_PASSWORD_LENGTH,
  new_password: MAX_PASSWORD_LENGTH,
  confirm_password: MAX_PASSWORD_LENGTH,
  code: MAX_TOKEN_LENGTH,
  reset_token: MAX_TOKEN_LENGTH,
} as const;

/** HTTPS as the browser sees it: the request itself, or the proxy in front of the server says so. */
const isHttps = (c: Context) =>
  new URL(c.req.url).protocol === "https:" ||
  c.req.header("x-forwarded-proto")?.split(",")[0]?.trim() === "https";

const locked = () => new Problem(429, { code: "locked", detail: LOCKED_DETAIL });

export function authRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock, sleep, randomBytes } = deps;
  const app = new Hono<AppEnv>();

  /**
   * Checks a user name and password under the failed-login rules: a locked name is refused, a
   * failure is counted and slowed down (and the one that reaches the limit locks), a success
   * clears the count. Unknown names cost the same scrypt time as known ones.
   */
  async function checkCredentials(
    username: string,
    password: string,
    now: number,
    onFailure: () => Problem,
  ): Promise<UserRow> {
    if (await isLocked(db, username, now)) throw locked();
    const user = await findUserByUsername(db, username);
    const matches = await verifyPassword(password, user?.password_hash ?? UNMATCHABLE_HASH);
    if (!user?.is_active || !matches) {
      const { failures, locked: nowLocked } = await recordFailure(db, username, now);
      await sleep(slowDownMs(failures));
      if (nowLocked) throw locked();
      throw onFailure();
    }
    await clearFailures(db, username);
    return user;
  }

  app.post("/login/", async (c) => {
    const body = await jsonBody(c.req);
    const { login_username, password } = requireStrings(
      body,
      ["login_username", "password"] as const,
      CREDENTIAL_LIMITS,
    );
    const method = optionalString(body, "method_of_login", LOGIN_METHOD_PASSWORD, MAX_TOKEN_LENGTH);
    if (method !== LOGIN_METHOD_PASSWORD) throw fieldProblem("method_of_login", notAChoice(method));
    const platform = optionalString(body, "platform", PLATFORM_WEB, MAX_TOKEN_LENGTH);
    // A closed set: any other name would open a second live session beside the one the 451 guards.
    if (!isPlatform(platform)) throw fieldProblem("platform", notAChoice(platform));
    const now = clock();
    const user = await checkCredentials(
      login_username,
      password,
      now,
      () => new Problem(400, { ...INVALID_CREDENTIALS }),
    );

    const base = { username: user.username, user_data: { phone_number: user.phone_number } };
    if (isPasswordExpired(user.password_changed_at.getTime(), now)) {
      const expired: LoginResponse = { ...base, sessionid: null, password_expired: true };
      return c.json(expired);
    }
    const active = await liveSessionCount(db, user.id, platform, now);
    if (active > 0) {
      const token = await createConflictToken(db, user.id, now, randomBytes);
      setCookie(c, CONFLICT_COOKIE, token, {
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
        active_sessions: active,
      };
      return c.json(conflict, 451 as never);
    }
    const sessionid = await createSession(db, user.id, platform, now, randomBytes);
    setCookie(c, SESSION_COOKIE, sessionid, {
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      secure: isHttps(c),
    });
    const response: LoginResponse = { ...base, sessionid, password_expired: false };
    return c.json(response);
  });

  app.get("/info/", async (c) => {
    const { user } = requireUser(c);
    return c.json({ user_details: await userDetails(db, user) });
  });

  app.post("/logout/", async (c) => {
    const auth = requireUser(c);
    if (auth.sessionId !== null) await deleteSession(db, auth.sessionId);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.json({ detail: "Logged out." });
  });

  /** Authorised by a live session, or by the one-use conflict cookie set with a 451. */
  app.post("/logout/all/", async (c) => {
    let userId = c.get("auth")?.user.id ?? null;
    const conflictToken = getCookie(c, CONFLICT_COOKIE);
    if (conflictToken) {
      const fromConflict = await takeConflictToken(db, conflictToken, clock());
      deleteCookie(c, CONFLICT_COOKIE, { path: "/api/auth/" });
      userId ??= fromConflict;
    }
    if (userId === null) throw new Problem(401, NO_CREDENTIALS);
    await deleteUserSessions(db, userId);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.json({ detail: "All sessions logged out." });
  });

  app.post("/forgot/send-code/", async (c) => {
    const { login_username } = requireStrings(
      await jsonBody(c.req),
      ["login_username"] as const,
      CREDENTIAL_LIMITS,
    );
    const user = await findUserByUsername(db, login_username);
    const now = clock();
    if (user?.is_active) {
      const code = newCode(randomBytes);
      await db.transaction(async (tx) => {
        await tx.query("UPDATE password_resets SET used = true WHERE user_id = $1 AND NOT used", [user.id]);
        await tx.query(
          "INSERT INTO password_resets (user_id, code_hash, code_expires_at) VALUES ($1, $2, $3)",
          [user.id, digest(code), new Date(now + CODE_TTL_MS)],
        );
        await tx.query(
          "INSERT INTO outbox (channel, recipient, subject, body, created_at) VALUES ('email', $1, $2, $3, $4)",
          [
            user.username,
            "Your password reset code",
            `Hello ${user.name}, your password reset code is ${code}. It is valid for 10 minutes.`,
            new Date(now),
          ],
        );
      });
    }
    // The same answer whether or not the account exists, so the endpoint cannot be used to find accounts.
    return c.json({ detail: CODE_SENT_DETAIL });
  });

  app.post("/forgot/verify-code/", async (c) => {
    const { login_username, code } = requireStrings(
      await jsonBody(c.req),
      ["login_username", "code"] as const,
      CREDENTIAL_LIMITS,
    );
    const invalid = () => new Problem(400, { code_value: [INVALID_CODE] });
    const user = await findUserByUsername(db, login_username);
    if (!user) throw invalid();
    const now = clock();
    const reset = (
      await db.query<{ id: number; code_hash: string; code_expires_at: Date; attempts: number }>(
        "SELECT id, code_hash, code_expires_at, attempts FROM password_resets WHERE user_id = $1 AND NOT used ORDER BY id DESC LIMIT 1",
        [user.id],
      )
    )[0];
    if (!reset || reset.code_expires_at.getTime() <= now || reset.attempts >= MAX_CODE_ATTEMPTS)
      throw invalid();
    if (reset.code_hash !== digest(code.trim())) {
      // Five wrong codes spend the code: a new one has to be sent.
      await db.query("UPDATE password_resets SET attempts = attempts + 1 WHERE id = $1", [reset.id]);
      throw invalid();
    }
    const resetToken = newToken(randomBytes);
    await db.query(
      "UPDATE password_resets SET reset_token_hash = $2, reset_expires_at = $3, attempts = $4 WHERE id = $1",
      [reset.id, digest(resetToken), new Date(now + RESET_TTL_MS), MAX_CODE_ATTEMPTS],
    );
    return c.json({ reset_token: resetToken, detail: "Code verified. Choose a new password." });
  });

  app.post("/forgot/change-password/", async (c) => {
    const fields = requireStrings(
      await jsonBody(c.req),
      ["login_username", "reset_token", "new_password", "confirm_password"] as const,
      CREDENTIAL_LIMITS,
    );
    const problems = passwordProblems(fields.new_password, fields.confirm_password);
    if (problems.length > 0) throw new Problem(400, { new_password: problems });
    const user = await findUserByUsername(db, fields.login_username);
    const now = clock();
    const reset = user
      ? (
          await db.query<{ id: number; reset_expires_at: Date }>(
            "SELECT id, reset_expires_at FROM password_resets WHERE user_id = $1 AND reset_token_hash = $2 AND NOT used",
            [user.id, digest(fields.reset_token)],
          )
        )[0]
      : undefined;
    if (!user || !reset || reset.reset_expires_at.getTime() <= now) {
      throw new Problem(400, { detail: RESET_EXPIRED_DETAIL });
    }
    await setPassword(user, fields.new_password, now);
    return c.json({ detail: PASSWORD_CHANGED });
  });

  app.post("/password-expiry/change/", async (c) => {
    const fields = requireStrings(
      await jsonBody(c.req),
      ["login_username", "old_password", "new_password", "confirm_password"] as const,
      CREDENTIAL_LIMITS,
    );
    const now = clock();
    const user = await checkCredentials(fields.login_username, fields.old_password, now, () =>
      fieldProblem("old_password", WRONG_CURRENT_PASSWORD),
    );
    const problems = passwordProblems(fields.new_password, fields.confirm_password);
    if (fields.new_password === fields.old_password) problems.push(SAME_PASSWORD);
    if (problems.length > 0) throw new Problem(400, { new_password: problems });
    await setPassword(user, fields.new_password, now);
    return c.json({ detail: PASSWORD_CHANGED });
  });

  /** A new password (with its own salt) ends every session and spends every reset code of the user. */
  async function setPassword(user: UserRow, password: string, now: number): Promise<void> {
    const hash = await hashPassword(password, randomBytes);
    await db.transaction(async (tx) => {
      await tx.query("UPDATE users SET password_hash = $2, password_changed_at = $3 WHERE id = $1", [
        user.id,
        hash,
        new Date(now),
      ]);
      await tx.query("UPDATE password_resets SET used = true WHERE user_id = $1", [user.id]);
      await tx.query("DELETE FROM sessions WHERE user_id = $1", [user.id]);
      await clearFailures(tx, user.username);
    });
  }

  return app;
}
