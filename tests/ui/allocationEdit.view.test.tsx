/**
 * The allocationEdit machine's paths, one per transition, driven through the allocation edit page
 * with faked preview and save calls and a faked server list: outlets ticked, an executive chosen,
 * the capacity typed, the preview, the save, the conflict and a failed save. After each step the
 * screen shows what the machine's state and context say.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromPromise } from "xstate";
import type { AllocationOverview } from "../../src/domain/allocation/allocation";
import type {
  AllocationEditContext,
  PreviewInput,
  PreviewOutcome,
  SaveInput,
  SaveOutcome,
} from "../../src/machines/allocation/allocationEdit";
import { AllocationEditor } from "../../src/ui/allocation/AllocationEditScreen";
import { allocationEditFixture } from "../machines/fixtures/allocationEdit";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let pending: Deferred | null;
const later = <O, I>() =>
  fromPromise<O, I>(
    () =>
      new Promise((resolve, reject) => {
        pending = { resolve: resolve as (v: unknown) => void, reject };
      }),
  );
const fakeActors = {
  previewAllocation: later<PreviewOutcome, PreviewInput>(),
  saveAllocation: later<SaveOutcome, SaveInput>(),
};

const overview = {
  team: "qc",
  executives: [
    { id: 14, name: "Ananya Desai", username: "qc.executive2", open: 20 },
    { id: 5, name: "Lakshmi Menon", username: "expired.user", open: 0 },
    { id: 3, name: "Rohan Iyer", username: "qc.executive", open: 40 },
  ],
  unassigned: 0,
  counts: [],
  sub_projects: [{ id: 7, name: "Acme Retail Audit Main" }],
  regions: [{ id: 1, name: "North (Acme Beverages)" }],
  territories: [{ id: 1, name: "Pune Central (Acme Beverages)" }],
} as unknown as AllocationOverview;
const listed = (id: number) => ({
  id,
  rsid: `RS0000${id}`,
  name: "Sri Balaji Kirana",
  sub_project: "Acme Retail Audit Main",
  state: "qc_pending",
  region: "North",
  territory: "Pune Central",
  assignee: { id: 3, name: "Rohan Iyer" },
  version: 1,
});
const list = { total: 2, outlets: [listed(11), listed(12)] };

beforeEach(() => {
  pending = null;
  // Every list the page reads (again after a save or a reload) is the same two outlets.
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () => new Response(JSON.stringify(list), { headers: { "content-type": "application/json" } }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const paths = viewPaths(allocationEditFixture);

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole("button", { name }));

async function perform(event: ViewStep["event"]) {
  switch (event.type) {
    case "mode.choose":
      fireEvent.click(screen.getByLabelText(event.mode === "rule" ? "By rule" : "Choose outlets"));
      return;
    case "filter.change":
      fireEvent.change(screen.getByLabelText("State"), { target: { value: event.value } });
      return;
    case "outlet.toggle":
      fireEvent.click(await screen.findByRole("checkbox", { name: `Choose RS0000${event.id}` }));
      return;
    case "outlets.set":
      fireEvent.click(await screen.findByRole("checkbox", { name: "Choose every outlet shown" }));
      return;
    case "target.toggle":
      fireEvent.click(screen.getByRole("checkbox", { name: "Ananya Desai (20 open)" }));
      return;
    case "rule.change":
      fireEvent.change(screen.getByLabelText("Now with"), { target: { value: String(event.value) } });
      return;
    case "capacity.change":
      fireEvent.change(screen.getByLabelText("Capacity"), { target: { value: event.value } });
      return;
    case "preview":
      return click("Preview");
    case "back":
      return click("Back");
    case "save":
      return click("Save moves");
    case "retry":
      return click("Try again");
    case "reload":
      return click("Reload");
    case "again":
      return click("Reassign more");
    default:
      await act(async () => {
        if (event.type.startsWith("xstate.done")) pending?.resolve((event as { output?: unknown }).output);
        else pending?.reject(new Error("unexpected"));
      });
  }
}

function expectScreenFor(snapshot: ReturnType<ReturnType<typeof model>["step"]>) {
  const state = String(snapshot.value);
  const c = snapshot.context as AllocationEditContext;
  const preview = screen.getByRole("button", { name: "Preview" }) as HTMLButtonElement;
  expect(preview.disabled).toBe(!snapshot.can({ type: "preview" }));
  expect(preview.getAttribute("aria-busy")).toBe(String(state === "previewing"));
  expect((screen.getByLabelText("By rule") as HTMLInputElement).checked).toBe(c.mode === "rule");
  expect((screen.getByRole("checkbox", { name: "Ananya Desai (20 open)" }) as HTMLInputElement).checked).toBe(
    c.to.includes(14),
  );
  expect((screen.getByLabelText("Capacity") as HTMLInputElement).value).toBe(c.capacity);
  if (c.mode === "selection") {
    expect(screen.getByText(new RegExp(`${c.selected.length} chosen\\.`))).toBeDefined();
    expect((screen.getByLabelText("State") as HTMLSelectElement).value).toBe(c.filters.state);
  } else {
    expect((screen.getByLabelText("Now with") as HTMLSelectElement).value).toBe(String(c.rule.from ?? ""));
  }
  const alerts = screen.queryAllByRole("alert").map((a) => a.textContent ?? "");
  if (state === "selecting" && c.message) expect(alerts).toContain(c.message);
  if (state === "conflict") {
    expect(alerts.join(" ")).toContain(c.message ?? "");
    for (const line of c.conflict) expect(alerts.join(" ")).toContain(line);
  }
  if (state === "failed") expect(alerts).toContain(c.message);
  if (state === "done") expect(screen.getByRole("button", { name: "Reassign more" })).toBeDefined();
  if (state === "previewed" || state === "saving") {
    const save = screen.getByRole("button", { name: "Save moves" }) as HTMLButtonElement;
    expect(save.disabled).toBe(!snapshot.can({ type: "save" }));
    expect(save.getAttribute("aria-busy")).toBe(String(state === "saving"));
    expect(screen.getAllByRole("row").length).toBeGreaterThan(0);
  } else expect(screen.queryByRole("button", { name: "Save moves" })).toBeNull();
  if (c.preview)
    expect(
      screen.getByText(
        `${c.preview.moves.length} outlet${c.preview.moves.length === 1 ? "" : "s"} to move.`,
        { exact: false },
      ),
    ).toBeDefined();
}

describe("the allocation edit page follows the allocationEdit machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(allocationEditFixture, paths);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const machine = model(allocationEditFixture, input);
    const { team, executive } = input as { team: "qc"; executive?: string };
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AllocationEditor team={team} executive={executive ?? ""} overview={overview} actors={fakeActors} />
      </QueryClientProvider>,
    );
    await waitFor(() => expectScreenFor(machine.initial));
    for (const step of steps) {
      await perform(step.event);
      const expected = machine.step(step.event);
      await waitFor(() => expectScreenFor(expected));
    }
  });
});
