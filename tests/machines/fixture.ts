/**
 * The shape of a machine's test fixture: the events the graph is walked with, and for every step
 * what must hold afterwards (the state reached, context fields, the inputs of actors started, the
 * side-effect actions run). tests/machines/README.md explains how to write one.
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

export type Step<M extends AnyStateMachine, E> = {
  /** The state before the step, as a dotted path. */
  from: string;
  event: E;
  /** The context before the step. */
  context: ContextFrom<M>;
  input: InputFrom<M>;
};

/**
 * Per event type, what the step must lead to (it may look at the state before and the context);
 * timers by their delay's name under `after`.
 */
export type StepRules<M extends AnyStateMachine> = {
  [T in Exclude<FixtureEvent<M>, TimerEvent>["type"]]?: (
    step: Step<M, Extract<FixtureEvent<M>, { type: T }>>,
  ) => Expectation<M>;
} & { after?: Record<string, (step: Step<M, TimerEvent>) => Expectation<M>> };

export type MachineFixture<M extends AnyStateMachine = AnyStateMachine> = {
  id: string;
  machine: M;
  /** Inputs to start from; one traversal per input. */
  inputs?: readonly InputFrom<M>[];
  /** One sample of every event the machine takes, actor results and timers included. */
  events: readonly FixtureEvent<M>[];
  /**
   * Which part of the context tells states apart when paths are generated (default: all of it).
   * `null`: paths follow state values only, for machines whose guards never read context.
   */
  contextKey?: ((context: ContextFrom<M>) => unknown) | null;
  /** What holds when the machine starts (eventless transitions taken at start included). */
  initial: (input: InputFrom<M>) => Expectation<M>;
  /** What holds after each step, by event type. A step without a rule fails the run. */
  steps: StepRules<M>;
};

/** Type-checks a fixture against its machine's own events, input, context and actors. */
export const defineFixture = <M extends AnyStateMachine>(fixture: MachineFixture<M>): MachineFixture => {
  if (Object.keys(fixture.steps).length === 0) throw new Error(`${fixture.id}: a fixture needs step rules`);
  return fixture as unknown as MachineFixture;
};

/**
 * An event handled only in some states: there it leads to `expectation`; anywhere else it is
 * ignored (the state, the context and the side effects stay as they were).
 */
export function handledIn<X extends { to: string }>(
  states: readonly string[],
  from: string,
  expectation: () => X,
): X | { to: string } {
  return states.includes(from) ? expectation() : { to: from };
}
