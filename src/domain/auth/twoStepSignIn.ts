/**
 * Staff two-step sign-in (spec 000 §2.1 /mfa-password and /verify-otp, §2.2 "OTP Send to Mobile
 * Number"; 002 §3 the login `purpose`): an account with the setting on signs in with its password,
 * then with a code sent to its mobile through the same one-time-code service as the field users
 * (./otpLogin: cooldown, attempts, encryption). Shared by the sign-in machine, its screens and the
 * server. docs/auth.md has the choices.
 */

import { withoutCountryCode } from "../shared/phoneNumber";
import type { LoginResponse, SessionConflictBody, UserDetails } from "./auth";

/** The page title of the code step (spec 000 §2.2). */
export const OTP_SENT_TITLE = "OTP Send to Mobile Number";
/** The password step's heading on /mfa-password. */
export const MFA_PASSWORD_TITLE = "Confirm your password";

/** The wrong code that used the last attempt, and any try after it: the password comes first again. */
export const TWO_STEP_CODE_SPENT =
  "This code was entered wrongly too many times and can no longer be used. Enter your password again to get a new code.";
/** The code step without an open password step (its 10 minutes passed, or it was closed). */
export const SIGN_IN_STEP_EXPIRED = "This sign-in has expired. Enter your password again to get a new code.";
export const SIGN_IN_STEP_EXPIRED_CODE = "sign_in_expired";
/** A two-step account the code cannot reach. */
export const TWO_STEP_NEEDS_MOBILE =
  "Two-step sign-in needs a mobile number on the account. Ask your administrator to add one.";
/** The user administration's rule for the setting (the same words as the server's refusal). */
export const TWO_STEP_MOBILE_REQUIRED = "Two-step sign-in needs a phone number to send the code to.";

/** How long the password step stays open for its code. */
export const SIGN_IN_TICKET_MINUTES = 10;

/** The ten digits a staff account's code goes to, or null when its phone number is not one. */
export function staffMobileDigits(phoneNumber: string | null | undefined): string | null {
  const digits = withoutCountryCode(phoneNumber ?? "");
  return /^[0-9]{10}$/.test(digits) ? digits : null;
}

/** The user administration's rule: the setting on needs a phone number the code can go to. */
export function twoStepNeedsPhone(values: Readonly<Record<string, unknown>>): Record<string, string[]> {
  if (values.two_step_sign_in !== true) return {};
  const phone = typeof values.phone_number === "string" ? values.phone_number : null;
  return staffMobileDigits(phone) === null ? { two_step_sign_in: [TWO_STEP_MOBILE_REQUIRED] } : {};
}

/** What verifying the staff code came to. */
export type StaffCodeOutcome =
  | { readonly type: "signedIn"; readonly response: LoginResponse; readonly user: UserDetails }
  | { readonly type: "invalid"; readonly message: string }
  /** The code is spent or the password step expired: the password is asked for again. */
  | { readonly type: "restart"; readonly message: string }
  | { readonly type: "conflict"; readonly body: SessionConflictBody };
