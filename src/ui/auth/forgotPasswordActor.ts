/** The forgot-password machine with its calls provided, started for the flow (./forgotPasswordFlow). */
import { fromPromise } from "xstate";
import type { FormOutcome, VerifyCodeOutcome } from "../../domain/auth/auth";
import { forgotPasswordMachine } from "../../machines/auth/forgotPassword";
import { createLiveActor } from "../live/liveActors";
import type { ForgotPasswordActor, ForgotPasswordEffects } from "./forgotPasswordFlow";

/** The calls load with the first one, and the HTTP module with them. */
const requests = () => import("./authRequests");

export const forgotPasswordActors = {
  sendCode: fromPromise<FormOutcome, { login_username: string }>(async ({ input, signal }) =>
    (await requests()).sendResetCode(input, signal),
  ),
  verifyCode: fromPromise<VerifyCodeOutcome, { login_username: string; code: string }>(
    async ({ input, signal }) => (await requests()).verifyResetCode(input, signal),
  ),
  changePassword: fromPromise<
    FormOutcome,
    { login_username: string; reset_token: string; new_password: string; confirm_password: string }
  >(async ({ input, signal }) => (await requests()).changeForgottenPassword(input, signal)),
};

/** A fresh flow with the application's calls, or the given fakes (tests). */
export function startForgotPassword(
  effects: ForgotPasswordEffects,
  actors: Partial<typeof forgotPasswordActors> = {},
): ForgotPasswordActor {
  return createLiveActor(
    forgotPasswordMachine.provide({
      actors: { ...forgotPasswordActors, ...actors },
      actions: {
        showResetPassword: () => effects.showResetPassword(),
        finished: (_, { detail }) => effects.finished(detail),
      },
    }),
  ).start();
}
