/**
 * Outlet field recovery requests (spec 002 §2.8, §3, §4, §5, §7): create with the server's rules,
 * the paged list, confirm and cancel by the status machine of src/domain/fieldTools/fieldTools.ts, each in
 * one transaction holding the request's row lock, and the CSV report.
 */

import { RecoveryRequestId } from "../../src/domain/api/ids";
import {
  csvLines,
  isWithinRecoveryWindow,
  mayCancelRecovery,
  mayConfirmRecovery,
  RECOVERY_MSG,
  RECOVERY_REPORT_COLUMNS,
  type RecoveryRequest,
  RSID_OUTCOME_LABEL,
  type RsidOutcome,
  recoveryStatusLabel,
  rsidListProblem,
} from "../../src/domain/fieldTools/fieldTools";
import { isIsoDate } from "../../src/domain/shared/format";
import { decodeRowId, escapeLike } from "../../src/domain/shared/requestInput";
import type { Queryable } from "../db/db";
import { insertMany } from "../db/insertMany";
import { Problem } from "../http/problem";

/**
 * A refused create: the message as the error's `message` (what the form shows, spec 002 §8) and
 * under its field, in the API's usual 400 shape.
 */
const createProblem = (field: string, message: string) => new Problem(400, { message, [field]: [message] });

const NOT_FOUND = { detail: "Not found." } as const;

type RequestRow = {
  id: number;
  user_name: string;
  project_name: string;
  sub_project_name: string;
  auditor_name: string;
  date_uploaded: string;
  status: string;
  rsids: string[] | null;
  found_records: number;
  recovered_records: number;
  handled_records: number;
  created: Date;
};

const REQUEST_SELECT = `
  SELECT r.id, u.name AS user_name, p.name AS project_name, s.name AS sub_project_name, a.name AS auditor_name,
         to_char(r.date_uploaded, 'YYYY-MM-DD') AS date_uploaded, r.status, r.created,
         (SELECT array_agg(x.rsid ORDER BY x.position) FROM recovery_request_rsids x WHERE x.request_id = r.id) AS rsids,
         (SELECT count(*)::int FROM recovery_request_rsids x WHERE x.request_id = r.id
            AND x.outcome IN ('recovered', 'completed', 'already_recovered', 'already_submitted', 'other_sub_project'))
           AS found_records,
         (SELECT count(*)::int FROM recovery_request_rsids x WHERE x.request_id = r.id
            AND x.outcome IN ('recovered', 'completed')) AS recovered_records,
         (SELECT count(*)::int FROM recovery_request_rsids x WHERE x.request_id = r.id
            AND x.outcome <> 'pending') AS handled_records
  FROM recovery_requests r JOIN users u ON u.id = r.user_id JOIN projects p ON p.id = r.project_id
  JOIN sub_projects s ON s.id = r.sub_project_id JOIN field_auditors a ON a.id = r.auditor_id`;

const toApi = (row: RequestRow): RecoveryRequest => ({
  id: RecoveryRequestId.make(row.id),
  user: row.user_name,
  project: row.project_name,
  sub_project: row.sub_project_name,
  auditor: row.auditor_name,
  date_uploaded: row.date_uploaded,
  status: row.status,
  rsid_list: row.rsids ?? [],
  found_records: row.found_records,
  recovered_records: row.recovered_records,
  handled_records: row.handled_records,
  created: row.created.toISOString(),
});

/** $1 is the search with its LIKE characters escaped: an RSID of the request, or its auditor's name. */
const SEARCH_WHERE = `($1::text = '' OR EXISTS (SELECT 1 FROM recovery_request_rsids x
    WHERE x.request_id = r.id AND x.rsid ILIKE '%' || $1 || '%')
  OR (SELECT name FROM field_auditors WHERE id = r.auditor_id) ILIKE '%' || $1 || '%')`;

export async function listRequests(db: Queryable, page: { size: number; offset: number }, search = "") {
  const term = escapeLike(search.trim());
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM recovery_requests r WHERE ${SEARCH_WHERE}`,
    [term],
  );
  const rows = await db.query<RequestRow>(
    `${REQUEST_SELECT} WHERE ${SEARCH_WHERE} ORDER BY r.id DESC LIMIT $2 OFFSET $3`,
    [term, page.size, page.offset],
  );
  return { results: rows.map(toApi), count };
}

export async function findRequest(db: Queryable, id: number): Promise<RecoveryRequest | undefined> {
  const [row] = await db.query<RequestRow>(`${REQUEST_SELECT} WHERE r.id = $1`, [id]);
  return row ? toApi(row) : undefined;
}

/** Reads and checks a create body; every refusal carries its message (spec 002 §5, §8). */
export async function readCreate(db: Queryable, body: Record<string, unknown>, today: string) {
  const projectId = decodeRowId(body.project_id);
  if (projectId === null) throw createProblem("project_id", RECOVERY_MSG.projectRequired);
  const subProjectId = decodeRowId(body.sub_project_id);
  if (subProjectId === null) throw createProblem("sub_project_id", RECOVERY_MSG.subProjectRequired);
  const auditorId = decodeRowId(body.auditor_id);
  if (auditorId === null) throw createProblem("auditor_id", RECOVERY_MSG.auditorRequired);
  const rsidProblem = rsidListProblem(body.rsid_list);
  if (rsidProblem) throw createProblem("rsid_list", rsidProblem);
  const date = typeof body.date_uploaded === "string" ? body.date_uploaded : "";
  if (!isIsoDate(date)) throw createProblem("date_uploaded", RECOVERY_MSG.dateRequired);
  if (!isWithinRecoveryWindow(date, today)) throw createProblem("date_uploaded", RECOVERY_MSG.dateWindow);
  const [place] = await db.query<{ organisation_id: number }>(
    `SELECT p.organisation_id FROM sub_projects s JOIN projects p ON p.id = s.project_id
     WHERE s.id = $1 AND p.id = $2`,
    [subProjectId, projectId],
  );
  if (!place) throw createProblem("sub_project_id", RECOVERY_MSG.subProjectRequired);
  const auditor = await db.query("SELECT 1 FROM field_auditors WHERE id = $1", [auditorId]);
  if (auditor.length === 0) throw createProblem("auditor_id", RECOVERY_MSG.auditorRequired);
  const rsids = [
    ...new Set((body.rsid_list as string[]).map((r) => r.trim().toUpperCase()).filter((r) => r !== "")),
  ];
  return { projectId, subProjectId, auditorId, organisationId: place.organisation_id, rsids, date };
}

export async function createRequest(
  tx: Queryable,
  userId: number,
  read: Awaited<ReturnType<typeof readCreate>>,
  at: Date,
): Promise<RecoveryRequest> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO recovery_requests (user_id, organisation_id, project_id, sub_project_id, auditor_id, date_uploaded,
       created, modified) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
    [userId, read.organisationId, read.projectId, read.subProjectId, read.auditorId, read.date, at],
  );
  await insertMany(
    tx,
    "recovery_request_rsids",
    ["request_id", "position", "rsid"],
    read.rsids.map((rsid, i) => [row!.id, i + 1, rsid]),
  );
  return (await findRequest(tx, row!.id))!;
}

/** Locks a request's row for the rest of the transaction; gives its status, or 404. */
async function lockRequest(tx: Queryable, id: number): Promise<string> {
  const [row] = await tx.query<{ status: string }>(
    "SELECT status FROM recovery_requests WHERE id = $1 FOR UPDATE",
    [id],
  );
  if (!row) throw new Problem(404, { ...NOT_FOUND });
  return row.status;
}

const notAllowedNow = (status: string) =>
  new Problem(409, {
    detail: `This request is ${recoveryStatusLabel(status)}; it cannot be changed that way now.`,
  });

/** accepted → processing; the job runner takes it from there. A second confirm finds it processing: 409. */
export async function confirmRequest(tx: Queryable, id: number, at: Date): Promise<{ detail: string }> {
  const status = await lockRequest(tx, id);
  if (!mayConfirmRecovery(status)) throw notAllowedNow(status);
  await tx.query("UPDATE recovery_requests SET status = 'processing', modified = $2 WHERE id = $1", [id, at]);
  return { detail: RECOVERY_MSG.started };
}

/**
 * accepted or processing → cancelled; RSIDs not yet handled are marked cancelled. The job applies
 * each RSID under the same row lock and stops at a cancelled request, so nothing is applied after.
 */
export async function cancelRequest(tx: Queryable, id: number, at: Date): Promise<{ detail: string }> {
  const status = await lockRequest(tx, id);
  if (!mayCancelRecovery(status)) throw notAllowedNow(status);
  await tx.query(
    "UPDATE recovery_requests SET status = 'cancelled', claimed_at = NULL, modified = $2 WHERE id = $1",
    [id, at],
  );
  await tx.query(
    "UPDATE recovery_request_rsids SET outcome = 'cancelled' WHERE request_id = $1 AND outcome = 'pending'",
    [id],
  );
  return { detail: RECOVERY_MSG.cancelled };
}

/** The CSV report of a request: one line per RSID with what became of it. */
export async function requestReport(db: Queryable, id: number): Promise<string> {
  const request = await findRequest(db, id);
  if (!request) throw new Problem(404, { ...NOT_FOUND });
  const rsids = await db.query<{ rsid: string; outcome: RsidOutcome }>(
    "SELECT rsid, outcome FROM recovery_request_rsids WHERE request_id = $1 ORDER BY position",
    [id],
  );
  return csvLines([
    RECOVERY_REPORT_COLUMNS,
    ...rsids.map((r) => [
      request.user,
      request.project,
      request.sub_project,
      request.auditor,
      request.date_uploaded,
      r.rsid,
      RSID_OUTCOME_LABEL[r.outcome],
    ]),
  ]);
}
