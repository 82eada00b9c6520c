/**
 * Live mode's view of the actors running on the page, fed by XState's inspection API: an actor
 * created with `{ inspect: liveInspect }` (and every child it invokes) is listed here with its last
 * events. Kept tiny and free of chart code, since the sign-in page carries it.
 */
import type { AnyActorRef, InspectionEvent } from "xstate";

export type LiveEvent = { readonly type: string; readonly event: { type: string } & Record<string, unknown> };

export type LiveActor = {
  readonly ref: AnyActorRef;
  /** The machine's id, as the registry names it. */
  readonly machineId: string;
  readonly parentId: string | null;
  readonly events: readonly LiveEvent[];
  /**
   * Whether the actor was started. React may render a screen and throw the render away (more often
   * on a busy machine); an actor created in such a render is never started nor stopped, and its
   * snapshot reads active for ever, so only started actors are listed as running.
   */
  readonly started: boolean;
};

/** How many of an actor's last events are kept. */
export const LIVE_EVENTS_KEPT = 8;

const actors = new Map<string, LiveActor>();
const listeners = new Set<() => void>();
let version = 0;
let queued = false;

// Inspection runs inside actors' transitions, often during a React render: tell listeners after.
function changed(): void {
  version += 1;
  if (queued) return;
  queued = true;
  queueMicrotask(() => {
    queued = false;
    for (const listener of listeners) listener();
  });
}

const machineIdOf = (ref: AnyActorRef): string | null => {
  const logic = (ref as { logic?: { id?: unknown; root?: unknown } }).logic;
  return logic?.root && typeof logic.id === "string" ? logic.id : null;
};

export function liveInspect(event: InspectionEvent): void {
  if (event.type === "@xstate.actor") {
    // The inspection API types the reference loosely; at creation it is always a full actor.
    const ref = event.actorRef as AnyActorRef;
    const machineId = machineIdOf(ref);
    if (!machineId) return;
    actors.set(ref.sessionId, {
      ref,
      machineId,
      parentId: ref._parent?.sessionId ?? null,
      events: [],
      started: false,
    });
    changed();
  } else if (event.type === "@xstate.event") {
    const found = actors.get(event.actorRef.sessionId);
    if (!found) return;
    // Starting an actor sends it its init event.
    if (event.event.type === "xstate.init") {
      actors.set(found.ref.sessionId, { ...found, started: true });
      changed();
      return;
    }
    if (event.event.type.startsWith("xstate.")) return;
    const events = [{ type: event.event.type, event: event.event }, ...found.events].slice(
      0,
      LIVE_EVENTS_KEPT,
    );
    actors.set(found.ref.sessionId, { ...found, events });
    changed();
  } else if (event.type === "@xstate.snapshot" && actors.has(event.actorRef.sessionId)) {
    changed();
  }
}

/** The actors running, oldest first; stopped ones are forgotten, ones not started yet not listed. */
export function liveActors(): LiveActor[] {
  for (const [id, a] of actors) if (a.ref.getSnapshot().status !== "active") actors.delete(id);
  return [...actors.values()].filter((a) => a.started);
}

export function subscribeLive(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const liveVersion = (): number => version;
