/**
 * The sign-in machine's side effects, provided by the application (tests provide fakes). The calls
 * load with the first one, so the login page shows before the HTTP module is loaded. A failure
 * with no answer at all (timeout, no network) is told through the given notifier.
 */
import { fromPromise } from "xstate";
import type { LoginOutcome, LoginRequest, SessionConflictBody } from "../../domain/auth/auth";
import type { OtpSendOutcome } from "../../domain/auth/otpLogin";
import type { StaffCodeOutcome } from "../../domain/auth/twoStepSignIn";
import { readStored, STORAGE_KEYS } from "../../infra/storage";
import type { Notify } from "../../machines/shared/notification";

const requests = () => import("./authRequests");

export const signInActors = (notify: Notify) => ({
  // The 451's decoder (Effect's Schema) loads only when one is kept; a form the user already typed
  // in (the restore abandoned) leaves it kept.
  restoreConflict: fromPromise<SessionConflictBody | null>(async ({ signal }) => {
    if (readStored(STORAGE_KEYS.sessionConflict) === null) return null;
    const { takeSessionConflict } = await import("../../infra/sessionConflict");
    signal.throwIfAborted();
    return takeSessionConflict();
  }),
  login: fromPromise<LoginOutcome, LoginRequest>(async ({ input, signal }) =>
    (await requests()).signIn(input, notify, signal),
  ),
  logoutAll: fromPromise<void>(async ({ signal }) => (await requests()).endAllSessions(notify, signal)),
  sendCode: fromPromise<OtpSendOutcome, { login_username: string; platform: string }>(
    async ({ input, signal }) => (await requests()).sendSignInCode(input, notify, signal),
  ),
  verifyCode: fromPromise<StaffCodeOutcome, { login_username: string; platform: string; otp: string }>(
    async ({ input, signal }) => (await requests()).verifySignInCode(input, notify, signal),
  ),
});

export type SignInActors = ReturnType<typeof signInActors>;
