/**
 * The pathReplay machine's generated shortest paths, driven through the Machines area's QA view of
 * one machine (openWith, with its stored paths): a path is chosen with its Replay button, Step, Play,
 * Pause and Reset are clicked, and each step's result is settled by the test (matched, differing or
 * failing), with Play's pause on the clock. After each step the replay shown (heading, buttons
 * offered, status, differences listed) must be what the machine run beside the screen reached.
 */
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type MachinePaths, REPLAY_STEP_MS } from "../../src/domain/machinesArea/replayPath";
import type { ReplayStepInput, ReplayStepOutput } from "../../src/machines/machinesArea/pathReplay";
import { MachineQa } from "../../src/ui/machines/MachinesScreen";
import { catalogueEntry } from "../../src/ui/machines/machineCatalogue";
import { openWithFixture } from "../machines/fixtures/openWith";
import { pathReplayFixture } from "../machines/fixtures/pathReplay";
import { machinePaths } from "../machines/qa-paths";
import { model, viewPaths } from "./machinePaths";

// Play's pause runs on a clock the test moves: on a real one, a busy machine could let the pause end
// between a step and its check, and the screen would be a step ahead of the machine beside it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// The paths the build generates for the Machines area.
const stored: MachinePaths = machinePaths(openWithFixture);
/** The shortest paths, and the edge paths: only they pause, reset, fail and wait out Play's pause. */
const paths = viewPaths(pathReplayFixture, { kinds: ["shortest", "edge"] });
const topState = (value: unknown) => (typeof value === "string" ? value : Object.keys(value as object)[0]!);
const found = catalogueEntry("openWith")!;

/** A replayer whose steps the test settles, recording what each was asked to apply. */
function fakeReplayer() {
  const calls: ReplayStepInput[] = [];
  let pending: { resolve: (o: ReplayStepOutput) => void; reject: (e: unknown) => void } | null = null;
  const replayer = {
    apply: (input: ReplayStepInput) => {
      calls.push(input);
      return new Promise<ReplayStepOutput>((resolve, reject) => {
        pending = { resolve, reject };
      });
    },
    actor: () => null,
    stop: () => {},
  };
  return {
    calls,
    replayerOf: () => replayer,
    settle: (output: ReplayStepOutput) => pending?.resolve(output),
    fail: () => pending?.reject(new Error("unexpected")),
  };
}

const settled = () => act(() => vi.advanceTimersByTimeAsync(0));

function open(details: HTMLElement) {
  if ((details as HTMLDetailsElement).open) return;
  (details as HTMLDetailsElement).open = true;
  fireEvent(details, new Event("toggle"));
}

/** Opens every transition, then the path's own details, and presses its Replay button. */
function choosePath(id: number) {
  const list = screen.getByRole("list", { name: "Paths per transition" });
  for (const details of list.querySelectorAll<HTMLElement>(":scope > li > details")) open(details);
  const summary = screen.getAllByText((text) => text.startsWith(`Path ${id} (`))[0]!;
  open(summary.closest("details")!);
  fireEvent.click(screen.getAllByRole("button", { name: `Replay path ${id}` })[0]!);
}

const BUTTONS = { step: "Step", play: "Play", pause: "Pause", reset: "Reset" } as const;

describe("QA's replay in the Machines area follows the pathReplay machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => topState(s.state.value))));
    expect([...reached.add("idle")].sort()).toEqual(
      Object.keys(pathReplayFixture.machine.root.states).sort(),
    );
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))(
    "%s",
    async (_name, { steps }) => {
      const fake = fakeReplayer();
      render(
        <MachineQa
          found={found}
          chart={null}
          stored={stored}
          pathsMissing={false}
          replayerOf={fake.replayerOf}
        />,
      );
      const machine = model(pathReplayFixture);
      let snapshot = machine.initial;
      for (const step of steps) {
        const event = step.event as { type: string; steps?: number; output?: ReplayStepOutput };
        let sent: { type: string } = event;
        if (event.type === "path.choose") {
          // A stored path as long as the fixture's sample, chosen on screen.
          const path = stored.paths.find((p) => p.steps.length === event.steps)!;
          sent = { type: "path.choose", path: path.id, steps: path.steps.length } as { type: string };
          choosePath(path.id);
        } else if (event.type in BUTTONS) {
          // Before a path is chosen there are no controls: the machine ignores them there too.
          const button = screen.queryByRole("button", { name: BUTTONS[event.type as keyof typeof BUTTONS] });
          if (button && !(button as HTMLButtonElement).disabled) fireEvent.click(button);
        } else if (event.type === "xstate.done.actor.applyStep") {
          fake.settle(event.output!);
        } else if (event.type === "xstate.error.actor.applyStep") {
          fake.fail();
        } else {
          await act(() => vi.advanceTimersByTimeAsync(REPLAY_STEP_MS));
        }
        await settled();
        snapshot = machine.step(sent as never);
        const { path, position, failedAt, problems } = snapshot.context;
        const state =
          typeof snapshot.value === "string" ? snapshot.value : `playing.${snapshot.value.playing}`;
        const region = screen.queryByRole("region", { name: /^Replaying path/ });
        if (state === "idle") {
          expect(region).toBeNull();
          continue;
        }
        expect(region?.querySelector("h3")?.textContent).toMatch(new RegExp(`^Replaying path ${path}:`));
        for (const [type, name] of Object.entries(BUTTONS)) {
          const button = screen.getByRole("button", { name }) as HTMLButtonElement;
          expect(button.disabled, `${name} in ${state}`).toBe(!snapshot.can({ type } as never));
        }
        const status = screen.getByRole("status").textContent ?? "";
        if (state === "finished") expect(status).toMatch(/^Finished/);
        else if (state === "mismatch") {
          expect(status).toBe(
            failedAt === 0 ? "The start differs from the path." : `Step ${failedAt} differs from the path.`,
          );
          for (const problem of problems) expect(screen.getByText(problem)).toBeTruthy();
        } else if (state === "ready") {
          expect(status).toMatch(position === 0 ? /^The start matched/ : new RegExp(`^Step ${position} of`));
        } else if (state === "stepping" || state === "playing.applying") {
          // Applying a step: the replayer was asked for the next position of the chosen path.
          expect(fake.calls.at(-1)).toEqual({ path, position: position + 1 });
        }
      }
    },
    20_000,
  );
});
