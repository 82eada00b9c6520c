/**
 * The only way src/ui creates an actor: the same calls as XState's, with live mode's inspector
 * added, so every screen's machines (and the children they invoke) are listed in live mode without
 * the screen asking. tests/architecture fails on a direct `createActor`, `useMachine` or
 * `useActorRef` elsewhere in src/ui.
 */
import { useActorRef, useMachine } from "@xstate/react";
import {
  type ActorOptions,
  type AnyActorLogic,
  type AnyStateMachine,
  createActor,
  type InspectionEvent,
  type Observer,
} from "xstate";
import { liveInspect } from "./liveInspector";

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined;

/** Live mode's inspector beside the caller's own, if it has one (the replay watches its actor). */
function withLive<O>(options: O): O {
  const own = (options as ActorOptions<AnyActorLogic> | undefined)?.inspect as Inspect;
  const inspect = own
    ? (event: InspectionEvent) => {
        liveInspect(event);
        if (typeof own === "function") own(event);
        else own.next?.(event);
      }
    : liveInspect;
  return { ...(options ?? {}), inspect } as O;
}

export const createLiveActor = ((logic: AnyActorLogic, options?: ActorOptions<AnyActorLogic>) =>
  createActor(logic, withLive(options))) as typeof createActor;

export const useLiveMachine = ((machine: AnyStateMachine, options?: ActorOptions<AnyStateMachine>) =>
  useMachine(machine, withLive(options))) as typeof useMachine;

export const useLiveActorRef = ((
  logic: AnyActorLogic,
  options?: ActorOptions<AnyActorLogic>,
  observer?: (snapshot: unknown) => void,
) => useActorRef(logic, withLive(options), observer)) as typeof useActorRef;
