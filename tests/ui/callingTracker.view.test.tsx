/**
 * The callingTracker machine's generated shortest paths, driven through the calling-tracker side
 * panel: the list and the save answer through faked actors, the user's steps are clicks and a
 * choice in the reason picker, and after each step the panel must show the machine's state.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { type CallingTrackerList, formatPhone433 } from "../../src/domain/outlets/calling";
import {
  CALLING_TRACKER_LOAD_FAILED,
  type CallingTrackerContext,
  callingTrackerMachine,
  REASON_SAVE_FAILED,
} from "../../src/machines/outlets/callingTracker";
import CallingTrackerPanel from "../../src/ui/outlets/CallingTrackerPanel";
import { callingTrackerFixture } from "../machines/fixtures/callingTracker";
import { expectEveryStateReached, model, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let load: Deferred | null;
let save: Deferred | null;
const deferred = (set: (d: Deferred) => void) =>
  new Promise<never>((resolve, reject) => set({ resolve: resolve as (v: unknown) => void, reject }));
const fakeActors = {
  loadTrackers: fromPromise<CallingTrackerList, { outlet: number }>(() =>
    deferred((d) => {
      load = d;
    }),
  ),
  saveReason: fromPromise<void, { tracker: { id: number; phone_number: string }; reason: string }>(() =>
    deferred((d) => {
      save = d;
    }),
  ),
};

beforeEach(() => {
  load = null;
  save = null;
});
afterEach(cleanup);

const paths = viewPaths(callingTrackerFixture);
const PHONE = formatPhone433("9876543210");

async function perform(event: { type: string; [k: string]: unknown }, send: (e: never) => void) {
  switch (event.type) {
    case "xstate.done.actor.loadTrackers":
      await act(async () => load?.resolve(event.output));
      return;
    case "xstate.error.actor.loadTrackers":
      await act(async () => load?.reject(new Error("unexpected")));
      return;
    case "xstate.done.actor.saveReason":
      await act(async () => save?.resolve(undefined));
      return;
    case "xstate.error.actor.saveReason":
      await act(async () => save?.reject(new Error("unexpected")));
      return;
    case "reason.pick":
      // Only listed phones have a button; another id cannot be picked on the screen.
      if (event.tracker !== 134) return act(() => send(event as never));
      fireEvent.click(screen.getByRole("button", { name: `Give a reason for ${PHONE}` }));
      return;
    case "reason.choose":
      // Only configured reasons are offered; another cannot be chosen on the screen.
      if (event.reason === "made_up") return act(() => send(event as never));
      fireEvent.change(screen.getByLabelText(`Reason for ${PHONE}`), { target: { value: event.reason } });
      return;
    case "pick.cancel":
      fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
      return;
    case "retry":
      fireEvent.click(screen.getByRole("button", { name: "Try again" }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

async function expectScreenFor(state: string, context: CallingTrackerContext) {
  const panel = () => screen.getByRole("complementary");
  switch (state) {
    case "loading":
      await waitFor(() => expect(panel().getAttribute("aria-busy")).toBe("true"));
      if (context.trackers.length === 0) expect(screen.getByText("Loading…")).toBeTruthy();
      return;
    case "listing":
      await waitFor(() => expect(panel().getAttribute("aria-busy")).toBe("false"));
      for (const t of context.trackers) {
        const row = screen.getByText(formatPhone433(t.phone_number)).closest("li")!;
        expect(row.textContent).toContain(t.reason ? context.reasonsConfig[t.reason] : "No reason yet");
      }
      expect(screen.queryByLabelText(`Reason for ${PHONE}`)).toBeNull();
      if (context.saveFailed) expect(screen.getByText(REASON_SAVE_FAILED)).toBeTruthy();
      else expect(screen.queryByText(REASON_SAVE_FAILED)).toBeNull();
      return;
    case "pickingReason":
      await waitFor(() => expect(screen.getByLabelText(`Reason for ${PHONE}`)).toBeTruthy());
      return;
    case "saving":
      await waitFor(() => expect(panel().getAttribute("aria-busy")).toBe("true"));
      return;
    case "failed":
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(CALLING_TRACKER_LOAD_FAILED));
      return;
    default:
      throw new Error(`no screen check for state ${state}`);
  }
}

describe("The calling-tracker side panel follows the callingTracker machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(callingTrackerFixture, paths);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const actor = createActor(callingTrackerMachine.provide({ actors: fakeActors }), {
      input: input as { outlet: number },
    }).start();
    render(<CallingTrackerPanel actor={actor} />);
    const machine = model(callingTrackerFixture, input);
    await expectScreenFor(String(machine.initial.value), machine.initial.context as CallingTrackerContext);
    for (const step of steps) {
      await perform(step.event, (e) => actor.send(e));
      const snapshot = machine.step(step.event);
      await expectScreenFor(String(snapshot.value), snapshot.context as CallingTrackerContext);
      expect(String(actor.getSnapshot().value)).toBe(String(snapshot.value));
    }
    actor.stop();
  });
});
