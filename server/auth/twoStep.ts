/**
 * Staff two-step sign-in (docs/auth.md): the password step of an account with the setting on opens
 * a ticket instead of a session, held by the browser in an HttpOnly cookie; the code is sent and
 * verified on the one-time-code addresses with platform `web`, through the same code service as
 * the field users (./loginCodes). Only the ticket's holder can send or try a code, so a code alone
 * never signs in, and the code's fifth wrong try closes the ticket too: the password comes first
 * again.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { CODE_SPENT } from "../../src/domain/auth/auth";
import { maskMobile, OTP_SENT_DETAIL, RESEND_COOLDOWN_SECONDS } from "../../src/domain/auth/otpLogin";
import {
  SIGN_IN_STEP_EXPIRED,
  SIGN_IN_STEP_EXPIRED_CODE,
  SIGN_IN_TICKET_MINUTES,
  staffMobileDigits,
  TWO_STEP_CODE_SPENT,
  TWO_STEP_NEEDS_MOBILE,
} from "../../src/domain/auth/twoStepSignIn";
import { PLATFORM_WEB } from "../../src/domain/shared/loginMethods";
import type { AppDeps } from "../context";
import { inTransaction } from "../db/retry";
import { Problem } from "../http/problem";
import { answerSignIn, isHttps } from "./loginAnswer";
import { decryptedCode, invalidOtp, issueCode, matchCode } from "./loginCodes";
import { digest, newToken } from "./passwords";
import { findUserById, type UserRow } from "./users";

export const TICKET_COOKIE = "sign_in_step";
const TICKET_MS = SIGN_IN_TICKET_MINUTES * 60 * 1000;
const COOKIE_PATH = "/api/auth/";

/** The login's answer for a two-step account whose password was right: no session, the ticket set. */
export async function openSecondStep(c: Context, deps: AppDeps, user: UserRow, now: number) {
  const digits = staffMobileDigits(user.phone_number);
  if (digits === null)
    throw new Problem(400, { code: "two_step_needs_mobile", detail: TWO_STEP_NEEDS_MOBILE });
  const token = newToken(deps.randomBytes);
  // One open ticket per user: a new password step replaces the last.
  await deps.db.query(
    `INSERT INTO sign_in_tickets (user_id, token_hash, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, expires_at = EXCLUDED.expires_at`,
    [user.id, digest(token), new Date(now + TICKET_MS)],
  );
  setCookie(c, TICKET_COOKIE, token, {
    httpOnly: true,
    sameSite: "Strict",
    path: COOKIE_PATH,
    secure: isHttps(c),
    maxAge: TICKET_MS / 1000,
  });
  return {
    username: user.username,
    user_data: { phone_number: maskMobile(digits) },
    sessionid: null,
    password_expired: false,
    two_step: true,
  };
}

const expired = () => new Problem(400, { code: SIGN_IN_STEP_EXPIRED_CODE, detail: SIGN_IN_STEP_EXPIRED });

/**
 * The account whose password step this browser passed, named by the call's user name too (a
 * ticket for another account does not send to this one), with the number its code goes to.
 */
async function ticketHolder(c: Context, deps: AppDeps, loginUsername: string) {
  const token = getCookie(c, TICKET_COOKIE);
  if (!token) throw expired();
  const [ticket] = await deps.db.query<{ user_id: number }>(
    "SELECT user_id FROM sign_in_tickets WHERE token_hash = $1 AND expires_at > $2",
    [digest(token), new Date(deps.clock())],
  );
  const user = ticket ? await findUserById(deps.db, ticket.user_id) : undefined;
  if (!user?.is_active || user.username.toLowerCase() !== loginUsername.trim().toLowerCase()) throw expired();
  const digits = staffMobileDigits(user.phone_number);
  if (digits === null) throw expired();
  return { user, digits };
}

const closeTicket = async (c: Context, deps: AppDeps, userId: number) => {
  await deps.db.query("DELETE FROM sign_in_tickets WHERE user_id = $1", [userId]);
  deleteCookie(c, TICKET_COOKIE, { path: COOKIE_PATH });
};

/** POST auth/otp/send/ with platform web: the code to the ticket holder's mobile. */
export async function sendStaffCode(c: Context, deps: AppDeps, body: { readonly login_username: string }) {
  const { user, digits } = await ticketHolder(c, deps, body.login_username);
  await inTransaction(deps, (tx) =>
    issueCode(c, deps, tx, { digits, platform: PLATFORM_WEB, userId: user.id }),
  );
  return { detail: OTP_SENT_DETAIL, resend_after_seconds: RESEND_COOLDOWN_SECONDS };
}

/**
 * POST auth/otp/verify/ with platform web: the code matched signs in under the 451 rule; the
 * ticket closes on a match and on the spending try.
 */
export async function verifyStaffCode(
  c: Context,
  deps: AppDeps,
  body: { readonly login_username: string; readonly password: string },
) {
  const { user, digits } = await ticketHolder(c, deps, body.login_username);
  const otp = await decryptedCode(deps, body.password);
  const now = deps.clock();
  let matched: number | null;
  try {
    matched = await matchCode(deps.db, { digits, platform: PLATFORM_WEB }, otp, now, TWO_STEP_CODE_SPENT);
  } catch (refusal) {
    if (refusal instanceof Problem && refusal.body.code === CODE_SPENT) await closeTicket(c, deps, user.id);
    throw refusal;
  }
  // The number's open code was sent for this account (two accounts may share a number).
  if (matched !== user.id) throw invalidOtp();
  await closeTicket(c, deps, user.id);
  return answerSignIn(c, deps, user, PLATFORM_WEB, now);
}
