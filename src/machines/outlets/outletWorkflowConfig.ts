/**
 * Reads the workflow machines for one user: the actions configs the bulk modal shows (spec 000 §3,
 * 001 §6) and the next state of an outlet for an action. The server uses nothing else to decide
 * which action is allowed, so the machines stay the only copy of the transitions.
 */
import { type AnyStateNode, transition } from "xstate";
import type {
  ActionConfig,
  ActionsConfigResponse,
  ExtraDataConfig,
  SpecialActionConfig,
} from "../../domain/outlets/actionsConfig";
import { SUB_PROJECT_KEYS, SUB_PROJECT_TYPES, workflowTypeOf } from "../../domain/outlets/outletStates";
import { type ActionSpec, actionSpec } from "../../domain/outlets/workflowActions";
import { type MoveMeta, OUTLET_WORKFLOWS, type OutletWorkflowEvent } from "./outletWorkflow";

/** The form of an action as the config sends it (reason choices, without the server-only required flag). */
export function extraDataConfig(spec: ActionSpec): ExtraDataConfig {
  return Object.fromEntries(
    Object.entries(spec.extra_data).map(([key, field]) => [
      key,
      { display_name: field.display_name, choices: field.choices },
    ]),
  );
}

type Offered = { action: string; state: string; meta: MoveMeta };

/** Every action each state of a type's machine offers to a user working under `permission`. */
function offeredMoves(type: (typeof SUB_PROJECT_TYPES)[number], permission: string | null): Offered[] {
  const machine = OUTLET_WORKFLOWS[type];
  const out: Offered[] = [];
  for (const node of Object.values(machine.root.states) as AnyStateNode[]) {
    const snapshot = machine.resolveState({ value: node.key });
    for (const [event, transitions] of node.transitions) {
      if (!snapshot.can({ type: event, permission } as OutletWorkflowEvent)) continue;
      out.push({ action: event, state: node.key, meta: (transitions[0]?.meta ?? {}) as MoveMeta });
    }
  }
  return out;
}

/** allowed_user_actions_config and allowed_user_special_actions_config for one user. */
export function actionsConfigFor(permission: string | null): ActionsConfigResponse {
  const actions: Record<string, Record<string, Record<string, ActionConfig>>> = {};
  const special: Record<string, Record<string, SpecialActionConfig>> = {};
  for (const type of SUB_PROJECT_TYPES) {
    for (const { action, state, meta } of offeredMoves(type, permission)) {
      const spec = actionSpec(action);
      if (!spec) continue;
      for (const key of SUB_PROJECT_KEYS[type]) {
        if (meta.special) {
          const group = special[action] ?? {};
          special[action] = group;
          const entry = group[key] ?? {
            allowed_states: [],
            display_name: spec.display_name,
            extra_data: extraDataConfig(spec),
          };
          group[key] = { ...entry, allowed_states: [...entry.allowed_states, state] };
        } else {
          const byState = actions[state] ?? {};
          actions[state] = byState;
          byState[key] = {
            ...byState[key],
            [action]: {
              display_name: spec.display_name,
              extra_data: extraDataConfig(spec),
              other_config: {
                are_multiple_instances_allowed: !meta.individual,
                is_normal_list_updating_allowed: meta.normalList === true,
              },
            },
          };
        }
      }
    }
  }
  return { allowed_user_actions_config: actions, allowed_user_special_actions_config: special };
}

export type NextState =
  | { ok: true; to: string; meta: MoveMeta }
  | { ok: false; reason: "unknownType" | "notAllowed" };

/**
 * Where an outlet of a sub-project type goes from `state` when a user working under `permission`
 * takes `action`, by the machine; not allowed when the state does not offer it to this user.
 */
export function nextState(
  subProjectType: string,
  state: string,
  action: string,
  permission: string | null,
): NextState {
  const type = workflowTypeOf(subProjectType);
  if (!type) return { ok: false, reason: "unknownType" };
  const machine = OUTLET_WORKFLOWS[type];
  const node = machine.root.states[state];
  if (!node || !actionSpec(action)) return { ok: false, reason: "notAllowed" };
  const snapshot = machine.resolveState({ value: state });
  const event = { type: action, permission } as OutletWorkflowEvent;
  if (!snapshot.can(event)) return { ok: false, reason: "notAllowed" };
  const [next] = transition(machine, snapshot, event);
  const meta = (node.transitions.get(action)?.[0]?.meta ?? {}) as MoveMeta;
  return { ok: true, to: String(next.value), meta };
}

/**
 * The shortest run of actions from qc_pending to a state, with the workflow permission that may
 * take each (the demo data writes these as the outlets' logs).
 */
export function pathTo(
  subProjectType: string,
  target: string,
  permissions: readonly string[],
): { action: string; from: string; to: string; permission: string }[] | null {
  const type = workflowTypeOf(subProjectType);
  if (!type) return null;
  type Step = { action: string; from: string; to: string; permission: string };
  const machine = OUTLET_WORKFLOWS[type];
  const start = String(machine.config.initial);
  const seen = new Map<string, Step[]>([[start, []]]);
  const queue = [start];
  while (queue.length > 0) {
    const from = queue.shift()!;
    if (from === target) return seen.get(from)!;
    const node = machine.root.states[from]!;
    for (const action of node.transitions.keys()) {
      for (const permission of permissions) {
        const result = nextState(type, from, action, permission);
        if (!result.ok || seen.has(result.to)) continue;
        seen.set(result.to, [...seen.get(from)!, { action, from, to: result.to, permission }]);
        queue.push(result.to);
      }
    }
  }
  return null;
}

/** The state an outlet of a sub-project type starts in (where recovered outlets are created), or null. */
export function firstWorkflowState(subProjectType: string): string | null {
  const type = workflowTypeOf(subProjectType);
  return type ? String(OUTLET_WORKFLOWS[type].config.initial) : null;
}
