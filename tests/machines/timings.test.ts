// @vitest-environment node
/**
 * The timings the application runs with, where the machine fixtures shorten them to keep the
 * generated paths few (a countdown's every second is a state of its own there).
 */
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import type { LoginOutcome, LoginRequest, SessionConflictBody } from "../../src/domain/auth/auth";
import {
  type OtpSendOutcome,
  type OtpStepOutcome,
  RESEND_COOLDOWN_SECONDS,
} from "../../src/domain/auth/otpLogin";
import { signInMachine } from "../../src/machines/auth/signIn";
import { type EKycPlatform, eKycLoginMachine } from "../../src/machines/ekyc/eKycLogin";

type Target = { login_username: string; platform: EKycPlatform };

describe("eKycLogin without a cooldown in its input, as the application starts it", () => {
  it("keeps Resend disabled for the spec's 30 s after a code is sent, one second a tick", async () => {
    expect(RESEND_COOLDOWN_SECONDS).toBe(30);
    const clock = new SimulatedClock();
    const actor = createActor(
      eKycLoginMachine.provide({
        actors: {
          restoreConflict: fromPromise<SessionConflictBody | null>(async () => null),
          loginStep: fromPromise<OtpStepOutcome, Target>(async () => ({
            type: "ok",
            phoneNumber: "+91 ******0001",
          })),
          sendOtp: fromPromise<OtpSendOutcome, Target>(async () => ({ type: "sent" })),
        },
      }),
      { input: { platform: "my_track" }, clock },
    ).start();
    // No 451 is kept: the flow opens on the number.
    await waitFor(actor, (s) => s.matches("mobileEntry"));
    actor.send({ type: "mobile.change", value: "9000000001" });
    actor.send({ type: "login.submit" });
    await waitFor(actor, (s) => s.matches({ otpEntry: "counting" }));
    expect(actor.getSnapshot().context.countdown).toBe(30);

    clock.increment(999);
    expect(actor.getSnapshot().context.countdown).toBe(30);
    clock.increment(1);
    expect(actor.getSnapshot().context.countdown).toBe(29);
    for (let second = 2; second < 30; second++) clock.increment(1000);
    expect(actor.getSnapshot().context.countdown).toBe(1);
    expect(actor.getSnapshot().matches({ otpEntry: "counting" })).toBe(true);
    clock.increment(1000);
    expect(actor.getSnapshot().matches({ otpEntry: "resendReady" })).toBe(true);
    actor.stop();
  });
});

describe("signIn without a cooldown in its input, as the application starts it", () => {
  it("keeps a two-step account's Resend disabled for the same 30 s", async () => {
    const clock = new SimulatedClock();
    const actor = createActor(
      signInMachine.provide({
        actors: {
          restoreConflict: fromPromise<SessionConflictBody | null>(async () => null),
          login: fromPromise<LoginOutcome, LoginRequest>(async () => ({
            type: "secondStep",
            phoneNumber: "+91 ******0462",
          })),
          sendCode: fromPromise<OtpSendOutcome, { login_username: string; platform: string }>(async () => ({
            type: "sent",
          })),
        },
      }),
      { input: {}, clock },
    ).start();
    await waitFor(actor, (s) => s.matches({ form: "editing" }));
    actor.send({ type: "login.submit" });
    await waitFor(actor, (s) => s.matches({ code: { codeEntry: "counting" } }));
    expect(actor.getSnapshot().context.countdown).toBe(30);
    for (let second = 1; second < 30; second++) clock.increment(1000);
    expect(actor.getSnapshot().matches({ code: { codeEntry: "counting" } })).toBe(true);
    clock.increment(1000);
    expect(actor.getSnapshot().matches({ code: { codeEntry: "resendReady" } })).toBe(true);
    actor.stop();
  });
});
