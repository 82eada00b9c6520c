/**
 * The one-time sign-in code service every code sign-in uses (field auditors, retailers and the
 * staff two-step sign-in): the send with its cooldown, throttle and SMS, the encrypted code, and the
 * attempt-limited match. Follows server/auth/otp.ts (docs/security.md).
 */
import type { Context } from "hono";
import { CODE_SPENT } from "../../src/domain/auth/auth";
import {
  INVALID_OTP,
  OTP_NOT_ENCRYPTED,
  RESEND_COOLDOWN_SECONDS,
  resendTooSoon,
  withMobilePrefix,
} from "../../src/domain/auth/otpLogin";
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";
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

/** How long a sign-in code may be used. */
export const LOGIN_OTP_TTL_MS = 5 * 60 * 1000;
export const NO_GATEWAY_DETAIL = "Codes cannot be sent at the moment: no SMS gateway is configured.";

/** Who a code goes to: the number and platform, and the account it signs in to (none for unknown numbers). */
export type CodeTarget = {
  readonly digits: string;
  readonly platform: string;
  readonly userId: number | null;
};

export const invalidOtp = () => new Problem(400, { code: "invalid_otp", detail: INVALID_OTP });

/**
 * Sends a sign-in code: replaces the number's open code once the cooldown has passed (checked and
 * written in one statement, so parallel sends pass it once), counts the send against the number and
 * the client address, and puts the SMS in the outbox when the number has an account. Runs in the
 * caller's transaction: a refusal leaves the earlier code the open one.
 */
export async function issueCode(c: Context, deps: AppDeps, tx: Queryable, target: CodeTarget): Promise<void> {
  if (deps.mode !== "demo") throw new Problem(503, { detail: NO_GATEWAY_DETAIL });
  const { digits, platform, userId } = target;
  const now = deps.clock();
  const code = newCode(deps.randomBytes);
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
}

/** The code in clear from its ciphertext; a code not made with the server's key costs no attempt. */
export async function decryptedCode(deps: AppDeps, ciphertext: string): Promise<string> {
  const otp = decryptOtp(await otpKeys(deps.db, deps.clock), ciphertext.trim());
  if (otp === null) throw new Problem(400, { code: "otp_not_encrypted", detail: OTP_NOT_ENCRYPTED });
  return otp;
}

/**
 * Tries a code against the number's open challenge, spending an attempt: the account it signs in
 * to when it matches (the challenge is closed then), otherwise the 400 to answer; the fifth wrong
 * code spends it with `spentDetail`.
 */
export async function matchCode(
  db: Queryable,
  target: { readonly digits: string; readonly platform: string },
  otp: string,
  now: number,
  spentDetail: string,
): Promise<number | null> {
  const [challenge] = await db.query<{ id: number; user_id: number | null }>(
    "SELECT id, user_id FROM login_otps WHERE mobile = $1 AND platform = $2 AND NOT used",
    [target.digits, target.platform],
  );
  if (!challenge) throw invalidOtp();
  const check = await tryCode(db, "login_otps", challenge.id, digest(otp.trim()), now);
  if (check === "spent") throw new Problem(400, { code: CODE_SPENT, detail: spentDetail });
  if (check !== "matched") throw invalidOtp();
  // Closed once matched: a new code may be sent at once (say after a 451 and Logout All Session).
  await db.query("UPDATE login_otps SET used = true WHERE id = $1", [challenge.id]);
  return challenge.user_id;
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
