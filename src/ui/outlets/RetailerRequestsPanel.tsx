/**
 * Retailer Edit Requests (spec 001 §2.6, §4.7, §5.6, §8), driven by the retailerRequests machine:
 * the horizontal request list, the selected request's heading, status, date, the Fields / Current
 * Details / New Details table and images, Accept, and Reject with a reason from the server's list.
 */
import { useSelector } from "@xstate/react";
import { useRef } from "react";
import type { ReviewRole } from "../../domain/outlets/outletReview";
import {
  fieldLabel,
  LIST_SCROLL_STEP,
  NO_REQUESTS,
  REASON_PLACEHOLDER,
  REQUEST_FAILED,
  REQUESTS_FAILED,
  raisedOn,
  requestHeading,
  requestImages,
  requestTable,
} from "../../domain/outlets/retailerRequests";
import { mayDecide, retailerRequestsMachine } from "../../machines/outlets/retailerRequests";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import { Spinner } from "../widgets/Controls";
import RequestImages from "./RequestImages";
import { retailerRequestsActors } from "./retailerActors";

type Props = {
  workflowObject: number;
  role: ReviewRole;
  workflowState: string;
  workflowStateChanged: boolean;
  /** The role's update action list offers the outlet an action (001 §4.2). */
  hasUpdateActions: boolean;
  /** A decision changed the outlet: the review screen reads it again. */
  onDecided: () => void;
  actors?: typeof retailerRequestsActors;
};

export default function RetailerRequestsPanel({
  actors = retailerRequestsActors,
  onDecided,
  ...input
}: Props) {
  const notify = useNotify();
  const actor = useLiveActorRef(
    useProvided(retailerRequestsMachine, {
      actors,
      actions: { notifySuccess: (_, { text }) => notify("success", text), requestsChanged: onDecided },
    }),
    { input },
  );
  const state = useSelector(actor, (s) => s);
  const list = useRef<HTMLOListElement>(null);
  const c = state.context;
  const scroll = (direction: 1 | -1) =>
    list.current?.scrollBy({
      left: direction * list.current.clientWidth * LIST_SCROLL_STEP,
      behavior: "smooth",
    });

  if (state.matches("loadingList") && c.requests.length === 0)
    return <Spinner label="Loading the requests" />;
  if (state.matches("listFailed"))
    return (
      <>
        <p role="alert">{REQUESTS_FAILED}</p>
        <button type="button" className="button" onClick={() => actor.send({ type: "retry" })}>
          Try again
        </button>
      </>
    );
  if (state.matches("empty")) return <p>{NO_REQUESTS}</p>;
  const busy = state.hasTag("busy");
  const detail = c.detail;
  const reasons = Object.entries(detail?.qc_rejection_status ?? {});
  return (
    <div className="retailer-requests" aria-busy={busy}>
      <div className="request-strip">
        <button
          type="button"
          className="button button-secondary"
          aria-label="Earlier requests"
          onClick={() => scroll(-1)}
        >
          ‹
        </button>
        <ol ref={list} className="request-list" aria-label="Retailer requests">
          {c.requests.map((r) => (
            <li key={r.retailer_master_request_id}>
              <button
                type="button"
                aria-current={r.retailer_master_request_id === c.selected ? "true" : undefined}
                onClick={() => actor.send({ type: "request.select", id: r.retailer_master_request_id })}
              >
                <span className={`status-dot status-${r.retailer_master_status}`} aria-hidden="true" />
                Request {r.retailer_master_request_id}
                <span className="visually-hidden"> ({r.retailer_master_status})</span>
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button button-secondary"
          aria-label="Later requests"
          onClick={() => scroll(1)}
        >
          ›
        </button>
      </div>
      {state.matches("detailFailed") && (
        <>
          <p role="alert">{REQUEST_FAILED}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: "retry" })}>
            Try again
          </button>
        </>
      )}
      {state.matches("loadingDetail") && <Spinner label="Loading the request" />}
      {detail && !state.matches("loadingDetail") && !state.matches("detailFailed") && (
        <article className="request-detail" aria-label={requestHeading(detail.retailer_request.type)}>
          <h3>{requestHeading(detail.retailer_request.type)}</h3>
          <p className={`request-status status-${detail.retailer_request.status}`}>
            {fieldLabel(detail.retailer_request.status)}
          </p>
          <p>{raisedOn(detail.retailer_request.created)}</p>
          {detail.retailer_request.rejection_reason && (
            <p>
              Rejection reason:{" "}
              {detail.qc_rejection_status[detail.retailer_request.rejection_reason] ??
                detail.retailer_request.rejection_reason}
            </p>
          )}
          <table className="request-table">
            <thead>
              <tr>
                <th scope="col">Fields</th>
                <th scope="col">Current Details</th>
                <th scope="col">New Details</th>
              </tr>
            </thead>
            <tbody>
              {requestTable(detail, detail.retailer_request.type).map((row) => (
                <tr key={row.field} className={row.changed ? "request-changed" : undefined}>
                  <th scope="row">{row.field}</th>
                  <td>{row.current}</td>
                  <td>{row.next}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <RequestImages images={requestImages(detail)} />
          {mayDecide(c) && (
            <div className="request-decision">
              <label>
                Rejection reason
                <select
                  value={c.reason}
                  disabled={busy}
                  onChange={(e) => actor.send({ type: "reason.change", value: e.target.value })}
                >
                  <option value="">{REASON_PLACEHOLDER}</option>
                  {reasons.map(([code, label]) => (
                    <option key={code} value={code}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
              {c.reasonError && (
                <p role="alert" className="field-errors">
                  {c.reasonError}
                </p>
              )}
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => actor.send({ type: "request.accept" })}
              >
                Accept
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => actor.send({ type: "request.reject" })}
              >
                Reject
              </button>
            </div>
          )}
        </article>
      )}
      {c.failure && (
        <div
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="request-failure"
          className="request-failure"
        >
          <h3 id="request-failure">Error</h3>
          <p>{c.failure}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: "failure.close" })}>
            Okay
          </button>
        </div>
      )}
    </div>
  );
}
