/**
 * The one-time-code sign-in calls (spec 002 §7): login step 1, OTP send and verify, each decoded
 * with the domain's Schema; expected refusals come back as values for the eKycLogin machine.
 */
import { Effect } from "effect";
import type { OtpLoginStepResponse } from "../../domain/api/auth";
import * as api from "../../domain/api/auth";
import { CODE_SPENT } from "../../domain/auth/auth";
import {
  OTP_PURPOSE_USER_LOGIN,
  type OtpSendOutcome,
  type OtpStepOutcome,
  type OtpVerifyOutcome,
  otpErrorOf,
} from "../../domain/auth/otpLogin";
import { SIGN_IN_STEP_EXPIRED_CODE, type StaffCodeOutcome } from "../../domain/auth/twoStepSignIn";
import { LOGIN_METHOD_PHONE_OTP } from "../../domain/shared/loginMethods";
import { call } from "../endpoint";
import { type ApiError, DecodeError, detailOf } from "../http";
import { encryptOtp } from "../otpCrypto";
import { takeSessionConflict } from "../sessionConflict";
import { appConfig, userInfo } from "./auth";
import { fieldErrorsOf } from "./authOutcomes";

type Target = { login_username: string; platform: string };

/** Step 1 on the login address: its answer is the masked number the code will go to. */
export const otpLoginStep = (target: Target): Effect.Effect<OtpLoginStepResponse, ApiError> =>
  Effect.flatMap(
    call(api.login, { body: { ...target, method_of_login: LOGIN_METHOD_PHONE_OTP } }),
    (answer) =>
      "login_username" in answer
        ? Effect.succeed(answer)
        : Effect.fail(
            new DecodeError({ message: "A code sign-in's first step answered a session", body: answer }),
          ),
  );

export const otpSend = (target: Target) =>
  call(api.otpSend, {
    body: { ...target, method_of_login: LOGIN_METHOD_PHONE_OTP, purpose: OTP_PURPOSE_USER_LOGIN },
  });

export const otpVerify = (target: Target, encryptedOtp: string) =>
  call(api.otpVerify, {
    body: { ...target, method_of_login: LOGIN_METHOD_PHONE_OTP, password: encryptedOtp },
  });

export function otpStepOutcome(target: Target): Effect.Effect<OtpStepOutcome, ApiError> {
  return Effect.catch(
    Effect.map(
      otpLoginStep(target),
      (r): OtpStepOutcome => ({ type: "ok", phoneNumber: r.user_data.phone_number }),
    ),
    (error): Effect.Effect<OtpStepOutcome, ApiError> =>
      error._tag === "ValidationError"
        ? Effect.succeed({
            type: "invalid",
            fieldErrors: fieldErrorsOf(error.body),
            detail: detailOf(error.body) ?? null,
          })
        : Effect.fail(error),
  );
}

/** A cooldown, a throttle or a missing gateway is the server's answer to show, not a failure. */
export function otpSendOutcome(target: Target): Effect.Effect<OtpSendOutcome, ApiError> {
  return Effect.catch(
    Effect.map(otpSend(target), (): OtpSendOutcome => ({ type: "sent" })),
    (error): Effect.Effect<OtpSendOutcome, ApiError> => {
      const status = error._tag === "HttpError" ? error.status : error._tag === "ValidationError" ? 400 : 0;
      if (status === 429 || status === 503 || status === 400) {
        const body = (error as { body: unknown }).body;
        return Effect.succeed({
          type: "refused",
          detail: detailOf(body) ?? fieldErrorsOf(body).login_username?.[0] ?? "",
        });
      }
      return Effect.fail(error);
    },
  );
}

/** Encrypts the code with the server's public key, verifies it and keeps the session on success. */
export function otpVerifyOutcome(
  target: Target,
  otp: string,
  keepSession: (sessionId: string, username: string) => void,
): Effect.Effect<OtpVerifyOutcome, ApiError> {
  return Effect.catch(
    Effect.map(encryptedVerify(target, otp), (response): OtpVerifyOutcome => {
      keepSession(response.sessionid ?? "", response.username);
      return { type: "signedIn", sessionid: response.sessionid ?? "", username: response.username };
    }),
    (error): Effect.Effect<OtpVerifyOutcome, ApiError> => {
      if (error._tag === "ValidationError")
        return Effect.succeed({
          type: "invalid",
          message: otpErrorOf(error.body as { code?: string; detail?: string }),
        });
      if (error._tag === "SessionConflict") {
        // The login screen shows it now; the stored copy is for screens reached by navigation.
        takeSessionConflict();
        return Effect.succeed({ type: "conflict", body: error.body });
      }
      return Effect.fail(error);
    },
  );
}

/** A code encrypted with the server's public key, then verified. */
const encryptedVerify = (target: Target, otp: string) =>
  Effect.flatMap(appConfig(), (config) =>
    Effect.flatMap(
      Effect.promise(() => encryptOtp(otp, config.otp_public_key)),
      (encrypted) => otpVerify(target, encrypted),
    ),
  );

/**
 * The staff two-step code (platform web): a match keeps the session and reads the user's details;
 * a spent code or an expired step means the password again; a 451 is the conflict to show.
 */
export function staffCodeOutcome(
  target: Target,
  otp: string,
  keepSession: (sessionId: string, username: string) => void,
): Effect.Effect<StaffCodeOutcome, ApiError> {
  const attempt = Effect.flatMap(encryptedVerify(target, otp), (response) => {
    keepSession(response.sessionid ?? "", response.username);
    return Effect.map(
      userInfo(),
      (info): StaffCodeOutcome => ({ type: "signedIn", response, user: info.user_details }),
    );
  });
  return Effect.catch(attempt, (error): Effect.Effect<StaffCodeOutcome, ApiError> => {
    if (error._tag === "ValidationError") {
      const body = error.body as { code?: string; detail?: string };
      const message = otpErrorOf(body);
      const restart = body.code === CODE_SPENT || body.code === SIGN_IN_STEP_EXPIRED_CODE;
      return Effect.succeed(restart ? { type: "restart", message } : { type: "invalid", message });
    }
    if (error._tag === "SessionConflict") {
      // The login screen shows it now; the stored copy is for screens reached by navigation.
      takeSessionConflict();
      return Effect.succeed({ type: "conflict", body: error.body });
    }
    return Effect.fail(error);
  });
}
