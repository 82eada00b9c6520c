/**
 * Accepting a request writes its new values (spec 001 §4.7): each field of the request's type that
 * differs from the outlet's current value is written, the survey answer of the same type follows,
 * and a changed PAN, GST, IFSC or account number must be verified again (001 §4.3).
 */
import { FIELD_LABELS, REQUEST_OF, TEXT_FIELDS, type TextField } from "../../src/domain/outlets/outletEdit";
import type { RequestData, RequestType } from "../../src/domain/outlets/retailerRequests";
import { VERIFIABLE, type Verifiable, verificationResets } from "../../src/domain/verification/verification";
import type { Queryable } from "../db/db";
import { resetVerification } from "../verification/statuses";
import { FIELD_HOME } from "./snapshot";

/** Fields whose survey answer (by question type) takes the new value and loses its verified flag. */
const ANSWERED: readonly TextField[] = ["pan_number", "gst_number", "ifsc_code", "account_number"];

/** Writes the request's changes; answers one QC edit history line per changed field. */
export async function applyRequest(
  tx: Queryable,
  outletId: number,
  woId: number,
  type: RequestType,
  data: RequestData,
): Promise<string[]> {
  const fields = TEXT_FIELDS.filter((f) => REQUEST_OF[f] === type);
  const [current] = await tx.query<Record<TextField, string | null>>(
    `SELECT ${fields
      .map((f) => {
        const home = FIELD_HOME[f];
        const col = `${home.part === "outlet" ? "o" : "w"}.${home.column}`;
        return `${f === "dob" ? `to_char(${col}, 'YYYY-MM-DD')` : col} AS ${f}`;
      })
      .join(", ")}
     FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id WHERE o.id = $1`,
    [outletId],
  );
  const lines: string[] = [];
  for (const f of fields) {
    const home = FIELD_HOME[f];
    const next = data[home.part][f] ?? null;
    const before = current![f] ?? null;
    if (next === before) continue;
    const table = home.part === "outlet" ? "outlets" : "workflow_objects";
    // NOT NULL columns of the outlet keep their value when the request clears them.
    await tx.query(`UPDATE ${table} SET ${home.column} = coalesce($2, ${home.column}) WHERE id = $1`, [
      home.part === "outlet" ? outletId : woId,
      next,
    ]);
    const verifiable = (VERIFIABLE as readonly string[]).includes(f) ? (f as Verifiable) : null;
    if (verifiable)
      await resetVerification(
        tx,
        { outletId, woId },
        verificationResets({ [verifiable]: before }, { [verifiable]: next }),
      );
    if (ANSWERED.includes(f))
      await tx.query(
        `UPDATE answers a SET single_input = $3, verified = false, is_edited = true, version = version + 1
         FROM questions q WHERE q.id = a.question_id AND a.workflow_object_id = $1 AND q.type = $2`,
        [woId, f, next],
      );
    lines.push(
      `${FIELD_LABELS[f]} changed from ${before ?? "(empty)"} to ${next ?? "(empty)"} (retailer request accepted)`,
    );
  }
  return lines;
}
