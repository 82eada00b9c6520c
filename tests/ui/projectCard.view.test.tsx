/**
 * The project card machine's shortest paths, driven through a project card: opening the menu (which
 * marks the unread entries read), closing it, choosing an entry, and the marking's answers through a
 * faked actor; after each step the card shows what the machine's state and context mean.
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createActor, fromPromise } from "xstate";
import { ProjectId } from "../../src/domain/api/ids";
import { cardName, NOTIFICATION_MENU_WIDTH, type ProjectCard } from "../../src/domain/projects/projects";
import { inertMachine } from "../../src/machines/machinesArea/inertActors";
import type { ProjectCardContext, ProjectCardInput } from "../../src/machines/projects/projectCard";
import { ProjectCardView } from "../../src/ui/projects/ProjectCardView";
import { projectCardFixture } from "../machines/fixtures/projectCard";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown };
let pending: Deferred | null;
const fakeActors = {
  markRead: fromPromise<{ marked: number }, { ids: number[] }>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        pending = { resolve: resolve as (v: unknown) => void, reject, input };
      }),
  ),
};

beforeEach(() => {
  pending = null;
});

const cardOf = (input: ProjectCardInput): ProjectCard => ({
  slug: "acme-3p-payout",
  name: "Acme 3P Payout 2026-27",
  type: "3p_payout",
  projectId: ProjectId.make(2),
  organisation: "Acme Beverages",
  outlets_count: 140,
  createdDate: "2026-04-01",
  endDate: "2027-03-31",
  notificationCount: input.count,
  notificationList: input.notifications,
  logo: null,
  has_payouts: true,
  pro: false,
  deckPath: null,
});

/** Every event a user can give is one the state takes (a closed menu has no entry to choose). */
function walkable(p: { input: unknown; steps: ViewStep[] }): boolean {
  const machine = createActor(inertMachine(projectCardFixture.machine), { input: p.input as never }).start();
  for (const { event } of p.steps) {
    const open = machine.getSnapshot().hasTag("open");
    if (event.type === "entry.choose" && !open) return false;
    if (!event.type.startsWith("xstate.") && !machine.getSnapshot().can(event as never)) return false;
    machine.send(event as never);
  }
  return true;
}

const paths = viewPaths(projectCardFixture, { kinds: ["shortest", "edge"], keep: walkable });

const bell = () => screen.getByRole("button", { name: /^Notifications of/ });

async function perform(event: ViewStep["event"]) {
  switch (event.type) {
    case "menu.open":
    case "menu.close":
      fireEvent.click(bell());
      return;
    case "entry.choose":
      fireEvent.click(screen.getByRole("button", { name: new RegExp(String(event.outlet)) }));
      return;
    default:
      await act(async () => {
        if (event.type.startsWith("xstate.done")) pending?.resolve((event as { output?: unknown }).output);
        else pending?.reject(new Error("unexpected"));
      });
  }
}

function expectCardFor(
  snapshot: ReturnType<ReturnType<typeof model>["step"]>,
  location: ReturnType<typeof memoryLocation>,
  chosen: string | null,
) {
  const { notifications, count, detail } = snapshot.context as ProjectCardContext;
  const open = snapshot.hasTag("open");
  expect(bell().getAttribute("aria-expanded")).toBe(String(open));
  expect(bell().textContent).toContain(String(count));
  const menu = document.querySelector(".project-card-menu") as HTMLElement | null;
  expect(menu !== null).toBe(open);
  if (menu) {
    expect(menu.style.width).toBe(`${NOTIFICATION_MENU_WIDTH}px`);
    for (const n of notifications)
      expect(screen.getByRole("button", { name: new RegExp(n.outlet) })).toBeTruthy();
    expect(screen.getByRole("link", { name: "View All" }).getAttribute("href")).toBe("/dashboard/view-all");
  }
  if (snapshot.matches("markingRead"))
    expect(pending?.input).toEqual({ ids: notifications.filter((n) => !n.read).map((n) => n.id) });
  expect(screen.queryByText(detail ?? "\u0000") !== null).toBe(detail !== null && open);
  if (chosen) expect(location.history?.at(-1)).toBe(`/dashboard/view/${chosen}`);
}

describe("the project card follows the project card machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(projectCardFixture, paths);
  });

  it("shows the name cut at 15 characters with the whole name as its tooltip, the facts and Edit", () => {
    const location = memoryLocation({ path: "/dashboard/projects", record: true });
    render(
      <Router hook={location.hook}>
        <ProjectCardView
          card={{
            ...cardOf({ notifications: [], count: 0 }),
            pro: true,
            deckPath: "/api/projects/acme-3p-payout/files/deck/7/",
          }}
          opens="/dashboard/projects/view-list/acme-3p-payout"
          editPath="/dashboard/projects/project-update/acme-3p-payout"
          actors={fakeActors}
        />
      </Router>,
    );
    const heading = screen.getByRole("heading");
    expect(heading.textContent).toBe(cardName("Acme 3P Payout 2026-27"));
    expect(heading.textContent).toBe("Acme 3P Payout…");
    expect(heading.getAttribute("title")).toBe("Acme 3P Payout 2026-27");
    expect(screen.getByText("ID")).toBeTruthy();
    expect(screen.getByText("No.of Outlets")).toBeTruthy();
    expect(screen.getByText("Apr 1, 2026 – Mar 31, 2027")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Edit Acme 3P Payout 2026-27" })).toBeTruthy();
    // deckPath is where the deck downloads, under the name the server gives it.
    const deck = screen.getByRole("link", { name: "Download deck of Acme 3P Payout 2026-27" });
    expect([deck.getAttribute("href"), deck.getAttribute("download")]).toEqual([
      "/api/projects/acme-3p-payout/files/deck/7/",
      "",
    ]);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const location = memoryLocation({ path: "/dashboard/projects", record: true });
    const machine = model(projectCardFixture, input);
    render(
      <Router hook={location.hook}>
        <ProjectCardView
          card={cardOf(input as ProjectCardInput)}
          opens="/x"
          editPath={null}
          actors={fakeActors}
        />
      </Router>,
    );
    expect(screen.queryByRole("link", { name: /^Edit / })).toBeNull();
    expectCardFor(machine.initial, location, null);
    for (const step of steps) {
      await perform(step.event);
      const chosen = step.event.type === "entry.choose" ? String(step.event.outlet) : null;
      const expected = machine.step(step.event);
      await waitFor(() => expectCardFor(expected, location, chosen));
    }
  });
});
