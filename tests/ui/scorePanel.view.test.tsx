/**
 * The scorePanel machine's paths, one per transition (the shortest path ending in it), driven
 * through the Score tab with a faked read; the machine run beside it is the oracle. After each step
 * the tab shows what the state and context say: the total over the maximum, each group with its
 * parameters and benchmarks, the recalculation notice, and a failure's text with its FAILED
 * notification. Then one literal look at the sample outlet's tab.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromPromise } from "xstate";
import {
  NO_SCORING_SETUP,
  type OutletScore,
  SCORE_RECALCULATING,
  type ScoreOutcome,
  scoreText,
} from "../../src/domain/survey/scoring";
import type { ScorePanelContext } from "../../src/machines/survey/scorePanel";
import ScorePanel from "../../src/ui/outlets/ScorePanel";
import { SCORE, scorePanelFixture } from "../machines/fixtures/scorePanel";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

const notified = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock("../../src/ui/notifications/useNotify", () => ({
  useNotify:
    () =>
    (...args: unknown[]) =>
      notified.calls.push(args),
}));

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown };
let pending: Deferred | null;
const actors = {
  loadScore: fromPromise<ScoreOutcome, { slug: string }>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        pending = { resolve: resolve as (v: unknown) => void, reject, input };
      }),
  ),
};

beforeEach(() => {
  pending = null;
  notified.calls = [];
});
afterEach(cleanup);

/** One path per transition of the shortest and edge paths. */
const paths = viewPaths(scorePanelFixture, { kinds: ["shortest", "edge"] });

/** Performs an event through the screen; false when the screen offers no control for it. */
async function perform(event: ViewStep["event"]): Promise<boolean> {
  const press = (name: string) => {
    const button = screen.queryByRole("button", { name });
    if (button) fireEvent.click(button);
    return button !== null;
  };
  if (event.type === "retry") return press("Try again");
  if (event.type === "reload") return press("Check again");
  await act(async () => {
    if (event.type.startsWith("xstate.done")) pending?.resolve((event as { output?: unknown }).output);
    else pending?.reject(new Error("offline"));
  });
  return true;
}

const outOf = (score: number, max: number) => `${scoreText(score)} / ${scoreText(max)}`;

function expectGroups(score: OutletScore) {
  for (const group of score.scoring_parameter_groups_data) {
    const section = screen.getByRole("region", { name: group.name });
    expect(within(section).getByText(outOf(group.score, group.max_score))).toBeTruthy();
    const rows = within(section).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual(
      group.parameters.map((p) => p.name),
    );
  }
}

function expectScreenFor(snapshot: ReturnType<ReturnType<typeof model>["step"]>) {
  const { score, detail, slug } = snapshot.context as ScorePanelContext;
  const state = String(snapshot.value);
  if (state === "loading") expect(pending?.input).toEqual({ slug });
  expect(screen.queryByRole("button", { name: "Try again" }) !== null).toBe(state === "failed");
  expect(screen.queryByText("Total score") !== null).toBe(state === "ready");
  if (state === "failed") expect(screen.getByRole("alert").textContent).toContain(detail);
  if (state === "ready" && score) {
    expect(screen.getByText(outOf(score.score, score.max_score))).toBeTruthy();
    expect(screen.queryByText(SCORE_RECALCULATING) !== null).toBe(score.recalculating);
    expectGroups(score);
  }
}

describe("the Score tab follows the scorePanel machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(scorePanelFixture, paths);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const machine = model(scorePanelFixture, input);
    render(<ScorePanel slug={(input as { slug: string }).slug} actors={actors} />);
    expectScreenFor(machine.initial);
    let last = machine.initial;
    let previous = String(machine.initial.value);
    for (const step of steps) {
      const before = notified.calls.length;
      const was = last;
      const pressed = await perform(step.event);
      const expected = machine.step(step.event);
      // A control the screen does not offer is an event the machine ignores there.
      if (!pressed) expect([expected.value, expected.context]).toEqual([was.value, was.context]);
      // Entering failed shows a FAILED notification with the reason, once; nothing else notifies.
      const entered = String(expected.value) === "failed" && previous !== "failed";
      const { detail } = expected.context as ScorePanelContext;
      await waitFor(() => {
        expectScreenFor(expected);
        expect(notified.calls.slice(before)).toEqual(entered ? [["failed", detail]] : []);
      });
      previous = String(expected.value);
      last = expected;
    }
  });
});

describe("the Score tab of a scored outlet", () => {
  it("shows the total, each group with its benchmark, and a parameter short of its benchmark marked", async () => {
    render(<ScorePanel slug="RS000002" actors={actors} />);
    await act(async () => pending?.resolve({ type: "scored", score: SCORE }));
    expect(screen.getByText("32.5 / 45")).toBeTruthy();
    const visibility = screen.getByRole("region", { name: "Visibility" });
    expect(within(visibility).getByText("25 / 30")).toBeTruthy();
    expect(within(visibility).getByText("20 (met)")).toBeTruthy();
    const availability = screen.getByRole("region", { name: "Availability" });
    expect(within(availability).getByText("18 (below)")).toBeTruthy();
    const index = within(availability).getByRole("row", { name: /Availability index/ });
    expect(within(index).getByText("Calculated")).toBeTruthy();
    expect(within(index).getAllByText("2.5 / 5")).toHaveLength(2);
    const board = within(visibility).getByRole("row", { name: /Shop board visible/ });
    expect(within(board).getByText("10 / 10")).toBeTruthy();
    expect(within(board).getByText("20 / 20")).toBeTruthy();
    expect(within(board).getByText("16 (met)")).toBeTruthy();
    const stock = within(availability).getByRole("row", { name: /In stock/ });
    expect(within(stock).getByText("8 (below)")).toBeTruthy();
  });

  it("says when its sub-project has no scoring set up", async () => {
    render(<ScorePanel slug="RS000001" actors={actors} />);
    const none: OutletScore = {
      score: 0,
      max_score: 0,
      scoring_parameter_groups_data: [],
      scored_at: null,
      recalculating: false,
    };
    await act(async () => pending?.resolve({ type: "scored", score: none }));
    await waitFor(() => expect(screen.getByText(NO_SCORING_SETUP)).toBeTruthy());
  });
});
