/**
 * Where each verifiable value keeps its status (spec 001 §3, §4.3), and the write every path that
 * changes such a value makes in its own transaction: the statuses of the values the domain rule
 * `verificationResets` names go back to not_verified_yet. A UPI id has no outlet status: its
 * answer's verified flag is its status, and the answer save clears it.
 */
import { NOT_VERIFIED_YET, type Verifiable } from "../../src/domain/verification/verification";
import type { Queryable } from "../db/db";

/** The status column of each value, on the outlet or on its workflow object. */
export const STATUS_HOME: Readonly<
  Partial<Record<Verifiable, { table: "outlets" | "workflow_objects"; column: string }>>
> = {
  pan_number: { table: "outlets", column: "pan_number_verification_status" },
  gst_number: { table: "outlets", column: "gst_number_verification_status" },
  ifsc_code: { table: "workflow_objects", column: "ifsc_code_verification_status" },
  account_number: { table: "workflow_objects", column: "account_number_verification_status" },
};

/** Sets the named values of one outlet back to not_verified_yet. */
export async function resetVerification(
  tx: Queryable,
  target: { outletId: number; woId: number },
  values: readonly Verifiable[],
): Promise<void> {
  for (const table of ["outlets", "workflow_objects"] as const) {
    const columns = values.flatMap((v) => (STATUS_HOME[v]?.table === table ? [STATUS_HOME[v]!.column] : []));
    if (columns.length === 0) continue;
    await tx.query(`UPDATE ${table} SET ${columns.map((c) => `${c} = $2`).join(", ")} WHERE id = $1`, [
      table === "outlets" ? target.outletId : target.woId,
      NOT_VERIFIED_YET,
    ]);
  }
}
