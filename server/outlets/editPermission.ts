/**
 * Whether the caller may change an outlet's data now (001 §4.2, §6): the domain's `hasEditPermission`
 * with the caller's role, the outlet's current state and whether the caller's update action list
 * offers the outlet an action. Every write of outlet data asks it after locking the outlet row.
 */
import type { Context } from "hono";
import { offersAnyAction, offersUpdateActions } from "../../src/domain/outlets/actionsConfig";
import { actsOnOutlets, hasEditPermission, reviewRole } from "../../src/domain/outlets/outletReview";
import { FORBIDDEN } from "../auth/guard";
import type { AppDeps, AppEnv } from "../context";
import { Problem } from "../http/problem";
import { type OutletViewer, requireOutletViewer } from "./access";
import { cachedActionsConfig } from "./actionsConfigCache";

export function editsOutletNow(
  permission: string | null,
  outlet: { workflow_state: string; sub_project_type: string },
): boolean {
  const offered = offersUpdateActions(
    { workflow_state: outlet.workflow_state, subProject: outlet.sub_project_type },
    cachedActionsConfig(permission),
  );
  return hasEditPermission(reviewRole(permission), outlet.workflow_state, false, offered);
}

/**
 * The access check of every path that changes outlets (answers, edits, decisions, proof images,
 * status actions), before its input is read: an outlet reader whose role acts on outlets. A
 * view-only role is refused here, whatever it sends; each outlet is then asked `editsOutletNow`.
 */
export async function requireOutletWriter(c: Context<AppEnv>, deps: AppDeps): Promise<OutletViewer> {
  const viewer = await requireOutletViewer(c, deps);
  const permission = viewer.user.considered_workflow_permission;
  if (!permission || !actsOnOutlets(reviewRole(permission), offersAnyAction(cachedActionsConfig(permission))))
    throw new Problem(403, { ...FORBIDDEN });
  return viewer;
}
