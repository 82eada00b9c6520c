/**
 * The Survey Details (or Calling Details) panel of the outlet review: Refresh QC data for those
 * who may edit answers, and the survey itself once the actions config says whether the outlet has
 * update actions (§4.2 needs it).
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { offersUpdateActions } from "../../domain/actionsConfig";
import type { OutletReview, ReviewRole } from "../../domain/outletReview";
import { answerEditEligible } from "../../domain/survey";
import { actionsConfigQuery } from "../../infra/api/outlets";
import { refreshQcData } from "../../infra/api/survey";
import { runApi } from "../../infra/http";
import { notify } from "../notifications/notifier";
import { Spinner } from "../widgets/Controls";
import SurveyDetails from "./SurveyDetails";

export default function SurveyPanel({
  outlet,
  role,
  callingView,
  workflowStateChanged,
  savingBlocked,
  onRefreshed,
}: {
  outlet: OutletReview;
  role: ReviewRole;
  callingView: boolean;
  workflowStateChanged: boolean;
  /** A retailer request is pending: nothing may be saved (001 §4.4). */
  savingBlocked: boolean;
  onRefreshed: () => void;
}) {
  const config = useQuery(actionsConfigQuery());
  const [refreshing, setRefreshing] = useState(false);
  if (!config.data) return <Spinner label="Loading the survey" />;
  const wo = outlet.workflow_object;
  const hasUpdateActions = offersUpdateActions(
    { workflow_state: outlet.workflow_state, subProject: outlet.sub_project.type },
    config.data,
  );
  const mayRefresh =
    !callingView && answerEditEligible(role, outlet.workflow_state, workflowStateChanged, hasUpdateActions);
  const refresh = async () => {
    setRefreshing(true);
    try {
      notify("success", (await runApi(refreshQcData(outlet.rsid))).detail);
      onRefreshed();
    } catch {
      // The HTTP layer has shown why.
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <>
      {mayRefresh && (
        <p className="survey-refresh">
          <button
            type="button"
            className="button button-secondary"
            disabled={refreshing || savingBlocked}
            onClick={refresh}
          >
            {refreshing ? "Refreshing…" : "Refresh QC data"}
          </button>
        </p>
      )}
      <SurveyDetails
        workflowObject={wo.id}
        role={role}
        workflowState={outlet.workflow_state}
        typeOfCalling={wo.type_of_calling}
        hasUpdateActions={hasUpdateActions}
        callingView={callingView}
        workflowStateChanged={workflowStateChanged}
        savingBlocked={savingBlocked}
      />
    </>
  );
}
