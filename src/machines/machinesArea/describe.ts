/**
 * Reads a machine's structure: its states with descriptions and every transition it defines.
 * Used by the chart generator and by the graph tests' coverage count, so both speak of the same
 * transitions.
 */
import type { AnyStateMachine, AnyStateNode } from "xstate";

export type TransitionInfo = {
  /** Stable, readable identity: "signIn.editing: login.submit → signIn.submitting". */
  key: string;
  source: string;
  event: string;
  guard: string | null;
  targets: string[];
};

export type StateInfo = { id: string; path: string[]; description: string; final: boolean; initial: boolean };

/** Event names as people read them: "login done" rather than "xstate.done.actor.login". */
export function eventLabel(event: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event);
  if (done) return `${done[1]} done`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event);
  if (failed) return `${failed[1]} failed`;
  const after = /^xstate\.after\.([^.]+)\./.exec(event);
  if (after) return `after ${after[1]}`;
  return event;
}

function guardLabel(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === "string") return guard;
  if (typeof guard === "object" && guard !== null && "type" in guard) {
    const { type, params } = guard as { type: string; params?: unknown };
    if (params && typeof params === "object") return `${type} ${Object.values(params).join(" ")}`;
    return type;
  }
  return "inline guard";
}

export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    out.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return out;
}

export function transitionKey(t: {
  source: { id: string };
  eventType: string;
  guard?: unknown;
  target?: ReadonlyArray<{ id: string }>;
}): string {
  const guard = guardLabel(t.guard);
  const targets = t.target?.map((n) => n.id).join(", ") || "(stays)";
  return `${t.source.id}: ${t.eventType || "always"}${guard ? ` [${guard}]` : ""} → ${targets}`;
}

export function machineTransitions(machine: AnyStateMachine): TransitionInfo[] {
  return allStateNodes(machine).flatMap((node) => {
    const defs = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    return defs.map((t) => ({
      key: transitionKey(t),
      source: node.id,
      event: t.eventType || "always",
      guard: guardLabel(t.guard),
      targets: t.target?.map((n: AnyStateNode) => n.id) ?? [],
    }));
  });
}

export function machineStates(machine: AnyStateMachine): StateInfo[] {
  return allStateNodes(machine)
    .filter((n) => n !== machine.root)
    .map((n) => ({
      id: n.id,
      path: n.path,
      description: n.description ?? "",
      final: n.type === "final",
      initial: n.parent?.initial?.target?.some((t: AnyStateNode) => t === n) ?? false,
    }));
}

/** The events a machine names anywhere (outside XState's own actor and timer events), sorted. */
export function machineEvents(machine: AnyStateMachine): string[] {
  const own = machineTransitions(machine)
    .map((t) => t.event)
    .filter((e) => e !== "always" && !e.startsWith("xstate."));
  return [...new Set(own)].sort();
}
