/**
 * Sign-in with a one-time code sent to a mobile number: field auditors on the e-KYC app (platform
 * my_track) and retailers (platform retailer). Spec 002 §2.11, §5, §7, §9; 000 §5. Shared by the
 * sign-in machine, its screens and the server; the answers' schemas are in the contract
 * (./api/auth), so the sign-in screens load without Effect.
 */

import { withoutCountryCode } from "../shared/phoneNumber";
import type { FieldErrors, SessionConflictBody } from "./auth";

export const OTP_LENGTH = 6;
export const MOBILE_DIGITS = 10;
export const MOBILE_PREFIX = "+91";
/** Seconds before another code may be sent to the same number (the Resend countdown). */
export const RESEND_COOLDOWN_SECONDS = 30;
/** The purpose an OTP send names for a sign-in code (spec 002 §7). */
export const OTP_PURPOSE_USER_LOGIN = "user_login";

export const INVALID_MOBILE = "Enter a valid 10-digit mobile number.";
export const OTP_SENT_DETAIL = "OTP sent to your mobile number.";
export const INVALID_OTP = "Invalid or expired OTP.";
export const OTP_NOT_ENCRYPTED = "The OTP must be sent encrypted. Reload the page and try again.";
/** Shown by the sign-in machines when a request fails without an answer from the server (network, timeout, server error). */
export const REQUEST_FAILED = "Something went wrong. Please try again.";
export const resendTooSoon = (seconds: number) =>
  `Please wait ${seconds} seconds before requesting a new OTP.`;

/**
 * Mobile field: at most 10 digits are kept, a change beyond them is ignored. A number typed or
 * pasted after 91 or +91 keeps its ten digits (`withoutCountryCode`); while the country code is
 * being typed before them, the entry is kept as typed, so nothing is cut silently.
 */
export function nextMobileInput(previous: string, next: string): string {
  const bare = withoutCountryCode(next);
  if (bare.length <= MOBILE_DIGITS) return bare;
  return /^\+?91\d{0,10}$/.test(bare) && bare.length < 13 ? bare : previous;
}

/** OTP field: a change beyond 6 characters is ignored. */
export const nextOtpInput = (previous: string, next: string): string =>
  next.length > OTP_LENGTH ? previous : next;

export const isMobileDigits = (digits: string): boolean => /^[0-9]{10}$/.test(digits);

/** The login_username sent for a mobile number: the digits with the +91 prefix. */
export const withMobilePrefix = (digits: string): string => `${MOBILE_PREFIX}${digits}`;

/** The ten digits of a login_username of the form +91XXXXXXXXXX, or null for anything else. */
export function mobileDigitsOf(loginUsername: string): string | null {
  const match = /^\+91([0-9]{10})$/.exec(loginUsername.trim());
  return match?.[1] ?? null;
}

/** A number shown back to its owner with only the last four digits readable. */
export const maskMobile = (digits: string): string => `${MOBILE_PREFIX} ******${digits.slice(-4)}`;

/** Numbers a retailer's device keeps after signing in, to choose from next time (docs/auth.md). */
export const MAX_REMEMBERED_MOBILES = 3;

/** The remembered numbers after a sign-in with `digits`: it first, no repeats, at most three. */
export const rememberedAfter = (remembered: readonly string[], digits: string): string[] =>
  isMobileDigits(digits)
    ? [digits, ...remembered.filter((d) => d !== digits)].slice(0, MAX_REMEMBERED_MOBILES)
    : [...remembered];

export const isOtpShape = (otp: string): boolean => /^[0-9]{6}$/.test(otp);

/** What login step 1 came to: the masked number, or errors placed under the mobile field. */
export type OtpStepOutcome =
  | { readonly type: "ok"; readonly phoneNumber: string }
  | { readonly type: "invalid"; readonly fieldErrors: FieldErrors; readonly detail: string | null };

/** What an OTP send came to: sent, or refused (cooldown, throttle, no gateway) with the server's words. */
export type OtpSendOutcome =
  | { readonly type: "sent" }
  | { readonly type: "refused"; readonly detail: string };

/** What an OTP verification came to. */
export type OtpVerifyOutcome =
  | { readonly type: "signedIn"; readonly sessionid: string; readonly username: string }
  | { readonly type: "invalid"; readonly message: string }
  | { readonly type: "conflict"; readonly body: SessionConflictBody };

/** The error under the OTP field: the server's code or detail (spec 002 §8), detail first when both are text. */
export const otpErrorOf = (body: { code?: string; detail?: string }): string =>
  body.detail ?? body.code ?? INVALID_OTP;
