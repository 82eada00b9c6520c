/**
 * The code sign-in machine with its calls provided (the e-KYC app on my_track, the retailer
 * sign-in on retailer), started for the page's flow of that platform (./eKycFlows). The calls load
 * with the first one, so the mobile number field shows before the HTTP module and Effect load.
 */
import { fromPromise } from "xstate";
import type { SessionConflictBody } from "../../domain/auth/auth";
import type { OtpSendOutcome, OtpStepOutcome, OtpVerifyOutcome } from "../../domain/auth/otpLogin";
import { rememberMobile } from "../../infra/rememberedMobiles";
import { readStored, STORAGE_KEYS } from "../../infra/storage";
import { type EKycPlatform, eKycLoginMachine } from "../../machines/ekyc/eKycLogin";
import { createLiveActor } from "../live/liveActors";
import { type ApplicationActor, navigationOf } from "../services";
import type { EKycLoginActor } from "./eKycFlows";
import type { SignInGroup } from "./groups";

type Target = { login_username: string; platform: EKycPlatform };

const requests = () => import("../auth/authRequests");

export const eKycLoginActors = {
  // Read as the flow starts, before its first step shows; the read clears it. The 451's decoder
  // (Effect's Schema) loads only when one is kept.
  restoreConflict: fromPromise<SessionConflictBody | null>(async ({ signal }) => {
    if (readStored(STORAGE_KEYS.sessionConflict) === null) return null;
    const { takeSessionConflict } = await import("../../infra/sessionConflict");
    signal.throwIfAborted();
    return takeSessionConflict();
  }),
  loginStep: fromPromise<OtpStepOutcome, Target>(async ({ input, signal }) =>
    (await requests()).codeLoginStep(input, signal),
  ),
  sendOtp: fromPromise<OtpSendOutcome, Target>(async ({ input, signal }) =>
    (await requests()).sendCode(input, signal),
  ),
  verifyOtp: fromPromise<OtpVerifyOutcome, Target & { otp: string }>(
    async ({ input: { otp, ...target }, signal }) => (await requests()).verifyCode(target, otp, signal),
  ),
  logoutAll: fromPromise<void>(async ({ signal }) => (await requests()).endOtherSessions(signal)),
};

/** Where a finished flow leads: the group's signed-in page, or home after ending every session. */
export type EKycEffects = { signedIn: () => void; goHome: () => void };

/** A fresh flow of the platform with the application's calls, or the given fakes (tests). */
export function startEKycLogin(
  platform: EKycPlatform,
  effects: EKycEffects,
  actors: Partial<typeof eKycLoginActors> = {},
): EKycLoginActor {
  return createLiveActor(
    eKycLoginMachine.provide({
      actors: { ...eKycLoginActors, ...actors },
      actions: { sessionStarted: () => effects.signedIn(), goHome: () => effects.goHome() },
    }),
    { input: { platform } },
  ).start();
}

/**
 * A fresh flow of the group. It outlives the screen that started it, so it leads through the
 * application's navigation: to the group's signed-in page (a retailer's device keeps the number),
 * or home after ending every session.
 */
export function startGroupFlow(
  group: SignInGroup,
  application: ApplicationActor,
  actors: Partial<typeof eKycLoginActors> = {},
): EKycLoginActor {
  const go = (to: string) => navigationOf(application).send({ type: "navigation.go", to, replace: true });
  const flow: EKycLoginActor = startEKycLogin(
    group.platform,
    {
      signedIn: () => {
        if (group.remembersNumbers) rememberMobile(flow.getSnapshot().context.mobile);
        go(group.signedInPath);
      },
      goHome: () => go("/"),
    },
    actors,
  );
  return flow;
}
