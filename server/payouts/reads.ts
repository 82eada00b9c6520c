/**
 * What the money path's screens read (docs/payouts.md): an outlet's payouts with their invoices, the
 * latest transaction, a sub-project's cycles and a client project's totals. All read the rows the one payment function and the plotting upload write, so every screen agrees.
 */
import { addressOf } from "../../src/domain/api/endpoint";
import { InvoiceId } from "../../src/domain/api/ids";
import { staffInvoicePdf } from "../../src/domain/api/mobilePdfs";
import {
  type ClientPayout,
  type CyclePage,
  PAYOUT_PAID,
  PAYOUT_PLOTTED,
  type PayoutQuery,
  type PayoutRow,
  type TransactionDetails,
} from "../../src/domain/payouts/payouts";
import type { Page } from "../../src/domain/shared/requestInput";
import { isInternal } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import type { OutletViewer } from "../outlets/access";

const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** The id of an outlet the viewer sees, by RSID, or undefined. */
export async function visibleOutletId(db: Queryable, viewer: OutletViewer, rsid: string) {
  const [row] = await db.query<{ id: number }>(
    `SELECT o.id FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE o.rsid = $1 AND ($2::boolean OR p.organisation_id = $3)`,
    [rsid, isInternal(viewer.user), viewer.user.organisation_id],
  );
  return row?.id;
}

const ORDER: Record<NonNullable<PayoutQuery["ordering"]>, string> = {
  rs_payout_month: "p.rs_payout_month, p.id",
  "-rs_payout_month": "p.rs_payout_month DESC, p.id DESC",
  client_payout_month: "p.client_payout_month, p.id",
  "-client_payout_month": "p.client_payout_month DESC, p.id DESC",
  amount: "p.amount, p.id",
  "-amount": "p.amount DESC, p.id DESC",
  payment_date: "p.payment_date NULLS FIRST, p.id",
  "-payment_date": "p.payment_date DESC NULLS LAST, p.id DESC",
};

/** A page of an outlet's payouts, newest cycle first unless ordered otherwise. */
export async function outletPayouts(
  db: Queryable,
  outletId: number,
  query: PayoutQuery,
  page: Page,
): Promise<{ rows: PayoutRow[]; count: number }> {
  const params: unknown[] = [outletId];
  const where = ["p.outlet_id = $1"];
  for (const key of ["program", "client_payout_month", "rs_payout_month"] as const) {
    const values = query[key];
    if (values && values.length > 0) {
      params.push(values);
      where.push(`p.${key} = ANY($${params.length}::text[])`);
    }
  }
  if (query.search?.trim()) {
    params.push(`%${query.search.trim().toLowerCase()}%`);
    where.push(
      `(lower(p.program) LIKE $${params.length} OR lower(coalesce(p.utr_number, '')) LIKE $${params.length})`,
    );
  }
  const [counted] = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM outlet_payouts p WHERE ${where.join(" AND ")}`,
    params,
  );
  const rows = await db.query<
    Omit<PayoutRow, "invoice_data"> & { invoice_id: number | null; invoice_no: string | null }
  >(
    `SELECT p.id, o.rsid, o.rsid AS outlet_slug, o.id AS outlet_id, o.version, o.workflow_state, s.type AS sub_project_type,
       p.program, p.client_payout_month, p.rs_payout_month, p.amount::text AS amount, p.payment_remarks, p.payment_status,
       ${day("p.payment_date")} AS payment_date, p.utr_number, i.id AS invoice_id, i.invoice_no
     FROM outlet_payouts p JOIN outlets o ON o.id = p.outlet_id JOIN sub_projects s ON s.id = o.sub_project_id
     LEFT JOIN retailer_invoices i ON i.payout_id = p.id
     WHERE ${where.join(" AND ")}
     ORDER BY ${ORDER[query.ordering ?? "-rs_payout_month"]} LIMIT ${page.size} OFFSET ${(page.number - 1) * page.size}`,
    params,
  );
  return {
    count: Number(counted?.n ?? 0),
    rows: rows.map(({ invoice_id, invoice_no, ...r }) => ({
      ...r,
      invoice_data:
        invoice_id !== null && invoice_no !== null
          ? {
              id: InvoiceId.make(invoice_id),
              invoice_no,
              file: addressOf(staffInvoicePdf, { rsid: r.rsid, id: String(invoice_id) }),
            }
          : null,
    })),
  };
}

/** The last payment recorded for the outlet, or null before any. */
export async function latestTransaction(db: Queryable, outletId: number): Promise<TransactionDetails | null> {
  const [row] = await db.query<TransactionDetails>(
    `SELECT ${day("date_of_payment")} AS date_of_payment, base_value::text AS base_value,
       invoice_value_incl_gst::text AS invoice_value_incl_gst, tds_amt::text AS tds_amt, paid_amt::text AS paid_amt,
       status, cms_number, remarks
     FROM payout_transactions WHERE outlet_id = $1 ORDER BY created DESC, id DESC LIMIT 1`,
    [outletId],
  );
  return row ?? null;
}

const totals = `count(*) FILTER (WHERE p.payment_status = '${PAYOUT_PLOTTED}')::int AS plotted_count,
  coalesce(sum(p.amount) FILTER (WHERE p.payment_status = '${PAYOUT_PLOTTED}'), 0)::numeric(15, 2)::text AS plotted_amount,
  count(*) FILTER (WHERE p.payment_status = '${PAYOUT_PAID}')::int AS paid_count,
  coalesce(sum(p.amount) FILTER (WHERE p.payment_status = '${PAYOUT_PAID}'), 0)::numeric(15, 2)::text AS paid_amount`;

const visibleProject = "p.slug = $1 AND ($2::boolean OR p.organisation_id = $3)";
const scopeParams = (viewer: OutletViewer, slug: string) => [
  slug,
  isInternal(viewer.user),
  viewer.user.organisation_id,
];

/** A sub-project's cycle page (its own payouts and its cycles'), or null when not seen. */
export async function payoutCycles(
  db: Queryable,
  viewer: OutletViewer,
  projectSlug: string,
  slug: string,
): Promise<CyclePage | null> {
  const [sp] = await db.query<{
    id: number;
    name: string;
    slug: string;
    type: string;
    p_name: string;
    p_slug: string;
  }>(
    `SELECT s.id, s.name, s.slug, s.type, p.name AS p_name, p.slug AS p_slug
     FROM sub_projects s JOIN projects p ON p.id = s.project_id WHERE ${visibleProject} AND s.slug = $4`,
    [...scopeParams(viewer, projectSlug), slug],
  );
  if (!sp) return null;
  const family = "(SELECT id FROM sub_projects WHERE id = $1 OR parent_id = $1)";
  const [targets] = await db.query<{ outlets: number; target_amount: string }>(
    `SELECT count(*)::int AS outlets, coalesce(sum(target_amount), 0)::numeric(15, 2)::text AS target_amount
     FROM cycle_outlets WHERE sub_project_id IN ${family}`,
    [sp.id],
  );
  const cycles = await db.query<CyclePage["cycles"][number]>(
    `SELECT p.rs_payout_month, p.client_payout_month, count(DISTINCT p.outlet_id)::int AS outlets,
       coalesce((SELECT sum(c.target_amount) FROM cycle_outlets c WHERE c.sub_project_id IN ${family}
         AND c.outlet_id IN (SELECT q.outlet_id FROM outlet_payouts q WHERE q.sub_project_id IN ${family}
           AND q.rs_payout_month = p.rs_payout_month AND q.client_payout_month = p.client_payout_month)), 0)::numeric(15, 2)::text
         AS target_amount,
       ${totals}
     FROM outlet_payouts p WHERE p.sub_project_id IN ${family}
     GROUP BY p.rs_payout_month, p.client_payout_month ORDER BY p.rs_payout_month DESC, p.client_payout_month DESC`,
    [sp.id],
  );
  return {
    project: { name: sp.p_name, slug: sp.p_slug },
    sub_project: { name: sp.name, slug: sp.slug, type: sp.type },
    targets: targets ?? { outlets: 0, target_amount: "0.00" },
    cycles,
  };
}

/** The payout sub-project types (the money path runs through them). */
/** Sub-project types whose outlets are paid (their payouts are plotted and paid). */
export const PAYOUT_TYPES = ["3p_payout", "payout_cycle", "off_take", "off_take_cycle"];

/** A project's payout page for the client portal: the caller's own organisation's project only. */
export async function clientPayout(
  db: Queryable,
  viewer: OutletViewer,
  projectSlug: string,
): Promise<ClientPayout | null> {
  const [project] = await db.query<{ id: number; name: string; slug: string }>(
    `SELECT p.id, p.name, p.slug FROM projects p WHERE ${visibleProject}`,
    scopeParams(viewer, projectSlug),
  );
  if (!project) return null;
  const sub_projects = await db.query<ClientPayout["sub_projects"][number]>(
    `SELECT s.name, s.slug, s.type, ${totals}
     FROM sub_projects s LEFT JOIN outlet_payouts p ON p.sub_project_id = s.id
     WHERE s.project_id = $1 AND s.type = ANY($2::text[])
     GROUP BY s.id, s.name, s.slug, s.type ORDER BY s.id`,
    [project.id, PAYOUT_TYPES],
  );
  return { project: { name: project.name, slug: project.slug }, sub_projects };
}
