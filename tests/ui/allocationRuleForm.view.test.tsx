/**
 * The allocationRuleForm machine's paths, one per transition, driven through the rule form of the
 * allocation overview with a faked save: scope, executives, capacity and on/off edited, the save,
 * the refusal beside its field, the conflict with Reload, a failed save and Cancel. After each step
 * the form shows what the machine's state and context say.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromPromise } from "xstate";
import type { AllocationOverview } from "../../src/domain/allocation/allocation";
import type {
  AllocationRule,
  RuleSaveInput,
  RuleSaveOutcome,
} from "../../src/domain/allocation/allocationRules";
import type {
  AllocationRuleFormContext,
  AllocationRuleFormInput,
} from "../../src/machines/allocation/allocationRuleForm";
import { RuleForm } from "../../src/ui/allocation/AllocationRules";
import { allocationRuleFormFixture } from "../machines/fixtures/allocationRuleForm";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let pending: Deferred | null;
const fakeActors = {
  saveRule: fromPromise<RuleSaveOutcome, RuleSaveInput>(
    () =>
      new Promise((resolve, reject) => {
        pending = { resolve: resolve as (v: unknown) => void, reject };
      }),
  ),
};

const overview = {
  team: "calling",
  executives: [
    { id: 21, name: "Imran Khan", username: "calling.executive", open: 12 },
    { id: 22, name: "Rahul Verma", username: "calling.executive2", open: 30 },
  ],
  unassigned: 0,
  counts: [],
  sub_projects: [{ id: 7, name: "Acme Retail Audit Main" }],
  regions: [],
  territories: [],
} as unknown as AllocationOverview;

/** The list's rule the form opens with, as the input the fixture starts the machine from. */
const ruleOf = (input: AllocationRuleFormInput): AllocationRule | null =>
  input.rule === null
    ? null
    : ({
        id: input.rule.id,
        version: input.rule.version,
        sub_project: null,
        executives: input.rule.draft.executives.map((id) => ({
          id,
          name: id === 21 ? "Imran Khan" : "Rahul Verma",
          active: true,
        })),
        capacity: Number(input.rule.draft.capacity),
        active: input.rule.draft.active,
      } as unknown as AllocationRule);

let closed: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  pending = null;
  closed = vi.fn<() => void>();
});
afterEach(cleanup);

const paths = viewPaths(allocationRuleFormFixture);
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole("button", { name }));
const executiveBox = (id: number) =>
  screen.getByRole("checkbox", {
    name: id === 21 ? "Imran Khan (12 open)" : "Rahul Verma (30 open)",
  }) as HTMLInputElement;
const ON = "On: assign outlets as they enter the team's work";

async function perform(event: ViewStep["event"]) {
  switch (event.type) {
    case "scope.change":
      fireEvent.change(screen.getByLabelText("Sub-projects"), { target: { value: event.value } });
      return;
    case "executive.toggle":
      fireEvent.click(executiveBox(Number(event.id)));
      return;
    case "capacity.change":
      fireEvent.change(screen.getByLabelText("Capacity"), { target: { value: event.value } });
      return;
    case "active.toggle":
      fireEvent.click(screen.getByRole("checkbox", { name: ON }));
      return;
    case "save":
      return click("Save rule");
    case "cancel":
      return click("Cancel");
    case "reload":
      return click("Reload");
    default:
      await act(async () => {
        if (event.type.startsWith("xstate.done")) pending?.resolve((event as { output?: unknown }).output);
        else pending?.reject(new Error("unexpected"));
      });
  }
}

function expectScreenFor(snapshot: ReturnType<ReturnType<typeof model>["step"]>) {
  const state = String(snapshot.value);
  const c = snapshot.context as AllocationRuleFormContext;
  const save = screen.getByRole("button", { name: "Save rule" }) as HTMLButtonElement;
  expect(save.disabled).toBe(!snapshot.can({ type: "save" }));
  expect(save.getAttribute("aria-busy")).toBe(String(state === "saving"));
  expect((screen.getByLabelText("Sub-projects") as HTMLSelectElement).value).toBe(c.draft.sub_project);
  expect((screen.getByLabelText("Capacity") as HTMLInputElement).value).toBe(c.draft.capacity);
  for (const id of [21, 22]) expect(executiveBox(id).checked).toBe(c.draft.executives.includes(id));
  expect((screen.getByRole("checkbox", { name: ON }) as HTMLInputElement).checked).toBe(c.draft.active);
  const alerts = screen.queryAllByRole("alert").map((a) => a.textContent ?? "");
  if (c.message && (state === "editing" || state === "conflict"))
    expect(alerts.join(" ")).toContain(c.message);
  if (state === "conflict") expect(screen.getByRole("button", { name: "Reload" })).toBeDefined();
  else expect(screen.queryByRole("button", { name: "Reload" })).toBeNull();
  for (const line of Object.values(c.fieldErrors).flat()) expect(screen.getByText(line)).toBeDefined();
  expect(closed).toHaveBeenCalledTimes(state === "closed" ? 1 : 0);
}

describe("the rule form follows the allocationRuleForm machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(allocationRuleFormFixture, paths);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const machine = model(allocationRuleFormFixture, input);
    const given = input as AllocationRuleFormInput;
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RuleForm
          team={given.team}
          overview={overview}
          rule={ruleOf(given)}
          onClose={closed}
          actors={fakeActors}
        />
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
