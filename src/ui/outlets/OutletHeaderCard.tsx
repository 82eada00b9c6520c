/**
 * The outlet header card (spec 001 §2.4): expandable and collapsible, every field with N/A for a
 * missing value, role visibility, the same-names red icon, Similar Outlets, RSA proofs in the
 * shared gallery, and Accept / Reject for a previous address or phone edit.
 */

import { useQuery } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { type ReactNode, useState } from "react";
import type { OutletId } from "../../domain/api/ids";
import { rsaStatusLabel } from "../../domain/ekyc/fieldCapture";
import { outletGalleryPath } from "../../domain/outlets/outletGallery";
import {
  cutNotes,
  displayDateTime,
  hasPendingEdit,
  headerVisibility,
  type OutletReview,
  orNotAvailable,
  type ReviewRole,
  SAME_NAMES,
  showsSimilarOutlets,
  surveyDuration,
  tradeAndLegalNameSame,
} from "../../domain/outlets/outletReview";
import { stateLabel } from "../../domain/outlets/outletStates";
import { similarOutlets } from "../../infra/api/outlets";
import { runApi } from "../../infra/http";
import { modalMachine } from "../../machines/shared/modal";
import { useLiveActorRef } from "../live/liveActors";
import { Badge } from "../widgets/Controls";
import GalleryModal from "../widgets/GalleryModal";
import Modal from "../widgets/Modal";

type Field = [label: string, value: ReactNode];

const place = (lat: number | null, lng: number | null) =>
  lat === null || lng === null ? orNotAvailable(null) : `${lat.toFixed(5)}, ${lng.toFixed(5)}`;

function Fields({ fields }: { fields: readonly Field[] }) {
  return (
    <dl className="outlet-header-fields">
      {fields.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SimilarOutletsTable({ outletId }: { outletId: OutletId }) {
  const list = useQuery({
    queryKey: ["outlets", "similar", outletId],
    queryFn: ({ signal }) => runApi(similarOutlets(outletId), { signal }),
  });
  if (list.isPending) return <p>Loading…</p>;
  if (list.isError) return <p role="alert">The similar outlets could not be loaded.</p>;
  if (list.data.results.length === 0) return <p>No Data Available</p>;
  return (
    <div className="table-scroll">
      <table className="data-table">
        <thead>
          <tr>
            {["RSID", "Outlet ID", "Outlet Name", "Account No.", "GST", "PAN", "Phone Number", "Status"].map(
              (h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {list.data.results.map((o) => (
            <tr key={o.rsid}>
              <td>
                <a
                  href={`/dashboard/list-of-outlets/view/${encodeURIComponent(o.rsid)}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  {o.rsid}
                </a>
              </td>
              <td>{orNotAvailable(o.outlet_id)}</td>
              <td>{orNotAvailable(o.name)}</td>
              <td>{orNotAvailable(o.account_number)}</td>
              <td>{orNotAvailable(o.gst_number)}</td>
              <td>{orNotAvailable(o.pan_number)}</td>
              <td>{orNotAvailable(o.phone_number)}</td>
              <td>{stateLabel(o.workflow_state)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function OutletHeaderCard({
  outlet,
  role,
  mayDecide,
  deciding,
  onDecide,
  updateStatus,
}: {
  outlet: OutletReview;
  role: ReviewRole;
  mayDecide: boolean;
  deciding: boolean;
  onDecide: (action: "accept" | "reject") => void;
  updateStatus: ReactNode;
}) {
  const [expanded, setExpanded] = useState(true);
  const similar = useLiveActorRef(modalMachine, { input: { open: false } });
  const sameNames = useLiveActorRef(modalMachine, { input: { open: false } });
  const proofs = useLiveActorRef(modalMachine, { input: { open: false } });
  const similarOpen = useSelector(similar, (s) => s.value !== "closed");
  const wo = outlet.workflow_object;
  const show = headerVisibility(role);
  const notes = cutNotes(outlet.notes_by_field_auditor);
  const same = tradeAndLegalNameSame(outlet.gst_trade_name, outlet.gst_legal_name);
  const people: Field[] = [
    ["QC Manager", orNotAvailable(wo.assigned_qc_manager?.name)],
    ["QC Executive", orNotAvailable(wo.assigned_qc_executive?.name)],
    ["Calling Manager", orNotAvailable(wo.assigned_calling_manager?.name)],
    ["Calling Executive", orNotAvailable(wo.assigned_calling_executive?.name)],
    ["IFTU Manager", orNotAvailable(wo.assigned_iftu_manager?.name)],
    ["IFTU Executive", orNotAvailable(wo.assigned_iftu_executive?.name)],
    ["Field Manager", orNotAvailable(wo.assigned_field_manager?.name)],
    ["Field Coordinator", orNotAvailable(wo.assigned_field_coordinator?.name)],
    ["Field Auditor", orNotAvailable(wo.assigned_field_auditor?.name)],
  ];
  const fields: Field[] = [
    ["RSID", outlet.rsid],
    ["Outlet ID", outlet.outlet_id],
    ["Workflow Status", stateLabel(outlet.workflow_state)],
    ...(show.qcStatus
      ? ([["QC Status", outlet.qc_display_notes ? "QC reviewed" : "QC pending"]] as Field[])
      : []),
    ["Address", `${outlet.address}, ${outlet.pin}`],
    ["Distributor GST Number", orNotAvailable(outlet.distributor_gst_number)],
    [
      "Trade Name / Legal Name",
      <span key="names">
        {orNotAvailable(outlet.gst_trade_name)} / {orNotAvailable(outlet.gst_legal_name)}
        {same && (
          <button
            type="button"
            className="same-names-icon"
            aria-label={SAME_NAMES}
            title={SAME_NAMES}
            onClick={() => sameNames.send({ type: "modal.open" })}
          >
            !
          </button>
        )}
      </span>,
    ],
    ["Survey Start", displayDateTime(outlet.field_survey_start_datetime)],
    ...(show.surveyEnd
      ? ([["Survey End", displayDateTime(outlet.field_survey_end_datetime)]] as Field[])
      : []),
    ["Start Location", place(outlet.start_latitude, outlet.start_longitude)],
    ["End Location", place(outlet.end_latitude, outlet.end_longitude)],
    ["Duration", surveyDuration(outlet.field_survey_start_datetime, outlet.field_survey_end_datetime)],
    ...(show.locationAccuracy
      ? ([
          [
            "Location Accuracy",
            outlet.location_accuracy === null ? orNotAvailable(null) : `${outlet.location_accuracy} m`,
          ],
        ] as Field[])
      : []),
    ["Uploaded On", displayDateTime(outlet.uploaded_at)],
    [
      "RSA Verification Status",
      <span key="rsa">
        {wo.rsa_verification_status === null
          ? orNotAvailable(null)
          : rsaStatusLabel(wo.rsa_verification_status)}
        {wo.rsa_photo_proofs.length > 0 && (
          <button type="button" className="link-button" onClick={() => proofs.send({ type: "modal.open" })}>
            View photos
          </button>
        )}
      </span>,
    ],
    ["Pre-survey Remark", orNotAvailable(outlet.pre_survey_remark)],
    [
      "Auditor Notes",
      notes.more ? (
        // A click (or Enter) opens the whole note; hovering still shows it as a tooltip.
        <details key="notes" className="read-more">
          <summary title={notes.more}>
            {notes.text} <span className="link-button">Read More</span>
          </summary>
          <p>{notes.more}</p>
        </details>
      ) : (
        notes.text
      ),
    ],
    ["QC Notes", orNotAvailable(outlet.qc_display_notes)],
    [
      "Calling Status",
      stateLabel(outlet.workflow_state).startsWith("Calling")
        ? stateLabel(outlet.workflow_state)
        : orNotAvailable(null),
    ],
    ["Calling Notes", orNotAvailable(wo.calling_display_notes ?? outlet.calling_remarks)],
    ["Client Notes", orNotAvailable(outlet.client_remarks)],
    [
      "Route Plan",
      wo.route_plan_start_date && wo.route_plan_end_date
        ? `${wo.route_plan_start_date} to ${wo.route_plan_end_date}`
        : orNotAvailable(null),
    ],
    ["Source", orNotAvailable(outlet.inbound_source)],
    ["Phone Number 1", orNotAvailable(outlet.phone_number1)],
    ["Phone Number 2", orNotAvailable(outlet.phone_number2)],
    ["Client Phone Number", orNotAvailable(wo.client_given_phone_number)],
  ];
  const pending = hasPendingEdit(outlet);
  return (
    <section className="card outlet-header" aria-labelledby="outlet-header-title">
      <header className="outlet-header-top">
        <div>
          <h1 id="outlet-header-title">{outlet.name}</h1>
          <p className="outlet-header-sub">
            {outlet.rsid} · <Badge>{stateLabel(outlet.workflow_state)}</Badge>
          </p>
        </div>
        <div className="outlet-header-actions">
          {updateStatus}
          {showsSimilarOutlets(outlet.sub_project.type) && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => similar.send({ type: "modal.open" })}
            >
              Similar Outlets - {outlet.similar_outlets_count}
            </button>
          )}
          <a
            className="button button-secondary"
            href={outletGalleryPath(outlet.id)}
            target="_blank"
            rel="noopener"
          >
            All Images
          </a>
          <button
            type="button"
            className="button button-secondary"
            aria-expanded={expanded}
            aria-controls="outlet-header-body"
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? "Collapse" : "Expand"}
          </button>
        </div>
      </header>
      {expanded && (
        <div id="outlet-header-body" className="outlet-header-body">
          {outlet.banner_image ? (
            <img className="outlet-banner" src={outlet.banner_image} alt={`Dealer board of ${outlet.name}`} />
          ) : (
            <p className="outlet-banner-missing">No image found</p>
          )}
          <Fields fields={fields} />
          {pending && (
            <section className="outlet-pending-edit" aria-labelledby="pending-edit-title">
              <h2 id="pending-edit-title">Edited details waiting for a decision</h2>
              <Fields
                fields={[
                  ...(outlet.previous_address !== null
                    ? ([
                        ["Previous Address", outlet.previous_address],
                        ["New Address", outlet.address],
                      ] as Field[])
                    : []),
                  ...(outlet.previous_phone_number1 !== null
                    ? ([
                        ["Previous Phone Number 1", outlet.previous_phone_number1],
                        ["New Phone Number 1", outlet.phone_number1],
                      ] as Field[])
                    : []),
                  ...(outlet.previous_phone_number2 !== null
                    ? ([
                        ["Previous Phone Number 2", outlet.previous_phone_number2],
                        ["New Phone Number 2", orNotAvailable(outlet.phone_number2)],
                      ] as Field[])
                    : []),
                ]}
              />
              {mayDecide && (
                <div className="outlet-pending-actions">
                  <button
                    type="button"
                    className="button"
                    disabled={deciding}
                    onClick={() => onDecide("accept")}
                  >
                    Accept
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={deciding}
                    onClick={() => onDecide("reject")}
                  >
                    Reject
                  </button>
                </div>
              )}
            </section>
          )}
          {show.associatedBy && (
            <section aria-labelledby="associated-by">
              <h2 id="associated-by">Associated By</h2>
              <Fields fields={people} />
            </section>
          )}
        </div>
      )}
      <Modal actor={similar} title="Similar Outlets" width={900}>
        {similarOpen && <SimilarOutletsTable outletId={outlet.id} />}
      </Modal>
      <Modal actor={sameNames} title={SAME_NAMES}>
        <p>
          Trade name: {outlet.gst_trade_name}
          <br />
          Legal name: {outlet.gst_legal_name}
        </p>
      </Modal>
      <GalleryModal
        actor={proofs}
        title="RSA verification photos"
        images={wo.rsa_photo_proofs.map((src, i) => ({
          image: src,
          image_content: `RSA photo proof ${i + 1}`,
        }))}
      />
    </section>
  );
}
