/**
 * QA's paths for the Machines area, one per machine (loaded only when that machine is opened): per
 * transition the shortest examples that take it, each with its events and what the example expects
 * at the start and after every step. Generated when the client is built
 * (scripts/machine-paths-plugin.ts), never stored in src/.
 */
import type { AnyStateMachine } from "xstate";
import {
  type EncodedEvent,
  encodeReplayValue,
  type MachinePaths,
  PATHS_KEPT_PER_TRANSITION,
  type ReplayPath,
  replayText,
  type StepExpectation,
} from "../../src/domain/machinesArea/replayPath";
import { machineTransitions } from "../../src/machines/machinesArea/describe";
import type { Expectation, MachineFixture } from "./fixture";
import { machineFixtures } from "./fixtures";
import { runOf } from "./results";

/** A list that holds each distinct value once; `at` gives a value's index, adding it if new. */
function interned<T>(key: (value: T) => string) {
  const list: T[] = [];
  const index = new Map<string, number>();
  const at = (value: T): number => {
    const k = key(value);
    const known = index.get(k);
    if (known !== undefined) return known;
    list.push(value);
    index.set(k, list.length - 1);
    return list.length - 1;
  };
  return { list, at };
}

/** One machine's stored paths: the few shortest per transition, each recorded once. */
export function machinePaths(fixture: MachineFixture): MachinePaths {
  const run = runOf(fixture);
  const chosen: number[] = [];
  const byTransition: Record<string, number[]> = {};
  const byLength = run.runPaths
    .map((p, index) => ({ index, length: p.events.length, taken: new Set(p.taken) }))
    .sort((a, b) => a.length - b.length || a.index - b.index);
  for (const { key } of machineTransitions(fixture.machine)) {
    const taking = byLength.filter((p) => p.taken.has(key)).slice(0, PATHS_KEPT_PER_TRANSITION);
    byTransition[key] = taking.map(({ index }) => {
      const known = chosen.indexOf(index);
      if (known >= 0) return known;
      chosen.push(index);
      return chosen.length - 1;
    });
  }
  const texts = interned<string>((text) => text);
  const events = interned<EncodedEvent>((event) => JSON.stringify(event));
  const inputs = interned<unknown>((input) => JSON.stringify(input));
  const expectation = (expected: Expectation<AnyStateMachine>): StepExpectation => ({
    to: expected.to,
    context: Object.fromEntries(
      Object.entries(expected.context ?? {}).map(([field, value]) => [field, texts.at(replayText(value))]),
    ),
    invoked: Object.fromEntries(
      Object.entries(expected.invoked ?? {}).map(([id, input]) => [id, texts.at(replayText(input))]),
    ),
    emitted: (expected.emitted ?? []).map((e) => ({
      type: e.type,
      params: texts.at(replayText(e.params ?? {})),
    })),
  });
  const paths: ReplayPath[] = chosen.map((index, id) => {
    const { kind, input, expected } = run.runPaths[index]!;
    const [start, ...steps] = expected;
    return {
      id,
      kind,
      input: inputs.at(encodeReplayValue(input)),
      start: expectation(start!.expectation),
      steps: steps.map((step) => ({
        event: events.at(encodeReplayValue(step.event) as EncodedEvent),
        expect: expectation(step.expectation),
      })),
    };
  });
  return {
    id: fixture.id,
    generated: run.paths,
    texts: texts.list,
    events: events.list,
    inputs: inputs.list,
    paths,
    byTransition,
  };
}

/** Each machine's file under QA_PATHS_DIR with the text it must hold. */
/** Every machine's paths as the JSON the Machines area loads, by machine id. */
export function qaPathFiles(fixtures: readonly MachineFixture[] = machineFixtures) {
  return fixtures.map((f) => ({ id: f.id, text: JSON.stringify(machinePaths(f)) }));
}
