/**
 * The sign-in machine's generated paths, driven through the staff sign-in pages (/login, and a
 * two-step account's /verify-otp and /mfa-password), all three running one flow: each event is done
 * the way a user (or the server, through faked actors) does it, and after each step the page and
 * what it shows must be what the machine, run beside it, reached.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import { MFA_PASSWORD_TITLE, OTP_SENT_TITLE } from "../../src/domain/auth/twoStepSignIn";
import { MSG } from "../../src/domain/shared/messages";
import { type SignInContext, type SignInInput, signInMachine } from "../../src/machines/auth/signIn";
import LoginScreen from "../../src/ui/auth/LoginScreen";
import { MfaPasswordScreen, VerifyOtpScreen } from "../../src/ui/auth/TwoStepScreens";
import { signInFixture } from "../machines/fixtures/signIn";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

vi.mock("../../src/ui/session/SessionGate", () => ({
  useCurrentUser: () => null,
  useSessionStarted: () => () => {},
}));
vi.mock("../../src/ui/auth/useAppConfig", () => ({ useAppConfig: () => null }));

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
const ACTORS = ["restoreConflict", "login", "logoutAll", "sendCode", "verifyCode"] as const;
type ActorName = (typeof ACTORS)[number];
let pending: Record<ActorName, Deferred | null>;
const deferred = (name: ActorName) =>
  fromPromise<never, unknown>(
    () =>
      new Promise((resolve, reject) => {
        pending[name] = { resolve: resolve as (v: unknown) => void, reject };
      }),
  );

beforeEach(() => {
  pending = { restoreConflict: null, login: null, logoutAll: null, sendCode: null, verifyCode: null };
});
afterEach(cleanup);

const paths = viewPaths(signInFixture);

const button = (name: string | RegExp) => screen.getByRole("button", { name });
/** The innermost-but-one state a value names: the form's or the code step's own state, or a final one. */
function stateOf(value: unknown): string {
  if (typeof value === "string") return value;
  const [parent, child] = Object.entries(value as Record<string, unknown>)[0]!;
  if (typeof child === "string") return child;
  return parent === "code" ? Object.keys(child as object)[0]! : stateOf(child);
}

/** What the page shows for the state and context the machine reached. */
async function expectScreenFor(
  value: unknown,
  c: SignInContext,
  location: { history: string[] },
  started: unknown[],
) {
  const here = () => location.history.at(-1);
  const formPage = c.secondStep ? "/mfa-password" : "/login";
  const submitName = c.secondStep ? "Send OTP" : "Login";
  switch (stateOf(value)) {
    case "editing":
    case "locked":
    case "failed":
      await waitFor(() => expect(here()).toBe(formPage));
      await waitFor(() => expect((button(submitName) as HTMLButtonElement).disabled).toBe(false));
      if (c.secondStep) expect(screen.getByRole("heading", { name: MFA_PASSWORD_TITLE })).toBeTruthy();
      if (c.detail) expect(screen.getByText(c.detail)).toBeTruthy();
      if (stateOf(value) === "failed")
        expect(screen.getByText("The sign-in did not go through. Please try again.")).toBeTruthy();
      return;
    case "submitting":
    case "loggingOutAll":
      await waitFor(() => expect(here()).toBe(formPage));
      await waitFor(() => expect((button("Please wait…") as HTMLButtonElement).disabled).toBe(true));
      return;
    case "conflict":
      await waitFor(() => expect(here()).toBe("/login"));
      await waitFor(() => expect(button(MSG.logoutAllSession)).toBeTruthy());
      expect(screen.getByText(/already logged in on another device/)).toBeTruthy();
      return;
    case "sendingCode":
    case "resendingCode":
    case "verifyingCode":
      await waitFor(() => expect(here()).toBe("/verify-otp"));
      await waitFor(() => expect((button("Please wait…") as HTMLButtonElement).disabled).toBe(true));
      return;
    case "codeEntry": {
      await waitFor(() => expect(here()).toBe("/verify-otp"));
      await waitFor(() => expect(button("Verify OTP")).toBeTruthy());
      expect(screen.getByRole("heading", { name: OTP_SENT_TITLE })).toBeTruthy();
      expect(screen.getByText(c.phoneNumber)).toBeTruthy();
      expect((screen.getByLabelText("OTP") as HTMLInputElement).value).toBe(c.otp);
      const ready = JSON.stringify(value).includes("resendReady");
      expect(screen.queryByRole("button", { name: "Resend OTP" }) !== null).toBe(ready);
      if (!ready) expect(screen.getByText(`Resend OTP in ${c.countdown} s`)).toBeTruthy();
      if (c.otpError) expect(screen.getByText(c.otpError)).toBeTruthy();
      return;
    }
    case "signedIn":
      await waitFor(() => expect(here()).toBe("/dashboard"));
      expect(started).toHaveLength(1);
      return;
    case "passwordExpired":
      await waitFor(() => expect(here()).toBe("/change-password-expiry"));
      return;
    case "leftForHome":
      await waitFor(() => expect(here()).toBe("/"));
      return;
    default:
      throw new Error(`no screen check for state ${JSON.stringify(value)}`);
  }
}

async function perform(event: ViewStep["event"], send: (e: never) => void, c: SignInContext) {
  const actor = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (actor) {
    const waiting = pending[actor[2] as ActorName];
    await act(async () =>
      actor[1] === "done" ? waiting?.resolve(event.output) : waiting?.reject(new Error("unexpected")),
    );
    return;
  }
  switch (event.type) {
    case "username.change":
      // The password step offers no user name to change: the machine ignores it there too.
      if (c.secondStep) expect(screen.queryByLabelText("Username")).toBeNull();
      else fireEvent.change(screen.getByLabelText("Username"), { target: { value: event.value } });
      return;
    case "password.change":
      fireEvent.change(screen.getByLabelText("Password", { exact: true }), {
        target: { value: event.value },
      });
      return;
    case "login.submit":
      fireEvent.click(button(c.secondStep ? "Send OTP" : "Login"));
      return;
    case "logoutAll.submit":
      fireEvent.click(button(MSG.logoutAllSession));
      return;
    case "otp.change":
      fireEvent.change(screen.getByLabelText("OTP"), { target: { value: event.value } });
      return;
    case "otp.submit":
      fireEvent.click(button("Verify OTP"));
      return;
    case "otp.resend":
      fireEvent.click(button("Resend OTP"));
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

describe("the staff sign-in pages follow the sign-in machine", () => {
  it("the paths driven here reach every state of the machine", () =>
    expectEveryStateReached(signInFixture, paths));

  it.each(
    paths.map(({ input, steps }) => [steps.map((s) => s.event.type).join(" → "), input, steps] as const),
  )("%s", async (_name, input, steps) => {
    const location = memoryLocation({ path: "/login", record: true });
    const started: unknown[] = [];
    const actor = createActor(
      signInMachine.provide({
        actors: Object.fromEntries(ACTORS.map((name) => [name, deferred(name)])),
        actions: {
          sessionStarted: (_, params) => {
            started.push(params);
            location.navigate("/dashboard", { replace: true });
          },
          goToPasswordExpiry: () => location.navigate("/change-password-expiry"),
          goHome: () => location.navigate("/", { replace: true }),
        },
      }),
      // The path's own input: its countdown is the fixture's short one. A simulated clock: the
      // countdown moves only by the path's own ticks, never by a second that passed meanwhile.
      { input: input as SignInInput, clock: new SimulatedClock() },
    ).start();
    render(
      <Router hook={location.hook}>
        <Switch>
          <Route path="/login">
            <LoginScreen actor={actor} />
          </Route>
          <Route path="/verify-otp">
            <VerifyOtpScreen actor={actor} />
          </Route>
          <Route path="/mfa-password">
            <MfaPasswordScreen actor={actor} />
          </Route>
          <Route>
            <p>elsewhere</p>
          </Route>
        </Switch>
      </Router>,
    );
    const machine = model(signInFixture, input);
    let context = machine.initial.context as SignInContext;
    for (const step of steps) {
      await perform(step.event, actor.send as never, context);
      const snapshot = machine.step(step.event);
      context = snapshot.context as SignInContext;
      await expectScreenFor(snapshot.value, context, location, started);
    }
    actor.stop();
  });
});
