/**
 * The ifscMasterEdit machine's paths, driven through IFSC change verification's row editor with
 * faked master calls: the row read (or not), bank, branch and reason typed, Save offered only when
 * the machine offers it, a save landing and a failed one keeping the edits. After each step the
 * screen shows what the machine's state and context say.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import type { IfscMasterAnswer } from "../../src/domain/verification/verification";
import type {
  IfscMasterEditContext,
  IfscMasterSaveRequest,
} from "../../src/machines/verification/ifscMasterEdit";
import { MasterRowEditor } from "../../src/ui/verification/IfscChangeScreen";
import { ifscMasterEditFixture } from "../machines/fixtures/ifscMasterEdit";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: IfscMasterAnswer) => void; reject: (e: unknown) => void; input: unknown };
let pending: Deferred | null;
const later = <I,>() =>
  fromPromise<IfscMasterAnswer, I>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        pending = { resolve, reject, input };
      }),
  );
const fakeActors = { readRow: later<{ code: string }>(), saveRow: later<IfscMasterSaveRequest>() };

beforeEach(() => {
  pending = null;
});
afterEach(cleanup);

const paths = viewPaths(ifscMasterEditFixture);

async function perform(event: ViewStep["event"]) {
  const field = {
    "bank.change": "Bank",
    "branch.change": "Branch",
    "reason.change": "Reason for the change",
  }[event.type];
  if (field) fireEvent.change(screen.getByLabelText(field), { target: { value: event.value } });
  else if (event.type === "save") fireEvent.submit(screen.getByRole("form", { name: "Change HDFC0000002" }));
  else if (event.type === "retry") fireEvent.click(screen.getByRole("button", { name: "Try again" }));
  else
    await act(async () => {
      if (event.type.startsWith("xstate.done"))
        pending?.resolve((event as { output?: unknown }).output as never);
      else pending?.reject(new Error("unexpected"));
    });
}

function expectScreenFor(snapshot: ReturnType<ReturnType<typeof model>["step"]>) {
  const state = String(snapshot.value);
  const { answer, bank, branch, reason, message } = snapshot.context as IfscMasterEditContext;
  if (state === "loading") {
    expect(screen.getByText("Reading the IFSC master…")).toBeDefined();
    return;
  }
  if (state === "failed") {
    expect(screen.getByRole("alert").textContent).toContain("The IFSC master could not be read.");
    return;
  }
  expect((screen.getByLabelText("Bank") as HTMLInputElement).value).toBe(bank);
  expect((screen.getByLabelText("Branch") as HTMLInputElement).value).toBe(branch);
  expect((screen.getByLabelText("Reason for the change") as HTMLTextAreaElement).value).toBe(reason);
  const save = screen.getByRole("button", { name: answer?.row ? "Save change" : "Add to the master" });
  expect((save as HTMLButtonElement).disabled).toBe(!snapshot.can({ type: "save" }));
  expect(save.getAttribute("aria-busy")).toBe(String(snapshot.hasTag("busy")));
  expect(screen.queryByRole("alert")?.textContent ?? null).toBe(message);
  expect(screen.getByRole("status").textContent).toContain(
    answer?.row
      ? `The IFSC master holds HDFC0000002: ${answer.row.bank}, ${answer.row.branch}.`
      : "The IFSC master does not hold HDFC0000002.",
  );
}

describe("IFSC change verification's row editor follows the ifscMasterEdit machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(ifscMasterEditFixture, paths);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const machine = model(ifscMasterEditFixture, input);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MasterRowEditor code="HDFC0000002" actors={fakeActors} />
      </QueryClientProvider>,
    );
    await waitFor(() => expectScreenFor(machine.initial));
    for (const step of steps) {
      await perform(step.event);
      const expected = machine.step(step.event);
      await waitFor(() => expectScreenFor(expected));
    }
  });

  it("adds a code the master does not hold, and says so (literal values)", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MasterRowEditor code="HDFC0000002" actors={fakeActors} />
      </QueryClientProvider>,
    );
    await act(async () => pending?.resolve({ row: null, issued: true, changes: [] }));
    await screen.findByText(/The IFSC master does not hold HDFC0000002\. It is an issued IFSC code\./);
    const add = screen.getByRole("button", { name: "Add to the master" }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText("Bank"), { target: { value: "HDFC Bank" } });
    fireEvent.change(screen.getByLabelText("Branch"), { target: { value: "Sandoz House" } });
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Reason for the change"), {
      target: { value: " Branch missing from the master " },
    });
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    expect(pending?.input).toEqual({
      code: "HDFC0000002",
      bank: "HDFC Bank",
      branch: "Sandoz House",
      reason: "Branch missing from the master",
    });
  });
});
