/** Helpers for view tests driven by a machine's generated paths (see tests/machines/README.md). */
import { expect } from "vitest";
import { createActor } from "xstate";
import { inertMachine } from "../../src/machines/machinesArea/inertActors";
import type { MachineFixture } from "../machines/fixture";
import { firstPerTransition, type GeneratedPath, generatedPaths } from "../machines/harness";

export type ViewStep = { event: { type: string; [k: string]: unknown }; state: { value: unknown } };

type ViewPath = { input: unknown; steps: ViewStep[] };

/**
 * The paths a view test drives: of the fixture's generated paths (shortest, and edge paths where a
 * test asks for them) that `keep` accepts, one per transition. Every transition the paths take is
 * driven through the screen once, without driving every path.
 */
export function viewPaths(
  fixture: MachineFixture,
  {
    kinds = ["shortest"],
    keep = () => true,
  }: { kinds?: readonly GeneratedPath["kind"][]; keep?: (path: ViewPath) => boolean } = {},
): ViewPath[] {
  const paths = generatedPaths(fixture, fixture.machine, kinds)
    .map((p) => ({
      input: p.input,
      steps: p.path.steps.filter((s) => s.event.type !== "xstate.init") as unknown as ViewStep[],
    }))
    .filter((p) => p.steps.length > 0 && keep(p));
  const sorted = [...paths].sort((a, b) => a.steps.length - b.steps.length);
  return firstPerTransition(
    sorted.map((p) => ({ ...p, initial: model(fixture, p.input).initial.value })),
  ).map(({ path: { initial: _, ...p } }) => p);
}

/**
 * The machine itself, run beside the screen: after each step its state and context are what the
 * screen must show (a path's own snapshots stand for every state with the same key, not this one).
 */
export function model(fixture: MachineFixture, input?: unknown) {
  const actor = createActor(inertMachine(fixture.machine), { input }).start();
  return {
    initial: actor.getSnapshot(),
    step: (event: ViewStep["event"]) => {
      actor.send(event as never);
      return actor.getSnapshot();
    },
  };
}

/**
 * The paths a view test drives reach every top-level state (the start counts). A state that only
 * chooses where to go (eventless transitions, nothing invoked) is never at rest, so never on screen.
 */
export function expectEveryStateReached(
  fixture: MachineFixture,
  paths: { input: unknown; steps: ViewStep[] }[],
) {
  // A nested state counts as its top-level state.
  const top = (value: unknown) =>
    typeof value === "object" && value !== null ? Object.keys(value)[0]! : String(value);
  const reached = new Set(paths.flatMap((p) => p.steps.map((s) => top(s.state.value))));
  for (const p of paths) reached.add(top(model(fixture, p.input).initial.value));
  const atRest = Object.entries(fixture.machine.root.states)
    .filter(([, node]) => !(node.always && node.invoke.length === 0 && Object.keys(node.on).length === 0))
    .map(([key]) => key);
  expect([...reached].sort()).toEqual(atRest.sort());
}
