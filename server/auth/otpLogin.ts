/**
 * Sign-in with a one-time code sent to a mobile number, for both audiences: field auditors on the
 * e-KYC app (platform my_track) and retailers (platform retailer). Spec 002 §7: step 1 on the login
 * address, then send and verify, through the sign-in code service (./loginCodes). The staff
 * two-step sign-in (platform web) sends and verifies on the same addresses (./twoStep).
 *
 * Unknown numbers are answered exactly like known ones (a code row is kept for them too, with no
 * user, and nothing is sent), so the flow does not tell which numbers have accounts.
 */

import { Hono } from "hono";
import type { OtpLoginStepResponse } from "../../src/domain/api/auth";
import * as api from "../../src/domain/api/auth";
import { givenOr } from "../../src/domain/api/fields";
import { CODE_SPENT_DETAIL } from "../../src/domain/auth/auth";
import {
  INVALID_MOBILE,
  isMobileDigits,
  maskMobile,
  mobileDigitsOf,
  OTP_SENT_DETAIL,
  RESEND_COOLDOWN_SECONDS,
  withMobilePrefix,
} from "../../src/domain/auth/otpLogin";
import { PLATFORM_MY_TRACK, PLATFORM_RETAILER, PLATFORM_WEB } from "../../src/domain/shared/loginMethods";
import { notAChoice } from "../../src/domain/shared/requestInput";
import type { AppDeps, AppEnv } from "../context";
import type { Queryable } from "../db/db";
import { inTransaction } from "../db/retry";
import { fieldProblem } from "../http/problem";
import { serve } from "../http/serve";
import { answerSignIn } from "./loginAnswer";
import { decryptedCode, invalidOtp, issueCode, matchCode } from "./loginCodes";
import { sendStaffCode, verifyStaffCode } from "./twoStep";
import { findUserById } from "./users";

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
  const { db, clock } = deps;
  const app = new Hono<AppEnv>();

  serve(app, deps, api.otpSend, async ({ c, body }) => {
    if (givenOr(body.platform, PLATFORM_MY_TRACK) === PLATFORM_WEB) return sendStaffCode(c, deps, body);
    const { digits, platform } = readNumberAndPlatform(body);
    await inTransaction(deps, async (tx) => {
      const userId = await accountOf(tx, platform, digits);
      await issueCode(c, deps, tx, { digits, platform, userId });
    });
    return { detail: OTP_SENT_DETAIL, resend_after_seconds: RESEND_COOLDOWN_SECONDS };
  });

  serve(app, deps, api.otpVerify, async ({ c, body }) => {
    if (givenOr(body.platform, PLATFORM_MY_TRACK) === PLATFORM_WEB) return verifyStaffCode(c, deps, body);
    const { digits, platform } = readNumberAndPlatform(body);
    const otp = await decryptedCode(deps, body.password);
    const now = clock();
    const userId = await matchCode(db, { digits, platform }, otp, now, CODE_SPENT_DETAIL);
    const user = userId === null ? undefined : await findUserById(db, userId);
    if (!user?.is_active) throw invalidOtp();
    return answerSignIn(c, deps, user, platform, now);
  });

  return app;
}
