/**
 * The code sign-in flows of the page, one per platform, shared by that group's login and OTP routes
 * so a flow survives moving between them. The composition root makes the holder; the screens start
 * the machine (./eKycLoginActor), so it loads with them and not with every page. A finished flow is
 * replaced by a fresh one on next use.
 */
import type { ActorRefFrom } from "xstate";
import type { EKycPlatform, eKycLoginMachine } from "../../machines/ekyc/eKycLogin";

export type EKycLoginActor = ActorRefFrom<typeof eKycLoginMachine>;

export type EKycFlows = {
  /** The platform's running flow, or the one `start` makes when there is none. */
  actor: (platform: EKycPlatform, start: () => EKycLoginActor) => EKycLoginActor;
};

/** Created by the composition root, once per page; nothing starts until a screen asks. */
export function createEKycFlows(): EKycFlows {
  const current: Partial<Record<EKycPlatform, EKycLoginActor>> = {};
  return {
    actor: (platform, start) => {
      const running = current[platform];
      if (running?.getSnapshot().status === "active") return running;
      const fresh = start();
      current[platform] = fresh;
      return fresh;
    },
  };
}
