/**
 * Runs the paths `xstate/graph` generates for a machine fixture on a live actor and checks, step
 * by step, what the fixture says must hold: the state reached, the context fields, the inputs of
 * actors started and the side-effect actions run. It also records which of the machine's defined
 * states and transitions the paths took, so coverage is measured, not assumed.
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
import { recordAction, type StepEffects, stateKey } from "../../src/domain/replayPath";
import { machineStates, machineTransitions, transitionKey } from "../../src/machines/describe";
import { inertMachine } from "../../src/machines/inertActors";
import type { Emitted, Expectation, MachineFixture } from "./fixture";

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
    const shortest = getShortestPaths(quiet, options) as unknown as Path[];
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
        ? edgePaths(quiet, options, shortest).map((path) => ({ kind: "edge" as const, input, path }))
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

/**
 * One path per edge of the adjacency map: the shortest path to the edge's source, then the edge.
 * Shortest and simple paths never take loops (a retry after an error, a timer restarted), these do.
 */
function edgePaths(
  machine: AnyStateMachine,
  options: {
    events: (snapshot: AnyMachineSnapshot) => EventObject[];
    input: unknown;
    limit: number;
    serializeState: (snapshot: unknown) => string;
  },
  shortest: readonly Path[],
): Path[] {
  const adjacency = getAdjacencyMap(machine, options) as Record<
    string,
    { state: unknown; transitions: Record<string, { event: unknown; state: unknown }> }
  >;
  const key = options.serializeState;
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

type Observed = StepEffects;

/** Compares what a step did with what the fixture expects; returns the problems and counts the checks. */
function compare(
  expectation: Expectation<AnyStateMachine>,
  before: Record<string, unknown> | null,
  after: AnyMachineSnapshot,
  observed: Observed,
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

type Rule = (step: unknown) => Expectation<AnyStateMachine>;

/** The fixture's rule for an event: by its type, or a timer by its delay's name under `after`. */
function ruleFor(fixture: MachineFixture, type: string): { rule: Rule | undefined; name: string } {
  const steps = fixture.steps as Record<string, Rule> & { after?: Record<string, Rule> };
  const delay = /^xstate\.after\.([^.]+)\./.exec(type)?.[1];
  if (delay !== undefined) return { rule: steps.after?.[delay], name: `after.${delay}` };
  return { rule: steps[type], name: type };
}

/** The names of a fixture's rules, as `ruleFor` reports them used. */
const ruleNames = (fixture: MachineFixture): string[] => {
  const { after, ...byType } = fixture.steps as Record<string, unknown> & { after?: Record<string, unknown> };
  return [...Object.keys(byType), ...Object.keys(after ?? {}).map((delay) => `after.${delay}`)];
};

export type PathRun = {
  failure: string | null;
  checks: PathChecks;
  taken: Set<string>;
  visited: Set<string>;
  rulesUsed: Set<string>;
  /** What the fixture expected at the start and after each step (the event sent beside it). */
  expected: { event: EventObject | null; expectation: Expectation<AnyStateMachine> }[];
};

/** Runs one path on a live actor, checking the fixture's expectations after the start and each step. */
export function runPath(
  fixture: MachineFixture,
  input: unknown,
  path: Path,
  machine = fixture.machine,
): PathRun {
  const taken = new Set<string>();
  const visited = new Set<string>();
  const rulesUsed = new Set<string>();
  const checks: PathChecks = { steps: 0, state: 0, context: 0, output: 0 };
  const expected: PathRun["expected"] = [];
  const quiet = inertMachine(machine);
  let observed: Observed = { invoked: {}, emitted: [] };
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
  const names = path.steps.map((s) => s.event.type).filter((t) => t !== "xstate.init");
  const fail = (where: string, problems: string[]) =>
    `[${names.join(" → ")}] ${where}: ${problems.join("; ")}`;
  let failure: string | null = null;
  try {
    actor.start();
    for (const id of activeIds(quiet, actor.getSnapshot().value)) visited.add(id);
    const initial = fixture.initial(input as never);
    expected.push({ event: null, expectation: initial });
    const start = compare(initial, null, actor.getSnapshot(), observed, checks);
    if (start.length) failure = fail("at start", start);
    for (const [i, step] of path.steps.entries()) {
      if (failure) break;
      if (step.event.type === "xstate.init") continue;
      const snapshot = actor.getSnapshot();
      const from = stateKey(snapshot.value);
      const { rule, name } = ruleFor(fixture, step.event.type);
      if (!rule) {
        failure = fail(`step ${i} (${from}, ${step.event.type})`, ["the fixture has no rule for this event"]);
        break;
      }
      rulesUsed.add(name);
      observed = { invoked: {}, emitted: [] };
      const before = snapshot.context as Record<string, unknown>;
      actor.send(step.event);
      checks.steps++;
      const expectation = rule({ from, event: step.event, context: before, input });
      expected.push({ event: step.event, expectation });
      const problems = compare(expectation, before, actor.getSnapshot(), observed, checks);
      if (problems.length) failure = fail(`step ${i} (${from}, ${step.event.type})`, problems);
    }
  } catch (error) {
    failure = fail("threw", [String(error)]);
  } finally {
    actor.stop();
  }
  return { failure, checks, taken, visited, rulesUsed, expected };
}

export type MachineRun = {
  id: string;
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
  /** For each transition (by key), how many generated paths take it. */
  pathsPerTransition: Record<string, number>;
  paths: number;
  checks: PathChecks;
  /** The fewest context and output checks any one path made. */
  leastPerPath: { context: number; output: number };
  failures: string[];
  unusedRules: string[];
  /** Every path run, with the transitions it took (QA's view stores the shortest ones per transition). */
  runPaths: { path: GeneratedPath; taken: readonly string[] }[];
};

/**
 * Runs every generated path of a fixture (on its machine, or on a variant of it) and sums up what
 * was checked and covered. `stopAtFirstFailure` is for mutants: one failure is enough to catch one.
 */
export function runFixture(
  fixture: MachineFixture,
  machine: AnyStateMachine = fixture.machine,
  options: { stopAtFirstFailure?: boolean; kinds?: readonly GeneratedPath["kind"][] } = {},
): MachineRun {
  const defined = machineTransitions(machine).map((t) => t.key);
  const stateIds = machineStates(machine).map((s) => s.id);
  const taken = new Set<string>();
  const takenBy = new Map<string, number>();
  const reached = new Set<string>();
  const rulesUsed = new Set<string>();
  const failures: string[] = [];
  const checks: PathChecks = { steps: 0, state: 0, context: 0, output: 0 };
  let leastContext = Number.POSITIVE_INFINITY;
  let leastOutput = Number.POSITIVE_INFINITY;
  const paths = generatedPaths(fixture, machine, options.kinds);
  const runPaths: MachineRun["runPaths"] = [];
  for (const generated of paths) {
    const { kind, input, path } = generated;
    const run = runPath(fixture, input, path, machine);
    runPaths.push({ path: generated, taken: [...run.taken] });
    if (run.failure) failures.push(`${kind} path ${run.failure}`);
    if (run.failure && options.stopAtFirstFailure) break;
    for (const key of run.taken) {
      taken.add(key);
      takenBy.set(key, (takenBy.get(key) ?? 0) + 1);
    }
    for (const id of run.visited) reached.add(id);
    for (const rule of run.rulesUsed) rulesUsed.add(rule);
    checks.steps += run.checks.steps;
    checks.state += run.checks.state;
    checks.context += run.checks.context;
    checks.output += run.checks.output;
    leastContext = Math.min(leastContext, run.checks.context);
    leastOutput = Math.min(leastOutput, run.checks.output);
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
    paths: paths.length,
    checks,
    leastPerPath: {
      context: Number.isFinite(leastContext) ? leastContext : 0,
      output: Number.isFinite(leastOutput) ? leastOutput : 0,
    },
    failures,
    unusedRules: ruleNames(fixture).filter((rule) => !rulesUsed.has(rule)),
    runPaths,
  };
}

/** Whether a run is what the suite accepts: no failed check, every state and transition taken. */
export const runPasses = (run: MachineRun): boolean =>
  run.failures.length === 0 &&
  run.unusedRules.length === 0 &&
  run.states.missing.length === 0 &&
  run.transitions.missing.length === 0;

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
