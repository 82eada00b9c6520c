/**
 * The Survey Details (or Calling Details) panel of the outlet review: Refresh QC data for those
 * with edit permission (001 §4.2), and the survey itself.
 */
import { useState } from "react";
import { hasEditPermission, type OutletReview, type ReviewRole } from "../../domain/outletReview";
import { type RequestSummary, savingBlocked } from "../../domain/retailerRequests";
import { refreshQcData } from "../../infra/api/survey";
import { runApi } from "../../infra/http";
import { notify } from "../notifications/notifier";
import SurveyDetails from "./SurveyDetails";

export default function SurveyPanel({
  outlet,
  role,
  callingView,
  workflowStateChanged,
  hasUpdateActions,
  retailerRequests,
  onRefreshed,
}: {
  outlet: OutletReview;
  role: ReviewRole;
  callingView: boolean;
  workflowStateChanged: boolean;
  /** The role's update action list offers the outlet an action (§4.2). */
  hasUpdateActions: boolean;
  /** The outlet's retailer requests: a pending one blocks every save (001 §4.4). */
  retailerRequests: readonly RequestSummary[];
  onRefreshed: () => void;
}) {
  const [refreshing, setRefreshing] = useState(false);
  const wo = outlet.workflow_object;
  const mayRefresh =
    !callingView && hasEditPermission(role, outlet.workflow_state, workflowStateChanged, hasUpdateActions);
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
            disabled={refreshing || savingBlocked(retailerRequests)}
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
        retailerRequests={retailerRequests}
        onVerified={onRefreshed}
      />
    </>
  );
}
