/**
 * The forgot-password and password-expiry machines' generated shortest paths, driven through
 * their screens (/forgot-password then /reset-password, and the expiry change): each event is
 * done as a user or the server (faked actors) would, and after each step the screen must show
 * what the machine's state and context mean.
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import type { FieldErrors, FormOutcome, VerifyCodeOutcome } from "../../src/domain/auth/auth";
import ForgotPasswordScreen from "../../src/ui/auth/ForgotPasswordScreen";
import { startForgotPassword } from "../../src/ui/auth/forgotPasswordActor";
import { createForgotPasswordFlow, type ForgotPasswordFlow } from "../../src/ui/auth/forgotPasswordFlow";
import PasswordExpiryScreen from "../../src/ui/auth/PasswordExpiryScreen";
import ResetPasswordScreen from "../../src/ui/auth/ResetPasswordScreen";
import { type AppServices, ServicesProvider } from "../../src/ui/services";
import { forgotPasswordFixture } from "../machines/fixtures/forgotPassword";
import { passwordExpiryFixture } from "../machines/fixtures/passwordExpiry";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

const notified = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock("../../src/ui/notifications/useNotify", () => ({
  useNotify:
    () =>
    (...args: unknown[]) =>
      notified.calls.push(args),
}));
vi.mock("../../src/ui/auth/useAppConfig", () => ({ useAppConfig: () => null }));

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let pending: Record<string, Deferred | null>;

const deferred = <O, I>(name: string) =>
  fromPromise<O, I>(
    () =>
      new Promise((resolve, reject) => {
        pending[name] = { resolve: resolve as (v: unknown) => void, reject };
      }),
  );

let flow: ForgotPasswordFlow;

beforeEach(() => {
  pending = {};
  notified.calls = [];
  flow = createForgotPasswordFlow();
});
afterEach(() => flow.reset());

/** An actor's answer, or its failure, as the server gives it. */
async function settle(event: ViewStep["event"]): Promise<boolean> {
  const actor = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (!actor) return false;
  const waiting = pending[actor[2]!];
  if (!waiting) throw new Error(`${actor[2]} is not running`);
  pending[actor[2]!] = null;
  await act(async () =>
    actor[1] === "done" ? waiting.resolve(event.output) : waiting.reject(new Error("unexpected")),
  );
  return true;
}

const type = (label: string, value: unknown) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const alertText = () => screen.queryByRole("alert")?.textContent ?? "";
const errorsOf = (errors: FieldErrors) => Object.values(errors).flat();

describe("the forgot-password screens follow the forgotPassword machine", () => {
  const paths = viewPaths(forgotPasswordFixture);

  it("the paths driven here reach every state of the machine", () =>
    expectEveryStateReached(forgotPasswordFixture, paths));

  it.each(
    paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p.steps] as const),
  )("%s", async (_name, steps) => {
    const location = memoryLocation({ path: "/forgot-password", record: true });
    // Where the flow leads once it outlives a screen: the application's navigation and notifications.
    const effects = {
      showResetPassword: () => location.navigate("/reset-password"),
      finished: (detail: string) => {
        notified.calls.push(["success", detail]);
        location.navigate("/login", { replace: true });
      },
    };
    flow.actor(() =>
      startForgotPassword(effects, {
        sendCode: deferred<FormOutcome, { login_username: string }>("sendCode"),
        verifyCode: deferred<VerifyCodeOutcome, { login_username: string; code: string }>("verifyCode"),
        changePassword: deferred<
          FormOutcome,
          { login_username: string; reset_token: string; new_password: string; confirm_password: string }
        >("changePassword"),
      }),
    );
    // The password screens use only the forgot-password flow of the page's services.
    const services = { forgotPassword: flow } as unknown as AppServices;
    render(
      <ServicesProvider services={services}>
        <Router hook={location.hook}>
          <Switch>
            <Route path="/forgot-password">
              <ForgotPasswordScreen />
            </Route>
            <Route path="/reset-password">
              <ResetPasswordScreen />
            </Route>
            <Route path="/login">login</Route>
          </Switch>
        </Router>
      </ServicesProvider>,
    );
    const machine = model(forgotPasswordFixture);
    for (const { event } of steps) {
      if (!(await settle(event))) {
        switch (event.type) {
          case "username.change":
            type("Username", event.value);
            break;
          case "code.request":
            fireEvent.click(button("Send code"));
            break;
          case "code.change":
            type("Verification code", event.value);
            break;
          case "code.submit":
            fireEvent.click(button("Verify code"));
            break;
          case "code.resend":
            fireEvent.click(button("Resend code"));
            break;
          case "newPassword.change":
            type("New password", event.value);
            break;
          case "confirmPassword.change":
            type("Confirm password", event.value);
            break;
          case "password.submit":
            fireEvent.click(button("Change password"));
            break;
          default:
            throw new Error(`no way to perform ${event.type}`);
        }
      }
      const snapshot = machine.step(event);
      const state = String(snapshot.value);
      const c = snapshot.context as typeof snapshot.context & {
        username: string;
        code: string;
        problems: readonly string[];
        fieldErrors: FieldErrors;
        detail: string | null;
      };
      const messages = [...c.problems, ...(c.detail ? [c.detail] : [])];
      switch (state) {
        case "enteringUsername":
        case "sendingCode":
          await waitFor(() => expect(button("Send code").disabled).toBe(state === "sendingCode"));
          expect((screen.getByLabelText("Username") as HTMLInputElement).value).toBe(c.username);
          for (const m of [...messages, ...errorsOf(c.fieldErrors)]) expect(screen.getByText(m)).toBeTruthy();
          expect(location.history.at(-1)).toBe("/forgot-password");
          break;
        case "enteringCode":
        case "verifying":
          await waitFor(() => expect(button("Verify code").disabled).toBe(state === "verifying"));
          expect(screen.getByText(new RegExp(`code was sent for ${c.username.trim()}`))).toBeTruthy();
          expect((screen.getByLabelText("Verification code") as HTMLInputElement).value).toBe(c.code);
          for (const m of [...messages, ...errorsOf(c.fieldErrors)]) expect(screen.getByText(m)).toBeTruthy();
          break;
        case "codeSpent":
          // The spent code can no longer be typed: its message and Resend code are the one way on.
          await waitFor(() => expect(screen.queryByLabelText("Verification code")).toBeNull());
          expect(screen.getByText(c.detail ?? "")).toBeTruthy();
          expect(button("Resend code").disabled).toBe(false);
          break;
        case "choosingPassword":
        case "changing":
          await waitFor(() => expect(location.history.at(-1)).toBe("/reset-password"));
          await waitFor(() => expect(button("Change password").disabled).toBe(state === "changing"));
          expect(alertText()).toBe(messages.join(""));
          break;
        case "done":
          await waitFor(() => expect(location.history.at(-1)).toBe("/login"));
          expect(notified.calls).toEqual([["success", "changed"]]);
          break;
        default:
          throw new Error(`no screen check for state ${state}`);
      }
    }
  });
});

describe("the password expiry screen follows the passwordExpiry machine", () => {
  const paths = viewPaths(passwordExpiryFixture);

  it("the paths driven here reach every state of the machine", () =>
    expectEveryStateReached(passwordExpiryFixture, paths));

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    // The login screen carries the user name here in the history state.
    history.replaceState(input, "");
    const location = memoryLocation({ path: "/change-password-expiry", record: true });
    render(
      <Router hook={location.hook}>
        <PasswordExpiryScreen
          actors={{
            changeExpiredPassword: deferred<
              FormOutcome,
              { login_username: string; old_password: string; new_password: string; confirm_password: string }
            >("changeExpiredPassword"),
          }}
        />
      </Router>,
    );
    const machine = model(passwordExpiryFixture, input);
    const labels = {
      oldPassword: "Current password",
      newPassword: "New password",
      confirmPassword: "Confirm password",
      username: "Username",
    };
    for (const { event } of steps) {
      if (!(await settle(event))) {
        if (event.type === "field.change") type(labels[event.field as keyof typeof labels], event.value);
        else if (event.type === "password.submit") fireEvent.click(button("Change password"));
        else throw new Error(`no way to perform ${event.type}`);
      }
      const snapshot = machine.step(event);
      const state = String(snapshot.value);
      const c = snapshot.context as typeof snapshot.context & {
        username: string;
        oldPassword: string;
        problems: readonly string[];
        fieldErrors: FieldErrors;
        detail: string | null;
      };
      switch (state) {
        case "editing":
        case "changing": {
          await waitFor(() => expect(button("Change password").disabled).toBe(state === "changing"));
          expect((screen.getByLabelText("Username") as HTMLInputElement).value).toBe(c.username);
          expect((screen.getByLabelText("Current password") as HTMLInputElement).value).toBe(c.oldPassword);
          const messages = [...c.problems, ...(c.detail ? [c.detail] : [])];
          for (const m of [...messages, ...errorsOf(c.fieldErrors)]) expect(screen.getByText(m)).toBeTruthy();
          break;
        }
        case "done":
          await waitFor(() => expect(location.history.at(-1)).toBe("/login"));
          expect(notified.calls).toEqual([["success", "changed"]]);
          break;
        default:
          throw new Error(`no screen check for state ${state}`);
      }
    }
  });
});
