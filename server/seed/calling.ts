/**
 * The calling desk's demo data (docs/calling.md, docs/demo-data.md): a calling tracker entry per
 * phone of the first 100 outlets (every type of calling among them), one phone shared between two
 * outlets, and reasons both successful and not.
 */
import type { Queryable } from "../db/db";

/** Scenario outlets, documented in docs/demo-data.md ("Calling desk"). */
export const CALLING_SCENARIOS = {
  upTo: "RS000100",
  /** RS000018's phone also serves RS000023 (both invoice calls, QC accepted, no reasons yet). */
  sharedPhoneOf: "RS000018",
  sharedWith: "RS000023",
  /** kyc_update: phone 1 successful, phone 2 without a reason (complete). */
  successful: "RS000019",
  /** confirmation: phone 1 not reachable, phone 2 without a reason (incomplete). */
  unsuccessful: "RS000025",
  /** invoice: both phones have a reason, none successful (complete). */
  allGiven: "RS000028",
} as const;

export async function seedCallingTrackers(tx: Queryable, now: number): Promise<void> {
  const [by] = await tx.query<{ id: number }>("SELECT id FROM users WHERE username = 'calling.executive'");
  // Phone 1 and phone 2 of each outlet, one entry per organisation and phone.
  await tx.query(
    `INSERT INTO calling_trackers (organisation_id, phone_number, is_verified)
     SELECT DISTINCT p.organisation_id, x.phone, x.verified
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     CROSS JOIN LATERAL (VALUES (o.phone, true), (o.phone_number2, false)) AS x (phone, verified)
     WHERE o.rsid <= $1 AND x.phone IS NOT NULL
     ON CONFLICT (organisation_id, phone_number) DO NOTHING`,
    [CALLING_SCENARIOS.upTo],
  );
  await tx.query(
    `INSERT INTO calling_tracker_outlets (calling_tracker_id, outlet_id)
     SELECT DISTINCT t.id, o.id
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     JOIN calling_trackers t ON t.organisation_id = p.organisation_id
       AND t.phone_number IN (o.phone, o.phone_number2)
     WHERE o.rsid <= $1`,
    [CALLING_SCENARIOS.upTo],
  );
  // The shared phone: RS000018's phone 1 serves RS000023 as well (a seed with fewer outlets has
  // neither, and no shared phone).
  await tx.query(
    `INSERT INTO calling_tracker_outlets (calling_tracker_id, outlet_id)
     SELECT t.id, other.id
     FROM calling_trackers t JOIN outlets o ON o.phone = t.phone_number AND o.rsid = $1
     JOIN outlets other ON other.rsid = $2
     ON CONFLICT DO NOTHING`,
    [CALLING_SCENARIOS.sharedPhoneOf, CALLING_SCENARIOS.sharedWith],
  );
  const reasons: [string, string, "phone" | "phone_number2"][] = [
    [CALLING_SCENARIOS.successful, "call_successful", "phone"],
    [CALLING_SCENARIOS.unsuccessful, "not_reachable", "phone"],
    [CALLING_SCENARIOS.allGiven, "wrong_number", "phone"],
    [CALLING_SCENARIOS.allGiven, "switched_off", "phone_number2"],
  ];
  const at = new Date(now - 86_400_000);
  for (const [rsid, reason, column] of reasons) {
    const rows = await tx.query<{ id: number }>(
      `UPDATE calling_trackers t SET reason = $2, reason_by = $3, reason_at = $4
       FROM outlets o WHERE o.rsid = $1 AND t.phone_number = o.${column}
         AND t.id IN (SELECT calling_tracker_id FROM calling_tracker_outlets WHERE outlet_id = o.id)
       RETURNING t.id`,
      [rsid, reason, by?.id, at],
    );
    for (const row of rows)
      await tx.query(
        "INSERT INTO calling_tracker_reason_log (calling_tracker_id, reason, user_id, created) VALUES ($1, $2, $3, $4)",
        [row.id, reason, by?.id, at],
      );
  }
}
