/**
 * The code sign-in machine with its calls provided (the e-KYC app on my_track, the retailer
 * sign-in on retailer), started for the page's flow of that platform (./eKycFlows).
 */
import { fromPromise } from "xstate";
import type { SessionConflictBody } from "../../domain/auth";
import type { OtpSendOutcome, OtpStepOutcome, OtpVerifyOutcome } from "../../domain/otpLogin";
import { logoutAll } from "../../infra/api/auth";
import { otpSendOutcome, otpStepOutcome, otpVerifyOutcome } from "../../infra/api/otpLogin";
import { runApi } from "../../infra/http";
import { rememberMobile } from "../../infra/rememberedMobiles";
import { takeSessionConflict } from "../../infra/sessionConflict";
import { storeSession } from "../../infra/storage";
import { type EKycPlatform, eKycLoginMachine } from "../../machines/eKycLogin";
import { createLiveActor } from "../live/liveActors";
import { type ApplicationActor, navigationOf } from "../services";
import type { EKycLoginActor } from "./eKycFlows";
import type { SignInGroup } from "./groups";

type Target = { login_username: string; platform: EKycPlatform };

export const eKycLoginActors = {
  // Read as the flow starts, before its first step shows; the read clears it.
  restoreConflict: fromPromise<SessionConflictBody | null>(async ({ signal }) => {
    signal.throwIfAborted();
    return takeSessionConflict();
  }),
  loginStep: fromPromise<OtpStepOutcome, Target>(({ input, signal }) =>
    runApi(otpStepOutcome(input), { signal }),
  ),
  sendOtp: fromPromise<OtpSendOutcome, Target>(({ input, signal }) =>
    runApi(otpSendOutcome(input), { signal }),
  ),
  verifyOtp: fromPromise<OtpVerifyOutcome, Target & { otp: string }>(
    ({ input: { otp, ...target }, signal }) =>
      runApi(otpVerifyOutcome(target, otp, storeSession), { signal }),
  ),
  logoutAll: fromPromise<void>(async ({ signal }) => {
    await runApi(logoutAll(), { signal });
  }),
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
