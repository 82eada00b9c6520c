/**
 * Update Status on the outlet review screen (spec 001 §4.5): the button, offered when the outlet's
 * state has actions, goes through the updateStatusGate machine: disabled with its reason while the
 * calling tracker reasons (a calling executive) or the saved answers are incomplete; otherwise the
 * pending retailer request check, then the popup 'There are {n} Pending Retailer Request!' or the
 * bulk status modal for this outlet.
 */
import { type QueryClient, QueryObserver, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { useEffect, useMemo, useRef } from "react";
import { fromCallback } from "xstate";
import { type ActionsConfigResponse, allowedBulkActions } from "../../domain/outlets/actionsConfig";
import { ANSWERS_INCOMPLETE, REASONS_INCOMPLETE } from "../../domain/outlets/calling";
import type { OutletReview, ReviewRole } from "../../domain/outlets/outletReview";
import { pendingRequestsPopup } from "../../domain/outlets/retailerRequests";
import { actionsConfigQuery } from "../../infra/api/outlets";
import { savedAnswersQuery } from "../../infra/api/survey";
import { type BulkStatusInput, bulkStatusUpdateMachine } from "../../machines/outlets/bulkStatusUpdate";
import {
  type GateFacts,
  type UpdateStatusGateEvent,
  updateStatusGateMachine,
} from "../../machines/outlets/updateStatusGate";
import { modalMachine } from "../../machines/shared/modal";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import type { ModalActor } from "../widgets/Modal";
import BulkStatusModal from "./BulkStatusModal";
import { bulkStatusActors } from "./bulkStatusActors";
import type { FollowedTrackers } from "./CallingTrackerPanel";
import { updateStatusGateActors } from "./retailerActors";

/** One Update Status dialog with its own bulk status actor for this outlet; Okay closes it. */
function StatusDialog({
  modal,
  outlets,
  config,
  years,
  onMoved,
}: {
  modal: ModalActor;
  outlets: BulkStatusInput["outlets"];
  config: ActionsConfigResponse;
  years: readonly number[];
  onMoved: () => void;
}) {
  const actor = useLiveActorRef(
    useProvided(bulkStatusUpdateMachine, { actors: bulkStatusActors, actions: { outletsChanged: onMoved } }),
    { input: { outlets, config } },
    (snapshot) => {
      if (snapshot.status === "done") modal.send({ type: "modal.close" });
    },
  );
  return <BulkStatusModal modal={modal} actor={actor} years={years} />;
}

/**
 * The gates' facts as they are read again (a reason saved, answers saved), weighed by the machine:
 * the tracker's phones and the saved answers, from those the gate started with.
 */
const factReads = (
  first: GateFacts,
  trackers: FollowedTrackers,
  queryClient: QueryClient,
  workflowObject: number,
) =>
  fromCallback(({ sendBack }) => {
    const answers = new QueryObserver(queryClient, savedAnswersQuery(workflowObject));
    let last = first;
    const tell = (next: Pick<GateFacts, "trackers" | "savedAnswers">) => {
      if (next.trackers === last.trackers && next.savedAnswers === last.savedAnswers) return;
      last = { ...next, questionGroups: next.savedAnswers?.length ?? 0 };
      sendBack({ type: "facts.change", ...last } satisfies UpdateStatusGateEvent);
    };
    const stopTrackers = trackers.follow((now) => tell({ ...last, trackers: now }));
    const stopAnswers = answers.subscribe((read) => tell({ ...last, savedAnswers: read.data ?? null }));
    tell({ trackers: trackers.current(), savedAnswers: answers.getCurrentResult().data ?? null });
    return () => {
      stopTrackers();
      stopAnswers();
    };
  });

/** Update Status through its gate (§4.5): the pending request check, then the popup or the modal. */
export default function UpdateStatus({
  outlet,
  reviewerRole,
  trackers,
  onMoved,
  actors = updateStatusGateActors,
}: {
  outlet: OutletReview;
  reviewerRole: ReviewRole;
  /** The calling tracker's phones as they are read (a calling executive), or null. */
  trackers: FollowedTrackers;
  onMoved: () => void;
  actors?: typeof updateStatusGateActors;
}) {
  const queryClient = useQueryClient();
  const config = useQuery(actionsConfigQuery());
  const answers = useQuery(savedAnswersQuery(outlet.workflow_object.id));
  const savedAnswers = answers.data ?? null;
  const facts = { trackers: trackers.current(), savedAnswers, questionGroups: savedAnswers?.length ?? 0 };
  const modal = useLiveActorRef(modalMachine, { input: { open: false } }, (snapshot) => {
    if (snapshot.value === "closed") gate.send({ type: "modal.closed" });
  });
  const gate = useLiveActorRef(
    useProvided(updateStatusGateMachine, {
      actors: {
        factReads: factReads(facts, trackers, queryClient, outlet.workflow_object.id),
        ...actors,
      },
      actions: { openStatusModal: () => modal.send({ type: "modal.open" }) },
    }),
    { input: { workflowObject: outlet.workflow_object.id, role: reviewerRole, ...facts } },
  );
  const gateState = useSelector(gate, (s) => s);
  const open = useSelector(modal, (s) => s.value !== "closed");
  const selected = useMemo(
    () => [
      {
        id: outlet.id,
        rsid: outlet.rsid,
        workflow_state: outlet.workflow_state,
        subProject: outlet.sub_project.type,
        version: outlet.version,
      },
    ],
    [outlet],
  );
  const years = useMemo(() => {
    const now = new Date().getFullYear();
    return [now - 1, now, now + 1];
  }, []);
  const offered = config.data ? allowedBulkActions(selected, config.data).length : 0;
  const why = gateState.matches("reasonsIncomplete")
    ? REASONS_INCOMPLETE
    : gateState.matches("answersIncomplete") && savedAnswers !== null
      ? ANSWERS_INCOMPLETE
      : null;
  const gated = gateState.matches("reasonsIncomplete") || gateState.matches("answersIncomplete");
  // When the dialog or the popup closes, focus goes back to the button that opened it.
  const opener = useRef<HTMLButtonElement>(null);
  const showing = open || gateState.matches("pendingPopup");
  const wasShowing = useRef(false);
  useEffect(() => {
    if (wasShowing.current && !showing) opener.current?.focus();
    wasShowing.current = showing;
  }, [showing]);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button"
        disabled={offered === 0 || gated || gateState.hasTag("busy")}
        aria-describedby={why && offered > 0 ? "update-status-why" : undefined}
        onClick={() => gate.send({ type: "status.open" })}
      >
        Update Status
      </button>
      {why && offered > 0 && (
        <span id="update-status-why" className="update-status-why">
          {why}
        </span>
      )}
      {gateState.matches("pendingPopup") && (
        <div
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="pending-popup"
          className="request-failure"
          onKeyDown={(e) => {
            if (e.key === "Escape") gate.send({ type: "popup.close" });
          }}
        >
          <p id="pending-popup">{pendingRequestsPopup(gateState.context.pendingCount)}</p>
          <button
            type="button"
            className="button"
            autoFocus
            onClick={() => gate.send({ type: "popup.close" })}
          >
            Okay
          </button>
        </div>
      )}
      {config.data && open && (
        // Mounted only while open, so each opening starts a fresh bulk status actor.
        <StatusDialog modal={modal} outlets={selected} config={config.data} years={years} onMoved={onMoved} />
      )}
    </>
  );
}
