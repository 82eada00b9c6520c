/**
 * A retailer's profile, earnings, invoices and target statements (spec 002 §3, §7), read by outlet
 * id: the mobile link and the staff's pp views answer from the same reads.
 */
import { isKycSuccessful, paymentDuration } from "../../src/domain/mobile/mobile";
import type { MobileProfile } from "../../src/domain/mobile/mobileAnswers";
import { PAYOUT_PAID } from "../../src/domain/payouts/payouts";
import type { Queryable } from "../db/db";

export type PortalOutlet = { id: number; rsid: string; organisation_id: number };

export async function outletByMobileSlug(db: Queryable, slug: string): Promise<PortalOutlet | undefined> {
  const [row] = await db.query<PortalOutlet>(
    `SELECT o.id, o.rsid, p.organisation_id FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
     JOIN projects p ON p.id = s.project_id WHERE o.mobile_slug = $1`,
    [slug],
  );
  return row;
}

export async function outletByRsid(db: Queryable, rsid: string): Promise<PortalOutlet | undefined> {
  const [row] = await db.query<PortalOutlet>(
    `SELECT o.id, o.rsid, p.organisation_id FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
     JOIN projects p ON p.id = s.project_id WHERE o.rsid = $1`,
    [rsid],
  );
  return row;
}

/**
 * The retailer (or, with none on record, the owner), the programme with its project's logo (at the
 * address `logoOf` gives for the way the page is read) and the KYC status.
 */
export async function mobileProfile(
  db: Queryable,
  outletId: number,
  logoOf: (fileId: number) => string,
): Promise<MobileProfile[]> {
  const rows = await db.query<{
    name: string;
    program_name: string;
    organisation_name: string;
    pan_status: string;
    ifsc_status: string;
    logo_file_id: number | null;
  }>(
    `SELECT coalesce(r.name, o.owner_name) AS name, coalesce(pg.name, s.name) AS program_name, p.logo_file_id,
       org.name AS organisation_name, o.pan_number_verification_status AS pan_status,
       w.ifsc_code_verification_status AS ifsc_status
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     JOIN organisations org ON org.id = p.organisation_id JOIN workflow_objects w ON w.outlet_id = o.id
     LEFT JOIN programs pg ON pg.id = o.program_id LEFT JOIN retailers r ON r.outlet_id = o.id
     WHERE o.id = $1`,
    [outletId],
  );
  return rows.map((r) => ({
    name: r.name,
    program_name: r.program_name,
    // Without a logo the page shows the organisation's initials.
    project_organisation_logo_image: r.logo_file_id === null ? null : logoOf(r.logo_file_id),
    is_kyc_successful: isKycSuccessful(r),
    organisation_name: r.organisation_name,
  }));
}

/** Paid payouts, newest first; the invoice duration is the client payout month the payout is for. */
export async function earnings(db: Queryable, outletId: number) {
  const rows = await db.query<{
    id: number;
    amount: string;
    program: string;
    utr_number: string | null;
    payment_date: string | null;
    start_date: string | null;
    end_date: string | null;
  }>(
    `SELECT p.id, p.amount::text AS amount, p.program, p.utr_number, to_char(p.payment_date, 'YYYY-MM-DD') AS payment_date,
       CASE WHEN p.client_payout_month ~ '^\\d{4}-\\d{2}$' THEN p.client_payout_month || '-01' END AS start_date,
       CASE WHEN p.client_payout_month ~ '^\\d{4}-\\d{2}$'
         THEN to_char((to_date(p.client_payout_month, 'YYYY-MM') + interval '1 month - 1 day'), 'YYYY-MM-DD') END AS end_date
     FROM outlet_payouts p WHERE p.outlet_id = $1 AND p.payment_status = $2
     ORDER BY p.payment_date DESC NULLS LAST, p.id DESC`,
    [outletId, PAYOUT_PAID],
  );
  return rows.map((r) => ({
    id: r.id,
    amount: r.amount,
    outlet: { program_name: r.program },
    workflow_object: { utr_number: r.utr_number },
    payment_date: r.payment_date,
    invoice_duration_start_date: r.start_date,
    invoice_duration_end_date: r.end_date,
  }));
}

/** Invoices of paid payouts, newest first; `file` is where the PDF is served (`fileOf`). */
export async function invoices(db: Queryable, outletId: number, fileOf: (id: number) => string) {
  const rows = await db.query<{
    id: number;
    amount_paid: string;
    program: string;
    invoice_no: string;
    created: string;
    sub_project_name: string;
  }>(
    `SELECT i.id, p.amount::text AS amount_paid, p.program, i.invoice_no, to_char(i.created, 'YYYY-MM-DD') AS created,
       s.name AS sub_project_name
     FROM retailer_invoices i JOIN outlet_payouts p ON p.id = i.payout_id JOIN sub_projects s ON s.id = p.sub_project_id
     WHERE i.outlet_id = $1 ORDER BY i.created DESC, i.id DESC`,
    [outletId],
  );
  return rows.map((r) => ({ ...r, file: fileOf(r.id) }));
}

/** Target statements, newest period first; `url` is where the PDF is served (`fileOf`). */
export async function targetStatements(db: Queryable, outletId: number, fileOf: (id: number) => string) {
  const rows = await db.query<{
    id: number;
    report_name: string;
    rsid: string;
    program: string;
    period_start: string;
    period_end: string;
    remark: string | null;
  }>(
    `SELECT t.id, t.report_name, o.rsid, t.program, to_char(t.period_start, 'YYYY-MM-DD') AS period_start,
       to_char(t.period_end, 'YYYY-MM-DD') AS period_end, t.remark
     FROM target_statements t JOIN outlets o ON o.id = t.outlet_id
     WHERE t.outlet_id = $1 ORDER BY t.period_start DESC, t.id DESC`,
    [outletId],
  );
  return rows.map((r) => ({
    id: r.id,
    report_name: r.report_name,
    rsid: r.rsid,
    program: r.program,
    duration: paymentDuration(r.period_start, r.period_end),
    remark: r.remark,
    url: fileOf(r.id),
  }));
}

/** The outlets of the signed-in retailer: the link slug is theirs to share with themselves only. */
export async function retailerOutlets(db: Queryable, userId: number) {
  return db.query<{
    rsid: string;
    name: string;
    address: string;
    pin: string;
    city: string;
    program_name: string;
    workflow_state: string;
  }>(
    `SELECT o.rsid, o.name, o.address, o.pin, c.name AS city, coalesce(pg.name, s.name) AS program_name,
       o.workflow_state
     FROM retailers r JOIN outlets o ON o.id = r.outlet_id JOIN cities c ON c.id = o.city_id
     JOIN sub_projects s ON s.id = o.sub_project_id LEFT JOIN programs pg ON pg.id = o.program_id
     WHERE r.user_id = $1 ORDER BY o.rsid`,
    [userId],
  );
}

/** The retailer's own outlet by RSID, or undefined when it is not theirs. */
export async function retailerOutlet(
  db: Queryable,
  userId: number,
  rsid: string,
): Promise<PortalOutlet | undefined> {
  const [row] = await db.query<PortalOutlet>(
    `SELECT o.id, o.rsid, p.organisation_id FROM retailers r JOIN outlets o ON o.id = r.outlet_id
     JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE r.user_id = $1 AND o.rsid = $2`,
    [userId, rsid],
  );
  return row;
}

/** Last four characters only: the page confirms which account, it does not hand the number out. */
const lastFour = (value: string | null) => (value ? `••••${value.slice(-4)}` : null);

/**
 * Outlet information for its retailer: the store, bank and tax details on record (account, PAN and
 * GST cut to their last four characters) and their edit requests with the decision and its reason.
 */
export async function retailerOutletInformation(db: Queryable, outletId: number) {
  const [o] = await db.query<{
    rsid: string;
    name: string;
    owner_name: string;
    address: string;
    pin: string;
    city: string;
    state: string;
    phone: string;
    account_number: string | null;
    ifsc_code: string | null;
    account_holder_name: string | null;
    bank: string | null;
    pan: string;
    gst: string;
    wo_id: number;
  }>(
    `SELECT o.rsid, o.name, o.owner_name, o.address, o.pin, c.name AS city, st.name AS state, o.phone,
       coalesce(w.account_number, o.account_number) AS account_number, coalesce(w.ifsc_code, o.ifsc) AS ifsc_code,
       w.account_holder_name, w.bank, o.pan, o.gst, w.id AS wo_id
     FROM outlets o JOIN cities c ON c.id = o.city_id JOIN states st ON st.id = c.state_id
     JOIN workflow_objects w ON w.outlet_id = o.id WHERE o.id = $1`,
    [outletId],
  );
  const requests = await db.query<{
    id: number;
    type: string;
    status: string;
    created: string;
    rejection_reason: string | null;
  }>(
    `SELECT id, type, status, to_char(created, 'YYYY-MM-DD') AS created, rejection_reason
     FROM retailer_master_requests WHERE workflow_object_id = $1 ORDER BY created DESC, id DESC`,
    [o!.wo_id],
  );
  return {
    rsid: o!.rsid,
    name: o!.name,
    owner_name: o!.owner_name,
    address: o!.address,
    pin: o!.pin,
    city: o!.city,
    state: o!.state,
    phone: o!.phone,
    bank: {
      account_number: lastFour(o!.account_number),
      ifsc_code: o!.ifsc_code,
      account_holder_name: o!.account_holder_name,
      bank: o!.bank,
    },
    tax: { pan_number: lastFour(o!.pan), gst_number: lastFour(o!.gst) },
    requests,
  };
}
