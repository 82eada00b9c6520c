/**
 * The resource list machine's shortest paths, driven through the list screen of a region: typing a
 * search, Back or Forward to another view of the table, Try again, Delete, Keep it, Delete in the
 * dialog, and the server's answers through faked actors; after each step the screen shows what the
 * machine's state and context mean. A region's list has no filters of its own (its organisation is
 * the page's), so paths that change them are left to the fixture's examples.
 */
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createActor, fromPromise } from "xstate";
import type { DeleteOutcome, ResourcePage } from "../../src/domain/admin/resource";
import type { ResourceListQuery } from "../../src/domain/admin/resourceQuery";
import { regions } from "../../src/domain/admin/resources/organisations";
import { type TableQuery, tableQueryToParams } from "../../src/domain/shared/table";
import type { ResourceListContext } from "../../src/machines/admin/resourceList";
import { inertMachine } from "../../src/machines/machinesArea/inertActors";
import ResourceListScreen from "../../src/ui/admin/ResourceListScreen";
import { resourceListFixture } from "../machines/fixtures/resourceList";
import { ACME_ID } from "../machines/fixtures/resourceSamples";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

vi.mock("../../src/ui/session/SessionGate", () => ({
  useCurrentUser: () => ({ permissions: ["project-manager-dashboard-permission"] }),
}));

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown };
let pending: Record<"loadPage" | "deleteRecord", Deferred | null>;

const deferred = (name: keyof typeof pending, input: unknown) =>
  new Promise((resolve, reject) => {
    pending[name] = { resolve, reject, input };
  });
const fakeActors = {
  loadPage: fromPromise<ResourcePage, { resource: string; query: ResourceListQuery }>(
    ({ input }) => deferred("loadPage", input) as Promise<ResourcePage>,
  ),
  deleteRecord: fromPromise<DeleteOutcome, { resource: string; address: string }>(
    ({ input }) => deferred("deleteRecord", input) as Promise<DeleteOutcome>,
  ),
};

beforeEach(() => {
  pending = { loadPage: null, deleteRecord: null };
  window.history.replaceState(null, "", "/");
});

/**
 * A path a user can walk on the screen: each of their events is one the state takes (an ignored
 * click has no button to click), and the search is typed once.
 */
function walkable(p: { input: unknown; steps: ViewStep[] }): boolean {
  const machine = createActor(inertMachine(resourceListFixture.machine), { input: p.input as never }).start();
  let searches = 0;
  for (const { event } of p.steps) {
    if (event.type === "filters.change") return false;
    if (event.type === "table.changed" && (event.view as TableQuery).search) searches++;
    if (!event.type.startsWith("xstate.") && !machine.getSnapshot().can(event as never)) return false;
    machine.send(event as never);
  }
  return searches <= 1;
}

// The shortest paths reach every state; the edge paths add each transition (Keep it, a refusal, a delete).
const paths = viewPaths(resourceListFixture, { kinds: ["shortest", "edge"], keep: walkable });
const dialog = () => screen.queryByRole("dialog");

async function perform(event: ViewStep["event"]) {
  switch (event.type) {
    case "table.changed": {
      const view = event.view as TableQuery;
      if (view.search) {
        fireEvent.change(screen.getByLabelText("Search Regions"), { target: { value: view.search } });
        // The table applies a search 100 ms after the last key.
        await waitFor(() =>
          expect((pending.loadPage?.input as { query: ResourceListQuery }).query.search).toBe(view.search),
        );
        return;
      }
      // Back or Forward to an address with this view of the table.
      await act(async () => {
        window.history.pushState(null, "", `/?${new URLSearchParams(tableQueryToParams(view))}`);
        window.dispatchEvent(new PopStateEvent("popstate"));
      });
      return;
    }
    case "retry":
      fireEvent.click(screen.getByRole("button", { name: "Try again" }));
      return;
    case "delete.ask":
      fireEvent.click(
        screen.getByRole("button", { name: `Delete ${(event.record as { title: string }).title}` }),
      );
      return;
    case "delete.cancel":
      fireEvent.click(within(dialog()!).getByRole("button", { name: "Keep it" }));
      return;
    case "delete.confirm":
      fireEvent.click(within(dialog()!).getByRole("button", { name: "Delete" }));
      return;
    default: {
      const [, outcome, , actor] = event.type.split(".") as [
        string,
        "done" | "error",
        string,
        keyof typeof pending,
      ];
      await act(async () => {
        if (outcome === "done") pending[actor]?.resolve((event as { output?: unknown }).output);
        else pending[actor]?.reject(new Error("unexpected"));
      });
    }
  }
}

async function expectScreenFor(snapshot: ReturnType<ReturnType<typeof model>["step"]>) {
  const { page, detail, notice, pending: asked, query } = snapshot.context as ResourceListContext;
  const state = String(snapshot.value);
  const busy = state === "loading" || state === "deleting";
  await waitFor(() => expect(document.querySelector(".page")?.getAttribute("aria-busy")).toBe(String(busy)));
  if (state === "loading") expect(pending.loadPage?.input).toEqual({ resource: "regions", query });
  for (const record of page?.results ?? [])
    expect(screen.getByRole("link", { name: String(record.values.name) })).toBeTruthy();
  if (notice) expect(screen.getByRole("status", { name: "" }).textContent).toContain(notice);
  if (detail) expect(screen.getByText(detail)).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Try again" }) !== null).toBe(state === "failed");
  if (state === "confirming" || state === "deleting") {
    expect(
      within(dialog()!).getByText(`Region ${asked!.title} will be deleted. This cannot be undone.`),
    ).toBeTruthy();
    expect(within(dialog()!).getByRole("button", { name: "Delete" }).getAttribute("aria-busy")).toBe(
      String(state === "deleting"),
    );
  } else await waitFor(() => expect(dialog()).toBeNull());
}

describe("the resource list screen follows the resource list machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(resourceListFixture, paths);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const location = memoryLocation({ path: "/list", record: true });
    const machine = model(resourceListFixture, input);
    render(
      <Router hook={location.hook}>
        <ResourceListScreen
          def={regions}
          place={{ parent: "acme-beverages", address: null }}
          parent={{ field: "organisation", id: ACME_ID, organisation: ACME_ID }}
          actors={fakeActors}
        />
      </Router>,
    );
    await expectScreenFor(machine.initial);
    for (const step of steps) {
      await perform(step.event);
      await expectScreenFor(machine.step(step.event));
    }
  });
});
