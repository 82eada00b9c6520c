/**
 * One forgot-password flow shared by /forgot-password and /reset-password, so it survives moving
 * between the two routes. A finished flow is replaced by a fresh one on next use. The composition
 * root makes the holder; the screens start the machine (./forgotPasswordActor), so it loads with
 * them and not with every page.
 */
import type { ActorRefFrom } from "xstate";
import type { forgotPasswordMachine } from "../../machines/auth/forgotPassword";

export type ForgotPasswordActor = ActorRefFrom<typeof forgotPasswordMachine>;

export type ForgotPasswordEffects = { showResetPassword: () => void; finished: (detail: string) => void };

/** The flow the two screens share: its actor, or a fresh one from `start` once finished. */
export type ForgotPasswordFlow = {
  actor: (start: () => ForgotPasswordActor) => ForgotPasswordActor;
  /** Forgets the flow (a user who starts again). */
  reset: () => void;
};

/** Created by the composition root, once per page; nothing starts until a screen asks. */
export function createForgotPasswordFlow(): ForgotPasswordFlow {
  let current: ForgotPasswordActor | null = null;
  return {
    actor: (start) => {
      if (current?.getSnapshot().status !== "active") current = start();
      return current;
    },
    reset: () => {
      current?.stop();
      current = null;
    },
  };
}
