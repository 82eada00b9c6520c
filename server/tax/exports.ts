/**
 * The tax exports to My Downloads (docs/tax.md): a quarter's TDS report, one row per paid payout
 * with tax deducted (what a quarterly TDS return lists), and the Form 16 CSV summary of a year, one
 * row per PAN with the same figure as the PAN list.
 */
import { financialYearLabel } from "../../src/domain/tax/form16";
import { FORM16_CSV_COLUMNS, quarterBounds, TDS_REPORT_COLUMNS } from "../../src/domain/tax/tax";
import type { Queryable } from "../db/db";
import { taxedPayouts } from "./form16";
import { allTaxedPans, panRows } from "./reads";

type Sheet = { name: string; header: readonly string[]; rows: Record<string, string>[] };

export async function tdsReportSheet(
  db: Queryable,
  p: { financial_year: number; quarter: 1 | 2 | 3 | 4 },
): Promise<Sheet> {
  const bounds = quarterBounds(p.financial_year)[p.quarter - 1]!;
  const pans = await db.query<{ pan: string }>(
    `SELECT DISTINCT o.pan FROM outlet_payouts p JOIN outlets o ON o.id = p.outlet_id
     WHERE p.payment_date BETWEEN $1::date AND $2::date`,
    [bounds.from, bounds.to],
  );
  const payouts = (
    await taxedPayouts(
      db,
      pans.map((r) => r.pan),
      bounds,
    )
  ).filter((r) => Number(r.tds_amount) > 0);
  const outlets = await db.query<{ id: number; name: string; deductee: string }>(
    `SELECT o.id, o.name, (SELECT coalesce(r.name, f.owner_name) FROM outlets f LEFT JOIN retailers r ON r.outlet_id = f.id
       WHERE f.pan = o.pan ORDER BY f.rsid LIMIT 1) AS deductee
     FROM outlets o WHERE o.id = ANY ($1::int[])`,
    [[...new Set(payouts.map((r) => r.outlet_id))]],
  );
  const of = new Map(outlets.map((o) => [o.id, o]));
  return {
    name: `tds_q${p.quarter}_${financialYearLabel(p.financial_year)}`,
    header: TDS_REPORT_COLUMNS,
    rows: [...payouts]
      .sort((a, b) => a.pan.localeCompare(b.pan) || a.payment_date.localeCompare(b.payment_date))
      .map((r) => ({
        pan: r.pan,
        deductee: of.get(r.outlet_id)?.deductee ?? "",
        rsid: r.rsid,
        outlet_name: of.get(r.outlet_id)?.name ?? "",
        program: r.program,
        payment_date: r.payment_date,
        utr_number: r.utr_number ?? "",
        amount_paid: r.amount,
        tds_deducted: r.tds_amount,
      })),
  };
}

export async function form16CsvSheet(
  db: Queryable,
  p: { financial_year: number },
  now: number,
): Promise<Sheet> {
  const rows = await panRows(db, await allTaxedPans(db, p.financial_year), p.financial_year, now);
  return {
    name: `form16_${financialYearLabel(p.financial_year)}`,
    header: FORM16_CSV_COLUMNS,
    rows: rows.map((r) => ({
      financial_year: r.figure.financial_year,
      pan: r.pan,
      deductee: r.deductee,
      outlets: String(r.outlets),
      amount_paid: r.figure.amount_paid,
      tds_deducted: r.figure.tds_deducted,
      q1_tds: r.figure.quarters[0]!.tds_deducted,
      q2_tds: r.figure.quarters[1]!.tds_deducted,
      q3_tds: r.figure.quarters[2]!.tds_deducted,
      q4_tds: r.figure.quarters[3]!.tds_deducted,
      form16: r.form16?.source ?? "none",
    })),
  };
}
