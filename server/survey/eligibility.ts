/** Whether the caller may edit an outlet's answers now (001 §4.2), as the save and Refresh QC data ask it. */
import { offersUpdateActions } from "../../src/domain/actionsConfig";
import { reviewRole } from "../../src/domain/outletReview";
import { answerEditEligible } from "../../src/domain/survey";
import { cachedActionsConfig } from "../outlets/actionsConfigCache";

export function editsAnswersNow(
  permission: string | null,
  outlet: { workflow_state: string; sub_project_type: string },
): boolean {
  const offered = offersUpdateActions(
    { workflow_state: outlet.workflow_state, subProject: outlet.sub_project_type },
    cachedActionsConfig(permission),
  );
  return answerEditEligible(reviewRole(permission), outlet.workflow_state, false, offered);
}
