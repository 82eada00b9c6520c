/**
 * The Form 16 batch machine's paths, driven through the Form 16 PDF screen: Generate, the server's
 * answers (faked start and looks), the pause between looks, the batch list's copies (the query
 * cache) and Try again; after each step the screen shows what the state means with the values its
 * context holds. A payout executive is not offered Generate.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import { batchOutcome, type Form16Batch, TAX_MSG } from "../../src/domain/tax/tax";
import { JOB_POLL_ATTEMPTS, jobPollDelay } from "../../src/domain/uploads/bulkUpload";
import { batchesKey } from "../../src/infra/api/tax";
import type { BatchStart, Form16BatchContext } from "../../src/machines/tax/form16Batch";
import Form16PdfScreen from "../../src/ui/tax/Form16PdfScreen";
import { form16BatchFixture } from "../machines/fixtures/form16Batch";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

const user = {
  permissions: ["iftu-manager-dashboard-permission"],
  organisation: { id: 1, name: "Retail Scan", kind: "internal" as const },
};
vi.mock("../../src/ui/session/SessionGate", () => ({ useCurrentUser: () => user }));

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown };
type ActorName = "startBatch" | "fetchJob";
let pending: Record<ActorName, Deferred | null>;
let queryClient: QueryClient;

const deferred = <O, I>(name: ActorName) =>
  fromPromise<O, I>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        pending[name] = { resolve: resolve as (v: unknown) => void, reject, input };
      }),
  );
const fakeActors = () => ({
  startBatch: deferred<BatchStart, { financial_year: string }>("startBatch"),
  fetchJob: deferred<Form16Batch, { id: number }>("fetchJob"),
});

beforeEach(() => {
  pending = { startBatch: null, fetchJob: null };
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  user.permissions = ["iftu-manager-dashboard-permission"];
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const renderScreen = (year: string) => {
  const location = memoryLocation({ path: `/dashboard/form-16-pdf?financial_year=${year}` });
  return render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Form16PdfScreen actors={fakeActors()} />
      </Router>
    </QueryClientProvider>,
  );
};

const batchSection = () => within(screen.getByRole("region", { name: "Generate" }));

async function perform(event: ViewStep["event"]) {
  const actor = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (actor) {
    const waiting = pending[actor[2] as ActorName];
    if (!waiting) throw new Error(`${actor[2]} is not running`);
    pending[actor[2] as ActorName] = null;
    await act(async () =>
      actor[1] === "done"
        ? waiting.resolve((event as { output?: unknown }).output)
        : waiting.reject(new Error("unexpected")),
    );
    return;
  }
  if (event.type.startsWith("xstate.after.")) {
    // Longer than the longest pause between looks.
    await act(async () => vi.advanceTimersByTime(jobPollDelay(JOB_POLL_ATTEMPTS)));
    return;
  }
  switch (event.type) {
    case "generate":
      fireEvent.click(batchSection().getByRole("button", { name: TAX_MSG.generate }));
      return;
    case "year.change":
      fireEvent.change(screen.getByLabelText("Financial year"), { target: { value: event.financialYear } });
      return;
    case "poll.retry":
      fireEvent.click(batchSection().getByRole("button", { name: "Try again" }));
      return;
    case "batch.copied":
      // The batch list reads a page holding this batch.
      await act(async () => queryClient.setQueryData(batchesKey, { results: [event.batch as Form16Batch] }));
      return;
    default:
      throw new Error(`no way to perform ${event.type}`);
  }
}

function expectScreenFor(snapshot: ReturnType<ReturnType<typeof model>["step"]>) {
  const { job, error, financialYear } = snapshot.context as Form16BatchContext;
  const state = String(snapshot.value);
  const following = snapshot.hasTag("following") || snapshot.hasTag("busy");
  expect((screen.getByLabelText("Financial year") as HTMLSelectElement).value).toBe(financialYear);
  const button = batchSection().getByRole("button", {
    name: following ? TAX_MSG.generating : TAX_MSG.generate,
  });
  expect((button as HTMLButtonElement).disabled).toBe(following || !snapshot.can({ type: "generate" }));
  if (state === "starting") expect(pending.startBatch?.input).toEqual({ financial_year: financialYear });
  if (state === "checking") expect(pending.fetchJob?.input).toEqual({ id: job!.id });
  const status = batchSection().queryByRole("status");
  const expectedStatus =
    state === "ready"
      ? `${TAX_MSG.batchReady} ${batchOutcome(job!)}`
      : snapshot.hasTag("following")
        ? ` ${batchOutcome(job!)}`
        : null;
  expect(status?.textContent ?? null).toBe(expectedStatus);
  const alert = batchSection().queryByRole("alert");
  expect(alert?.textContent ?? null).toBe(["failed", "refused", "pollFailed"].includes(state) ? error : null);
  expect(batchSection().queryByRole("button", { name: "Try again" }) !== null).toBe(state === "pollFailed");
}

const paths = viewPaths(form16BatchFixture);

describe("the Form 16 PDF screen follows the form16Batch machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(form16BatchFixture, paths);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const machine = model(form16BatchFixture, input);
    renderScreen((input as { financialYear: string }).financialYear);
    expectScreenFor(machine.initial);
    for (const step of steps) {
      await perform(step.event);
      const expected = machine.step(step.event);
      await waitFor(() => expectScreenFor(expected));
    }
  });

  it("offers no Generate to a payout executive", () => {
    user.permissions = ["iftu-executive-dashboard-permission"];
    renderScreen("2025-26");
    expect(screen.queryByRole("button", { name: TAX_MSG.generate })).toBeNull();
  });
});
