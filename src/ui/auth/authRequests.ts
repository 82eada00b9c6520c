/**
 * The sign-in pages' and the session's calls to the server, as promises. Loaded with the first
 * call (`import("./authRequests")`), so the login page shows without the HTTP module and Effect,
 * which come with this chunk.
 */
import type { FormOutcome, LoginOutcome, LoginRequest, VerifyCodeOutcome } from "../../domain/auth/auth";
import type { OtpSendOutcome, OtpStepOutcome, OtpVerifyOutcome } from "../../domain/auth/otpLogin";
import type { StaffCodeOutcome } from "../../domain/auth/twoStepSignIn";
import {
  forgotChangePassword,
  forgotSendCode,
  forgotVerifyCode,
  logout,
  logoutAll,
  userInfo,
} from "../../infra/api/auth";
import { formOutcome, loginOutcome, verifyOutcome } from "../../infra/api/authOutcomes";
import { otpSendOutcome, otpStepOutcome, otpVerifyOutcome, staffCodeOutcome } from "../../infra/api/otpLogin";
import { errorDetail, isApiError, runApi } from "../../infra/http";
import { storeSession } from "../../infra/storage";
import type { Notify } from "../../machines/shared/notification";

/** An unexpected failure without a server detail (timeout, no network) still tells the user why. */
const reportUnexpected =
  (notify: Notify) =>
  (error: unknown): never => {
    if (isApiError(error) && (error._tag === "Timeout" || error._tag === "NetworkError")) {
      notify("failed", errorDetail(error) ?? error._tag);
    }
    throw error;
  };

export const signIn = (request: LoginRequest, notify: Notify, signal?: AbortSignal): Promise<LoginOutcome> =>
  runApi(loginOutcome(request, storeSession), { signal }).catch(reportUnexpected(notify));

/** The two-step sign-in's code, sent through the one-time-code service. */
export const sendSignInCode = (
  target: { login_username: string; platform: string },
  notify: Notify,
  signal?: AbortSignal,
): Promise<OtpSendOutcome> => runApi(otpSendOutcome(target), { signal }).catch(reportUnexpected(notify));

export const verifySignInCode = (
  input: { login_username: string; platform: string; otp: string },
  notify: Notify,
  signal?: AbortSignal,
): Promise<StaffCodeOutcome> => {
  const { otp, ...target } = input;
  return runApi(staffCodeOutcome(target, otp, storeSession), { signal }).catch(reportUnexpected(notify));
};

/** The code sign-in's calls (the e-KYC app, the retailer sign-in): answers as values, no notices. */
type CodeTarget = { login_username: string; platform: string };

export const codeLoginStep = (target: CodeTarget, signal?: AbortSignal): Promise<OtpStepOutcome> =>
  runApi(otpStepOutcome(target), { signal });

export const sendCode = (target: CodeTarget, signal?: AbortSignal): Promise<OtpSendOutcome> =>
  runApi(otpSendOutcome(target), { signal });

export const verifyCode = (
  target: CodeTarget,
  otp: string,
  signal?: AbortSignal,
): Promise<OtpVerifyOutcome> => runApi(otpVerifyOutcome(target, otp, storeSession), { signal });

export const endOtherSessions = async (signal?: AbortSignal): Promise<void> => {
  await runApi(logoutAll(), { signal });
};

export const endAllSessions = async (notify: Notify, signal?: AbortSignal): Promise<void> => {
  await runApi(logoutAll(), { signal }).catch(reportUnexpected(notify));
};

export const signOut = () => runApi(logout());

export const currentUser = async (signal?: AbortSignal) =>
  (await runApi(userInfo(), { signal })).user_details;

export const sendResetCode = (
  input: { login_username: string },
  signal?: AbortSignal,
): Promise<FormOutcome> => runApi(formOutcome(forgotSendCode(input)), { signal });

export const verifyResetCode = (
  input: { login_username: string; code: string },
  signal?: AbortSignal,
): Promise<VerifyCodeOutcome> => runApi(verifyOutcome(forgotVerifyCode(input)), { signal });

export const changeForgottenPassword = (
  input: { login_username: string; reset_token: string; new_password: string; confirm_password: string },
  signal?: AbortSignal,
): Promise<FormOutcome> => runApi(formOutcome(forgotChangePassword(input)), { signal });
