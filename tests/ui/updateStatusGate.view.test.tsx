/**
 * The updateStatusGate machine's generated shortest paths, driven through Update Status on the
 * review screen: the pending check answers through a faked actor, the user's steps are clicks, and
 * after each step the button, the popup and the status modal must match the machine's state.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromPromise } from "xstate";
import { WorkflowObjectId } from "../../src/domain/api/ids";
import {
  ANSWERS_INCOMPLETE,
  type CallingTracker,
  REASONS_INCOMPLETE,
} from "../../src/domain/outlets/calling";
import { type PendingCheck, pendingRequestsPopup } from "../../src/domain/outlets/retailerRequests";
import { outletKeys } from "../../src/infra/api/outlets";
import { savedAnswersQuery } from "../../src/infra/api/survey";
import type { UpdateStatusGateInput } from "../../src/machines/outlets/updateStatusGate";
import UpdateStatus from "../../src/ui/outlets/UpdateStatus";
import { sampleActionsConfig, sampleOutletReview } from "../machines/fixtures/samples";
import { updateStatusGateFixture } from "../machines/fixtures/updateStatusGate";
import { expectEveryStateReached, model, viewPaths } from "./machinePaths";

let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null;
const fakeActors = {
  pendingCheck: fromPromise<PendingCheck, { workflowObject: number }>(
    () =>
      new Promise<never>((resolve, reject) => {
        pending = { resolve: resolve as (v: unknown) => void, reject };
      }),
  ),
};

beforeEach(() => {
  pending = null;
  vi.stubGlobal("fetch", () => new Promise(() => {}));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const paths = viewPaths(updateStatusGateFixture);
const button = () => screen.getByRole("button", { name: "Update Status" }) as HTMLButtonElement;

let rerenderWith: (facts: { trackers: unknown; savedAnswers: unknown }) => void = () => {};

type Trackers = readonly CallingTracker[] | null;
/** The calling tracker's phones as a test holds them: each new reading is told to the listeners. */
function trackersHeld(first: Trackers) {
  let now = first;
  const listeners = new Set<(value: Trackers) => void>();
  return {
    current: () => now,
    follow: (listen: (value: Trackers) => void) => {
      listeners.add(listen);
      return () => void listeners.delete(listen);
    },
    read: (next: Trackers) => {
      now = next;
      for (const listen of listeners) listen(next);
    },
  };
}
const noTracker = trackersHeld(null);

async function perform(event: { type: string; [k: string]: unknown }) {
  switch (event.type) {
    case "facts.change":
      await act(async () => rerenderWith({ trackers: event.trackers, savedAnswers: event.savedAnswers }));
      return;
    case "status.open":
      fireEvent.click(button());
      return;
    case "xstate.done.actor.pendingCheck":
      await act(async () => pending?.resolve(event.output));
      return;
    case "xstate.error.actor.pendingCheck":
      await act(async () => pending?.reject(new Error("unexpected")));
      return;
    case "popup.close":
      fireEvent.click(screen.getByRole("button", { name: "Okay" }));
      return;
    case "modal.closed":
      fireEvent.click(screen.getByRole("button", { name: "Close" }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

async function expectScreenFor(state: string, context: { pendingCount: number; savedAnswers: unknown }) {
  switch (state) {
    case "reasonsIncomplete":
      await waitFor(() => expect(button().disabled).toBe(true));
      expect(screen.getByText(REASONS_INCOMPLETE)).toBeTruthy();
      return;
    case "answersIncomplete":
      await waitFor(() => expect(button().disabled).toBe(true));
      if (context.savedAnswers !== null) expect(screen.getByText(ANSWERS_INCOMPLETE)).toBeTruthy();
      else expect(screen.queryByText(ANSWERS_INCOMPLETE)).toBeNull();
      return;
    case "idle":
      await waitFor(() => expect(button().disabled).toBe(false));
      expect(screen.queryByRole("alertdialog")).toBeNull();
      expect(screen.queryByText(REASONS_INCOMPLETE)).toBeNull();
      expect(screen.queryByText(ANSWERS_INCOMPLETE)).toBeNull();
      return;
    case "checking":
      await waitFor(() => expect(button().disabled).toBe(true));
      return;
    case "pendingPopup":
      await waitFor(() =>
        expect(screen.getByRole("alertdialog").textContent).toContain(
          pendingRequestsPopup(context.pendingCount),
        ),
      );
      return;
    case "statusModal":
      await waitFor(() => expect(screen.getByRole("dialog")).toBeTruthy());
      return;
    default:
      throw new Error(`no screen check for state ${state}`);
  }
}

describe("Update Status follows the updateStatusGate machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(updateStatusGateFixture, paths);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(outletKeys.config, sampleActionsConfig);
    const outlet = {
      ...sampleOutletReview,
      workflow_object: { ...sampleOutletReview.workflow_object, id: WorkflowObjectId.make(8) },
    };
    const facts = input as UpdateStatusGateInput;
    const answersKey = savedAnswersQuery(8).queryKey;
    const trackers = trackersHeld(facts.trackers as Trackers);
    client.setQueryData(answersKey, facts.savedAnswers as never);
    render(
      <QueryClientProvider client={client}>
        <UpdateStatus
          outlet={outlet}
          reviewerRole={facts.role}
          trackers={trackers}
          onMoved={() => {}}
          actors={fakeActors}
        />
      </QueryClientProvider>,
    );
    rerenderWith = (read) => {
      client.setQueryData(answersKey, read.savedAnswers as never);
      trackers.read(read.trackers as Trackers);
    };
    const machine = model(updateStatusGateFixture, input);
    await expectScreenFor(String(machine.initial.value), machine.initial.context);
    for (const step of steps) {
      await perform(step.event);
      const snapshot = machine.step(step.event);
      await expectScreenFor(String(snapshot.value), snapshot.context);
    }
  });

  it("closes the Pending Retailer Request popup with Escape and gives focus back to Update Status", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(outletKeys.config, sampleActionsConfig);
    const outlet = {
      ...sampleOutletReview,
      workflow_object: { ...sampleOutletReview.workflow_object, id: WorkflowObjectId.make(8) },
    };
    client.setQueryData(savedAnswersQuery(8).queryKey, [[{ id: 1 }]] as never);
    render(
      <QueryClientProvider client={client}>
        <UpdateStatus
          outlet={outlet}
          reviewerRole="qc-manager"
          trackers={noTracker}
          onMoved={() => {}}
          actors={fakeActors}
        />
      </QueryClientProvider>,
    );
    const opener = screen.getByRole("button", { name: "Update Status" });
    fireEvent.click(opener);
    await act(async () => pending?.resolve({ pending_request_exist: true, count_pending_request: 2 }));
    const popup = await screen.findByRole("alertdialog");
    fireEvent.keyDown(screen.getByRole("button", { name: "Okay" }), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(popup.isConnected).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("shows the server's refusal in the dialog when the gate no longer holds there (001 §4.5)", async () => {
    // The screen read the answers as complete; by the time of Save a group's answers are gone, and
    // the move answers with the button's own words.
    const refusal = `${sampleOutletReview.rsid}: ${ANSWERS_INCOMPLETE}`;
    vi.stubGlobal("fetch", async (url: string) =>
      String(url).includes("/outlets/bulk-action/")
        ? new Response(JSON.stringify({ object_ids: [refusal] }), {
            status: 400,
            headers: { "content-type": "application/json" },
          })
        : new Promise(() => {}),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(outletKeys.config, sampleActionsConfig);
    const outlet = {
      ...sampleOutletReview,
      workflow_object: { ...sampleOutletReview.workflow_object, id: WorkflowObjectId.make(8) },
    };
    client.setQueryData(savedAnswersQuery(8).queryKey, [[{ id: 1 }]] as never);
    render(
      <QueryClientProvider client={client}>
        <UpdateStatus
          outlet={outlet}
          reviewerRole="qc-manager"
          trackers={noTracker}
          onMoved={() => {}}
          actors={fakeActors}
        />
      </QueryClientProvider>,
    );
    fireEvent.click(button());
    await act(async () => pending?.resolve({ pending_request_exist: false, count_pending_request: 0 }));
    const dialog = await screen.findByRole("dialog", { name: "Update Status" });
    fireEvent.change(within(dialog).getByLabelText("Status"), { target: { value: "qc_accepted" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toBe(`Selected outlets: ${refusal}`),
    );
    expect(screen.getByRole("dialog", { name: "Update Status" })).toBe(dialog);
  });
});
