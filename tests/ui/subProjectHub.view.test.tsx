/**
 * The sub-project hub machine's shortest paths, driven through the hub screen with a faked load:
 * found, not found, failed and Try again; after each step the screen shows what the state means.
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import { stateLabel } from "../../src/domain/outlets/outletStates";
import { HUB_NOT_FOUND, type HubOutcome } from "../../src/domain/projects/projects";
import type { SubProjectHubContext } from "../../src/machines/projects/subProjectHub";
import SubProjectHubScreen from "../../src/ui/projects/SubProjectHubScreen";
import { subProjectHubFixture } from "../machines/fixtures/subProjectHub";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

vi.mock("../../src/ui/session/SessionGate", () => ({
  useCurrentUser: () => ({
    permissions: ["project-manager-dashboard-permission"],
    organisation: { id: 1, name: "Retail Scan", kind: "internal" },
  }),
}));

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown };
let pending: Deferred | null;
const fakeActors = {
  loadHub: fromPromise<HubOutcome, { projectSlug: string; slug: string }>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        pending = { resolve: resolve as (v: unknown) => void, reject, input };
      }),
  ),
};

beforeEach(() => {
  pending = null;
});

const paths = viewPaths(subProjectHubFixture);
const HUB_PATH = "/dashboard/projects/view-list/acme-3p-payout/view/acme-3p-payout-main";

async function perform(event: ViewStep["event"]) {
  if (event.type === "retry") {
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    return;
  }
  await act(async () => {
    if (event.type.startsWith("xstate.done")) pending?.resolve((event as { output?: unknown }).output);
    else pending?.reject(new Error("unexpected"));
  });
}

function expectScreenFor(snapshot: ReturnType<ReturnType<typeof model>["step"]>) {
  const { hub, detail, projectSlug, slug } = snapshot.context as SubProjectHubContext;
  const state = String(snapshot.value);
  if (state === "loading") expect(pending?.input).toEqual({ projectSlug, slug });
  expect(screen.queryByText(HUB_NOT_FOUND) !== null).toBe(state === "notFound");
  expect(screen.queryByRole("button", { name: "Try again" }) !== null).toBe(state === "failed");
  if (detail) expect(screen.getByText(detail)).toBeTruthy();
  if (state === "ready" && hub) {
    expect(screen.getByRole("heading", { name: hub.sub_project.name, level: 1 })).toBeTruthy();
    for (const [s, n] of Object.entries(hub.by_state))
      expect(screen.getByText(stateLabel(s)).closest("li")?.textContent).toContain(String(n));
    for (const c of hub.cycles) expect(screen.getByRole("link", { name: c.name })).toBeTruthy();
    const links = screen
      .getByRole("navigation", { name: "Screens of this sub-project" })
      .querySelectorAll("a");
    const hrefs = [...links].map((a) => a.getAttribute("href"));
    expect(hrefs).toContain(`${HUB_PATH}/list-of-outlets`);
    expect(hrefs).toContain(`${HUB_PATH}/bulk-upload`);
    // Screens not built yet are not offered.
    expect(hrefs).toContain(`${HUB_PATH}/program-management`);
    expect(hrefs).toContain(`${HUB_PATH}/mobile-link-download`);
    expect(hrefs).not.toContain(`${HUB_PATH}/program-management/add-form`);
    expect(hrefs).toContain(`${HUB_PATH}/photo-audit`);
    expect(hrefs).toContain(`${HUB_PATH}/panel-management`);
    expect(hrefs).toContain(`${HUB_PATH}/outlet-management`);
    // A list of one kind is reached from outlet management.
    expect(hrefs.some((h) => h?.includes("/outlet-management/outlets/"))).toBe(false);
    expect(screen.getByRole("link", { name: `Edit ${hub.sub_project.name}` })).toBeTruthy();
  } else expect(screen.queryByRole("navigation", { name: "Screens of this sub-project" })).toBeNull();
}

describe("the sub-project hub follows the hub machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(subProjectHubFixture, paths);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const location = memoryLocation({ path: HUB_PATH, record: true });
    const machine = model(subProjectHubFixture, input);
    render(
      <Router hook={location.hook}>
        <Route path="/dashboard/projects/view-list/:projectSlug/view/:slug">
          <SubProjectHubScreen actors={fakeActors} />
        </Route>
      </Router>,
    );
    expectScreenFor(machine.initial);
    for (const step of steps) {
      await perform(step.event);
      const expected = machine.step(step.event);
      await waitFor(() => expectScreenFor(expected));
    }
  });
});
