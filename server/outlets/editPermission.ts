/**
 * Whether the caller may change an outlet's data now (001 §4.2, §6): the domain's `hasEditPermission`
 * with the caller's role, the outlet's current state and whether the caller's update action list
 * offers the outlet an action. Every write of outlet data asks it after locking the outlet row.
 */
import { offersUpdateActions } from "../../src/domain/actionsConfig";
import { hasEditPermission, reviewRole } from "../../src/domain/outletReview";
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
