/**
 * Form 16 for a retailer (spec 000 route catalogue /retailers/form16; content not shown, designed in
 * docs/retailer-portal.md): the tax deducted at source from the retailer's payouts, per Indian
 * financial year (1 April to 31 March) and quarter. A year's statement is issued once the year has
 * ended, so the file a retailer keeps never changes afterwards.
 */
export const FORM16_MSG = {
  /** 002 §2.6's empty text: no payout of the outlet had tax deducted. */
  noData: "No data available",
  failed: "Form 16 could not be loaded.",
  download: "Download Form 16",
  inProgress: "Issued after the year ends",
} as const;

/** The first calendar year of the financial year a date (YYYY-MM-DD) falls in: April starts it. */
export function financialYearOf(isoDate: string): number {
  const year = Number(isoDate.slice(0, 4));
  return Number(isoDate.slice(5, 7)) >= 4 ? year : year - 1;
}

/** "2025-26", as the income-tax forms write a financial year. */
export const financialYearLabel = (start: number): string =>
  `${start}-${String((start + 1) % 100).padStart(2, "0")}`;

/** The financial year a label names, or null when it is not a label of this form. */
export function financialYearFromLabel(label: string): number | null {
  const m = /^(\d{4})-(\d{2})$/.exec(label);
  if (!m) return null;
  const start = Number(m[1]);
  return (start + 1) % 100 === Number(m[2]) ? start : null;
}

/** Q1 is April to June, Q4 January to March. */
export function financialQuarterOf(isoDate: string): 1 | 2 | 3 | 4 {
  const month = Number(isoDate.slice(5, 7));
  return (Math.floor(((month + 8) % 12) / 3) + 1) as 1 | 2 | 3 | 4;
}

export const FINANCIAL_QUARTER_MONTHS = ["Apr-Jun", "Jul-Sep", "Oct-Dec", "Jan-Mar"] as const;

/** A year's Form 16 is issued once the year has ended (today is YYYY-MM-DD). */
export const isForm16Issued = (start: number, today: string): boolean => today > `${start + 1}-03-31`;

export type Form16Payout = { payment_date: string; amount: string; tds_amount: string };
export type Form16Quarter = { quarter: 1 | 2 | 3 | 4; amount_paid: string; tds_deducted: string };
export type Form16Year = {
  financial_year: string;
  amount_paid: string;
  tds_deducted: string;
  quarters: Form16Quarter[];
  issued: boolean;
};

const paise = (amount: string) => Math.round(Number(amount) * 100);
const rupees = (p: number) => (p / 100).toFixed(2);

/**
 * The years in which tax was deducted from a payout, newest first, each with its four quarters'
 * amounts paid (every paid payout of the year, as the earnings list them) and tax deducted (summed
 * in paise, so the totals are exact). A year without tax deducted has no Form 16.
 */
export function form16Years(payouts: readonly Form16Payout[], today: string): Form16Year[] {
  const years = new Map<number, { paid: number[]; tds: number[] }>();
  for (const p of payouts) {
    const start = financialYearOf(p.payment_date);
    const year = years.get(start) ?? { paid: [0, 0, 0, 0], tds: [0, 0, 0, 0] };
    const q = financialQuarterOf(p.payment_date) - 1;
    year.paid[q]! += paise(p.amount);
    year.tds[q]! += paise(p.tds_amount);
    years.set(start, year);
  }
  return [...years.entries()]
    .filter(([, { tds }]) => tds.some((v) => v > 0))
    .sort(([a], [b]) => b - a)
    .map(([start, { paid, tds }]) => ({
      financial_year: financialYearLabel(start),
      amount_paid: rupees(paid.reduce((s, v) => s + v, 0)),
      tds_deducted: rupees(tds.reduce((s, v) => s + v, 0)),
      quarters: paid.map((p, i) => ({
        quarter: (i + 1) as 1 | 2 | 3 | 4,
        amount_paid: rupees(p),
        tds_deducted: rupees(tds[i]!),
      })),
      issued: isForm16Issued(start, today),
    }));
}
