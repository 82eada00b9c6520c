/**
 * The field auditor's capture (docs/field-user.md): the choices of a new outlet, sending a draft
 * once, the retailer service agreement, and the auditor's own rank. Every write is one transaction
 * scoped to the signed-in auditor.
 */
import {
  type CaptureOptions,
  type OutletDraftFields,
  type OwnRank,
  placeId,
  placeParts,
  type RsaDetail,
  type RsaFields,
  type SentOutlet,
} from "../../src/domain/ekyc/fieldCapture";
import { ALL_TIME } from "../../src/domain/gamification/gamification";
import { firstWorkflowState } from "../../src/machines/outlets/outletWorkflowConfig";
import { autoAssign } from "../allocation/autoAssign";
import type { Queryable } from "../db/db";
import { auditorReport } from "../gamification/points";
import { Problem } from "../http/problem";

/** The sub-projects the auditor already works in, each with the places of their outlets there. */
export async function captureOptions(db: Queryable, auditorId: number): Promise<CaptureOptions> {
  const subs = await db.query<{ id: number; slug: string; name: string; project: string; type: string }>(
    `SELECT s.id, s.slug, s.name, p.name AS project, s.type FROM sub_projects s JOIN projects p ON p.id = s.project_id
     WHERE s.id IN (SELECT DISTINCT sub_project_id FROM outlets WHERE auditor_id = $1) ORDER BY p.name, s.name`,
    [auditorId],
  );
  const places = await db.query<{
    sub_project_id: number;
    city_id: number;
    territory_id: number;
    city: string;
    state: string;
    territory: string;
  }>(
    `SELECT DISTINCT o.sub_project_id, o.city_id, o.territory_id, c.name AS city, st.name AS state, t.name AS territory
     FROM outlets o JOIN cities c ON c.id = o.city_id JOIN states st ON st.id = c.state_id
     JOIN territories t ON t.id = o.territory_id
     WHERE o.auditor_id = $1 ORDER BY c.name, t.name`,
    [auditorId],
  );
  return {
    // Only a sub-project whose type has an outlet workflow can take a new outlet.
    sub_projects: subs
      .filter((s) => firstWorkflowState(s.type) !== null)
      .map(({ id, slug, name, project }) => ({
        slug,
        name,
        project,
        places: places
          .filter((p) => p.sub_project_id === id)
          .map((p) => ({
            id: placeId(p.city_id, p.territory_id),
            city: p.city,
            state: p.state,
            territory: p.territory,
          })),
      })),
  };
}

/** Advisory lock namespace of draft keys (the two-key form, apart from the other locks). */
const LOCK_DRAFT_KEY = 7341;

const refused = (field: string, line: string) => new Problem(400, { [field]: [line] });

/**
 * Makes the outlet of a draft in its sub-project's first workflow state, with its photos, a log
 * row and the teams' automatic assignment; or, for a key sent before, answers the outlet made then.
 */
export async function sendDraft(
  tx: Queryable,
  auditor: { auditorId: number; userId: number },
  key: string,
  draft: OutletDraftFields,
  now: Date,
): Promise<SentOutlet> {
  // Two sends of one draft at once take turns here; the second then finds the first's outlet.
  await tx.query("SELECT pg_advisory_xact_lock($1::int, hashtext($2))", [LOCK_DRAFT_KEY, key]);
  const [earlier] = await tx.query<{ rsid: string; workflow_state: string; auditor_id: number }>(
    `SELECT o.rsid, o.workflow_state, f.auditor_id FROM field_outlet_submissions f JOIN outlets o ON o.id = f.outlet_id
     WHERE f.idempotency_key = $1`,
    [key],
  );
  if (earlier) {
    if (earlier.auditor_id !== auditor.auditorId)
      throw refused("idempotency_key", "This key is already used.");
    return { rsid: earlier.rsid, workflow_state: earlier.workflow_state, created: false };
  }
  const options = await captureOptions(tx, auditor.auditorId);
  const sub = options.sub_projects.find((s) => s.slug === draft.sub_project);
  if (!sub) throw refused("sub_project", `"${draft.sub_project}" is not a valid choice.`);
  const place = sub.places.some((p) => p.id === draft.place) ? placeParts(draft.place) : null;
  if (!place) throw refused("place", `"${draft.place}" is not a valid choice.`);
  const [target] = await tx.query<{ id: number; type: string; program_id: number | null }>(
    `SELECT s.id, s.type, (SELECT min(g.id) FROM programs g WHERE g.sub_project_id = s.id) AS program_id
     FROM sub_projects s WHERE s.slug = $1`,
    [sub.slug],
  );
  const first = firstWorkflowState(target!.type)!;
  const [{ rsid } = { rsid: "" }] = await tx.query<{ rsid: string }>(
    `SELECT 'RS' || n AS rsid FROM (SELECT nextval('field_outlet_rsids') AS n) s`,
  );
  const loc = draft.location!;
  const [made] = await tx.query<{ id: number }>(
    `INSERT INTO outlets (rsid, name, owner_name, address, pin, city_id, state_id, territory_id, zone_id, region_id,
       phone, phone_number2, pan, gst, ifsc, account_number, sub_project_id, program_id, auditor_id, workflow_state,
       start_latitude, start_longitude, end_latitude, end_longitude, location_accuracy, uploaded_at, inbound_source,
       created, modified)
     SELECT $1, $2, $3, $4, $5, c.id, c.state_id, t.id, z.id, z.region_id, $8, $9, '', '', '', '', $10, $11, $12, $13,
       $14, $15, $14, $15, $16, $17, 'field_app', $17, $17
     FROM cities c, territories t JOIN zones z ON z.id = t.zone_id
     WHERE c.id = $6 AND t.id = $7
     RETURNING id`,
    [
      rsid,
      draft.name.trim(),
      draft.owner_name.trim(),
      draft.address.trim(),
      draft.pin.trim(),
      place.city,
      place.territory,
      draft.phone.trim(),
      draft.phone2.trim() || null,
      target!.id,
      target!.program_id,
      auditor.auditorId,
      first,
      loc.latitude,
      loc.longitude,
      loc.accuracy,
      now,
    ],
  );
  const outletId = made!.id;
  await tx.query("UPDATE workflow_objects SET assigned_field_auditor = $2 WHERE outlet_id = $1", [
    outletId,
    auditor.auditorId,
  ]);
  for (const photo of draft.photos)
    await tx.query(
      `INSERT INTO outlet_images (outlet_id, kind, content_type, content, created)
       VALUES ($1, 'banner', $2, decode($3, 'base64'), $4)`,
      [outletId, photo.content_type, photo.data_base64, now],
    );
  await tx.query(
    `INSERT INTO outlet_logs (outlet_id, user_id, action, from_state, to_state, description, extra_data, message, created)
     VALUES ($1, $2, 'outlet_created', $3, $3, 'Added in the field', $4, 'Outlet added by the field auditor', $5)`,
    [outletId, auditor.userId, first, JSON.stringify({ idempotency_key: key }), now],
  );
  await tx.query(
    "INSERT INTO field_outlet_submissions (idempotency_key, auditor_id, outlet_id, created) VALUES ($1, $2, $3, $4)",
    [key, auditor.auditorId, outletId, now],
  );
  // The new outlet enters its first state here: a team's rule may give it an executive.
  await autoAssign(tx, [outletId], now);
  return { rsid, workflow_state: first, created: true };
}

const RSA_SQL = `SELECT o.id, o.rsid, o.name AS outlet, w.rsa_verification_status AS status, a.signatory_name,
    a.signatory_phone, to_char(a.signed_on, 'YYYY-MM-DD') AS signed_on,
    to_char(a.submitted AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS submitted,
    (SELECT count(*)::int FROM outlet_images i WHERE i.outlet_id = o.id AND i.kind = 'rsa_proof') AS photos
  FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id LEFT JOIN rsa_agreements a ON a.outlet_id = o.id
  WHERE o.rsid = $1 AND o.auditor_id = $2`;

/** The agreement of the auditor's own outlet, or null for another's or none. */
export async function rsaDetail(db: Queryable, auditorId: number, rsid: string): Promise<RsaDetail | null> {
  const [row] = await db.query<RsaDetail & { id: number }>(RSA_SQL, [rsid, auditorId]);
  if (!row) return null;
  const { id: _id, ...detail } = row;
  return detail;
}

/** Records the agreement, replaces its photos and sets the outlet's RSA status to pending. */
export async function sendRsa(
  tx: Queryable,
  auditor: { auditorId: number; userId: number },
  rsid: string,
  rsa: RsaFields,
  now: Date,
): Promise<{ outletId: number; status: string | null } | null> {
  const [outlet] = await tx.query<{ id: number; status: string | null; workflow_state: string }>(
    `SELECT o.id, w.rsa_verification_status AS status, o.workflow_state FROM outlets o
     JOIN workflow_objects w ON w.outlet_id = o.id WHERE o.rsid = $1 AND o.auditor_id = $2 FOR UPDATE OF w`,
    [rsid, auditor.auditorId],
  );
  if (!outlet) return null;
  if (outlet.status === "verified") return { outletId: outlet.id, status: outlet.status };
  await tx.query(
    `INSERT INTO rsa_agreements (outlet_id, auditor_id, signatory_name, signatory_phone, signed_on, submitted)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (outlet_id) DO UPDATE SET auditor_id = $2, signatory_name = $3, signatory_phone = $4,
       signed_on = $5, submitted = $6`,
    [outlet.id, auditor.auditorId, rsa.signatory_name.trim(), rsa.signatory_phone.trim(), rsa.signed_on, now],
  );
  await tx.query("DELETE FROM outlet_images WHERE outlet_id = $1 AND kind = 'rsa_proof'", [outlet.id]);
  for (const photo of rsa.photos)
    await tx.query(
      `INSERT INTO outlet_images (outlet_id, kind, content_type, content, created)
       VALUES ($1, 'rsa_proof', $2, decode($3, 'base64'), $4)`,
      [outlet.id, photo.content_type, photo.data_base64, now],
    );
  await tx.query("UPDATE workflow_objects SET rsa_verification_status = 'pending' WHERE outlet_id = $1", [
    outlet.id,
  ]);
  await tx.query("UPDATE outlets SET version = version + 1, modified = $2 WHERE id = $1", [outlet.id, now]);
  await tx.query(
    `INSERT INTO outlet_logs (outlet_id, user_id, action, from_state, to_state, description, message, created)
     VALUES ($1, $2, 'rsa_submitted', $3, $3, 'Retailer service agreement', 'RSA sent for verification', $4)`,
    [outlet.id, auditor.userId, outlet.workflow_state, now],
  );
  return { outletId: outlet.id, status: "pending" };
}

/** The auditor's rank over all time by the gamification points, among the auditors ranked. */
export async function ownRank(db: Queryable, auditorId: number): Promise<OwnRank> {
  const report = await auditorReport(db, auditorId, ALL_TIME);
  if (!report) return { rank: null, of: 0, points: 0, accepted: 0 };
  const ranked = report.auditor.rank <= report.of;
  return {
    rank: ranked ? report.auditor.rank : null,
    of: report.of,
    points: report.auditor.points,
    accepted: report.auditor.counts.accepted,
  };
}
