/**
 * The Survey Details (or Calling Details) panel of the outlet review: Refresh QC data for those
 * with edit permission (001 §4.2), run by the outlet review machine, and the survey itself.
 */

import { hasCollectedBills } from "../../domain/invoices/invoiceHeaders";
import type { OutletReview, ReviewRole } from "../../domain/outlets/outletReview";
import { type RequestSummary, savingBlocked } from "../../domain/outlets/retailerRequests";
import { calendarDateAt } from "../../domain/shared/format";
import SurveyDetails from "./SurveyDetails";

export default function SurveyPanel({
  outlet,
  role,
  callingView,
  workflowStateChanged,
  hasUpdateActions,
  retailerRequests,
  refresh,
  onSaved,
}: {
  outlet: OutletReview;
  role: ReviewRole;
  callingView: boolean;
  workflowStateChanged: boolean;
  /** The role's update action list offers the outlet an action (§4.2). */
  hasUpdateActions: boolean;
  /** The outlet's retailer requests: a pending one blocks every save (001 §4.4). */
  retailerRequests: readonly RequestSummary[];
  /** Refresh QC data where the review machine offers it: whether it runs now, and how to ask. */
  refresh: {
    offered: boolean;
    running: boolean;
    /** The outlet is read again or changed: a click now would be lost, so the button waits. */
    busy: boolean;
    start: () => void;
  };
  /** A group's answers were saved, or an answer's check passed: the outlet is read again. */
  onSaved: () => void;
}) {
  const wo = outlet.workflow_object;
  return (
    <>
      {!callingView && refresh.offered && (
        <p className="survey-refresh">
          <button
            type="button"
            className="button button-secondary"
            disabled={refresh.busy || savingBlocked(retailerRequests)}
            onClick={refresh.start}
          >
            {refresh.running ? "Refreshing…" : "Refresh QC data"}
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
        collectedBills={hasCollectedBills(outlet.project)}
        today={calendarDateAt(Date.now())}
        onSaved={onSaved}
        onVerified={onSaved}
      />
    </>
  );
}
