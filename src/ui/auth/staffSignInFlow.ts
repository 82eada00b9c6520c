/**
 * The staff sign-in flow shared by /login, /mfa-password and /verify-otp, so a two-step sign-in
 * survives moving between them (docs/auth.md). A finished flow is replaced by a fresh one on next
 * use. The composition root makes the holder; the screens start the machine (./staffSignInActor),
 * so it loads with them and not with every page.
 */
import type { ActorRefFrom } from "xstate";
import type { signInMachine } from "../../machines/auth/signIn";

export type StaffSignInActor = ActorRefFrom<typeof signInMachine>;

export type StaffSignInFlow = {
  /** The running flow, or the one `start` makes when there is none. */
  actor: (start: () => StaffSignInActor) => StaffSignInActor;
};

/** Created by the composition root, once per page; nothing starts until a screen asks. */
export function createStaffSignInFlow(): StaffSignInFlow {
  let current: StaffSignInActor | null = null;
  return {
    actor: (start) => {
      if (current?.getSnapshot().status !== "active") current = start();
      return current;
    },
  };
}
