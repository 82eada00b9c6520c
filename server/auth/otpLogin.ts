/**
 * Sign-in with a one-time code sent to a mobile number, for both audiences: field auditors on the
 * e-KYC app (platform my_track) and retailers (platform retailer). Spec 002 §7: step 1 on the login
 * address, then send and verify. Follows server/auth/otp.ts: sends counted per number and per
 * address in one upsert each, attempts spent and compared in one UPDATE (docs/security.md).
 *
 * Unknown numbers are answered exactly like known ones (a code row is kept for them too, with no
 * user, and nothing is sent), so the flow does not tell which numbers have accounts.
 */

import { Hono } from "hono";
import * as api from "../../src/domain/api/auth";
import { givenOr } from "../../src/domain/api/fields";
import { CODE_SPENT, CODE_SPENT_DETAIL } from "../../src/domain/auth";
import { PLATFORM_MY_TRACK, PLATFORM_RETAILER } from "../../src/domain/loginMethods";
import {
  INVALID_MOBILE,
  INVALID_OTP,
  isMobileDigits,
  maskMobile,
  mobileDigitsOf,
  OTP_NOT_ENCRYPTED,
  OTP_SENT_DETAIL,
  type OtpLoginStepResponse,
  RESEND_COOLDOWN_SECONDS,
  resendTooSoon,
  withMobilePrefix,
} from "../../src/domain/otpLogin";
import { notAChoice } from "../../src/domain/requestInput";
import type { AppDeps, AppEnv } from "../context";
import type { Queryable } from "../db/db";
import { inTransaction } from "../db/retry";
import { fieldProblem, Problem } from "../http/problem";
import { serve } from "../http/serve";
import { answerSignIn } from "./loginAnswer";
import {
  allowSend,
  clientAddress,
  SEND_THROTTLED_DETAIL,
  SENDS_PER_ADDRESS,
  SENDS_PER_RECIPIENT,
  tryCode,
} from "./otp";
import { decryptOtp, otpKeys } from "./otpKeys";
import { digest, newCode } from "./passwords";
import { findUserById } from "./users";

/** How long a sign-in code may be used. */
export const LOGIN_OTP_TTL_MS = 5 * 60 * 1000;
export const NO_GATEWAY_DETAIL = "Codes cannot be sent at the moment: no SMS gateway is configured.";

/** Where each platform's accounts keep their mobile numbers; only these platforms sign in by code. */
const ACCOUNT_BY_MOBILE = {
  [PLATFORM_MY_TRACK]: "SELECT user_id FROM field_auditors WHERE mobile = $1",
  [PLATFORM_RETAILER]: "SELECT user_id FROM retailers WHERE mobile = $1",
} as const;
type OtpPlatform = keyof typeof ACCOUNT_BY_MOBILE;
const isOtpPlatform = (value: string): value is OtpPlatform => Object.hasOwn(ACCOUNT_BY_MOBILE, value);

/** What a code sign-in call names: the mobile number and the platform (my_track when not given). */
type Target = { readonly login_username: string; readonly platform?: string | null | undefined };

/** The mobile digits and platform of a request, or the field errors the spec places under each field. */
function readNumberAndPlatform({ login_username, ...given }: Target): {
  digits: string;
  platform: OtpPlatform;
} {
  const platform = givenOr(given.platform, PLATFORM_MY_TRACK);
  if (!isOtpPlatform(platform)) throw fieldProblem("platform", notAChoice(platform));
  const digits = mobileDigitsOf(login_username);
  if (digits === null || !isMobileDigits(digits)) throw fieldProblem("login_username", INVALID_MOBILE);
  return { digits, platform };
}

/** Login step 1 (method_of_login phone_otp): the masked number a code will go to. */
export function otpLoginStep(body: Target): OtpLoginStepResponse {
  const { digits } = readNumberAndPlatform(body);
  return { login_username: withMobilePrefix(digits), user_data: { phone_number: maskMobile(digits) } };
}

/** The active account a number signs in to on a platform, if any. */
async function accountOf(db: Queryable, platform: OtpPlatform, digits: string): Promise<number | null> {
  const [row] = await db.query<{ user_id: number | null }>(
    `SELECT a.user_id FROM (${ACCOUNT_BY_MOBILE[platform]}) a JOIN users u ON u.id = a.user_id WHERE u.is_active`,
    [digits],
  );
  return row?.user_id ?? null;
}

export function otpLoginRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock, randomBytes } = deps;
  const app = new Hono<AppEnv>();

  serve(app, deps, api.otpSend, async ({ c, body }) => {
    const { digits, platform } = readNumberAndPlatform(body);
    if (deps.mode !== "demo") throw new Problem(503, { detail: NO_GATEWAY_DETAIL });
    const now = clock();
    const code = newCode(randomBytes);
    await inTransaction(deps, async (tx) => {
      const userId = await accountOf(tx, platform, digits);
      // The cooldown is checked and the code replaced in one statement, so parallel sends pass it once.
      const [sent] = await tx.query<{ id: number }>(
        `INSERT INTO login_otps AS o (mobile, platform, user_id, code_hash, code_expires_at, sent_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (mobile, platform) DO UPDATE SET user_id = EXCLUDED.user_id,
           code_hash = EXCLUDED.code_hash, code_expires_at = EXCLUDED.code_expires_at,
           sent_at = EXCLUDED.sent_at, attempts = 0, used = false
         WHERE o.used OR o.sent_at <= $6::timestamptz - $7::int * interval '1 second'
         RETURNING id`,
        [
          digits,
          platform,
          userId,
          digest(code),
          new Date(now + LOGIN_OTP_TTL_MS),
          new Date(now),
          RESEND_COOLDOWN_SECONDS,
        ],
      );
      if (!sent) throw await tooSoon(tx, digits, platform, now);
      const allowed = await allowSend(
        tx,
        [
          { key: `otp:${platform}:mobile:${digits}`, limit: SENDS_PER_RECIPIENT },
          { key: `otp:address:${clientAddress(c)}`, limit: SENDS_PER_ADDRESS },
        ],
        now,
      );
      // Thrown inside the transaction: the earlier code stays the open one.
      if (!allowed) throw new Problem(429, { code: "throttled", detail: SEND_THROTTLED_DETAIL });
      if (userId !== null) {
        await tx.query(
          "INSERT INTO outbox (channel, recipient, subject, body, created_at) VALUES ('sms', $1, $2, $3, $4)",
          [
            withMobilePrefix(digits),
            "Your sign-in OTP",
            `${code} is your OTP to sign in. It is valid for 5 minutes. Do not share it with anyone.`,
            new Date(now),
          ],
        );
      }
    });
    return { detail: OTP_SENT_DETAIL, resend_after_seconds: RESEND_COOLDOWN_SECONDS };
  });

  serve(app, deps, api.otpVerify, async ({ c, body }) => {
    const { digits, platform } = readNumberAndPlatform(body);
    const otp = decryptOtp(await otpKeys(db, clock), body.password.trim());
    if (otp === null) throw new Problem(400, { code: "otp_not_encrypted", detail: OTP_NOT_ENCRYPTED });
    const now = clock();
    const invalid = () => new Problem(400, { code: "invalid_otp", detail: INVALID_OTP });
    const [challenge] = await db.query<{ id: number; user_id: number | null }>(
      "SELECT id, user_id FROM login_otps WHERE mobile = $1 AND platform = $2 AND NOT used",
      [digits, platform],
    );
    if (!challenge) throw invalid();
    const check = await tryCode(db, "login_otps", challenge.id, digest(otp.trim()), now);
    if (check === "spent") throw new Problem(400, { code: CODE_SPENT, detail: CODE_SPENT_DETAIL });
    if (check !== "matched") throw invalid();
    // Closed once matched: a new code may be sent at once (say after a 451 and Logout All Session).
    await db.query("UPDATE login_otps SET used = true WHERE id = $1", [challenge.id]);
    const user = challenge.user_id === null ? undefined : await findUserById(db, challenge.user_id);
    if (!user?.is_active) throw invalid();
    return answerSignIn(c, deps, user, platform, now);
  });

  return app;
}

/** The 429 of a send inside the cooldown, with the seconds left. */
async function tooSoon(tx: Queryable, digits: string, platform: string, now: number): Promise<Problem> {
  const [row] = await tx.query<{ sent_at: Date }>(
    "SELECT sent_at FROM login_otps WHERE mobile = $1 AND platform = $2",
    [digits, platform],
  );
  const elapsed = row ? now - row.sent_at.getTime() : 0;
  const left = Math.max(1, RESEND_COOLDOWN_SECONDS - Math.floor(elapsed / 1000));
  return new Problem(429, {
    code: "resend_too_soon",
    detail: resendTooSoon(left),
    resend_after_seconds: left,
  });
}
