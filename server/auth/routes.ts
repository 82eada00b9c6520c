/** The auth endpoint family: login, info, logout, logout all, forgot password, password expiry. */
import { Hono } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import * as api from "../../src/domain/api/auth";
import { givenOr } from "../../src/domain/api/fields";
import { CODE_SPENT, CODE_SPENT_DETAIL } from "../../src/domain/auth/auth";
import { isPasswordExpired, passwordProblems } from "../../src/domain/auth/password";
import { LOGIN_METHOD_PHONE_OTP, PLATFORM_WEB } from "../../src/domain/shared/loginMethods";
import {
  CODE_SIGN_IN_ONLY,
  isPlatform,
  notAChoice,
  signsInWithPassword,
} from "../../src/domain/shared/requestInput";
import type { AppDeps, AppEnv } from "../context";
import { decodedBody, fieldProblem, Problem } from "../http/problem";
import { serve } from "../http/serve";
import { NO_CREDENTIALS } from "./guard";
import { answerSignIn, CONFLICT_COOKIE, SESSION_COOKIE } from "./loginAnswer";
import {
  allowSend,
  clientAddress,
  SEND_THROTTLED_DETAIL,
  SENDS_PER_ADDRESS,
  SENDS_PER_RECIPIENT,
  tryCode,
} from "./otp";
import { otpLoginStep } from "./otpLogin";
import { digest, hashPassword, newCode, newToken, UNMATCHABLE_HASH, verifyPassword } from "./passwords";
import { deleteSession, endAllSessions, takeConflictToken } from "./sessions";
import { clearFailures, isLocked, LOCKED_DETAIL, recordFailure, slowDownMs } from "./throttle";
import { openSecondStep } from "./twoStep";
import { findUserByUsername, signsInByCode, type UserRow, userDetails } from "./users";

export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESET_TTL_MS = 15 * 60 * 1000;
export const INVALID_CREDENTIALS = {
  detail: "Invalid username or password.",
  code: "invalid_credentials",
} as const;
export const CODE_SENT_DETAIL = "If the account exists, a verification code has been sent.";
export const INVALID_CODE = "Invalid or expired code.";
export const RESET_EXPIRED_DETAIL = "This reset link has expired. Please request a new code.";
export const PASSWORD_CHANGED = "Password changed successfully. Please login with your new password.";
export const WRONG_CURRENT_PASSWORD = "The current password is not correct.";
export const SAME_PASSWORD = "The new password must differ from the current one.";
export const NOT_YOUR_CONFLICT =
  "This browser is signed in as another user: sign out first, then sign in again to end the other sessions.";
const locked = () => new Problem(429, { code: "locked", detail: LOCKED_DETAIL });

export { CONFLICT_COOKIE, SESSION_CONFLICT_DETAIL, SESSION_COOKIE } from "./loginAnswer";

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
    // An account that signs in by code never matches, whatever hash it may hold.
    const byCode = user ? await signsInByCode(db, user.id) : false;
    const matches = await verifyPassword(
      password,
      byCode ? UNMATCHABLE_HASH : (user?.password_hash ?? UNMATCHABLE_HASH),
    );
    if (!user?.is_active || !matches) {
      const { failures, locked: nowLocked } = await recordFailure(db, username, now);
      await sleep(slowDownMs(failures));
      if (nowLocked) throw locked();
      throw onFailure();
    }
    await clearFailures(db, username);
    return user;
  }

  serve(app, deps, api.login, async ({ c, body }) => {
    // Step 1 of the one-time-code sign-in shares the login address (spec 002 §7).
    if (body.method_of_login === LOGIN_METHOD_PHONE_OTP)
      return otpLoginStep(decodedBody(api.CodeSignInStep, body));
    const { login_username, password, ...given } = decodedBody(api.PasswordSignIn, body);
    const platform = givenOr(given.platform, PLATFORM_WEB);
    // A closed set: any other name would open a second live session beside the one the 451 guards.
    if (!isPlatform(platform)) throw fieldProblem("platform", notAChoice(platform));
    // Refused before the password is checked: no failure is counted and nothing about it is told.
    if (!signsInWithPassword(platform)) throw fieldProblem("platform", CODE_SIGN_IN_ONLY);
    const now = clock();
    const user = await checkCredentials(
      login_username,
      password,
      now,
      () => new Problem(400, { ...INVALID_CREDENTIALS }),
    );

    const base = { username: user.username, user_data: { phone_number: user.phone_number } };
    if (isPasswordExpired(user.password_changed_at.getTime(), now))
      return { ...base, sessionid: null, password_expired: true };
    if (user.two_step_sign_in) return openSecondStep(c, deps, user, now);
    return answerSignIn(c, deps, user, platform, now);
  });

  serve(app, deps, api.userInfo, async ({ caller }) => ({
    user_details: await userDetails(db, caller.user),
  }));

  serve(app, deps, api.logout, async ({ c, caller }) => {
    if (caller.sessionId !== null) await deleteSession(db, caller.sessionId);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return { detail: "Logged out." };
  });

  /**
   * Authorised by a live session, or by the one-use conflict cookie set with a 451. A valid cookie
   * decides whose sessions end, and a caller signed in as someone else is refused: one browser may
   * hold one user's session and another user's cookie.
   */
  serve(app, deps, api.logoutAll, async ({ c }) => {
    const sessionUser = c.get("auth")?.user.id ?? null;
    let userId = sessionUser;
    const conflictToken = getCookie(c, CONFLICT_COOKIE);
    if (conflictToken) {
      const fromConflict = await takeConflictToken(db, conflictToken, clock());
      deleteCookie(c, CONFLICT_COOKIE, { path: "/api/auth/" });
      if (fromConflict !== null && sessionUser !== null && fromConflict !== sessionUser)
        throw new Problem(403, { detail: NOT_YOUR_CONFLICT, code: "not_your_conflict" });
      userId = fromConflict ?? sessionUser;
    }
    if (userId === null) throw new Problem(401, NO_CREDENTIALS);
    await endAllSessions(deps, userId);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return { detail: "All sessions logged out." };
  });

  serve(app, deps, api.forgotSendCode, async ({ c, body: { login_username } }) => {
    const now = clock();
    // Counted by the name asked for, known or not, so the throttle does not tell which accounts exist.
    const allowed = await allowSend(
      db,
      [
        { key: `forgot:user:${login_username.trim().toLowerCase()}`, limit: SENDS_PER_RECIPIENT },
        { key: `forgot:address:${clientAddress(c)}`, limit: SENDS_PER_ADDRESS },
      ],
      now,
    );
    if (!allowed) throw new Problem(429, { code: "throttled", detail: SEND_THROTTLED_DETAIL });
    const user = await findUserByUsername(db, login_username);
    if (user?.is_active && !(await signsInByCode(db, user.id))) {
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
    return { detail: CODE_SENT_DETAIL };
  });

  serve(app, deps, api.forgotVerifyCode, async ({ body: { login_username, code } }) => {
    const invalid = () => new Problem(400, { code_value: [INVALID_CODE] });
    const user = await findUserByUsername(db, login_username);
    if (!user) throw invalid();
    const now = clock();
    // The open challenge: the latest code sent and not yet verified.
    const [reset] = await db.query<{ id: number }>(
      `SELECT id FROM password_resets WHERE user_id = $1 AND NOT used AND reset_token_hash IS NULL
       ORDER BY id DESC LIMIT 1`,
      [user.id],
    );
    if (!reset) throw invalid();
    const check = await tryCode(db, "password_resets", reset.id, digest(code.trim()), now);
    if (check === "spent") throw new Problem(400, { code: CODE_SPENT, code_value: [CODE_SPENT_DETAIL] });
    if (check !== "matched") throw invalid();
    const resetToken = newToken(randomBytes);
    await db.query("UPDATE password_resets SET reset_token_hash = $2, reset_expires_at = $3 WHERE id = $1", [
      reset.id,
      digest(resetToken),
      new Date(now + RESET_TTL_MS),
    ]);
    return { reset_token: resetToken, detail: "Code verified. Choose a new password." };
  });

  serve(app, deps, api.forgotChangePassword, async ({ body: fields }) => {
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
    return { detail: PASSWORD_CHANGED };
  });

  serve(app, deps, api.passwordExpiryChange, async ({ body: fields }) => {
    const now = clock();
    const user = await checkCredentials(fields.login_username, fields.old_password, now, () =>
      fieldProblem("old_password", WRONG_CURRENT_PASSWORD),
    );
    const problems = passwordProblems(fields.new_password, fields.confirm_password);
    if (fields.new_password === fields.old_password) problems.push(SAME_PASSWORD);
    if (problems.length > 0) throw new Problem(400, { new_password: problems });
    await setPassword(user, fields.new_password, now);
    return { detail: PASSWORD_CHANGED };
  });

  // The profile's password change: the signed-in staff user's own password, checked like a sign-in.
  serve(app, deps, api.passwordChange, async ({ caller, body: fields }) => {
    const now = clock();
    const user = await checkCredentials(caller.user.username, fields.old_password, now, () =>
      fieldProblem("old_password", WRONG_CURRENT_PASSWORD),
    );
    const problems = passwordProblems(fields.new_password, fields.confirm_password);
    if (fields.new_password === fields.old_password) problems.push(SAME_PASSWORD);
    if (problems.length > 0) throw new Problem(400, { new_password: problems });
    await setPassword(user, fields.new_password, now);
    return { detail: PASSWORD_CHANGED };
  });

  /**
   * A new password (with its own salt) ends every session and spends every reset code and open
   * two-step ticket of the user.
   */
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
      // A password step passed with the old password opens no code step any more.
      await tx.query("DELETE FROM sign_in_tickets WHERE user_id = $1", [user.id]);
      await clearFailures(tx, user.username);
    });
  }

  return app;
}
