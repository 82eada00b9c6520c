/**
 * The sign-in machine's generated shortest paths, driven through the login screen: each event is
 * done the way a user (or the server, through faked actors) does it, and after each step the screen
 * must show what the machine's state means.
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import type { LoginOutcome, LoginRequest, SessionConflictBody } from "../../src/domain/auth";
import { MSG } from "../../src/domain/messages";
import LoginScreen from "../../src/ui/auth/LoginScreen";
import { signInFixture } from "../machines/fixtures/signIn";
import { viewPaths } from "./machinePaths";

const started = vi.hoisted(() => ({ calls: [] as unknown[] }));
vi.mock("../../src/ui/session/SessionGate", () => ({
  useCurrentUser: () => null,
  useSessionStarted:
    () =>
    (...args: unknown[]) =>
      started.calls.push(args),
}));
vi.mock("../../src/ui/auth/useAppConfig", () => ({ useAppConfig: () => null }));

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let pending: Record<"login" | "logoutAll", Deferred | null>;

/** The kept 451 the screen restores: the path's first event says whether there is one. */
let kept: { body: unknown } | { fails: true } | null;

const fakeActors = {
  restoreConflict: fromPromise<SessionConflictBody | null>(async () => {
    if (kept && "fails" in kept) throw new Error("unreadable");
    return (kept?.body as SessionConflictBody | undefined) ?? null;
  }),
  login: fromPromise<LoginOutcome, LoginRequest>(
    () =>
      new Promise((resolve, reject) => {
        pending.login = { resolve: resolve as (v: unknown) => void, reject };
      }),
  ),
  logoutAll: fromPromise<void>(
    () =>
      new Promise((resolve, reject) => {
        pending.logoutAll = { resolve: resolve as (v: unknown) => void, reject };
      }),
  ),
};

beforeEach(() => {
  pending = { login: null, logoutAll: null };
  started.calls = [];
});

const paths = viewPaths(signInFixture).map((p) => p.steps);

/** The kept 451 the screen's restore finds: a path that starts by restoring one says which. */
function keptFor(first: { type: string; output?: unknown }): typeof kept {
  if (first.type === "xstate.done.actor.restoreConflict") return first.output ? { body: first.output } : null;
  if (first.type === "xstate.error.actor.restoreConflict") return { fails: true };
  return null;
}

const loginButton = () => screen.getByRole("button", { name: /^(Login|Logout All Session|Please wait…)$/ });

async function expectScreenFor(state: string, location: { history: string[] }) {
  switch (state) {
    case "editing":
    case "locked":
    case "failed":
      await waitFor(() => expect(loginButton().textContent).toBe("Login"));
      expect((loginButton() as HTMLButtonElement).disabled).toBe(false);
      if (state === "failed")
        expect(screen.getByText("The sign-in did not go through. Please try again.")).toBeTruthy();
      if (state === "locked")
        expect(screen.getByText("Too many failed attempts. Try again in 15 minutes.")).toBeTruthy();
      return;
    case "submitting":
    case "loggingOutAll":
      await waitFor(() => expect((loginButton() as HTMLButtonElement).disabled).toBe(true));
      return;
    case "conflict":
      await waitFor(() => expect(loginButton().textContent).toBe(MSG.logoutAllSession));
      expect(screen.getByText(/already logged in on another device/)).toBeTruthy();
      return;
    case "signedIn":
      await waitFor(() => expect(location.history.at(-1)).toBe("/dashboard"));
      expect(started.calls).toHaveLength(1);
      return;
    case "passwordExpired":
      await waitFor(() => expect(location.history.at(-1)).toBe("/change-password-expiry"));
      return;
    case "leftForHome":
      await waitFor(() => expect(location.history.at(-1)).toBe("/"));
      return;
    default:
      throw new Error(`no screen check for state ${state}`);
  }
}

async function perform(event: { type: string; [k: string]: unknown }) {
  switch (event.type) {
    case "username.change":
      fireEvent.change(screen.getByLabelText("Username"), { target: { value: event.value } });
      return;
    case "password.change":
      fireEvent.change(screen.getByLabelText("Password", { exact: true }), {
        target: { value: event.value },
      });
      return;
    case "login.submit":
    case "logoutAll.submit":
      fireEvent.click(loginButton());
      return;
    // The screen restores on opening, with what the path's first step says is kept.
    case "xstate.done.actor.restoreConflict":
    case "xstate.error.actor.restoreConflict":
      return;
    case "xstate.done.actor.login":
      await act(async () => pending.login?.resolve(event.output));
      return;
    case "xstate.error.actor.login":
      await act(async () => pending.login?.reject(new Error("unexpected")));
      return;
    case "xstate.done.actor.logoutAll":
      await act(async () => pending.logoutAll?.resolve(undefined));
      return;
    case "xstate.error.actor.logoutAll":
      await act(async () => pending.logoutAll?.reject(new Error("unexpected")));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

describe("the login screen follows the sign-in machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    // Every path starts in the initial state.
    const initial = String(signInFixture.machine.config.initial);
    const reached = new Set([initial, ...paths.flatMap((steps) => steps.map((s) => String(s.state.value)))]);
    expect([...reached].sort()).toEqual(Object.keys(signInFixture.machine.root.states).sort());
  });

  it.each(
    paths.map((steps) => [steps.map((s) => s.event.type).join(" → "), steps] as const),
  )("%s", async (_name, steps) => {
    kept = keptFor(steps[0]!.event as { type: string; output?: unknown });
    const location = memoryLocation({ path: "/login", record: true });
    render(
      <Router hook={location.hook}>
        <LoginScreen actors={fakeActors} />
      </Router>,
    );
    for (const step of steps) {
      await perform(step.event);
      await expectScreenFor(String(step.state.value), location);
    }
  });
});
