/**
 * The signed-in retailer's notifications and profile (spec 000 route catalogue; content not shown,
 * designed in docs/retailer-portal.md). Notifications are read from what already happened to the
 * retailer's outlets (payouts paid, edit requests decided), so nothing else has to write them.
 */
import { PAYOUT_PAID } from "../../src/domain/payouts/payouts";
import type { Queryable } from "../db/db";

/** How many notifications the page lists: a year of monthly payouts and the decisions besides. */
export const RETAILER_NOTIFICATION_LIMIT = 50;

export type RetailerNotification = {
  event_type: "payment_successful" | "retailer_edit_accepted" | "retailer_edit_rejected";
  rsid: string;
  at: string;
  amount: string | null;
  program: string | null;
  request_type: string | null;
  rejection_reason: string | null;
};

/** The latest events of the retailer's outlets, newest first. */
export function retailerNotifications(db: Queryable, userId: number) {
  return db.query<RetailerNotification>(
    `SELECT * FROM (
       SELECT 'payment_successful' AS event_type, o.rsid, to_char(p.payment_date, 'YYYY-MM-DD"T"00:00:00"Z"') AS at,
         p.amount::text AS amount, p.program, NULL AS request_type, NULL AS rejection_reason
       FROM retailers r JOIN outlets o ON o.id = r.outlet_id JOIN outlet_payouts p ON p.outlet_id = o.id
       WHERE r.user_id = $1 AND p.payment_status = $2 AND p.payment_date IS NOT NULL
       UNION ALL
       SELECT 'retailer_edit_' || q.status, o.rsid, to_char(q.decided AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
         NULL, NULL, q.type, q.rejection_reason
       FROM retailers r JOIN outlets o ON o.id = r.outlet_id JOIN workflow_objects w ON w.outlet_id = o.id
       JOIN retailer_master_requests q ON q.workflow_object_id = w.id
       WHERE r.user_id = $1 AND q.status <> 'pending' AND q.decided IS NOT NULL
     ) n ORDER BY at DESC, rsid LIMIT ${RETAILER_NOTIFICATION_LIMIT}`,
    [userId, PAYOUT_PAID],
  );
}

/** The retailer's own account: who they are and how many outlets they are paid for. */
export async function retailerProfile(db: Queryable, userId: number) {
  const [row] = await db.query<{
    user_name: string;
    name: string;
    phone_number: string | null;
    outlets: number;
  }>(
    `SELECT u.username AS user_name, u.name, u.phone_number, count(r.id)::int AS outlets
     FROM users u JOIN retailers r ON r.user_id = u.id WHERE u.id = $1 GROUP BY u.id`,
    [userId],
  );
  return row;
}

export type RetailerOffer = {
  slug: string;
  title: string;
  description: string;
  starts_on: string;
  ends_on: string;
  organisation_name: string;
};

/**
 * The offers a retailer can still take up: active ones of the organisations whose programmes the
 * retailer's outlets are in, not yet ended (today is YYYY-MM-DD), soonest ending first.
 */
export function retailerOffers(db: Queryable, userId: number, today: string, slug?: string) {
  return db.query<RetailerOffer>(
    `SELECT f.slug, f.title, f.description, to_char(f.starts_on, 'YYYY-MM-DD') AS starts_on,
       to_char(f.ends_on, 'YYYY-MM-DD') AS ends_on, org.name AS organisation_name
     FROM offers f JOIN organisations org ON org.id = f.organisation_id
     WHERE f.is_active AND f.ends_on >= $2::date AND ($3::text IS NULL OR f.slug = $3)
       AND f.organisation_id IN (
         SELECT p.organisation_id FROM retailers r JOIN outlets o ON o.id = r.outlet_id
         JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
         WHERE r.user_id = $1)
     ORDER BY f.ends_on, f.title`,
    [userId, today, slug ?? null],
  );
}
