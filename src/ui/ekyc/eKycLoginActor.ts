/**
 * One code sign-in actor per platform, shared by that group's login and OTP routes so the flow
 * survives moving between them (the e-KYC app on my_track, the retailer sign-in on retailer).
 * A finished flow is replaced by a fresh one on next use.
 */
import { type ActorRefFrom, fromPromise } from "xstate";
import type { OtpSendOutcome, OtpStepOutcome, OtpVerifyOutcome } from "../../domain/otpLogin";
import { logoutAll } from "../../infra/api/auth";
import { otpSendOutcome, otpStepOutcome, otpVerifyOutcome } from "../../infra/api/otpLogin";
import { runApi } from "../../infra/http";
import { storeSession } from "../../infra/storage";
import { type EKycPlatform, eKycLoginMachine } from "../../machines/eKycLogin";
import { createLiveActor } from "../live/liveActors";

export type EKycLoginActor = ActorRefFrom<typeof eKycLoginMachine>;

type Target = { login_username: string; platform: EKycPlatform };

export const eKycLoginActors = {
  loginStep: fromPromise<OtpStepOutcome, Target>(({ input }) => runApi(otpStepOutcome(input))),
  sendOtp: fromPromise<OtpSendOutcome, Target>(({ input }) => runApi(otpSendOutcome(input))),
  verifyOtp: fromPromise<OtpVerifyOutcome, Target & { otp: string }>(({ input: { otp, ...target } }) =>
    runApi(otpVerifyOutcome(target, otp, storeSession)),
  ),
  logoutAll: fromPromise<void>(async () => {
    await runApi(logoutAll());
  }),
};

type Effects = { signedIn: (sessionid: string, username: string) => void; goHome: () => void };

const current = new Map<EKycPlatform, EKycLoginActor>();
let effects: Effects = { signedIn: () => {}, goHome: () => {} };

/** The screens tell the actor how to navigate; the latest screen's functions are used. */
export function setEKycLoginEffects(next: Effects): void {
  effects = next;
}

export function eKycLoginActor(
  platform: EKycPlatform,
  actors: Partial<typeof eKycLoginActors> = {},
): EKycLoginActor {
  const existing = current.get(platform);
  if (existing?.getSnapshot().status === "active") return existing;
  const actor = createLiveActor(
    eKycLoginMachine.provide({
      actors: { ...eKycLoginActors, ...actors },
      actions: {
        sessionStarted: (_, { sessionid, username }) => effects.signedIn(sessionid, username),
        goHome: () => effects.goHome(),
      },
    }),
    { input: { platform } },
  ).start();
  current.set(platform, actor);
  return actor;
}

/** Forgets the flows (tests, and a user who starts again). */
export function resetEKycLoginActors(): void {
  for (const actor of current.values()) actor.stop();
  current.clear();
}
