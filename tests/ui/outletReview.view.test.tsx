/**
 * The outlet review machine's generated shortest paths, driven through the outlet review screen:
 * the server's answers come through faked actors, the user's steps are clicks, and after each step
 * the screen must show what the machine's state means. `status.changed` comes from the bulk status
 * modal's own machine (tests/ui/bulkStatus.view.test.tsx drives that modal) and `outlet.reload` from
 * Refresh QC data (the browser test tests/e2e/survey.spec.ts presses it); paths through them are left
 * to the machine's graph tests.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import type { OutletEditAction } from "../../src/domain/outlets/outletReview";
import type { DecideOutcome, LoadOutcome, OutletReviewInput } from "../../src/machines/outlets/outletReview";
import OutletView from "../../src/ui/outlets/OutletView";
import { outletReviewFixture } from "../machines/fixtures/outletReview";
import { expectEveryStateReached, viewPaths } from "./machinePaths";

const session = vi.hoisted(() => ({ permission: "qc-manager-workflow-permission" }));
vi.mock("../../src/ui/session/SessionGate", () => ({
  useCurrentUser: () => ({ considered_workflow_permission: session.permission }),
}));

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let pending: Record<"load" | "decide" | "refresh", Deferred | null>;
const deferred = (key: "load" | "decide" | "refresh") => () =>
  new Promise<never>((resolve, reject) => {
    pending[key] = { resolve: resolve as (v: unknown) => void, reject };
  });
const fakeActors = {
  loadOutlet: fromPromise<LoadOutcome, { slug: string }>(deferred("load")),
  decideEdit: fromPromise<DecideOutcome, { slug: string; action: OutletEditAction }>(deferred("decide")),
  refreshQc: fromPromise<{ detail: string }, { slug: string }>(deferred("refresh")),
};

beforeEach(() => {
  pending = { load: null, decide: null, refresh: null };
  // The outlet has no retailer requests (so Refresh QC data is offered); nothing else answers.
  vi.stubGlobal("fetch", (url: string) =>
    String(url).includes("/retailer-requests/")
      ? Promise.resolve(new Response("[]", { status: 200 }))
      : new Promise(() => {}),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const paths = viewPaths(outletReviewFixture, {
  keep: (p) => p.steps.every((s) => s.event.type !== "status.changed" && s.event.type !== "outlet.reload"),
}).map((p) => ({ input: p.input as OutletReviewInput, steps: p.steps }));

const page = () => document.querySelector(".outlet-review");

async function expectScreenFor(state: string, loadedBefore: boolean) {
  switch (state) {
    case "loading":
      if (loadedBefore) await waitFor(() => expect(page()?.getAttribute("aria-busy")).toBe("true"));
      else await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Loading…"));
      return;
    case "ready":
      await waitFor(() => expect(page()?.getAttribute("aria-busy")).toBe("false"));
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Kumar General Stores");
      expect(
        within(screen.getByRole("navigation", { name: "Outlet sections" }))
          .getAllByRole("button")
          .map((b) => b.textContent),
      ).toEqual(["Survey Details", "Log Details", "QC Edit History"]);
      expect(screen.getByRole("link", { name: "← Back to the list" }).getAttribute("href")).toBe(
        "/dashboard/list-of-outlets",
      );
      return;
    case "deciding":
      await waitFor(() =>
        expect((screen.getByRole("button", { name: "Accept" }) as HTMLButtonElement).disabled).toBe(true),
      );
      return;
    case "refreshingQc":
      await waitFor(() =>
        expect((screen.getByRole("button", { name: "Refreshing…" }) as HTMLButtonElement).disabled).toBe(
          true,
        ),
      );
      return;
    case "notFound":
      await waitFor(() => expect(screen.getByRole("heading", { name: "Page not found" })).toBeTruthy());
      return;
    case "failed":
      await waitFor(() =>
        expect(screen.getByRole("alert").textContent).toBe("The outlet could not be loaded."),
      );
      return;
    default:
      throw new Error(`no screen check for state ${state}`);
  }
}

async function perform(event: { type: string; [k: string]: unknown }) {
  switch (event.type) {
    case "xstate.done.actor.loadOutlet":
      await act(async () => pending.load?.resolve(event.output));
      return;
    case "xstate.error.actor.loadOutlet":
      await act(async () => pending.load?.reject(new Error("unexpected")));
      return;
    case "xstate.done.actor.decideEdit":
      await act(async () => pending.decide?.resolve(event.output));
      return;
    case "xstate.error.actor.decideEdit":
      await act(async () => pending.decide?.reject(new Error("unexpected")));
      return;
    case "tab.select": {
      const label = event.index === 5 ? "QC Edit History" : event.index === 2 ? "Log Details" : "Score";
      const nav = screen.getByRole("navigation", { name: "Outlet sections" });
      fireEvent.click(within(nav).getByRole("button", { name: label }));
      await waitFor(() => expect(screen.getByRole("heading", { level: 2, name: label })).toBeTruthy());
      return;
    }
    case "edit.decide":
      fireEvent.click(screen.getByRole("button", { name: event.action === "accept" ? "Accept" : "Reject" }));
      return;
    case "qc.refresh": {
      // The button is on the Survey Details panel; a role without edit permission has none.
      const nav = screen.getByRole("navigation", { name: "Outlet sections" });
      fireEvent.click(within(nav).getByRole("button", { name: "Survey Details" }));
      const button = await screen.findByRole("button", { name: "Refresh QC data" }).catch(() => null);
      if (button) fireEvent.click(button);
      return;
    }
    case "xstate.done.actor.refreshQc":
      await act(async () => pending.refresh?.resolve(event.output));
      return;
    case "xstate.error.actor.refreshQc":
      await act(async () => pending.refresh?.reject(new Error("unexpected")));
      return;
    case "retry":
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

describe("the outlet review screen follows the outletReview machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(outletReviewFixture, paths);
  });

  it.each(
    paths.map((p) => [`${p.input.role}: ${p.steps.map((s) => s.event.type).join(" → ")}`, p] as const),
  )("%s", async (_name, { input, steps }) => {
    session.permission = `${input.role}-workflow-permission`;
    const location = memoryLocation({ path: `/dashboard/list-of-outlets/view/${input.slug}` });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Router hook={location.hook}>
          <OutletView actors={fakeActors} />
        </Router>
      </QueryClientProvider>,
    );
    let loadedBefore = false;
    for (const step of steps) {
      await perform(step.event);
      const state = String(step.state.value);
      await expectScreenFor(state, loadedBefore);
      if (state === "ready") loadedBefore = true;
    }
  });
});
