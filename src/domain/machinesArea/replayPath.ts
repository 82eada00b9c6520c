/**
 * QA's generated paths as the Machines area reads them: each path's events (serialisable, so they
 * can be written to JSON and sent again to a live actor) and, after the start and every step, what
 * the machine's fixture expects. `npm run coverage:machines` writes them; the replay compares a live
 * actor with them step by step.
 */

/**
 * What a step must lead to. Values are canonical JSON texts (`replayText`) kept once per machine in
 * `MachinePaths.texts` and named here by their index, since paths repeat them step after step.
 */
export type StepExpectation = {
  /** The state reached, as a dotted path ("open.loading"); parallel regions joined with " + ". */
  readonly to: string;
  /** Each context field the fixture names, with its expected value. */
  readonly context: Readonly<Record<string, number>>;
  /** Each actor the step starts, with its expected input. */
  readonly invoked: Readonly<Record<string, number>>;
  /** Each side effect the step runs, in order, with its parameters. */
  readonly emitted: readonly { readonly type: string; readonly params: number }[];
};

export type EncodedEvent = { readonly type: string } & Readonly<Record<string, unknown>>;

export type ReplayStep = {
  /** The event sent: its index in `MachinePaths.events`. */
  readonly event: number;
  readonly expect: StepExpectation;
};

export type ReplayPath = {
  readonly id: number;
  /** How xstate/graph generated it: shortest, simple, or one path per edge. */
  readonly kind: string;
  /** The machine's input: its index in `MachinePaths.inputs`. */
  readonly input: number;
  /** What holds at the start, before any event. */
  readonly start: StepExpectation;
  readonly steps: readonly ReplayStep[];
};

/** One machine's stored paths and, per transition key, the ones that take it (shortest first). */
export type MachinePaths = {
  readonly id: string;
  /** How many generated paths the graph tests ran in all; only the few shortest per transition are stored. */
  readonly generated: number;
  /** Every expected value, once. */
  readonly texts: readonly string[];
  /** Every event sent, once, encoded by `encodeReplayValue`. */
  readonly events: readonly EncodedEvent[];
  /** Every input the machine starts with, encoded. */
  readonly inputs: readonly unknown[];
  readonly paths: readonly ReplayPath[];
  readonly byTransition: Readonly<Record<string, readonly number[]>>;
};

/** How many of the paths taking a transition are stored for QA's view (the shortest ones). */
export const PATHS_KEPT_PER_TRANSITION = 5;

type Encoded =
  | null
  | boolean
  | number
  | string
  | Encoded[]
  | { [key: string]: Encoded }
  | { $file: { name: string; type: string; size: number } }
  | { $bytes: number[] }
  | { $error: string }
  | { $actor: string };

const isActorRef = (v: object): v is { id: string } =>
  "sessionId" in v && "send" in v && typeof (v as { send: unknown }).send === "function";

/**
 * A value as JSON can hold it, object keys sorted so equal values read the same: a file by its
 * name, type and size, bytes as their numbers, an error by its message, an actor held in context by
 * its id.
 */
export function encodeReplayValue(value: unknown): Encoded {
  if (value === undefined || value === null) return null;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "function" || typeof value === "symbol") return null;
  if (typeof File !== "undefined" && value instanceof File) {
    return { $file: { name: value.name, type: value.type, size: value.size } };
  }
  if (value instanceof Error) return { $error: value.message };
  // A file's bytes as read (the resource form's chosen file), kept as bytes so the rule reading
  // them sees the same content again.
  if (value instanceof Uint8Array) return { $bytes: [...value] };
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(encodeReplayValue);
  if (isActorRef(value)) return { $actor: value.id };
  if (value instanceof Map) return encodeReplayValue(Object.fromEntries(value));
  if (value instanceof Set) return encodeReplayValue([...value]);
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, encodeReplayValue(v)]));
}

/** The canonical text two values are compared by. */
export const replayText = (value: unknown): string => JSON.stringify(encodeReplayValue(value));

/** An encoded value back as the machine takes it: files and errors rebuilt, the rest as is. */
export function decodeReplayValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeReplayValue);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  if ("$file" in record) {
    const { name, type, size } = record.$file as { name: string; type: string; size: number };
    return new File([new Uint8Array(size)], name, { type });
  }
  if ("$error" in record) return new Error(String(record.$error));
  if ("$bytes" in record) return Uint8Array.from(record.$bytes as number[]);
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, decodeReplayValue(v)]));
}

/** What a live actor did in one step, as the replay observed it. */
export type ObservedStep = {
  readonly state: string;
  readonly context: Readonly<Record<string, unknown>>;
  readonly invoked: Readonly<Record<string, unknown>>;
  readonly emitted: readonly { readonly type: string; readonly params: unknown }[];
};

/** What a step started and ran so far: each actor's input, each side effect with its parameters. */
export type StepEffects = {
  invoked: Record<string, unknown>;
  emitted: { readonly type: string; readonly params: unknown }[];
};

/**
 * Records one action an actor ran (from XState's inspection): a started child by its input, a
 * message sent to another actor, an emitted event, or the machine's own named action; XState's
 * other built-in actions are left out. The graph tests and QA's replay observe steps alike.
 */
export function recordAction(into: StepEffects, action: { type: string; params?: unknown }): void {
  const { type, params } = action;
  if (type === "xstate.spawnChild") {
    const { id, input } = params as { id: string; input: unknown };
    into.invoked[id] = input;
  } else if (type === "xstate.sendTo") {
    const { targetId, event } = params as { targetId: string; event: unknown };
    into.emitted.push({ type: "sendTo", params: { to: targetId, event } });
  } else if (type === "xstate.emit") {
    into.emitted.push({ type: "emit", params: { event: (params as { event: unknown }).event } });
  } else if (!type.startsWith("xstate.")) {
    into.emitted.push({ type, params: params ?? {} });
  }
}

/** The differences between what a step expects and what the live actor did; empty when it matches. */
export function stepProblems(
  texts: readonly string[],
  expected: StepExpectation,
  observed: ObservedStep,
): string[] {
  const problems: string[] = [];
  if (observed.state !== expected.to) problems.push(`reached ${observed.state}, expected ${expected.to}`);
  for (const [field, at] of Object.entries(expected.context)) {
    const text = texts[at];
    const live = replayText(observed.context[field]);
    if (live !== text) problems.push(`context.${field} is ${live}, expected ${text}`);
  }
  for (const id of new Set([...Object.keys(expected.invoked), ...Object.keys(observed.invoked)])) {
    const at = expected.invoked[id];
    const want = at === undefined ? undefined : texts[at];
    if (!(id in observed.invoked)) problems.push(`actor ${id} was not started`);
    else if (want === undefined) problems.push(`actor ${id} started without an expectation`);
    else if (replayText(observed.invoked[id]) !== want) {
      problems.push(`actor ${id} got ${replayText(observed.invoked[id])}, expected ${want}`);
    }
  }
  const ran = observed.emitted.map((e) => `${e.type} ${replayText(e.params ?? {})}`);
  const wanted = expected.emitted.map((e) => `${e.type} ${texts[e.params]}`);
  if (ran.join("\n") !== wanted.join("\n")) {
    problems.push(`ran ${ran.join(", ") || "nothing"}, expected ${wanted.join(", ") || "nothing"}`);
  }
  return problems;
}

/** A state value as a dotted path ("open.loading"); parallel regions joined with " + ". */
export function stateKey(value: unknown): string {
  if (typeof value === "string") return value;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.map(([key, child]) => `${key}.${stateKey(child)}`).join(" + ");
}

/** How long Play waits between two steps, so the chart can be followed. */
export const REPLAY_STEP_MS = 700;

/**
 * What a replayed step means for the replay: a difference stops it, the last step of the path
 * finishes it, any other step waits for the next. `reached` counts the events sent so far (0 at the
 * start), `steps` the path's events.
 */
export function replayVerdict(
  reached: number,
  steps: number,
  problems: readonly string[],
): "mismatch" | "finished" | "matched" {
  if (problems.length > 0) return "mismatch";
  return reached >= steps ? "finished" : "matched";
}
