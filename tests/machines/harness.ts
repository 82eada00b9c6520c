/**
 * Runs the paths `xstate/graph` generates for a registry entry and records which of the machine's
 * defined transitions they took, so coverage is measured, not assumed.
 */
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromPromise,
  type InspectionEvent,
} from "xstate";
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from "xstate/graph";
import { machineStates, machineTransitions, transitionKey } from "../../src/machines/describe";
import type { MachineEntry } from "../../src/machines/registry";

type Path = {
  state: { value: unknown };
  steps: { event: EventObject; state: { value: unknown; status: string } }[];
};

/** Placeholder actors replaced by ones that never settle: only fixture events drive the machine. */
export function inertMachine(machine: AnyStateMachine): AnyStateMachine {
  const names = Object.keys(machine.implementations.actors ?? {});
  const never = fromPromise(() => new Promise<never>(() => {}));
  return machine.provide({ actors: Object.fromEntries(names.map((n) => [n, never])) });
}

/**
 * The fixtures that can happen in a state: an actor's result only while that actor runs (an unhandled
 * actor error would otherwise stop the machine), a timer only where it is set, user events always.
 */
export function eventsFor(entry: MachineEntry) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    return entry.events.filter((event) => {
      if (snapshot.status !== "active") return false;
      const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
      if (actor) return actor[1]! in snapshot.children;
      if (event.type.startsWith("xstate.after.")) return snapshot.can(event);
      return true;
    });
  };
}

export function generatedPaths(entry: MachineEntry): { kind: string; input: unknown; path: Path }[] {
  const inputs = entry.inputs ?? [undefined];
  const machine = inertMachine(entry.machine);
  return inputs.flatMap((input) => {
    const options = {
      events: eventsFor(entry),
      input,
      serializeState: (snapshot: unknown) => serialize(entry, snapshot),
    };
    const shortest = getShortestPaths(machine, options) as unknown as Path[];
    // Simple paths tell states apart by value only: with context in the key, every order of typing
    // into a form would be a path of its own. Shortest paths keep context, so guards on it are reached.
    const simple = getSimplePaths(machine, {
      ...options,
      serializeState: (snapshot) => JSON.stringify(snapshot.value),
    }) as unknown as Path[];
    return [
      ...shortest.map((path) => ({ kind: "shortest", input, path })),
      ...simple.map((path) => ({ kind: "simple", input, path })),
      ...edgePaths(machine, options, shortest).map((path) => ({ kind: "edge", input, path })),
    ];
  });
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

/** A state's identity for path generation: its value and the part of its context the entry names. */
function serialize(entry: MachineEntry, snapshot: unknown): string {
  const { value, context } = snapshot as { value: unknown; context: never };
  if (entry.contextKey === null) return JSON.stringify(value);
  return JSON.stringify({ value, context: entry.contextKey ? entry.contextKey(context) : context });
}

export type StepCheck = {
  event: string;
  expected: unknown;
  actual: unknown;
  status: string;
  expectedStatus: string;
};

/** Runs one path on a live actor, returning each step's expected and actual state and the transitions taken. */
export function runPath(
  entry: MachineEntry,
  input: unknown,
  path: Path,
): { checks: StepCheck[]; taken: Set<string>; visited: Set<string> } {
  const taken = new Set<string>();
  const visited = new Set<string>();
  const machine = inertMachine(entry.machine);
  const actor = createActor(machine, {
    input,
    inspect: (event: InspectionEvent) => {
      if (event.type === "@xstate.microstep") {
        for (const t of event._transitions) {
          taken.add(transitionKey(t as Parameters<typeof transitionKey>[0]));
          // A transient state (left at once by an eventless transition) is visited as that transition's source.
          visited.add((t as { source: { id: string } }).source.id);
        }
        for (const id of activeIds(machine, (event.snapshot as AnyMachineSnapshot).value)) visited.add(id);
      }
    },
  });
  actor.start();
  const checks: StepCheck[] = [];
  for (const step of path.steps) {
    if (step.event.type === "xstate.init") continue;
    actor.send(step.event);
    const snapshot = actor.getSnapshot();
    checks.push({
      event: step.event.type,
      expected: step.state.value,
      actual: snapshot.value,
      status: snapshot.status,
      expectedStatus: step.state.status,
    });
  }
  actor.stop();
  return { checks, taken, visited };
}

export type Coverage = {
  id: string;
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
  paths: number;
};

export function coverageOf(entry: MachineEntry): { coverage: Coverage; failures: string[] } {
  const defined = machineTransitions(entry.machine).map((t) => t.key);
  const stateIds = machineStates(entry.machine).map((s) => s.id);
  const taken = new Set<string>();
  const reached = new Set<string>();
  const failures: string[] = [];
  const paths = generatedPaths(entry);
  for (const { kind, input, path } of paths) {
    const result = runPath(entry, input, path);
    for (const key of result.taken) taken.add(key);
    for (const check of result.checks) {
      if (
        JSON.stringify(check.actual) !== JSON.stringify(check.expected) ||
        check.status !== check.expectedStatus
      ) {
        failures.push(
          `${kind} path, after ${check.event}: expected ${JSON.stringify(check.expected)} (${check.expectedStatus}), got ${JSON.stringify(check.actual)} (${check.status})`,
        );
      }
    }
    for (const id of result.visited) reached.add(id);
  }
  const missingTransitions = defined.filter((k) => !taken.has(k));
  const missingStates = stateIds.filter((id) => !reached.has(id));
  return {
    coverage: {
      id: entry.id,
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
      paths: paths.length,
    },
    failures,
  };
}

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

export function coverageReport(rows: readonly Coverage[]): string {
  const total = (pick: (c: Coverage) => { covered: number; total: number }) =>
    rows.reduce((acc, c) => ({ covered: acc.covered + pick(c).covered, total: acc.total + pick(c).total }), {
      covered: 0,
      total: 0,
    });
  const states = total((c) => c.states);
  const transitions = total((c) => c.transitions);
  return [
    "# Transition coverage",
    "",
    "Written by the machine graph tests (tests/machines) on every run. Each machine's shortest and simple",
    "paths are generated with `xstate/graph` from the fixtures in src/machines/registry.ts and run on a live",
    "actor; a transition is covered when a path took it. An uncovered transition fails the run.",
    "",
    "| machine | paths run | states covered | transitions covered |",
    "| --- | ---: | ---: | ---: |",
    ...rows.map(
      (c) =>
        `| ${c.id} | ${c.paths} | ${c.states.covered} / ${c.states.total} | ${c.transitions.covered} / ${c.transitions.total} |`,
    ),
    `| **all** | ${rows.reduce((n, c) => n + c.paths, 0)} | ${states.covered} / ${states.total} | ${transitions.covered} / ${transitions.total} |`,
    "",
    ...rows.flatMap((c) =>
      c.transitions.missing.length || c.states.missing.length
        ? [
            `## ${c.id}: not covered`,
            "",
            ...[...c.states.missing, ...c.transitions.missing].map((m) => `- ${m}`),
            "",
          ]
        : [],
    ),
  ].join("\n");
}
