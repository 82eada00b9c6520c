/**
 * Confirming a bulk KYC data mapping upload (docs/projects.md, "Bulk KYC"): each clean row's PAN,
 * GST, IFSC, account number and PIN code are written to its outlet (the outlet's tax fields and PIN,
 * its workflow object's bank fields), and a value the row changes is not verified until it is
 * checked again (001 §4.3, the domain's `verificationResets`). The row is also kept as received.
 */
import {
  VERIFIABLE_OF_TYPE,
  type Verifiable,
  verificationResets,
} from "../../src/domain/verification/verification";
import type { Queryable } from "../db/db";
import { insertMany } from "../db/insertMany";
import { resetVerification } from "../verification/statuses";

type Current = { id: number; wo_id: number } & Record<Verifiable, string | null>;

export async function applyKycRows(
  tx: Queryable,
  subProjectId: number,
  jobId: number,
  rows: readonly Readonly<Record<string, string>>[],
  now: Date,
): Promise<void> {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  // Outlets and their workflow objects locked in id order, as every outlet write locks them.
  const current = await tx.query<Current>(
    `SELECT o.id, w.id AS wo_id, o.pan AS pan_number, o.gst AS gst_number, w.ifsc_code, w.account_number
     FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
     WHERE o.id = ANY ($1::int[]) ORDER BY o.id FOR UPDATE OF o, w`,
    [[...byId.keys()]],
  );
  for (const o of current) {
    const r = byId.get(o.id)!;
    const written: Partial<Record<Verifiable, string>> = {
      pan_number: r.pan_number!,
      gst_number: r.gst_number!,
      ifsc_code: r.ifsc_code!,
      account_number: r.account_number!,
    };
    const resets = verificationResets(o, written);
    await tx.query("UPDATE outlets SET pan = $2, gst = $3, pin = $4, modified = $5 WHERE id = $1", [
      o.id,
      written.pan_number,
      written.gst_number,
      r.pin_code,
      now,
    ]);
    await tx.query("UPDATE workflow_objects SET ifsc_code = $2, account_number = $3 WHERE id = $1", [
      o.wo_id,
      written.ifsc_code,
      written.account_number,
    ]);
    await resetVerification(tx, { outletId: o.id, woId: o.wo_id }, resets);
    // The survey's answer of a changed value follows it, unverified, as a retailer's accepted request does.
    const answered = Object.entries(VERIFIABLE_OF_TYPE).filter(([, v]) => resets.includes(v));
    if (answered.length > 0)
      await tx.query(
        `UPDATE answers a SET single_input = x.value, verified = false, is_edited = true, version = a.version + 1
         FROM questions q, unnest($2::text[], $3::text[]) AS x(type, value)
         WHERE q.id = a.question_id AND a.workflow_object_id = $1 AND q.type = x.type`,
        [o.wo_id, answered.map(([type]) => type), answered.map(([, v]) => written[v])],
      );
  }
  await insertMany(
    tx,
    "outlet_kyc_updates",
    [
      "outlet_id",
      "sub_project_id",
      "pan_number",
      "gst_number",
      "ifsc_code",
      "account_number",
      "pin_code",
      "job_id",
    ],
    rows.map((r) => [
      Number(r.id),
      subProjectId,
      r.pan_number,
      r.gst_number,
      r.ifsc_code,
      r.account_number,
      r.pin_code,
      jobId,
    ]),
  );
}
