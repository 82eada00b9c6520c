/**
 * The eKycLogin machine's generated paths, driven through the eMyTrack login and OTP screens: each
 * event is done the way a user (or the server, through faked actors) does it, and after each step
 * the screen must show what the machine's state means. One shortest path per state the machine
 * can be in (the countdown makes every second a state of its own otherwise).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import { MSG } from "../../src/domain/shared/messages";
import { type EKycLoginInput, eKycLoginMachine } from "../../src/machines/ekyc/eKycLogin";
import { EKycLoginScreen, EKycOtpScreen } from "../../src/ui/ekyc/EKycScreens";
import { EMYTRACK_GROUP } from "../../src/ui/ekyc/groups";
import { eKycLoginFixture } from "../machines/fixtures/eKycLogin";
import { type ViewStep, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
const ACTORS = ["restoreConflict", "loginStep", "sendOtp", "verifyOtp", "logoutAll"] as const;
let pending: Record<(typeof ACTORS)[number], Deferred | null>;
const deferred = (name: (typeof ACTORS)[number]) =>
  fromPromise<never, unknown>(
    () =>
      new Promise((resolve, reject) => {
        pending[name] = { resolve: resolve as (v: unknown) => void, reject };
      }),
  );

beforeEach(() => {
  pending = { restoreConflict: null, loginStep: null, sendOtp: null, verifyOtp: null, logoutAll: null };
});
afterEach(cleanup);

const stateName = (value: unknown) => JSON.stringify(value);
const byState = new Map<string, { input: unknown; steps: ViewStep[] }>();
// The eMyTrack group signs in on my_track; the retailer group runs the same screens.
for (const { input, steps } of viewPaths(eKycLoginFixture)) {
  if ((input as { platform: string }).platform !== "my_track") continue;
  const key = stateName(steps.at(-1)!.state.value);
  if ((byState.get(key)?.steps.length ?? Number.POSITIVE_INFINITY) > steps.length)
    byState.set(key, { input, steps });
}
const paths = [...byState.values()];

const button = (name: string | RegExp) => screen.getByRole("button", { name });

async function expectScreenFor(value: unknown, location: { history: string[] }) {
  const top = typeof value === "string" ? value : Object.keys(value as object)[0];
  switch (top) {
    case "mobileEntry":
      await waitFor(() => expect(button("Login")).toBeTruthy());
      return;
    case "loggingIn":
    case "sendingOtp":
    case "loggingOutAll":
      await waitFor(() => expect((button("Please wait…") as HTMLButtonElement).disabled).toBe(true));
      return;
    case "conflict":
      await waitFor(() => expect(button(MSG.logoutAllSession)).toBeTruthy());
      expect(screen.getByText(/already logged in on another device/)).toBeTruthy();
      return;
    case "otpEntry": {
      await waitFor(() => expect(button("Verify OTP")).toBeTruthy());
      const ready = (value as { otpEntry: string }).otpEntry === "resendReady";
      expect(screen.queryByRole("button", { name: "Resend" }) !== null).toBe(ready);
      if (!ready) expect(screen.getByText(/Resend in \d+ s/)).toBeTruthy();
      return;
    }
    case "resending":
      await waitFor(() => expect(button("Verify OTP")).toBeTruthy());
      return;
    case "verifying":
      await waitFor(() => expect((button("Please wait…") as HTMLButtonElement).disabled).toBe(true));
      return;
    case "signedIn":
      await waitFor(() => expect(location.history.at(-1)).toBe(EMYTRACK_GROUP.signedInPath));
      return;
    case "leftForHome":
      await waitFor(() => expect(location.history.at(-1)).toBe("/"));
      return;
    default:
      throw new Error(`no screen check for state ${top}`);
  }
}

async function perform(event: { type: string; [k: string]: unknown }, send: (e: never) => void) {
  const actor = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (actor) {
    const waiting = pending[actor[2] as (typeof ACTORS)[number]];
    await act(async () =>
      actor[1] === "done" ? waiting?.resolve(event.output) : waiting?.reject(new Error("x")),
    );
    return;
  }
  switch (event.type) {
    case "mobile.change":
      fireEvent.change(screen.getByLabelText("Mobile number"), { target: { value: event.value } });
      return;
    case "otp.change":
      fireEvent.change(screen.getByLabelText("OTP"), { target: { value: event.value } });
      return;
    case "login.submit":
      fireEvent.click(button("Login"));
      return;
    case "logoutAll.submit":
      fireEvent.click(button(MSG.logoutAllSession));
      return;
    case "otp.submit":
      fireEvent.click(button("Verify OTP"));
      return;
    case "otp.resend":
      fireEvent.click(button("Resend"));
      return;
    case "back":
      fireEvent.click(button("Go back to login screen"));
      return;
    default:
      // The countdown's tick: a second passing, sent as the timer would.
      if (event.type.startsWith("xstate.after.resendTick")) {
        await act(async () => send(event as never));
        return;
      }
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

describe("the eMyTrack screens follow the eKycLogin machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    // Every path starts in the initial state.
    const initial = String(eKycLoginFixture.machine.config.initial);
    const reached = new Set([
      initial,
      ...paths.flatMap(({ steps }) =>
        steps.map((s) =>
          typeof s.state.value === "string" ? s.state.value : Object.keys(s.state.value as object)[0],
        ),
      ),
    ]);
    const tops = Object.keys(eKycLoginFixture.machine.root.states);
    expect([...reached].sort()).toEqual(tops.sort());
  });

  it.each(
    paths.map(
      ({ input, steps }) =>
        [steps.map((s) => s.event.type.replace(/\..*$/, "")).join(" → "), input, steps] as const,
    ),
  )("%s", async (_name, input, steps) => {
    const actor = createActor(
      eKycLoginMachine.provide({
        actors: Object.fromEntries(ACTORS.map((name) => [name, deferred(name)])),
        actions: {
          sessionStarted: () => effects.signedIn("", ""),
          goHome: () => effects.goHome(),
        },
      }),
      // The path's own input: its countdown is the fixture's short one. A simulated clock: the
      // countdown moves only by the path's own ticks, never by a second that passed meanwhile.
      { input: input as EKycLoginInput, clock: new SimulatedClock() },
    ).start();
    const location = memoryLocation({ path: EMYTRACK_GROUP.loginPath, record: true });
    let effects = { signedIn: (_s: string, _u: string) => {}, goHome: () => {} };
    render(
      <Router hook={location.hook}>
        <Switch>
          <Route path={EMYTRACK_GROUP.loginPath}>
            <EKycLoginScreen group={EMYTRACK_GROUP} actor={actor} />
          </Route>
          <Route path={EMYTRACK_GROUP.otpPath}>
            <EKycOtpScreen group={EMYTRACK_GROUP} actor={actor} />
          </Route>
          <Route>
            <p>elsewhere</p>
          </Route>
        </Switch>
      </Router>,
    );
    effects = {
      signedIn: () => location.navigate(EMYTRACK_GROUP.signedInPath),
      goHome: () => location.navigate("/"),
    };
    for (const step of steps) {
      await perform(step.event as never, actor.send as never);
      await expectScreenFor(step.state.value, location);
    }
    actor.stop();
  });
});
