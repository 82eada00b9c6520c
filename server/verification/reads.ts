/**
 * The verification service's reads and the IFSC master's write: the GST duplicate check by project
 * (001 §7), the recent checks the verification screens list, and one IFSC master row with its
 * audit trail.
 */
import type { VerificationCheck } from "../../src/domain/verification/verification";
import { isInternal } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import type { OutletViewer } from "../outlets/access";
import { isIssuedIfsc, type MasterRow, masterRow } from "./ifsc";

/**
 * Other outlets of the project holding the GST number, on record or in a GST answer: the legal
 * name (the registration) is found; and whether one of them trades under the same trade name as
 * the outlet named. Null when the project is not the caller's to see.
 */
export async function gstDuplicates(
  db: Queryable,
  viewer: OutletViewer,
  projectId: number,
  gst: string,
  outletRsid: string | undefined,
) {
  const [project] = await db.query<{ id: number }>(
    "SELECT id FROM projects WHERE id = $1 AND ($2::boolean OR organisation_id = $3)",
    [projectId, isInternal(viewer.user), viewer.user.organisation_id],
  );
  if (!project) return null;
  const rows = await db.query<{ rsid: string; same_trade: boolean }>(
    `SELECT o.rsid, coalesce(upper(o.gst_trade_name) = upper(me.gst_trade_name), false) AS same_trade
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
     LEFT JOIN outlets me ON me.rsid = $3
     WHERE s.project_id = $1 AND o.rsid IS DISTINCT FROM $3
       AND (upper(o.gst) = $2 OR EXISTS (SELECT 1 FROM workflow_objects w JOIN answers a ON a.workflow_object_id = w.id
         JOIN questions q ON q.id = a.question_id
         WHERE w.outlet_id = o.id AND q.type = 'gst_number' AND upper(trim(a.single_input)) = $2))
     ORDER BY o.rsid LIMIT 50`,
    [projectId, gst, outletRsid ?? null],
  );
  return {
    is_gst_legal_name_found: rows.length > 0,
    is_gst_trade_name_found: rows.some((r) => r.same_trade),
    outlets: rows.map((r) => r.rsid),
  };
}

/** The latest checks, newest first, of one organisation (null: every organisation, for internal staff). */
export async function recentChecks(
  db: Queryable,
  organisationId: number | null,
  filter: { kind?: string; status?: string; search?: string },
): Promise<VerificationCheck[]> {
  return db.query<VerificationCheck>(
    `SELECT c.id::int AS id, c.kind, c.masked_input, o.rsid AS outlet_rsid, c.answer_id::int AS answer_id, c.status,
       c.result, c.provider, c.provider_reference, u.username AS checked_by,
       to_char(c.created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created, c.error
     FROM verification_checks c JOIN users u ON u.id = c.user_id LEFT JOIN outlets o ON o.id = c.outlet_id
     WHERE ($1::int IS NULL OR c.organisation_id = $1) AND ($2::text IS NULL OR c.kind = $2)
       AND ($3::text IS NULL OR c.status = $3)
       AND ($4::text IS NULL OR c.masked_input ILIKE '%' || $4 || '%' OR o.rsid ILIKE '%' || $4 || '%')
     ORDER BY c.created DESC, c.id DESC LIMIT 100`,
    [organisationId, filter.kind ?? null, filter.status ?? null, filter.search?.trim() || null],
  );
}

type Change = {
  id: number;
  ifsc_code: string;
  before: MasterRow | null;
  after: MasterRow;
  reason: string;
  changed_by: string;
  created: string;
};

export async function ifscChanges(db: Queryable, code: string | null): Promise<Change[]> {
  return db.query<Change>(
    `SELECT c.id::int AS id, c.ifsc_code, c.before, c.after, c.reason, u.username AS changed_by,
       to_char(c.created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created
     FROM bank_code_changes c JOIN users u ON u.id = c.user_id
     WHERE $1::text IS NULL OR c.ifsc_code = $1 ORDER BY c.created DESC, c.id DESC LIMIT 50`,
    [code],
  );
}

export async function ifscMasterView(db: Queryable, code: string) {
  const ifsc = code.trim().toUpperCase();
  return { row: await masterRow(db, ifsc), issued: isIssuedIfsc(ifsc), changes: await ifscChanges(db, ifsc) };
}

/** Adds or changes one row, locked, and writes the change with its reason; an unchanged row writes nothing. */
export async function saveIfscMaster(
  tx: Queryable,
  userId: number,
  code: string,
  values: { bank: string; branch: string; reason: string },
  now: Date,
): Promise<void> {
  const [before] = await tx.query<MasterRow>(
    "SELECT ifsc_code, bank_code, bank, branch FROM bank_codes WHERE ifsc_code = $1 FOR UPDATE",
    [code],
  );
  const after: MasterRow = {
    ifsc_code: code,
    bank_code: code.slice(0, 4),
    bank: values.bank.trim(),
    branch: values.branch.trim(),
  };
  if (before && before.bank === after.bank && before.branch === after.branch) return;
  await tx.query(
    `INSERT INTO bank_codes (ifsc_code, bank_code, bank, branch) VALUES ($1, $2, $3, $4)
     ON CONFLICT (ifsc_code) DO UPDATE SET bank = EXCLUDED.bank, branch = EXCLUDED.branch`,
    [code, after.bank_code, after.bank, after.branch],
  );
  await tx.query(
    `INSERT INTO bank_code_changes (ifsc_code, before, after, reason, user_id, created)
     VALUES ($1, $2::jsonb, $3::jsonb, $4, $5, $6)`,
    [code, before ? JSON.stringify(before) : null, JSON.stringify(after), values.reason.trim(), userId, now],
  );
}
