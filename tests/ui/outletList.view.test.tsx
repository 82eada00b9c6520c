/**
 * The outlet list machine's generated shortest and edge paths, driven through the outlet list screen: each
 * event is done the way a user (or the server, through faked answers) does it, and after each step
 * the screen must show what the machine's state and context mean: the dialog or not, Update Status
 * enabled only for a seen selection once the actions configs are known, and a chip per filter.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { OutletId, SubProjectId } from "../../src/domain/api/ids";
import type { ListedOutlet } from "../../src/domain/outlets/outletListing";
import { appliedFilterChips } from "../../src/domain/shared/filters";
import { type OutletListContext, selectedOutlets } from "../../src/machines/outlets/outletList";
import { LIST_SCOPES } from "../../src/ui/outlets/listScopes";
import OutletListScreen from "../../src/ui/outlets/OutletListScreen";
import { outletListFixture } from "../machines/fixtures/outletList";
import { sampleActionsConfig, sampleBulkOutlets } from "../machines/fixtures/samples";
import { model, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: unknown) => void; input?: unknown };
const server = vi.hoisted(() => ({
  list: [] as Deferred[],
  config: [] as Deferred[],
  save: [] as Deferred[],
}));

vi.mock("../../src/infra/api/outlets", () => {
  const waitFor = (list: Deferred[], input?: unknown) =>
    new Promise((resolve) => {
      list.push({ resolve, input });
    });
  return {
    outletKeys: { all: ["outlets"], lists: ["outlets", "list"] },
    outletListQuery: (query: string) => ({
      queryKey: ["outlets", "list", query],
      queryFn: () => waitFor(server.list, query),
    }),
    actionsConfigQuery: () => ({ queryKey: ["outlets", "config"], queryFn: () => waitFor(server.config) }),
    filterOptionsQuery: (scope: string) => ({
      queryKey: ["outlets", "options", scope],
      queryFn: async () => ({ status: [{ id: "qc_pending", name: "QC Pending" }] }),
    }),
    listScopeQuery: (scope: string) => ({
      queryKey: ["outlets", "scope", scope],
      queryFn: async () => ({ project: null, sub_project: null }),
    }),
  };
});

vi.mock("../../src/ui/outlets/bulkStatusActors", async () => {
  const { fromPromise } = await import("xstate");
  return {
    bulkStatusActors: {
      loadChain: fromPromise(async () => []),
      saveStatus: fromPromise(
        ({ input }) =>
          new Promise((resolve) => {
            server.save.push({ resolve: resolve as (v: unknown) => void, input });
          }),
      ),
    },
  };
});

/** The sample outlets as the list answers them. */
const rows: ListedOutlet[] = sampleBulkOutlets.map((o) => ({
  id: OutletId.make(o.id),
  rsid: o.rsid,
  slug: o.rsid,
  name: `Outlet ${o.rsid}`,
  owner_name: "Owner",
  city: "Pune",
  state: "Maharashtra",
  region: "West",
  auditor: null,
  program: null,
  workflow_state: o.workflow_state,
  status: "active",
  interim_status: null,
  is_temp: false,
  sub_project: {
    id: SubProjectId.make(1),
    slug: "acme-retail-audit-main",
    name: "Acme Retail Audit",
    type: o.subProject,
  },
  project: { slug: "acme-retail-audit", name: "Acme Retail Audit 2026-27" },
  created: "2026-11-20T10:00:00Z",
  modified: "2026-11-20T10:00:00Z",
  invoice_date: null,
  version: o.version,
}));

type Step = {
  event: { type: string; [k: string]: unknown };
  state: { value: unknown; context: OutletListContext };
};

// The first input: a fresh list. A row can be ticked only once the list has answered.
const [fresh] = outletListFixture.inputs!;
// One path per transition of the shortest and edge paths from a fresh list; the table's own
// controls are used only once the list has answered.
const paths = viewPaths(outletListFixture, {
  kinds: ["shortest", "edge"],
  keep: ({ input, steps }) => {
    const loaded = steps.findIndex((s) => s.event.type === "rows.loaded");
    return (
      input === fresh &&
      steps.every((s, i) => s.event.type !== "table.changed" || (loaded >= 0 && loaded < i))
    );
  },
}).map((p) => p.steps as unknown as Step[]);

const settleAll = async (list: Deferred[], value: unknown) => {
  await act(async () => {
    for (const d of list.splice(0)) d.resolve(value);
  });
};

const updateStatus = () => screen.getByRole("button", { name: "Update Status" }) as HTMLButtonElement;
const dialog = () => screen.queryByRole("dialog", { name: "Update Status" });
const drawer = () => screen.queryByRole("dialog", { name: "FilterList" });

async function applyQcPending() {
  if (!drawer()) fireEvent.click(screen.getByRole("button", { name: /^Filters/ }));
  const box = (await within(drawer()!).findByLabelText("QC Pending")) as HTMLInputElement;
  if (!box.checked) fireEvent.click(box);
  fireEvent.click(within(drawer()!).getByRole("button", { name: "Apply Filter" }));
}

/** What the user does for an event; nothing where the screen offers no way to do it (the machine ignores it there too). */
async function perform(event: Step["event"]) {
  const behindDialog = dialog() !== null;
  switch (event.type) {
    case "rows.loaded":
      await settleAll(server.list, { results: rows, count: rows.length, previous: null, next: null });
      await screen.findByText("RS000001");
      return;
    case "config.loaded":
      await settleAll(server.config, sampleActionsConfig);
      return;
    case "table.changed": {
      const wanted = (event.view as { selected: string[] }).selected;
      for (const row of rows) {
        const box = screen.getByLabelText(`Select row ${row.id}`) as HTMLInputElement;
        if (box.checked !== wanted.includes(String(row.id))) fireEvent.click(box);
      }
      return;
    }
    case "filters.open":
      if (behindDialog) return;
      fireEvent.click(screen.getByRole("button", { name: /^Filters/ }));
      await waitFor(() => expect(drawer()).toBeTruthy());
      return;
    case "filters.applied":
      if (behindDialog) return;
      await applyQcPending();
      return;
    case "chip.remove": {
      if (behindDialog) return;
      const remove = screen.queryByRole("button", { name: "Remove filter Status: QC Pending" });
      if (remove) fireEvent.click(remove);
      return;
    }
    case "address.changed":
      await act(async () => {
        window.history.pushState(null, "", "/?page=4&status=qc_pending");
        window.dispatchEvent(new PopStateEvent("popstate"));
      });
      return;
    case "status.open":
      if (!behindDialog) fireEvent.click(updateStatus());
      return;
    case "status.updated": {
      const open = dialog();
      if (!open) return;
      fireEvent.change(within(open).getByLabelText("Status"), { target: { value: "qc_accepted" } });
      fireEvent.click(within(open).getByRole("button", { name: "Save" }));
      await settleAll(server.save, { type: "done", detail: "Updated 1 outlet." });
      await within(open).findByRole("button", { name: "Okay" });
      return;
    }
    case "xstate.done.actor.bulkStatus": {
      const okay = dialog() && within(dialog()!).queryByRole("button", { name: "Okay" });
      if (okay) fireEvent.click(okay);
      return;
    }
    case "modal.closed":
      // The dialog's own close button (or Okay before) plays the exit, then the modal reports it closed.
      if (dialog() && !within(dialog()!).queryByRole("button", { name: "Okay" })) {
        fireEvent.click(within(dialog()!).getByRole("button", { name: "Close" }));
      }
      await waitFor(() => expect(dialog()).toBeNull(), { timeout: 2000 });
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

async function expectScreenFor(reached: { value: unknown; context: unknown }, from: string) {
  const context = reached.context as OutletListContext;
  const value = String(reached.value);
  if (value === "updating") {
    await waitFor(() => expect(dialog()).toBeTruthy());
    const chosen = selectedOutlets(context).length;
    // Opened now: for the outlets selected, whichever page they were ticked on.
    if (from === "browsing") {
      expect(dialog()!.textContent).toContain(`${chosen} outlet${chosen === 1 ? "" : "s"} selected`);
    }
    return;
  }
  if (value !== "browsing") throw new Error(`no screen check for state ${value}`);
  await waitFor(() => expect(dialog()).toBeNull(), { timeout: 2000 });
  // Update Status is offered exactly when the machine would open it.
  const can = context.config !== null && selectedOutlets(context).length > 0;
  await waitFor(() => expect(updateStatus().disabled).toBe(!can));
  const chips = appliedFilterChips(context.applied);
  const list = screen.queryByRole("list", { name: "Applied filters" });
  expect(list ? within(list).getAllByRole("listitem").length : 0).toBe(chips.length);
  const filters = screen.getByRole("button", { name: /^Filters/ });
  expect(filters.getAttribute("aria-label")).toBe(
    chips.length > 0 ? `Filters, ${chips.length} applied` : "Filters",
  );
}

beforeEach(() => {
  server.list.length = 0;
  server.config.length = 0;
  server.save.length = 0;
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("the outlet list screen follows the outletList machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    const reached = new Set(paths.flatMap((steps) => steps.map((s) => String(s.state.value))));
    expect([...reached].sort()).toEqual(Object.keys(outletListFixture.machine.root.states).sort());
  });

  it.each(
    paths.map((steps) => [steps.map((s) => s.event.type).join(" → "), steps] as const),
  )("%s", async (_name, steps) => {
    const location = memoryLocation({ path: "/dashboard/list-of-outlets", record: true });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Router hook={location.hook}>
          <OutletListScreen scope={LIST_SCOPES.dashboard} />
        </Router>
      </QueryClientProvider>,
    );
    // The machine run beside the screen says what the screen must show after each step.
    const machine = model(outletListFixture, fresh);
    let from = String(machine.initial.value);
    for (const step of steps) {
      await perform(step.event);
      const reached = machine.step(step.event);
      await expectScreenFor(reached, from);
      from = String(reached.value);
    }
  });
});
