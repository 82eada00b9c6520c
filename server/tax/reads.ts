/**
 * The payout team's tax figures (docs/tax.md): the TDS page per quarter and programme, the PAN
 * list and a PAN's stores. Quarters and years are the domain's bounds; every figure of a PAN is
 * `panYearFigure` over its paid payouts, as the retailer's Form 16 is.
 */
import { addressOf } from "../../src/domain/api/endpoint";
import { panForm16Pdf } from "../../src/domain/api/tax";
import { PAYOUT_PAID } from "../../src/domain/payouts/payouts";
import { financialYearLabel, financialYearOf, isForm16Issued } from "../../src/domain/tax/form16";
import {
  type Form16Source,
  financialYearBounds,
  financialYearChoices,
  type PanDetail,
  type PanRow,
  panYearFigure,
  payoutTotals,
  quarterBounds,
  type TdsAnswer,
  type TdsRow,
} from "../../src/domain/tax/tax";
import type { Queryable } from "../db/db";
import type { Page } from "../http/pagination";
import { deducteeOf, form16Files, type TaxedPayout, taxedPayouts } from "./form16";

export const todayOf = (now: number) => new Date(now).toISOString().slice(0, 10);

/** The paid payouts of a year, each with its outlet's PAN and the tax its payment deducted. */
const PAID = `FROM outlet_payouts p JOIN outlets o ON o.id = p.outlet_id
  LEFT JOIN payout_transactions t ON t.payout_id = p.id AND t.paid
  WHERE p.payment_status = $1 AND p.payment_date BETWEEN $2::date AND $3::date`;
const TDS = "coalesce(t.tds_amt, p.tds_amount, 0)";

const fileOf = (pan: string, start: number) =>
  addressOf(panForm16Pdf, { pan, year: financialYearLabel(start) });
const form16Of = (pan: string, start: number, sources: Map<string, Form16Source>) => {
  const source = sources.get(pan);
  return source ? { source, file: fileOf(pan, start) } : null;
};

export async function tdsFigures(
  db: Queryable,
  start: number,
  program: string | null,
  now: number,
): Promise<TdsAnswer> {
  const { from, to } = financialYearBounds(start);
  const quarters = quarterBounds(start);
  const byQuarter = `JOIN unnest($4::date[], $5::date[]) WITH ORDINALITY AS q (q_from, q_to, n)
    ON p.payment_date BETWEEN q.q_from AND q.q_to`;
  const args = [PAYOUT_PAID, from, to, quarters.map((q) => q.from), quarters.map((q) => q.to), program];
  const sums = `count(*)::int AS payouts, count(DISTINCT o.pan)::int AS deductees,
    sum(p.amount)::numeric(15, 2)::text AS amount_paid, sum(${TDS})::numeric(15, 2)::text AS tds_deducted`;
  const onProgram = "AND ($6::text IS NULL OR p.program = $6)";
  const rows = await db.query<TdsRow>(
    `SELECT q.n::int AS quarter, p.program, ${sums} ${PAID.replace("WHERE", `${byQuarter} WHERE`)} ${onProgram}
     GROUP BY q.n, p.program ORDER BY q.n, p.program`,
    args,
  );
  const totals = await db.query<Omit<TdsRow, "program">>(
    `SELECT q.n::int AS quarter, ${sums} ${PAID.replace("WHERE", `${byQuarter} WHERE`)} ${onProgram}
     GROUP BY q.n ORDER BY q.n`,
    args,
  );
  const programs = await db.query<{ program: string }>(
    `SELECT DISTINCT p.program ${PAID} ORDER BY p.program`,
    [PAYOUT_PAID, from, to],
  );
  const [form16] = await db.query<TdsAnswer["form16"]>(
    `WITH taxed AS (SELECT o.pan ${PAID} GROUP BY o.pan HAVING sum(${TDS}) > 0)
     SELECT (SELECT count(*) FROM taxed)::int AS pans,
       count(*) FILTER (WHERE f.source = 'generated')::int AS generated,
       count(*) FILTER (WHERE f.source = 'uploaded')::int AS uploaded
     FROM pan_form16_files f JOIN taxed ON taxed.pan = f.pan WHERE f.financial_year = $4 AND f.file_id IS NOT NULL`,
    [PAYOUT_PAID, from, to, start],
  );
  const today = todayOf(now);
  const years = financialYearChoices(today);
  const label = financialYearLabel(start);
  return {
    financial_year: label,
    years: years.includes(label) ? years : [label, ...years],
    programs: programs.map((p) => p.program),
    rows,
    quarters: quarters.map(
      ({ quarter }) =>
        totals.find((t) => t.quarter === quarter) ?? {
          quarter,
          payouts: 0,
          deductees: 0,
          amount_paid: "0.00",
          tds_deducted: "0.00",
        },
    ),
    form16: form16!,
    ended: isForm16Issued(start, today),
  };
}

/** The PANs with tax deducted in a year, searched by PAN, RSID, owner or retailer; ordered by PAN. */
async function taxedPans(db: Queryable, start: number, search: string, page: Page | null) {
  const { from, to } = financialYearBounds(start);
  const rows = await db.query<{ pan: string; total: number }>(
    `WITH taxed AS (SELECT o.pan ${PAID} GROUP BY o.pan HAVING sum(${TDS}) > 0)
     SELECT taxed.pan, count(*) OVER ()::int AS total FROM taxed
     WHERE $4 = '' OR EXISTS (
       SELECT 1 FROM outlets s LEFT JOIN retailers r ON r.outlet_id = s.id
       WHERE s.pan = taxed.pan AND (s.pan ILIKE $5 OR s.rsid ILIKE $5 OR s.owner_name ILIKE $5 OR r.name ILIKE $5))
     ORDER BY taxed.pan LIMIT $6 OFFSET $7`,
    [PAYOUT_PAID, from, to, search, `%${search}%`, page?.size ?? null, page?.offset ?? 0],
  );
  return { pans: rows.map((r) => r.pan), count: rows[0]?.total ?? 0 };
}

const groupByPan = (payouts: readonly TaxedPayout[]) => {
  const by = new Map<string, TaxedPayout[]>();
  for (const p of payouts) by.set(p.pan, [...(by.get(p.pan) ?? []), p]);
  return by;
};

/** The rows of these PANs for a year: deductee, outlets, the year's figure and Form 16 file. */
export async function panRows(
  db: Queryable,
  pans: readonly string[],
  start: number,
  now: number,
): Promise<PanRow[]> {
  const payouts = groupByPan(await taxedPayouts(db, pans, financialYearBounds(start)));
  const names = await db.query<{ pan: string; deductee: string; outlets: number }>(
    `SELECT DISTINCT ON (o.pan) o.pan, coalesce(r.name, o.owner_name) AS deductee,
       count(*) OVER (PARTITION BY o.pan)::int AS outlets
     FROM outlets o LEFT JOIN retailers r ON r.outlet_id = o.id WHERE o.pan = ANY ($1::text[])
     ORDER BY o.pan, o.rsid`,
    [pans],
  );
  const sources = await form16Files(db, pans, start);
  const today = todayOf(now);
  return pans.flatMap((pan) => {
    const figure = panYearFigure(payouts.get(pan) ?? [], start, today);
    const name = names.find((n) => n.pan === pan);
    return figure && name
      ? [
          {
            pan,
            deductee: name.deductee,
            outlets: name.outlets,
            figure,
            form16: form16Of(pan, start, sources),
          },
        ]
      : [];
  });
}

export async function panList(db: Queryable, start: number, search: string, page: Page, now: number) {
  const { pans, count } = await taxedPans(db, start, search.trim(), page);
  return { rows: await panRows(db, pans, start, now), count };
}

/** Every PAN with tax deducted in the year (the CSV summary and the batch), ordered by PAN. */
export const allTaxedPans = async (db: Queryable, start: number) =>
  (await taxedPans(db, start, "", null)).pans;

/** One PAN in a year: its figure and each of its outlets with its own payouts' totals; undefined: no outlet holds it. */
export async function panStores(
  db: Queryable,
  pan: string,
  start: number,
  now: number,
): Promise<PanDetail | undefined> {
  const party = await deducteeOf(db, pan);
  if (!party) return undefined;
  const payouts = await taxedPayouts(db, [pan], financialYearBounds(start));
  const outlets = await db.query<{
    id: number;
    rsid: string;
    name: string;
    owner_name: string;
    organisation: string;
  }>(
    `SELECT o.id, o.rsid, o.name, o.owner_name, org.name AS organisation
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     JOIN organisations org ON org.id = p.organisation_id WHERE o.pan = $1 ORDER BY o.rsid`,
    [pan],
  );
  const sources = await form16Files(db, [pan], start);
  return {
    pan,
    deductee: party.deductee,
    financial_year: financialYearLabel(start),
    figure: panYearFigure(payouts, start, todayOf(now)),
    stores: outlets.map((o) => {
      const own = payouts.filter((p) => p.outlet_id === o.id);
      return {
        rsid: o.rsid,
        name: o.name,
        owner_name: o.owner_name,
        organisation: o.organisation,
        programs: [...new Set(own.map((p) => p.program))].sort(),
        ...payoutTotals(own),
      };
    }),
    form16: form16Of(pan, start, sources),
  };
}

/** The financial year a request names, else the last one ended. */
export const yearOrLastEnded = (start: number | undefined, now: number): number =>
  start ?? financialYearOf(todayOf(now)) - 1;
