/**
 * A machine whose placeholder actors never settle, so only the events sent to it move it: an
 * actor's result comes as its recorded done or error event. The graph tests run their paths on it
 * and the Machines area replays those paths on it.
 */
import { type AnyStateMachine, fromPromise } from "xstate";

const inert = new WeakMap<AnyStateMachine, AnyStateMachine>();

export function inertMachine(machine: AnyStateMachine): AnyStateMachine {
  const known = inert.get(machine);
  if (known) return known;
  const names = Object.keys(machine.implementations.actors ?? {});
  const never = fromPromise(() => new Promise<never>(() => {}));
  const made = machine.provide({ actors: Object.fromEntries(names.map((n) => [n, never])) });
  inert.set(machine, made);
  return made;
}
