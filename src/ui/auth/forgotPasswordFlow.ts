/**
 * One forgot-password flow shared by /forgot-password and /reset-password, so it survives moving
 * between the two routes. A finished flow is replaced by a fresh one on next use. The composition
 * root makes the holder; the screens start the machine (./forgotPasswordActor), so it loads with
 * them and not with every page.
 */
import type { ActorRefFrom } from "xstate";
import type { forgotPasswordMachine } from "../../machines/forgotPassword";

export type ForgotPasswordActor = ActorRefFrom<typeof forgotPasswordMachine>;

export type ForgotPasswordEffects = { showResetPassword: () => void; finished: (detail: string) => void };

/** Starts a fresh flow whose effects are the holder's latest. */
export type StartForgotPassword = (effects: ForgotPasswordEffects) => ForgotPasswordActor;

/** The flow the two screens share: its actor (a fresh one once finished) and its latest effects. */
export type ForgotPasswordFlow = {
  actor: (start: StartForgotPassword) => ForgotPasswordActor;
  /** The screens tell the actor how to navigate and notify; the latest screen's functions are used. */
  setEffects: (next: ForgotPasswordEffects) => void;
  /** Forgets the flow (a user who starts again). */
  reset: () => void;
};

/** Created by the composition root, once per page; nothing starts until a screen asks. */
export function createForgotPasswordFlow(): ForgotPasswordFlow {
  let current: ForgotPasswordActor | null = null;
  let effects: ForgotPasswordEffects = { showResetPassword: () => {}, finished: () => {} };
  const latest: ForgotPasswordEffects = {
    showResetPassword: () => effects.showResetPassword(),
    finished: (detail) => effects.finished(detail),
  };
  return {
    actor: (start) => {
      if (current?.getSnapshot().status !== "active") current = start(latest);
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
