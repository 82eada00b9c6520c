/**
 * The outlet review side of the demo data (docs/demo-data.md): the header card's fields, each
 * outlet's workflow object, dealer board and RSA proof images made here (no external URLs), and the
 * header-card scenarios on fixed outlets. Set with a few statements over all outlets, so a 100,000
 * outlet data set loads as fast as before.
 */
import { teamSubProjectKeys } from "../../src/domain/allocation/allocation";
import { TYPES_OF_CALLING } from "../../src/domain/outlets/outletReview";
import type { Queryable } from "../db/db";

/** Scenario outlets, documented in docs/demo-data.md. */
export const REVIEW_SCENARIOS = {
  longNotesSameNames: "RS000001",
  missingValues: "RS000005",
  pendingEdit: "RS000004",
  /** A second outlet waiting for QC with a pending edit and every question group answered. */
  pendingEditAnswered: "RS000014",
  pendingEditEvery: 40,
  /** An Acme KYC Cycle 1 outlet waiting for QC, every group answered, that no calling executive holds (docs/allocation.md, "Rules"). */
  noCallingExecutive: "RS000060",
  imagesUpTo: 100,
} as const;
const LONG_NOTE =
  "Shop was closed at the first visit; the owner came back after lunch and showed the dealer board, the invoices of the last two months and the bank passbook.";
const RSA_STATUSES = ["verified", "pending", "rejected"];

/**
 * A small picture of the shop front: its name board above shelves and goods whose number, places and
 * shades follow from the name, so each shop's picture differs the way photos of different shops do
 * (image matching, docs/verification.md, compares them).
 */
export function bannerSvg(name: string, hue: number): string {
  const safe = name.replace(/[<>&"']/g, "");
  let seed = [...name].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, hue + 7);
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const goods = Array.from({ length: 5 + next(6) }, () => {
    const w = 14 + next(40);
    const h = 10 + next(30);
    return `<rect x="${next(320 - w)}" y="${48 + next(72 - h)}" width="${w}" height="${h}" fill="hsl(${next(360)},${30 + next(60)}%,${15 + next(70)}%)"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120" viewBox="0 0 320 120"><rect width="320" height="120" fill="hsl(${hue},20%,${20 + next(60)}%)"/>${goods}<rect x="${8 + next(40)}" y="4" width="${200 + next(60)}" height="40" fill="hsl(${hue},60%,35%)" stroke="#fff" stroke-width="2"/><text x="150" y="30" font-family="sans-serif" font-size="18" fill="#fff" text-anchor="middle">${safe}</text></svg>`;
}

/** A stand-in for an RSA's photo proof: a framed card with its number. */
export function proofSvg(rsid: string, n: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160" viewBox="0 0 240 160"><rect width="240" height="160" fill="#e8eef5"/><circle cx="60" cy="70" r="30" fill="#7a8ca3"/><rect x="110" y="50" width="110" height="12" fill="#7a8ca3"/><rect x="110" y="75" width="80" height="12" fill="#7a8ca3"/><text x="120" y="140" font-family="sans-serif" font-size="14" fill="#223" text-anchor="middle">${rsid} proof ${n}</text></svg>`;
}

export async function seedReviewData(tx: Queryable, now: number): Promise<void> {
  const users = new Map(
    (await tx.query<{ username: string; id: number }>("SELECT username, id FROM users")).map((u) => [
      u.username,
      u.id,
    ]),
  );
  // bigint: the spreading products below pass the int range at 100,000 outlets.
  const n = "(substring(o.rsid from 3)::bigint - 1)";
  // Every other outlet of a sub-project (they are dealt out 16 at a time) goes to each team's second
  // executive, so each executive holds outlets in every state (docs/demo-data.md).
  const SECOND = `(${n} / 16) % 2 = 1`;
  // Durations from seconds to days, so every unit of the header card's duration shows somewhere.
  await tx.query(
    `UPDATE outlets o SET
       survey_start = o.created + interval '1 hour',
       survey_end = o.created + interval '1 hour' + (ARRAY[interval '45 seconds', interval '1 minute',
         interval '25 minutes', interval '3 hours', interval '1 day', interval '2 days 4 hours'])[1 + ${n} % 6],
       start_latitude = 12.9 + (${n} % 97) / 100.0, start_longitude = 77.5 + (${n} % 89) / 100.0,
       end_latitude = 12.9 + (${n} % 97) / 100.0 + 0.0004, end_longitude = 77.5 + (${n} % 89) / 100.0,
       location_accuracy = 5 + ${n} % 40,
       uploaded_at = o.created + interval '5 hours',
       pre_survey_remark = (ARRAY['Owner available', 'Shop open, owner away', 'Visited with the distributor'])[1 + ${n} % 3],
       notes_by_field_auditor = (ARRAY['Clean shop', 'Board faded, photo retaken', 'Owner asked for a call back'])[1 + ${n} % 3],
       qc_display_notes = CASE WHEN o.workflow_state <> 'qc_pending' THEN 'Answers match the photos' END,
       calling_remarks = CASE WHEN o.workflow_state LIKE 'calling%' THEN 'Owner confirmed the details on call' END,
       client_remarks = CASE WHEN o.workflow_state LIKE '%client%' THEN 'Checked by the client team' END,
       inbound_source = (ARRAY['field_app', 'bulk_upload', 'retailer_app'])[1 + ${n} % 3],
       phone_number2 = CASE WHEN ${n} % 3 = 0 THEN '98' || lpad((${n} * 7919 % 100000000)::text, 8, '0') END,
       email = lower(replace(o.owner_name, ' ', '.')) || '@example.in',
       dob = DATE '1970-01-01' + (${n} * 37 % 12000)::int,
       bank_account_type = (ARRAY['savings', 'current'])[1 + ${n} % 2],
       gst_trade_name = o.name,
       gst_legal_name = o.owner_name,
       distributor_gst_number = '27AAACD' || lpad((${n} % 10000)::text, 4, '0') || 'D1Z5',
       distributor_gst_trade_name = 'Deccan Distributors',
       distributor_gst_legal_name = 'Deccan Distributors Private Limited',
       distributor_gst_registration_status = 'Active',
       gst_number_verification_status = CASE WHEN ${n} % 2 = 0 THEN 'verified' ELSE 'not_verified_yet' END,
       pan_number_verification_status = CASE WHEN ${n} % 3 = 0 THEN 'not_verified_yet' ELSE 'verified' END`,
  );
  await tx.query(
    `UPDATE workflow_objects w SET
       type_of_calling = ($1::text[])[1 + ${n} % 5],
       qc_inbound_date = (o.created + interval '1 day')::date,
       bank = 'Bank of the IFSC ' || left(o.ifsc, 4), branch = 'Main branch', account_number = o.account_number,
       ifsc_code = o.ifsc, account_holder_name = o.owner_name,
       assigned_qc_manager = $2,
       assigned_qc_executive = CASE WHEN ${SECOND} THEN $9::int ELSE $3::int END,
       assigned_calling_executive = CASE WHEN ${SECOND} THEN $10::int ELSE $4::int END,
       assigned_calling_manager = $5, assigned_field_manager = $6, assigned_field_coordinator = $7,
       assigned_field_auditor = o.auditor_id,
       rsa_verification_status = ($8::text[])[1 + ${n} % 3],
       client_given_phone_number = CASE WHEN ${n} % 4 = 1 THEN o.phone END,
       field_survey_mobile_version_number = '3.' || (${n} % 4) || '.0',
       calling_display_notes = CASE WHEN o.workflow_state LIKE 'calling%' THEN 'Call back after 6 pm' END,
       calling_inbound_source_differentiation = (ARRAY['outbound', 'inbound'])[1 + ${n} % 2]
     FROM outlets o WHERE o.id = w.outlet_id`,
    [
      TYPES_OF_CALLING,
      users.get("qc.manager"),
      users.get("qc.executive"),
      users.get("calling.executive"),
      users.get("calling.manager"),
      users.get("field.manager"),
      users.get("field.coordinator"),
      RSA_STATUSES,
      users.get("qc.executive2"),
      users.get("calling.executive2"),
    ],
  );
  // The payout team's people (docs/allocation.md) on the payout sub-projects' outlets.
  await tx.query(
    `UPDATE workflow_objects w SET assigned_iftu_manager = $1,
       assigned_iftu_executive = CASE WHEN ${SECOND} THEN $3::int ELSE $2::int END
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
     WHERE o.id = w.outlet_id AND s.type = ANY($4::text[])`,
    [
      users.get("iftu.manager"),
      users.get("iftu.executive"),
      users.get("iftu.executive2"),
      teamSubProjectKeys("iftu"),
    ],
  );
  // Pending address and phone edits: the replaced values wait for Accept or Reject.
  await tx.query(
    `UPDATE outlets o SET previous_address = '12, Old Market Road, ' || c.name,
       previous_phone_number1 = '9' || lpad((${n} * 104729 % 1000000000)::text, 9, '0')
     FROM cities c WHERE c.id = o.city_id AND (o.rsid = $1 OR o.rsid = $3 OR (${n} - 3) % $2 = 0)`,
    [REVIEW_SCENARIOS.pendingEdit, REVIEW_SCENARIOS.pendingEditEvery, REVIEW_SCENARIOS.pendingEditAnswered],
  );
  await tx.query(
    `UPDATE outlets SET notes_by_field_auditor = $2, gst_legal_name = gst_trade_name,
       previous_outlet_id = (SELECT id FROM outlets WHERE rsid = 'RS000002')
     WHERE rsid = $1`,
    [REVIEW_SCENARIOS.longNotesSameNames, LONG_NOTE],
  );
  await tx.query(
    `UPDATE outlets SET survey_start = NULL, survey_end = NULL, start_latitude = NULL, start_longitude = NULL,
       end_latitude = NULL, end_longitude = NULL, location_accuracy = NULL, uploaded_at = NULL,
       pre_survey_remark = NULL, notes_by_field_auditor = NULL, inbound_source = NULL, email = NULL,
       dob = NULL, phone_number2 = NULL, gst_trade_name = NULL, gst_legal_name = NULL,
       distributor_gst_number = NULL, distributor_gst_trade_name = NULL, distributor_gst_legal_name = NULL,
       distributor_gst_registration_status = NULL
     WHERE rsid = $1`,
    [REVIEW_SCENARIOS.missingValues],
  );
  await tx.query(
    `UPDATE workflow_objects SET rsa_verification_status = NULL, assigned_qc_manager = NULL,
       assigned_qc_executive = NULL, assigned_calling_executive = NULL, assigned_calling_manager = NULL,
       assigned_field_manager = NULL, assigned_field_coordinator = NULL, assigned_field_auditor = NULL,
       assigned_iftu_manager = NULL, assigned_iftu_executive = NULL
     WHERE outlet_id = (SELECT id FROM outlets WHERE rsid = $1)`,
    [REVIEW_SCENARIOS.missingValues],
  );
  await tx.query(
    "UPDATE workflow_objects SET assigned_calling_executive = NULL WHERE outlet_id = (SELECT id FROM outlets WHERE rsid = $1)",
    [REVIEW_SCENARIOS.noCallingExecutive],
  );
  await seedImages(tx, now);
}

/** A dealer board for each of the first outlets and two RSA proofs where the RSA verified. */
async function seedImages(tx: Queryable, now: number): Promise<void> {
  const outlets = await tx.query<{ id: number; rsid: string; name: string; rsa: string | null }>(
    `SELECT o.id, o.rsid, o.name, w.rsa_verification_status AS rsa
     FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
     WHERE o.rsid <= $1 AND o.rsid <> $2 ORDER BY o.rsid`,
    [`RS${String(REVIEW_SCENARIOS.imagesUpTo).padStart(6, "0")}`, REVIEW_SCENARIOS.missingValues],
  );
  const created = new Date(now);
  for (const [i, o] of outlets.entries()) {
    const images: [string, string][] = [["banner", bannerSvg(o.name, (i * 47) % 360)]];
    if (o.rsa === "verified")
      images.push(["rsa_proof", proofSvg(o.rsid, 1)], ["rsa_proof", proofSvg(o.rsid, 2)]);
    for (const [kind, svg] of images) {
      await tx.query(
        `INSERT INTO outlet_images (outlet_id, kind, content_type, content, created)
         VALUES ($1, $2, 'image/svg+xml', convert_to($3, 'UTF8'), $4)`,
        [o.id, kind, svg, created],
      );
    }
  }
}
