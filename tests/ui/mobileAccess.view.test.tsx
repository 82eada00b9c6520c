/**
 * The mobileAccess machine's generated shortest paths, driven through the mobile pages' guard: the
 * window's width is set and a resize fired, the token making and the access check answer through
 * faked actors, Try again is clicked; after each step the screen must show what the state means and
 * local storage must hold the token the machine made.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import { MOBILE_MSG } from "../../src/domain/mobile/mobile";
import type { AccessAnswer } from "../../src/domain/mobile/mobileAnswers";
import { MobileGuard } from "../../src/ui/mobile/MobileGuard";
import { mobileAccessFixture } from "../machines/fixtures/mobileAccess";
import { model, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let pending: { makeToken: Deferred | null; checkAccess: Deferred | null };
let checked: { slug: string; token: string }[];
const actors = {
  makeToken: fromPromise<string>(
    () =>
      new Promise((resolve, reject) => {
        pending.makeToken = { resolve: resolve as (v: unknown) => void, reject };
      }),
  ),
  checkAccess: fromPromise<AccessAnswer, { slug: string; token: string }>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        checked.push(input);
        pending.checkAccess = { resolve: resolve as (v: unknown) => void, reject };
      }),
  ),
};

beforeEach(() => {
  pending = { makeToken: null, checkAccess: null };
  checked = [];
});
// The window's own width again after each test: the UI files share a worker's window, and a phone
// width left here made another file's wide window narrow.
const windowWidth = Object.getOwnPropertyDescriptor(window, "innerWidth")!;
afterEach(() => {
  cleanup();
  Object.defineProperty(window, "innerWidth", windowWidth);
});

const paths = viewPaths(mobileAccessFixture);

function setWidth(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
}

async function perform(event: { type: string; [k: string]: unknown }) {
  switch (event.type) {
    case "viewport.changed":
      setWidth(event.width as number);
      await act(async () => fireEvent(window, new Event("resize")));
      return;
    case "xstate.done.actor.makeToken":
      await act(async () => pending.makeToken?.resolve(event.output));
      return;
    case "xstate.error.actor.makeToken":
      await act(async () => pending.makeToken?.reject(new Error("no key")));
      return;
    case "xstate.done.actor.checkAccess":
      await act(async () => pending.checkAccess?.resolve(event.output));
      return;
    case "xstate.error.actor.checkAccess":
      await act(async () => pending.checkAccess?.reject(new Error("offline")));
      return;
    case "retry":
      fireEvent.click(screen.getByRole("button", { name: "Try again" }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

async function expectScreenFor(state: string, context: { token: string | null }) {
  switch (state) {
    case "wideScreen":
      await waitFor(() => expect(screen.getByRole("status").textContent).toBe(MOBILE_MSG.switchToMobile));
      return;
    case "denied":
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(MOBILE_MSG.forwardedLink));
      return;
    case "allowed":
      await waitFor(() => expect(screen.getByText(`page with ${context.token}`)).toBeTruthy());
      return;
    case "failed":
      await waitFor(() => expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy());
      return;
    case "makingToken":
    case "checking":
      await waitFor(() => expect(screen.queryByText(/^page with/)).toBeNull());
      expect(screen.queryByRole("alert")).toBeNull();
      return;
    default:
      throw new Error(`no screen check for state ${state}`);
  }
}

describe("the mobile pages' guard follows the mobileAccess machine", () => {
  it("the paths driven here reach every state of the machine but the passing decision", () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    for (const p of paths) reached.add(String(model(mobileAccessFixture, p.input).initial.value));
    // `starting` only decides where to go: the screen never rests in it.
    const resting = Object.keys(mobileAccessFixture.machine.root.states).filter((s) => s !== "starting");
    expect([...reached].sort()).toEqual(resting.sort());
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const { slug, storedToken, width } = input as { slug: string; storedToken: string | null; width: number };
    if (storedToken !== null) localStorage.setItem("mobileAccessToken", storedToken);
    setWidth(width);
    render(
      <MobileGuard slug={slug} actors={actors}>
        {(source) => <p>page with {source.kind === "link" ? source.token : ""}</p>}
      </MobileGuard>,
    );
    const machine = model(mobileAccessFixture, input);
    await expectScreenFor(String(machine.initial.value), machine.initial.context);
    for (const step of steps) {
      await perform(step.event);
      const snapshot = machine.step(step.event);
      await expectScreenFor(String(snapshot.value), snapshot.context);
      // The token the machine holds is the one kept on the device, and the one checked.
      if (snapshot.context.token && snapshot.context.token !== "null")
        expect(localStorage.getItem("mobileAccessToken")).toBe(snapshot.context.token);
      if (snapshot.matches("checking"))
        expect(checked.at(-1)).toEqual({ slug, token: snapshot.context.token });
    }
  });
});
