/**
 * Demo data of identity verification (docs/demo-data.md): the IFSC master holds the branch of every
 * demo outlet's IFSC (named after the outlet's city), so IFSC Validate fills bank and branch; the
 * account numbers' statuses follow the IFSC's as the review seed set them.
 */
import type { Queryable } from "../db/db";

export async function seedVerification(tx: Queryable): Promise<void> {
  await tx.query(
    `INSERT INTO bank_codes (ifsc_code, bank_code, bank, branch)
     SELECT DISTINCT ON (w.ifsc_code) w.ifsc_code, left(w.ifsc_code, 4), coalesce(b.bank, left(w.ifsc_code, 4)), c.name || ' Branch'
     FROM workflow_objects w JOIN outlets o ON o.id = w.outlet_id JOIN cities c ON c.id = o.city_id
     LEFT JOIN LATERAL (SELECT bank FROM bank_codes WHERE bank_code = left(w.ifsc_code, 4) LIMIT 1) b ON true
     WHERE w.ifsc_code ~ '^[A-Z]{4}0[A-Z0-9]{6}$'
     ORDER BY w.ifsc_code, o.id
     ON CONFLICT (ifsc_code) DO NOTHING`,
  );
  await tx.query(
    "UPDATE workflow_objects SET account_number_verification_status = ifsc_code_verification_status",
  );
}
