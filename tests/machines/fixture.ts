/**
 * The shape of a machine's test fixture: the events its graph is walked with (the paths view tests
 * drive through a screen), and literal examples from the spec: events sent from a start, and after
 * each one the state reached, the context fields changed, the inputs of actors started and the
 * side-effect actions run. tests/machines/README.md explains how to write one.
 */
import type {
  AnyStateMachine,
  ContextFrom,
  EventFromLogic,
  InputFrom,
  OutputFrom,
  ProvidedActor,
  StateMachine,
} from "xstate";

/** The actors a machine declares in `setup({ actors })`, as `{ src, logic }` pairs. */
type ActorsOf<M> =
  M extends StateMachine<
    // biome-ignore lint/suspicious/noExplicitAny: only the actor parameter is read
    any,
    // biome-ignore lint/suspicious/noExplicitAny: only the actor parameter is read
    any,
    // biome-ignore lint/suspicious/noExplicitAny: only the actor parameter is read
    any,
    infer A,
    // biome-ignore lint/suspicious/noExplicitAny: only the actor parameter is read
    any,
    // biome-ignore lint/suspicious/noExplicitAny: only the actor parameter is read
    any,
    // biome-ignore lint/suspicious/noExplicitAny: only the actor parameter is read
    any,
    // biome-ignore lint/suspicious/noExplicitAny: only the actor parameter is read
    any,
    // biome-ignore lint/suspicious/noExplicitAny: only the actor parameter is read
    any,
    // biome-ignore lint/suspicious/noExplicitAny: only the actor parameter is read
    any,
    // biome-ignore lint/suspicious/noExplicitAny: only the actor parameter is read
    any,
    // biome-ignore lint/suspicious/noExplicitAny: only the actor parameter is read
    any,
    // biome-ignore lint/suspicious/noExplicitAny: only the actor parameter is read
    any,
    // biome-ignore lint/suspicious/noExplicitAny: only the actor parameter is read
    any
  >
    ? A extends ProvidedActor
      ? A
      : never
    : never;

/** Actor names of a machine (each machine here invokes an actor under its own name). */
export type ActorName<M> = ActorsOf<M>["src"];
type LogicOf<M, S> = Extract<ActorsOf<M>, { src: S }>["logic"];

/** An invoked actor finishing with the output its own logic declares. */
export type DoneEvent<M, S extends string = ActorName<M>> =
  S extends ActorName<M> ? { type: `xstate.done.actor.${S}`; output: OutputFrom<LogicOf<M, S>> } : never;
/** An invoked actor failing unexpectedly (network, server error). */
export type ErrorEvent<M, S = ActorName<M>> = S extends string
  ? { type: `xstate.error.actor.${S}`; error: unknown }
  : never;
/** A delayed transition's timer firing; built by `timers`, never spelled by hand. */
export type TimerEvent = { type: `xstate.after.${string}` };

export type FixtureEvent<M extends AnyStateMachine> =
  | EventFromLogic<M>
  | DoneEvent<M>
  | ErrorEvent<M>
  | TimerEvent;

export const done = <M extends AnyStateMachine, S extends ActorName<M>>(
  _machine: M,
  actor: S,
  output: OutputFrom<LogicOf<M, S>>,
): DoneEvent<M, S> => ({ type: `xstate.done.actor.${actor}`, output }) as DoneEvent<M, S>;

export const failed = <M extends AnyStateMachine>(_machine: M, actor: ActorName<M>): ErrorEvent<M> =>
  ({ type: `xstate.error.actor.${actor}`, error: new Error("unexpected") }) as ErrorEvent<M>;

/** The one timer event of a state's delayed transition (by the state's path), read from the machine. */
export function timer(machine: AnyStateMachine, statePath: string): TimerEvent {
  const [only, ...more] = timers(machine, statePath);
  if (more.length > 0)
    throw new Error(`${machine.id}.${statePath} has ${more.length + 1} timers: use timers()`);
  return only!;
}

/** The timer events of the delayed transitions of a state (by its path, e.g. "shown"), read from the machine. */
export function timers(machine: AnyStateMachine, statePath: string): TimerEvent[] {
  const node = machine.getStateNodeById(`${machine.id}.${statePath}`);
  const types = [...new Set(node.after.map((t) => t.eventType))];
  if (types.length === 0) throw new Error(`${machine.id}.${statePath} has no delayed transition`);
  return types.map((type) => ({ type }) as TimerEvent);
}

/** The inputs of actors started by a step, by actor name. */
export type Invoked<M> = { [S in ActorName<M>]?: InputFrom<LogicOf<M, S>> };

/**
 * A side-effect action (not an assign) the machine runs, with its parameters. An event sent to
 * another actor is `{ type: "sendTo", params: { to: actorId, event } }`; an emitted event is
 * `{ type: "emit", params: { event } }`.
 */
export type Emitted = { type: string; params?: unknown };

/** What must hold after a step. */
export type Expectation<M extends AnyStateMachine> = {
  /** The state reached, as a dotted path of state keys ("processing", "open.loading"). */
  to: string;
  /** Context fields after the step. Every field the step changes must be listed here. */
  context?: Partial<ContextFrom<M>>;
  /** Every actor the step starts, with the input it must receive. */
  invoked?: Invoked<M>;
  /** Every side-effect action the step runs, in order, with its parameters. */
  emitted?: readonly Emitted[];
};

/** One step of an example: the event sent, and what must hold after it, every value a literal. */
export type ExampleStep<M extends AnyStateMachine> = { event: FixtureEvent<M> } & Expectation<M>;

/**
 * A literal example from the spec. It starts a fresh actor (with `input`, checking `start`), or
 * goes on from where an earlier example of the fixture ended (`after`, by name), so a long story is
 * told once.
 */
export type Example<M extends AnyStateMachine> = {
  /** What it shows, in the spec's words; unique within the fixture. */
  name: string;
  steps: readonly ExampleStep<M>[];
} & (
  | { input?: InputFrom<M>; start: Expectation<M>; after?: never }
  | { after: string; input?: never; start?: never }
);

export type MachineFixture<M extends AnyStateMachine = AnyStateMachine> = {
  id: string;
  machine: M;
  /** Inputs the graph is walked from; one traversal per input. */
  inputs?: readonly InputFrom<M>[];
  /** One sample of every event the machine takes, actor results and timers included: the graph's events. */
  events: readonly FixtureEvent<M>[];
  /**
   * Which part of the context tells states apart when paths are generated (default: all of it).
   * `null`: paths follow state values only, for machines whose guards never read context.
   */
  contextKey?: ((context: ContextFrom<M>) => unknown) | null;
  /** The literal examples the machine is checked with. */
  examples: readonly Example<M>[];
};

/** Type-checks a fixture against its machine's own events, input, context and actors. */
export function defineFixture<M extends AnyStateMachine>(fixture: MachineFixture<M>): MachineFixture {
  if (fixture.examples.length === 0) throw new Error(`${fixture.id}: a fixture needs examples`);
  // Example names are unique and each `after` names an earlier example.
  const seen = new Set<string>();
  for (const example of fixture.examples) {
    if (seen.has(example.name)) throw new Error(`${fixture.id}: two examples named "${example.name}"`);
    if (example.after !== undefined && !seen.has(example.after)) {
      throw new Error(
        `${fixture.id}: "${example.name}" goes on after "${example.after}", not an earlier example`,
      );
    }
    seen.add(example.name);
  }
  return fixture as unknown as MachineFixture;
}
