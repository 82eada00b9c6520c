/**
 * The reportRun machine's paths, one per transition, driven through the report's Download panel
 * with faked actors and timers; the machine run beside it is the oracle. After each step the panel
 * shows what the state and context say: the chosen format, Export enabled or busy, the preparing
 * notice with the job's progress, the file's link, the reason of a failure and Try again.
 * My Downloads' copy of the job (`job.seen`) is not shown by this panel, so those paths are the
 * machine tests' alone.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromPromise } from "xstate";
import type { ExportJob } from "../../src/domain/downloads/downloads";
import { REPORT_FORMAT_LABELS, RUN_MSG } from "../../src/domain/reports/reports";
import { JOB_POLL_ATTEMPTS, jobPollDelay } from "../../src/domain/uploads/bulkUpload";
import type { ReportRunContext, ReportRunRequest } from "../../src/machines/reports/reportRun";
import ReportRunPanel from "../../src/ui/reports/ReportRunPanel";
import { reportRunFixture } from "../machines/fixtures/reportRun";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown };
type ActorName = "startExport" | "fetchJob";
let pending: Record<ActorName, Deferred | null>;
let queryClient: QueryClient;

const deferred = <O, I>(name: ActorName) =>
  fromPromise<O, I>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        pending[name] = { resolve: resolve as (v: unknown) => void, reject, input };
      }),
  );
const actors = {
  startExport: deferred<ExportJob, ReportRunRequest>("startExport"),
  fetchJob: deferred<ExportJob, { id: number }>("fetchJob"),
};

/** The filters the report shows while the paths run: the request carries them. */
const FILTERS = { program: "Visibility Drive" };

beforeEach(() => {
  pending = { startExport: null, fetchJob: null };
  queryClient = new QueryClient();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// The request the panel sends carries the report's filters: paths requesting others are not the panel's.
const paths = viewPaths(reportRunFixture, {
  kinds: ["shortest", "edge"],
  keep: (p) =>
    p.steps.every(
      (s) =>
        s.event.type !== "job.seen" &&
        (s.event.type !== "request" || JSON.stringify(s.event.filters) === JSON.stringify(FILTERS)),
    ),
});

async function perform(event: ViewStep["event"]): Promise<boolean> {
  const actor = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (actor) {
    const waiting = pending[actor[2] as ActorName];
    if (!waiting) throw new Error(`${actor[2]} is not running`);
    pending[actor[2] as ActorName] = null;
    await act(async () =>
      actor[1] === "done" ? waiting.resolve(event.output) : waiting.reject(new Error("offline")),
    );
    return true;
  }
  if (event.type.startsWith("xstate.after.")) {
    await act(async () => vi.advanceTimersByTime(jobPollDelay(JOB_POLL_ATTEMPTS)));
    return true;
  }
  if (event.type === "format.choose") {
    const radio = screen.getByLabelText(REPORT_FORMAT_LABELS[event.format as "pdf" | "csv"]);
    if ((radio as HTMLInputElement).disabled) return false;
    fireEvent.click(radio);
    return true;
  }
  if (event.type === "request") {
    const button = screen.getByRole("button", { name: /^Export/ });
    if ((button as HTMLButtonElement).disabled) return false;
    fireEvent.click(button);
    return true;
  }
  if (event.type === "poll.retry") {
    const button = screen.queryByRole("button", { name: "Try again" });
    if (button) fireEvent.click(button);
    return button !== null;
  }
  return false;
}

const stateOf = (value: unknown) =>
  typeof value === "string" ? value : Object.entries(value as object).map(([k, v]) => `${k}.${v}`)[0]!;

async function expectScreenFor(snapshot: ReturnType<ReturnType<typeof model>["step"]>) {
  const { format, job, error, filters } = snapshot.context as ReportRunContext;
  const state = stateOf(snapshot.value);
  const busy = state === "requesting" || state === "queued.processing" || state === "queued.checking";
  await waitFor(() => {
    for (const f of ["pdf", "csv"] as const)
      expect((screen.getByLabelText(REPORT_FORMAT_LABELS[f]) as HTMLInputElement).checked).toBe(format === f);
    const button = screen.getByRole("button", { name: /^Export/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(busy);
    expect(button.textContent).toBe(busy ? "Exporting…" : "Export");
    expect(screen.queryByText(RUN_MSG.preparing, { exact: false }) !== null).toBe(busy);
    expect(screen.queryByText(RUN_MSG.ready, { exact: false }) !== null).toBe(state === "ready");
    expect(screen.queryByRole("button", { name: "Try again" }) !== null).toBe(state === "queued.pollFailed");
    if (error === null) expect(screen.queryByRole("alert")).toBeNull();
    else expect(screen.getByRole("alert").textContent).toContain(error);
  });
  if (state === "requesting") expect(pending.startExport?.input).toEqual({ format, filters });
  if (state === "queued.checking") expect(pending.fetchJob?.input).toEqual({ id: job!.id });
  if (busy && job)
    expect((screen.getByLabelText("Export progress") as HTMLProgressElement).value).toBe(job.progress);
  if (state === "ready")
    expect(screen.getByRole("link", { name: `Download ${job!.title}` }).getAttribute("href")).toBe(job!.file);
}

describe("the Download panel follows the reportRun machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(reportRunFixture, paths);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const machine = model(reportRunFixture, input);
    const { format } = input as { format: "pdf" | "csv" | null };
    render(
      <QueryClientProvider client={queryClient}>
        <ReportRunPanel filters={FILTERS} format={format} actors={actors} />
      </QueryClientProvider>,
    );
    await expectScreenFor(machine.initial);
    let last = machine.initial;
    for (const step of steps) {
      const pressed = await perform(step.event);
      const expected = machine.step(step.event);
      // A control the screen does not offer is an event the machine ignores there.
      if (!pressed) expect([expected.value, expected.context]).toEqual([last.value, last.context]);
      await expectScreenFor(expected);
      last = expected;
    }
  });
});
