/**
 * Runs a machine fixture's literal examples on a live actor and checks, step by step, what each
 * says must hold: the state reached, the context fields, the inputs of actors started and the
 * side-effect actions run. It records which of the machine's defined states and transitions the
 * examples took, so coverage is measured, not assumed. It also generates the paths of the fixture's
 * graph (`xstate/graph`), which view tests drive through a screen.
 */
import { isDeepStrictEqual } from "node:util";
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  type InspectionEvent,
} from "xstate";
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from "xstate/graph";
import { recordAction, type StepEffects, stateKey } from "../../src/domain/machinesArea/replayPath";
import { machineStates, machineTransitions, transitionKey } from "../../src/machines/machinesArea/describe";
import { inertMachine } from "../../src/machines/machinesArea/inertActors";
import type { Emitted, Example, Expectation, MachineFixture } from "./fixture";

type Path = {
  state: { value: unknown };
  steps: { event: EventObject; state: { value: unknown; status: string } }[];
};

export type GeneratedPath = { kind: "shortest" | "simple" | "edge"; input: unknown; path: Path };

/**
 * The fixtures that can happen in a state: an actor's result only while that actor runs (an unhandled
 * actor error would otherwise stop the machine), a timer only where it is set, user events always.
 */
export function eventsFor(fixture: MachineFixture) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    return (fixture.events as readonly EventObject[]).filter((event) => {
      if (snapshot.status !== "active") return false;
      const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
      if (actor) return actor[1]! in snapshot.children;
      if (event.type.startsWith("xstate.after.")) return snapshot.can(event);
      return true;
    });
  };
}

/** States explored per traversal; the largest machine here needs a few thousand. */
const TRAVERSAL_LIMIT = 50_000;

/**
 * The paths to run: shortest, simple and edge paths by default; view tests, which render a screen
 * per path, take the shortest ones only.
 */
export function generatedPaths(
  fixture: MachineFixture,
  machine = fixture.machine,
  kinds: readonly GeneratedPath["kind"][] = ["shortest", "simple", "edge"],
): GeneratedPath[] {
  const inputs = fixture.inputs ?? [undefined];
  const quiet = inertMachine(machine);
  return inputs.flatMap((input) => {
    const options = {
      events: eventsFor(fixture),
      input,
      // A planted mistake can make the state space endless (a counter that never stops): fail it.
      limit: TRAVERSAL_LIMIT,
      serializeState: (snapshot: unknown) => serialize(fixture, snapshot),
    };
    const adjacency = getAdjacencyMap(quiet, options) as unknown as Adjacency;
    const shortest = getShortestPaths(
      fromAdjacency(quiet, adjacency, options.serializeState),
      options,
    ) as unknown as Path[];
    // Simple paths tell states apart by value only: with context in the key, every order of typing
    // into a form would be a path of its own. Shortest paths keep context, so guards on it are reached.
    const simple = kinds.includes("simple")
      ? (getSimplePaths(quiet, {
          ...options,
          serializeState: (snapshot) => JSON.stringify(snapshot.value),
        }) as unknown as Path[])
      : [];
    return withoutPrefixes([
      ...shortest.map((path) => ({ kind: "shortest" as const, input, path })),
      ...(kinds.includes("simple") ? simple.map((path) => ({ kind: "simple" as const, input, path })) : []),
      ...(kinds.includes("edge")
        ? edgePaths(adjacency, options.serializeState, shortest).map((path) => ({
            kind: "edge" as const,
            input,
            path,
          }))
        : []),
    ]).filter((p) => kinds.includes(p.kind));
  });
}

/**
 * Drops every path whose events are the start of another path's (or the same as one): the longer
 * path checks the same steps on the same deterministic machine, so nothing is lost.
 */
function withoutPrefixes(paths: GeneratedPath[]): GeneratedPath[] {
  const keyed = paths.map((p) => ({
    p,
    key: p.path.steps.map((s) => JSON.stringify(s.event)).join("\u0000"),
  }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // In sorted order, a key that starts another is followed at once by one it starts.
  return keyed
    .filter(({ key }, i) => {
      const next = keyed[i + 1]?.key;
      return next === undefined || !(next === key || next.startsWith(`${key}\u0000`));
    })
    .map(({ p }) => p);
}

type Adjacency = Record<
  string,
  { state: unknown; transitions: Record<string, { event: unknown; state: unknown }> }
>;

/**
 * The machine with each step read from a traversal already made: getShortestPaths walks the graph
 * again, and the large machines' walks are most of the graph tests' time. xstate's traversal keys
 * events by their JSON, and visits the same first state per key on the same walk.
 */
function fromAdjacency<M extends AnyStateMachine>(
  machine: M,
  adjacency: Adjacency,
  key: (snapshot: unknown) => string,
): M {
  const transition = (snapshot: unknown, event: EventObject) =>
    adjacency[key(snapshot)]!.transitions[JSON.stringify(event)]!.state;
  return Object.create(machine, { transition: { value: transition } }) as M;
}

/**
 * One path per edge of the adjacency map: the shortest path to the edge's source, then the edge.
 * Shortest and simple paths never take loops (a retry after an error, a timer restarted), these do.
 */
function edgePaths(
  adjacency: Adjacency,
  key: (snapshot: unknown) => string,
  shortest: readonly Path[],
): Path[] {
  const toState = new Map(shortest.map((p) => [key(p.state), p]));
  return Object.values(adjacency).flatMap(({ state, transitions }) => {
    const prefix = toState.get(key(state));
    if (!prefix) return [];
    return Object.values(transitions).map(({ event, state: next }) => ({
      state: next as Path["state"],
      steps: [
        ...prefix.steps,
        { event: event as EventObject, state: next as Path["steps"][number]["state"] },
      ],
    }));
  });
}

/** A state's identity for path generation: its value and the part of its context the fixture names. */
function serialize(fixture: MachineFixture, snapshot: unknown): string {
  const { value, context } = snapshot as { value: unknown; context: never };
  if (fixture.contextKey === null) return JSON.stringify(value);
  return JSON.stringify({ value, context: fixture.contextKey ? fixture.contextKey(context) : context });
}

/** What one path checked. */
export type PathChecks = { steps: number; state: number; context: number; output: number };

/** Compares what a step did with what the fixture expects; returns the problems and counts the checks. */
function compare(
  expectation: Expectation<AnyStateMachine>,
  before: Record<string, unknown> | null,
  after: AnyMachineSnapshot,
  observed: StepEffects,
  checks: PathChecks,
): string[] {
  const problems: string[] = [];
  const reached = stateKey(after.value);
  checks.state++;
  if (reached !== expectation.to) problems.push(`reached ${reached}, expected ${expectation.to}`);

  const expectedContext = (expectation.context ?? {}) as Record<string, unknown>;
  const context = after.context as Record<string, unknown>;
  for (const [field, value] of Object.entries(expectedContext)) {
    checks.context++;
    if (!isDeepStrictEqual(context[field], value)) {
      problems.push(`context.${field} is ${show(context[field])}, expected ${show(value)}`);
    }
  }
  if (before) {
    for (const field of Object.keys(context)) {
      if (!(field in expectedContext) && !isDeepStrictEqual(before[field], context[field])) {
        problems.push(`context.${field} changed to ${show(context[field])} without an expectation`);
      }
    }
  }

  const expectedInvoked = (expectation.invoked ?? {}) as Record<string, unknown>;
  for (const id of new Set([...Object.keys(expectedInvoked), ...Object.keys(observed.invoked)])) {
    checks.output++;
    if (!(id in observed.invoked)) problems.push(`actor ${id} was not started`);
    else if (!(id in expectedInvoked)) problems.push(`actor ${id} started without an expectation`);
    else if (!isDeepStrictEqual(observed.invoked[id], expectedInvoked[id])) {
      problems.push(`actor ${id} got ${show(observed.invoked[id])}, expected ${show(expectedInvoked[id])}`);
    }
  }

  const expectedEmitted = expectation.emitted ?? [];
  checks.output += Math.max(expectedEmitted.length, observed.emitted.length);
  const normalise = (list: readonly Emitted[]) => list.map((e) => ({ type: e.type, params: e.params ?? {} }));
  if (!isDeepStrictEqual(normalise(observed.emitted), normalise(expectedEmitted))) {
    problems.push(`emitted ${show(observed.emitted)}, expected ${show(expectedEmitted)}`);
  }
  return problems;
}

function show(value: unknown): string {
  if (value instanceof File) return `File(${value.name})`;
  const text = JSON.stringify(value, (_k, v) => (v instanceof File ? `File(${v.name})` : v));
  return text && text.length > 200 ? `${text.slice(0, 200)}…` : String(text);
}

/** Where a drive stands when it asks what must hold: at the start (no event) or after an event. */
type Moment = { event: EventObject | null; before: Record<string, unknown> | null };
/** What must hold at a moment. */
type Expect = (moment: Moment) => Expectation<AnyStateMachine>;

type Drive = {
  failure: string | null;
  checks: PathChecks;
  taken: Set<string>;
  visited: Set<string>;
  /** What was expected at the start and after each event (the event sent beside it). */
  expected: { event: EventObject | null; expectation: Expectation<AnyStateMachine> }[];
};

/**
 * Sends events to a live actor of the machine (its actors inert, so results come as the events
 * sent) and compares it with `expect` after the start and each event, recording the transitions
 * taken and the states visited. `expect` omitted: nothing is compared (the graph's own walk).
 */
function drive(
  machine: AnyStateMachine,
  input: unknown,
  events: readonly EventObject[],
  expect?: Expect,
): Drive {
  const taken = new Set<string>();
  const visited = new Set<string>();
  const checks: PathChecks = { steps: 0, state: 0, context: 0, output: 0 };
  const expected: Drive["expected"] = [];
  const quiet = inertMachine(machine);
  let observed: StepEffects = { invoked: {}, emitted: [] };
  const actor = createActor(quiet, {
    input,
    inspect: (event: InspectionEvent) => {
      if (event.type === "@xstate.microstep") {
        for (const t of event._transitions) {
          taken.add(transitionKey(t as Parameters<typeof transitionKey>[0]));
          // A transient state (left at once by an eventless transition) is visited as that transition's source.
          visited.add((t as { source: { id: string } }).source.id);
        }
        for (const id of activeIds(quiet, (event.snapshot as AnyMachineSnapshot).value)) visited.add(id);
      }
      if (event.type === "@xstate.action") {
        recordAction(observed, event.action as { type: string; params?: unknown });
      }
    },
  });
  const names = events.map((e) => e.type);
  const fail = (where: string, problems: string[]) =>
    `[${names.join(" → ")}] ${where}: ${problems.join("; ")}`;
  const check = (moment: Moment, where: string): string | null => {
    if (!expect) return null;
    const expectation = expect(moment);
    expected.push({ event: moment.event, expectation });
    const problems = compare(expectation, moment.before, actor.getSnapshot(), observed, checks);
    return problems.length ? fail(where, problems) : null;
  };
  let failure: string | null = null;
  // A machine that throws (a planted mistake can) stops with an error; held here, it fails the drive.
  let thrown: unknown = null;
  actor.subscribe({ error: (error) => (thrown ??= error) });
  try {
    actor.start();
    if (thrown) throw thrown;
    for (const id of activeIds(quiet, actor.getSnapshot().value)) visited.add(id);
    failure = check({ event: null, before: null }, "at start");
    for (const [i, event] of events.entries()) {
      if (failure) break;
      const snapshot = actor.getSnapshot();
      const from = stateKey(snapshot.value);
      observed = { invoked: {}, emitted: [] };
      actor.send(event);
      checks.steps++;
      failure = check(
        { event, before: snapshot.context as Record<string, unknown> },
        `step ${i + 1} (${from}, ${event.type})`,
      );
      if (thrown) throw thrown;
    }
  } catch (error) {
    failure = fail("threw", [String(error)]);
  } finally {
    actor.stop();
  }
  return { failure, checks, taken, visited, expected };
}

/** An example with the examples it goes on from, the first one first. */
export function exampleChain(fixture: MachineFixture, example: Example<AnyStateMachine>) {
  const chain = [example];
  for (let at = example; at.after !== undefined; ) {
    const earlier = fixture.examples.find((e) => e.name === at.after);
    if (!earlier) throw new Error(`${fixture.id}: no example "${at.after}"`);
    chain.unshift(earlier);
    at = earlier;
  }
  return chain;
}

/** Where an example starts and the events it sends, those of the examples it goes on from first. */
export function exampleEvents(fixture: MachineFixture, example: Example<AnyStateMachine>) {
  const chain = exampleChain(fixture, example);
  return {
    input: chain[0]!.input,
    start: chain[0]!.start!,
    steps: chain.flatMap((e) => e.steps),
  };
}

/** Runs one literal example on a live actor of the machine: its start, then each step, checked. */
export function runExample(
  fixture: MachineFixture,
  example: Example<AnyStateMachine>,
  machine: AnyStateMachine = fixture.machine,
): Drive {
  const { input, start, steps } = exampleEvents(fixture, example);
  let next = 0;
  return drive(
    machine,
    input,
    steps.map((s) => s.event as EventObject),
    ({ event }) => (event ? steps[next++]! : start),
  );
}

/** An example run, as QA's stored paths take it. */
export type RunPath = {
  /** "example: " and the example's name. */
  kind: string;
  input: unknown;
  events: readonly EventObject[];
  taken: readonly string[];
  /** What was expected at the start and after each event. */
  expected: Drive["expected"];
};

export type MachineRun = {
  id: string;
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
  /** For each transition (by key), how many examples take it. */
  pathsPerTransition: Record<string, number>;
  /** Examples run. */
  paths: number;
  checks: PathChecks;
  failures: string[];
  /** Every example run, with the transitions it took (QA's view stores the shortest ones per transition). */
  runPaths: RunPath[];
};

/**
 * Runs a fixture's examples on its machine or on a variant of it, and sums up what was checked and
 * covered. `stopAtFirstFailure` is for mutants: one failure is enough to catch one.
 */
export function runFixture(
  fixture: MachineFixture,
  machine: AnyStateMachine = fixture.machine,
  options: { stopAtFirstFailure?: boolean } = {},
): MachineRun {
  const defined = machineTransitions(machine).map((t) => t.key);
  const stateIds = machineStates(machine).map((s) => s.id);
  const taken = new Set<string>();
  const takenBy = new Map<string, number>();
  const reached = new Set<string>();
  const failures: string[] = [];
  const checks: PathChecks = { steps: 0, state: 0, context: 0, output: 0 };
  const runPaths: RunPath[] = [];
  for (const example of fixture.examples) {
    const { input, steps } = exampleEvents(fixture, example);
    const kind = `example: ${example.name}`;
    const run = runExample(fixture, example, machine);
    runPaths.push({
      kind,
      input,
      events: steps.map((s) => s.event as EventObject),
      taken: [...run.taken],
      expected: run.expected,
    });
    if (run.failure) failures.push(`${kind}: ${run.failure}`);
    if (run.failure && options.stopAtFirstFailure) break;
    for (const key of run.taken) {
      taken.add(key);
      takenBy.set(key, (takenBy.get(key) ?? 0) + 1);
    }
    for (const id of run.visited) reached.add(id);
    checks.steps += run.checks.steps;
    checks.state += run.checks.state;
    checks.context += run.checks.context;
    checks.output += run.checks.output;
  }
  const missingTransitions = defined.filter((k) => !taken.has(k));
  const missingStates = stateIds.filter((id) => !reached.has(id));
  return {
    id: fixture.id,
    states: {
      covered: stateIds.length - missingStates.length,
      total: stateIds.length,
      missing: missingStates,
    },
    transitions: {
      covered: defined.length - missingTransitions.length,
      total: defined.length,
      missing: missingTransitions,
    },
    pathsPerTransition: Object.fromEntries(defined.map((k) => [k, takenBy.get(k) ?? 0])),
    paths: fixture.examples.length,
    checks,
    failures,
    runPaths,
  };
}

/**
 * The graph a fixture's events make, walked without expectations (view tests drive its paths
 * through the screen with the machine as the oracle): whether its paths reach every state and
 * transition. Shorter paths go first, and the walk stops once everything is reached.
 */
export function graphWalk(fixture: MachineFixture): { paths: number; missing: string[]; failures: string[] } {
  const states = new Set(machineStates(fixture.machine).map((s) => s.id));
  const transitions = new Set(machineTransitions(fixture.machine).map((t) => t.key));
  const failures: string[] = [];
  const paths = generatedPaths(fixture, fixture.machine, ["shortest", "edge"]).sort(
    (a, b) => a.path.steps.length - b.path.steps.length,
  );
  // Most edge paths repeat a transition of the state values another path took with other context;
  // the paths that take a new one are driven first, the others only while something is missing.
  const firsts = new Set(
    firstPerTransition(
      paths.map((p) => ({
        input: p.input,
        initial: p.path.steps[0]?.state.value,
        steps: p.path.steps.slice(1),
      })),
    ).map(({ index }) => index),
  );
  const ordered = [...paths.filter((_, i) => firsts.has(i)), ...paths.filter((_, i) => !firsts.has(i))];
  for (const { input, path } of ordered) {
    if (states.size + transitions.size === 0) break;
    const events = path.steps.map((s) => s.event).filter((e) => e.type !== "xstate.init");
    const run = drive(fixture.machine, input, events);
    if (run.failure) failures.push(run.failure);
    for (const key of run.taken) transitions.delete(key);
    for (const id of run.visited) states.delete(id);
  }
  return { paths: paths.length, missing: [...states, ...transitions], failures };
}

/**
 * The paths, in the order given, that take a transition of state values (value before, event,
 * value after, per input) that no path before them took, each with its index: one path per
 * transition, for the graph walk and the view tests.
 */
export function firstPerTransition<
  P extends {
    input: unknown;
    initial: unknown;
    steps: readonly { event: { type: string }; state: { value: unknown } }[];
  },
>(paths: readonly P[]): { path: P; index: number }[] {
  const taken = new Set<string>();
  const kept: { path: P; index: number }[] = [];
  paths.forEach((path, index) => {
    let before = JSON.stringify(path.initial);
    const keys = path.steps.map((step) => {
      const after = JSON.stringify(step.state.value);
      const key = `${JSON.stringify(path.input)} ${before} ${step.event.type} ${after}`;
      before = after;
      return key;
    });
    if (keys.some((k) => !taken.has(k))) {
      for (const k of keys) taken.add(k);
      kept.push({ path, index });
    }
  });
  return kept;
}

/** Whether a run is what the suite accepts: no failed check, every state and transition taken. */
export const runPasses = (run: MachineRun): boolean =>
  run.failures.length === 0 && run.states.missing.length === 0 && run.transitions.missing.length === 0;

/** Ids of every state node active in a state value. */
function activeIds(machine: AnyStateMachine, value: unknown): string[] {
  const ids: string[] = [];
  const walk = (prefix: string, v: unknown) => {
    if (typeof v === "string") ids.push(`${prefix}.${v}`);
    else if (v && typeof v === "object") {
      for (const [key, child] of Object.entries(v)) {
        ids.push(`${prefix}.${key}`);
        walk(`${prefix}.${key}`, child);
      }
    }
  };
  walk(machine.root.id, value);
  return ids;
}
