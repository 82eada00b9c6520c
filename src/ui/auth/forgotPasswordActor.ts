/**
 * One forgot-password flow shared by /forgot-password and /reset-password, so it survives moving
 * between the two routes. A finished flow is replaced by a fresh one on next use.
 */
import { type ActorRefFrom, fromPromise } from "xstate";
import type { FormOutcome, VerifyCodeOutcome } from "../../domain/auth";
import { forgotChangePassword, forgotSendCode, forgotVerifyCode } from "../../infra/api/auth";
import { formOutcome, verifyOutcome } from "../../infra/api/authOutcomes";
import { runApi } from "../../infra/http";
import { forgotPasswordMachine } from "../../machines/forgotPassword";
import { createLiveActor } from "../live/liveActors";

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

/** The flow the two screens share: its actor (a fresh one once finished) and its latest effects. */
export type ForgotPasswordFlow = {
  actor: (actors?: Partial<typeof forgotPasswordActors>) => ForgotPasswordActor;
  /** The screens tell the actor how to navigate and notify; the latest screen's functions are used. */
  setEffects: (next: Effects) => void;
  /** Forgets the flow (a user who starts again). */
  reset: () => void;
};

/** Created by the composition root, once per page; nothing starts until a screen asks. */
export function createForgotPasswordFlow(): ForgotPasswordFlow {
  let current: ForgotPasswordActor | null = null;
  let effects: Effects = { showResetPassword: () => {}, finished: () => {} };
  return {
    actor: (actors = {}) => {
      if (current?.getSnapshot().status !== "active") {
        current = createLiveActor(
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
    },
    setEffects: (next) => {
      effects = next;
    },
    reset: () => {
      current?.stop();
      current = null;
    },
  };
}
