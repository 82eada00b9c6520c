/**
 * Refresh QC data (spec 001 §7, then the page reloads): the outlet's own GST, PAN and phone, and
 * its workflow object's account number and IFSC, are read again from the survey answers QC has
 * reviewed, so the header card and the lists show what the answers now say. Only answered values
 * are taken; each field that changes gets a QC edit history line and the refresh one log row, in
 * the caller's transaction with the outlet row locked. A verifiable value that changes goes back to
 * not_verified_yet (001 §4.3).
 */

import { ANSWER_EDIT_NOT_ALLOWED } from "../../src/domain/survey/survey";
import { bareMobile } from "../../src/domain/survey/surveyValidation";
import { VERIFIABLE_OF_TYPE, verificationResets } from "../../src/domain/verification/verification";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";
import type { OutletViewer } from "../outlets/access";
import { VISIBLE_OUTLET_SQL, visibleOutletParams } from "../outlets/detail";
import { editsOutletNow } from "../outlets/editPermission";
import { refuseWhilePending } from "../retailerRequests/gate";
import { resetVerification } from "../verification/statuses";

export const QC_DATA_UP_TO_DATE = "QC data is up to date with the survey answers.";
export const QC_DATA_REFRESHED = "QC data refreshed from the survey answers";

/** Which answer type feeds which field, where the field lives, and its label. */
const FEEDS = [
  { type: "gst_number", table: "o", column: "gst", label: "GST number" },
  { type: "pan_number", table: "o", column: "pan", label: "PAN number" },
  { type: "phone_number", table: "o", column: "phone", label: "Phone number 1" },
  { type: "account_number", table: "w", column: "account_number", label: "Account number" },
  { type: "ifsc_code", table: "w", column: "ifsc_code", label: "IFSC code" },
] as const;

type Locked = { id: number; wo_id: number; workflow_state: string; sub_project_type: string } & Record<
  string,
  string | number | null
>;

export async function refreshQcData(
  tx: Queryable,
  viewer: OutletViewer,
  slug: string,
  now: Date,
): Promise<{ detail: string }> {
  const [outlet] = await tx.query<Locked>(
    `SELECT o.id, w.id AS wo_id, o.workflow_state, s.type AS sub_project_type,
       ${FEEDS.map((f) => `${f.table}.${f.column} AS ${f.column}`).join(", ")}
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     JOIN workflow_objects w ON w.outlet_id = o.id
     WHERE ${VISIBLE_OUTLET_SQL} FOR UPDATE OF o, w`,
    visibleOutletParams(viewer, slug),
  );
  if (!outlet) throw new Problem(404, { detail: "Not found." });
  if (!editsOutletNow(viewer.user.considered_workflow_permission, outlet))
    throw new Problem(403, { detail: ANSWER_EDIT_NOT_ALLOWED });
  await refuseWhilePending(tx, outlet.wo_id);

  // The first answered question of each type, in survey order (a phone type of any kind feeds phone 1).
  const answered = await tx.query<{ type: string; value: string }>(
    `SELECT DISTINCT ON (kind) kind AS type, a.single_input AS value
     FROM answers a JOIN questions q ON q.id = a.question_id JOIN question_groups g ON g.id = q.question_group_id,
       LATERAL (SELECT CASE WHEN q.type LIKE 'phone_number%' THEN 'phone_number' ELSE q.type END AS kind) k
     WHERE a.workflow_object_id = $1 AND coalesce(trim(a.single_input), '') <> ''
       AND k.kind = ANY ($2::text[])
     ORDER BY kind, g.position, q.position, a.id`,
    [outlet.wo_id, FEEDS.map((f) => f.type)],
  );
  const changes = FEEDS.flatMap((f) => {
    const raw = answered.find((a) => a.type === f.type)?.value.trim();
    // A phone answer may carry the +91 the survey accepts; the outlet keeps the 10 digits.
    const value = raw !== undefined && f.type === "phone_number" ? bareMobile(raw) : raw;
    const current = outlet[f.column] === null ? null : String(outlet[f.column]);
    return value !== undefined && value !== current ? [{ ...f, value, current }] : [];
  });
  if (changes.length === 0) return { detail: QC_DATA_UP_TO_DATE };

  for (const table of ["o", "w"] as const) {
    const mine = changes.filter((c) => c.table === table);
    if (mine.length === 0) continue;
    await tx.query(
      `UPDATE ${table === "o" ? "outlets" : "workflow_objects"}
       SET ${mine.map((c, i) => `${c.column} = $${i + 2}`).join(", ")}${table === "o" ? `, modified = $${mine.length + 2}` : ""}
       WHERE id = $1`,
      [
        table === "o" ? outlet.id : outlet.wo_id,
        ...mine.map((c) => c.value),
        ...(table === "o" ? [now] : []),
      ],
    );
  }
  // §4.3: a value the refresh changes is not verified until it is checked again.
  const verifiable = changes.filter((c) => VERIFIABLE_OF_TYPE[c.type]);
  await resetVerification(
    tx,
    { outletId: outlet.id, woId: outlet.wo_id },
    verificationResets(
      Object.fromEntries(verifiable.map((c) => [c.type, c.current])),
      Object.fromEntries(verifiable.map((c) => [c.type, c.value])),
    ),
  );
  const lines = changes.map(
    (c) => `${c.label} changed from ${c.current ?? "(empty)"} to ${c.value} (refreshed from the survey)`,
  );
  for (const message of lines)
    await tx.query(
      "INSERT INTO qc_edit_history (workflow_object_id, user_id, message, created) VALUES ($1, $2, $3, $4)",
      [outlet.wo_id, viewer.user.id, message, now],
    );
  const message = `${QC_DATA_REFRESHED}: ${changes.map((c) => c.label).join(", ")}`;
  await tx.query(
    `INSERT INTO outlet_logs (outlet_id, user_id, action, from_state, to_state, description, message, created)
     VALUES ($1, $2, 'refresh_qc_data', $3, $3, $4, $5, $6)`,
    [outlet.id, viewer.user.id, outlet.workflow_state, lines.join("\n"), message, now],
  );
  return { detail: message };
}
