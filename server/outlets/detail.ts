/** One outlet as the review screen reads it (spec 001 §3), if the caller may see it. */

import type { OutletReview, WorkflowObject } from "../../src/domain/outlets/outletReview";
import { isInternal } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import type { OutletViewer } from "./access";
import { OUTLET_COLUMNS_SQL, OUTLET_JOINS_SQL, toListed } from "./listing";
import { similarOutletsCount } from "./similar";

const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
const instant = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const person = (alias: string, column: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'name', ${alias}.name) END AS ${column}`;
const PEOPLE = [
  ["fm", "assigned_field_manager"],
  ["qm", "assigned_qc_manager"],
  ["ce", "assigned_calling_executive"],
  ["fc", "assigned_field_coordinator"],
  ["qe", "assigned_qc_executive"],
  ["cm", "assigned_calling_manager"],
  ["im", "assigned_iftu_manager"],
  ["ie", "assigned_iftu_executive"],
] as const;

/** The URL the server answers an outlet image at. */
export const outletImageUrl = (rsid: string, id: number) => `/api/outlets/${rsid}/images/${id}/`;

/** The outlet's row and its visibility test: internal staff see all, a client its own organisation's. */
export const VISIBLE_OUTLET_SQL = "o.rsid = $1 AND ($2::boolean OR p.organisation_id = $3)";
export const visibleOutletParams = (viewer: OutletViewer, slug: string) => [
  slug,
  isInternal(viewer.user),
  viewer.user.organisation_id,
];

/**
 * 001 §3 travel_log: the states the workflow object moved to, from the outlet log, newest first (so
 * the first entry is calling_rejected right after a calling rejection, as §3 and §4.1 say it may be).
 */
const TRAVEL_LOG_SQL = `(SELECT coalesce(jsonb_agg(l.to_state ORDER BY l.created DESC, l.id DESC), '[]')
  FROM outlet_logs l WHERE l.outlet_id = o.id AND l.to_state <> l.from_state)`;

export async function outletDetail(
  db: Queryable,
  viewer: OutletViewer,
  slug: string,
): Promise<typeof OutletReview.Encoded | null> {
  const [row] = await db.query<Parameters<typeof toListed>[0] & Record<string, unknown>>(
    `SELECT ${OUTLET_COLUMNS_SQL}, o.address, o.pin, z.name AS zone, t.name AS territory, o.phone, o.gst, o.pan,
       o.phone_number2, o.email, ${day("o.dob")} AS dob, o.bank_account_type, o.gst_trade_name, o.gst_legal_name,
       o.distributor_gst_number, o.distributor_gst_trade_name, o.distributor_gst_legal_name,
       o.distributor_gst_registration_status, o.gst_number_verification_status, o.pan_number_verification_status,
       ${instant("o.survey_start")} AS field_survey_start_datetime, ${instant("o.survey_end")} AS field_survey_end_datetime,
       o.start_latitude, o.start_longitude, o.end_latitude, o.end_longitude, o.location_accuracy,
       ${instant("o.uploaded_at")} AS uploaded_at, o.pre_survey_remark, o.notes_by_field_auditor,
       o.survey_not_done_notes_by_field_auditor, o.qc_display_notes, o.calling_remarks, o.client_remarks,
       o.inbound_source, o.previous_address, o.previous_phone_number1, o.previous_phone_number2,
       po.rsid AS previous_outlet_rsid, bc.name AS bulk_created_by, ba.name AS bulk_approved_by,
       w.id AS wo_id, w.type_of_calling, ${TRAVEL_LOG_SQL} AS travel_log, w.other_config, w.ifsc_code_verification_status,
       ${day("w.route_plan_start_date")} AS route_plan_start_date, ${day("w.route_plan_end_date")} AS route_plan_end_date,
       ${day("w.qc_inbound_date")} AS qc_inbound_date, w.client_payout_month, w.rs_payout_month,
       w.amount_to_pay::text AS amount_to_pay, w.payment_status, ${day("w.payment_date")} AS payment_date,
       w.payment_remarks, w.utr_number, w.bank, w.branch, w.account_number, w.ifsc_code, w.account_holder_name,
       ${PEOPLE.map(([alias, column]) => person(alias, column)).join(", ")},
       ${person("wfa", "assigned_field_auditor")},
       w.rsa_verification_status, w.client_given_phone_number, w.field_survey_mobile_version_number,
       w.calling_display_notes, w.calling_inbound_source_differentiation, w.invoice_file_id,
       p.type AS project_type, s.add_data_on_fly,
       (SELECT count(*)::int FROM invoices inv WHERE inv.workflow_object_id = w.id AND NOT inv.is_complete)
         AS total_no_of_invoice_pending,
       (SELECT coalesce(json_agg(json_build_object('id', i.id, 'kind', i.kind) ORDER BY i.id), '[]')
        FROM outlet_images i WHERE i.outlet_id = o.id) AS images
     ${OUTLET_JOINS_SQL}
     JOIN zones z ON z.id = o.zone_id
     JOIN territories t ON t.id = o.territory_id
     JOIN workflow_objects w ON w.outlet_id = o.id
     ${PEOPLE.map(([alias, column]) => `LEFT JOIN users ${alias} ON ${alias}.id = w.${column}`).join("\n")}
     LEFT JOIN field_auditors wfa ON wfa.id = w.assigned_field_auditor
     LEFT JOIN outlets po ON po.id = o.previous_outlet_id
     LEFT JOIN users bc ON bc.id = o.bulk_created_by
     LEFT JOIN users ba ON ba.id = o.bulk_approved_by
     WHERE ${VISIBLE_OUTLET_SQL}`,
    visibleOutletParams(viewer, slug),
  );
  if (!row) return null;
  type LogRow = Omit<OutletReview["logs"][number], "created"> & { created: Date };
  const logs = await db.query<LogRow>(
    `SELECT l.message, l.created, l.action, l.from_state, l.to_state, l.reasons, l.description,
            coalesce(u.name, 'System') AS by
     FROM outlet_logs l LEFT JOIN users u ON u.id = l.user_id
     WHERE l.outlet_id = $1 ORDER BY l.created DESC, l.id DESC`,
    [row.id],
  );
  // The columns above are typed by the shapes they are copied into.
  const r = row as unknown as Record<
    | keyof OutletReview
    | keyof WorkflowObject
    | "wo_id"
    | "images"
    | "invoice_file_id"
    | "previous_outlet_rsid",
    never
  >;
  const images = r.images as { id: number; kind: string }[];
  const url = (id: number) => outletImageUrl(String(row.rsid), id);
  const banner = images.find((i) => i.kind === "banner");
  const workflowObject: typeof WorkflowObject.Encoded = {
    id: r.wo_id,
    workflow_state: r.workflow_state,
    interim_status: r.interim_status,
    type_of_calling: r.type_of_calling,
    travel_log: r.travel_log,
    other_config: r.other_config,
    ifsc_code_verification_status: r.ifsc_code_verification_status,
    route_plan_start_date: r.route_plan_start_date,
    route_plan_end_date: r.route_plan_end_date,
    qc_inbound_date: r.qc_inbound_date,
    client_payout_month: r.client_payout_month,
    rs_payout_month: r.rs_payout_month,
    amount_to_pay: r.amount_to_pay,
    payment_status: r.payment_status,
    payment_date: r.payment_date,
    payment_remarks: r.payment_remarks,
    utr_number: r.utr_number,
    bank: r.bank,
    branch: r.branch,
    account_number: r.account_number,
    ifsc_code: r.ifsc_code,
    account_holder_name: r.account_holder_name,
    assigned_field_manager: r.assigned_field_manager,
    assigned_qc_manager: r.assigned_qc_manager,
    assigned_calling_executive: r.assigned_calling_executive,
    assigned_field_auditor: r.assigned_field_auditor,
    assigned_field_coordinator: r.assigned_field_coordinator,
    assigned_qc_executive: r.assigned_qc_executive,
    assigned_calling_manager: r.assigned_calling_manager,
    assigned_iftu_manager: r.assigned_iftu_manager,
    assigned_iftu_executive: r.assigned_iftu_executive,
    rsa_verification_status: r.rsa_verification_status,
    rsa_photo_proofs: images.filter((i) => i.kind === "rsa_proof").map((i) => url(i.id)),
    client_given_phone_number: r.client_given_phone_number,
    field_survey_mobile_version_number: r.field_survey_mobile_version_number,
    calling_display_notes: r.calling_display_notes,
    calling_inbound_source_differentiation: r.calling_inbound_source_differentiation,
    invoice_data: r.invoice_file_id === null ? null : { file: `/api/files/${r.invoice_file_id}/invoice` },
  };
  return {
    ...toListed(row),
    address: String(row.address),
    pin: String(row.pin),
    zone: String(row.zone),
    territory: String(row.territory),
    phone: String(row.phone),
    gst: String(row.gst),
    project: {
      ...(row.project as { slug: string; name: string }),
      type: String(row.project_type),
      add_data_on_fly: row.add_data_on_fly === true,
    },
    logs: logs.map((l) => ({ ...l, created: l.created.toISOString() })),
    outlet_id: String(row.id),
    phone_number1: String(row.phone),
    phone_number2: r.phone_number2,
    email: r.email,
    dob: r.dob,
    bank_account_type: r.bank_account_type,
    gst_number: String(row.gst),
    pan_number: String(row.pan),
    gst_trade_name: r.gst_trade_name,
    gst_legal_name: r.gst_legal_name,
    distributor_gst_number: r.distributor_gst_number,
    distributor_gst_trade_name: r.distributor_gst_trade_name,
    distributor_gst_legal_name: r.distributor_gst_legal_name,
    distributor_gst_registration_status: r.distributor_gst_registration_status,
    gst_number_verification_status: r.gst_number_verification_status,
    pan_number_verification_status: r.pan_number_verification_status,
    total_no_of_invoice_pending: Number(r.total_no_of_invoice_pending),
    banner_image: banner ? url(banner.id) : null,
    field_survey_start_datetime: r.field_survey_start_datetime,
    field_survey_end_datetime: r.field_survey_end_datetime,
    start_latitude: r.start_latitude,
    start_longitude: r.start_longitude,
    end_latitude: r.end_latitude,
    end_longitude: r.end_longitude,
    location_accuracy: r.location_accuracy,
    uploaded_at: r.uploaded_at,
    pre_survey_remark: r.pre_survey_remark,
    notes_by_field_auditor: r.notes_by_field_auditor,
    survey_not_done_notes_by_field_auditor: r.survey_not_done_notes_by_field_auditor,
    qc_display_notes: r.qc_display_notes,
    calling_remarks: r.calling_remarks,
    client_remarks: r.client_remarks,
    inbound_source: r.inbound_source,
    previous_address: r.previous_address,
    previous_phone_number1: r.previous_phone_number1,
    previous_phone_number2: r.previous_phone_number2,
    previous_outlet: r.previous_outlet_rsid === null ? null : { outlet_id: r.previous_outlet_rsid },
    bulk_created_by: r.bulk_created_by,
    bulk_approved_by: r.bulk_approved_by,
    similar_outlets_count: await similarOutletsCount(db, viewer, Number(row.id)),
    workflow_object: workflowObject,
  };
}
