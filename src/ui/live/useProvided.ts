/**
 * A machine with the screen's implementations, provided once per mounted screen. @xstate/react
 * keeps the logic of the first render, so a machine provided again on each render would keep the
 * first render's callbacks; here every provided action and guard calls the latest render's own.
 * Actors are taken from the first render: they are module constants or a test's fakes.
 */
import { useLayoutEffect, useRef, useState } from "react";
import type { AnyStateMachine } from "xstate";

type Implementations<M extends AnyStateMachine> = Parameters<M["provide"]>[0];
type Callbacks = Record<string, unknown>;

/**
 * Each plain function of `first` replaced by one that calls the latest render's function of that
 * name; XState's own actions (assign, sendTo, ...) carry a `type` and stay as they are.
 */
function through(first: Callbacks | undefined, latest: () => Callbacks | undefined): Callbacks | undefined {
  if (!first) return undefined;
  return Object.fromEntries(
    Object.entries(first).map(([name, impl]) => [
      name,
      typeof impl === "function" && !("type" in impl)
        ? (...args: unknown[]) => (latest()?.[name] as (...a: unknown[]) => unknown)(...args)
        : impl,
    ]),
  );
}

export function useProvided<M extends AnyStateMachine>(machine: M, implementations: Implementations<M>): M {
  const latest = useRef(implementations);
  useLayoutEffect(() => {
    latest.current = implementations;
  });
  const [provided] = useState(() => {
    const first = implementations as Callbacks;
    const read = () => latest.current as Callbacks;
    return machine.provide({
      ...first,
      actions: through(first.actions as Callbacks | undefined, () => read().actions as Callbacks),
      guards: through(first.guards as Callbacks | undefined, () => read().guards as Callbacks),
    } as Implementations<M>) as M;
  });
  return provided;
}
