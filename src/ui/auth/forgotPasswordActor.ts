/**
 * One forgot-password actor shared by /forgot-password and /reset-password, so the flow survives
 * moving between the two routes. A finished flow is replaced by a fresh one on next use.
 */
import { type ActorRefFrom, createActor, fromPromise } from "xstate";
import type { FormOutcome, VerifyCodeOutcome } from "../../domain/auth";
import { forgotChangePassword, forgotSendCode, forgotVerifyCode } from "../../infra/api/auth";
import { formOutcome, verifyOutcome } from "../../infra/api/authOutcomes";
import { runApi } from "../../infra/http";
import { forgotPasswordMachine } from "../../machines/forgotPassword";

export type ForgotPasswordActor = ActorRefFrom<typeof forgotPasswordMachine>;

export const forgotPasswordActors = {
  sendCode: fromPromise<FormOutcome, { login_username: string }>(({ input }) =>
    runApi(formOutcome(forgotSendCode(input))),
  ),
  verifyCode: fromPromise<VerifyCodeOutcome, { login_username: string; code: string }>(({ input }) =>
    runApi(verifyOutcome(forgotVerifyCode(input))),
  ),
  changePassword: fromPromise<
    FormOutcome,
    { login_username: string; reset_token: string; new_password: string; confirm_password: string }
  >(({ input }) => runApi(formOutcome(forgotChangePassword(input)))),
};

type Effects = { showResetPassword: () => void; finished: (detail: string) => void };

let current: ForgotPasswordActor | null = null;
let effects: Effects = { showResetPassword: () => {}, finished: () => {} };

/** The screens tell the actor how to navigate and notify; the latest screen's functions are used. */
export function setForgotPasswordEffects(next: Effects): void {
  effects = next;
}

export function forgotPasswordActor(actors: Partial<typeof forgotPasswordActors> = {}): ForgotPasswordActor {
  if (current?.getSnapshot().status !== "active") {
    current = createActor(
      forgotPasswordMachine.provide({
        actors: { ...forgotPasswordActors, ...actors },
        actions: {
          showResetPassword: () => effects.showResetPassword(),
          finished: (_, { detail }) => effects.finished(detail),
        },
      }),
    ).start();
  }
  return current;
}

/** Forgets the flow (tests, and a user who starts again). */
export function resetForgotPasswordActor(): void {
  current?.stop();
  current = null;
}
