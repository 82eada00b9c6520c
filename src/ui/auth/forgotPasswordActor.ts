/**
 * One forgot-password flow shared by /forgot-password and /reset-password, so it survives moving
 * between the two routes. A finished flow is replaced by a fresh one on next use.
 */
import { type ActorRefFrom, createActor, fromPromise } from "xstate";
import type { FormOutcome, VerifyCodeOutcome } from "../../domain/auth";
import { forgotPasswordMachine } from "../../machines/forgotPassword";

export type ForgotPasswordActor = ActorRefFrom<typeof forgotPasswordMachine>;

/** The calls load with the first one: the flow is created with every page, its requests are not. */
const requests = () => import("./authRequests");

export const forgotPasswordActors = {
  sendCode: fromPromise<FormOutcome, { login_username: string }>(async ({ input }) =>
    (await requests()).sendResetCode(input),
  ),
  verifyCode: fromPromise<VerifyCodeOutcome, { login_username: string; code: string }>(async ({ input }) =>
    (await requests()).verifyResetCode(input),
  ),
  changePassword: fromPromise<
    FormOutcome,
    { login_username: string; reset_token: string; new_password: string; confirm_password: string }
  >(async ({ input }) => (await requests()).changeForgottenPassword(input)),
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
