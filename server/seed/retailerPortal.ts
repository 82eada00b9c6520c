/**
 * Demo data of the retailer's pages (docs/demo-data.md): each demo retailer's outlet gets its link
 * slug, a year of paid payouts with an invoice each (tax deducted at source from most retailers',
 * so Form 16 has data), and a target statement per quarter. The PDFs
 * are made when first downloaded (server/mobile/pdf.ts), so seeding stays fast.
 */
import type { Queryable } from "../db/db";
import { seededRng } from "./random";

const MONTHS_OF_HISTORY = 12;
/** The rate of tax deducted from a payout (2%, as on commission); one retailer in five has none. */
const TDS_RATE = 0.02;
const REMARKS = ["Target met", "Short of target: focus on the chiller range", null] as const;

/** The demo link slug of the n-th demo retailer (0-based, mobile 9100000001 + n): 20 hex characters. */
export function demoMobileSlug(n: number): string {
  const rng = seededRng(14_000 + n);
  return Array.from({ length: 20 }, () => rng.int(0, 15).toString(16)).join("");
}

/** YYYY-MM of `monthsBack` months before the month of `now`. */
function monthBefore(now: number, monthsBack: number): { year: number; month: number } {
  const d = new Date(now);
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1 };
}
const ym = ({ year, month }: { year: number; month: number }) => `${year}-${String(month).padStart(2, "0")}`;
const lastDay = ({ year, month }: { year: number; month: number }) =>
  new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

export async function seedRetailerPortal(tx: Queryable, now: number): Promise<void> {
  // Payouts are for the outlet's own programme, the one its home page names.
  const outlets = await tx.query<{ id: number; rsid: string; sub_project_id: number; program: string }>(
    `SELECT o.id, o.rsid, o.sub_project_id, coalesce(pg.name, s.name) AS program
     FROM retailers r JOIN outlets o ON o.id = r.outlet_id JOIN sub_projects s ON s.id = o.sub_project_id
     LEFT JOIN programs pg ON pg.id = o.program_id ORDER BY r.mobile`,
  );
  await tx.query(
    "UPDATE outlets o SET mobile_slug = x.slug FROM unnest($1::int[], $2::text[]) AS x(id, slug) WHERE o.id = x.id",
    [outlets.map((o) => o.id), outlets.map((_, i) => demoMobileSlug(i))],
  );
  const rng = seededRng(1414);
  const payouts: {
    outlet: number;
    sub: number;
    program: string;
    amount: string;
    month: string;
    paid: string;
    utr: string;
    tds: string | null;
  }[] = [];
  const statements: unknown[][] = [];
  outlets.forEach((o, i) => {
    // One retailer in ten has no payouts yet, so the empty pages show too.
    if (i % 10 === 9) return;
    const program = o.program;
    const taxed = i % 5 !== 4;
    for (let back = MONTHS_OF_HISTORY; back >= 1; back--) {
      const month = monthBefore(now, back);
      const paidOn = monthBefore(now, back - 1);
      const amount = rng.int(8, 60) * 125;
      payouts.push({
        outlet: o.id,
        sub: o.sub_project_id,
        program,
        amount: `${amount}.00`,
        tds: taxed ? (amount * TDS_RATE).toFixed(2) : null,
        month: ym(month),
        // The latest month's payment is never later than today.
        paid: `${ym(paidOn)}-${String(Math.min(rng.int(5, 20), back === 1 ? new Date(now).getUTCDate() : 28)).padStart(2, "0")}`,
        utr: `UTR${String(rng.int(100000000, 999999999))}${String(i).padStart(3, "0")}`,
      });
    }
    for (let q = 4; q >= 1; q--) {
      const first = monthBefore(now, q * 3);
      const last = monthBefore(now, q * 3 - 2);
      const target = rng.int(40, 120) * 1000;
      const achievement = Math.round(target * (0.6 + rng.next() * 0.6));
      statements.push([
        o.id,
        `Target vs Achievement Q${5 - q}`,
        program,
        `${ym(first)}-01`,
        lastDay(last),
        target,
        achievement,
        REMARKS[(i + q) % REMARKS.length],
      ]);
    }
  });
  const ids = await tx.query<{ id: number }>(
    `INSERT INTO outlet_payouts (outlet_id, sub_project_id, program, amount, client_payout_month, rs_payout_month,
       payment_status, utr_number, payment_date, tds_amount)
     SELECT x.outlet, x.sub, x.program, x.amount, x.month, x.month, 'payment_successful', x.utr, x.paid, x.tds
     FROM unnest($1::int[], $2::int[], $3::text[], $4::numeric[], $5::text[], $6::text[], $7::date[], $8::numeric[])
       WITH ORDINALITY AS x(outlet, sub, program, amount, month, utr, paid, tds, n)
     ORDER BY x.n RETURNING id`,
    [
      payouts.map((p) => p.outlet),
      payouts.map((p) => p.sub),
      payouts.map((p) => p.program),
      payouts.map((p) => p.amount),
      payouts.map((p) => p.month),
      payouts.map((p) => p.utr),
      payouts.map((p) => p.paid),
      payouts.map((p) => p.tds),
    ],
  );
  await tx.query(
    `INSERT INTO retailer_invoices (outlet_id, payout_id, invoice_no, created)
     SELECT x.outlet, x.payout, 'RS/' || to_char(x.paid, 'YYYY') || '/' || lpad(x.payout::text, 6, '0'), x.paid
     FROM unnest($1::int[], $2::int[], $3::date[]) AS x(outlet, payout, paid)`,
    [payouts.map((p) => p.outlet), ids.map((r) => r.id), payouts.map((p) => p.paid)],
  );
  await tx.query(
    `INSERT INTO target_statements (outlet_id, report_name, program, period_start, period_end, target, achievement, remark)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::date[], $5::date[], $6::numeric[], $7::numeric[], $8::text[])`,
    [0, 1, 2, 3, 4, 5, 6, 7].map((c) => statements.map((s) => s[c])),
  );
}
