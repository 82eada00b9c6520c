/**
 * TDS and Form 16 for the payout team (spec 000 §2.1 tds, tds/tds-reports, form16, pan-list,
 * store-detail, form-16-pdf, form-16-csv; §7.6 TDS and Form 16 families; content not shown,
 * designed in docs/tax.md). Tax is deducted at source from each paid payout; the deductee is the
 * outlet's PAN, so every figure a PAN is given, on the staff pages and on its retailer's Form 16
 * alike, is `panYearFigure` over the PAN's paid payouts.
 */
import { Schema } from "effect";
import { Form16BatchId } from "../api/ids";
import { paginated, resultsOf } from "../api/paginated";
import {
  FINANCIAL_QUARTER_MONTHS,
  type Form16Payout,
  type Form16Year,
  financialYearLabel,
  financialYearOf,
  form16Years,
} from "./form16";

export const TAX_MSG = {
  tdsTitle: "TDS",
  reportsTitle: "TDS reports",
  form16Title: "Form 16",
  panListTitle: "Form 16 PAN list",
  storesTitle: "Form 16 store detail",
  pdfTitle: "Form 16 PDF",
  csvTitle: "Form 16 CSV",
  loadFailed: "The tax figures could not be loaded.",
  noTax: "No data available",
  notEnded: "Form 16 is issued once the financial year has ended.",
  noPanTax: "No tax was deducted from this PAN's payouts in this financial year.",
  exportStarted: "Export started. Check My Downloads for progress.",
  exportFailed: "The export could not be started.",
  generate: "Generate Form 16 PDFs",
  generating: "Making the Form 16 PDFs…",
  batchReady: "The Form 16 PDFs are ready.",
  batchFailed: "The Form 16 PDFs could not be made.",
  batchStartFailed: "The Form 16 batch could not be started.",
  batchUnreadable: "The batch's progress could not be read. It goes on; try again to follow it.",
  uploadNotPdf: "Choose a PDF file.",
  uploaded: "Form 16 uploaded.",
  uploadFailed: "The Form 16 could not be uploaded.",
  noPan: "No PAN is named.",
} as const;

/** Dates are YYYY-MM-DD; a financial year runs from 1 April to 31 March. */
export const financialYearBounds = (start: number) => ({ from: `${start}-04-01`, to: `${start + 1}-03-31` });

/** The four quarters of a financial year, Q1 April to June first. */
export const quarterBounds = (start: number) =>
  (["04-01", "07-01", "10-01", "01-01"] as const).map((from, i) => {
    const year = i === 3 ? start + 1 : start;
    const to = ["06-30", "09-30", "12-31", "03-31"][i]!;
    return { quarter: (i + 1) as 1 | 2 | 3 | 4, from: `${year}-${from}`, to: `${year}-${to}` };
  });

/** The financial years offered: the running one (as of today) and the `count - 1` before it, newest first. */
export const financialYearChoices = (today: string, count = 4): string[] =>
  Array.from({ length: count }, (_, i) => financialYearLabel(financialYearOf(today) - i));

/** The financial year before the running one: the latest whose Form 16 can be issued. */
export const lastEndedFinancialYear = (today: string): string =>
  financialYearLabel(financialYearOf(today) - 1);

/** A quarter's label as the pages and reports write it: "Q1 (Apr-Jun) 2025-26". */
export const quarterLabel = (quarter: 1 | 2 | 3 | 4, year: string): string =>
  `Q${quarter} (${FINANCIAL_QUARTER_MONTHS[quarter - 1]}) ${year}`;

/**
 * The Form 16 figure of one PAN and financial year (`start`): amount paid and tax deducted in all
 * and per quarter, from its paid payouts. The retailer's Form 16, the PAN list, a PAN's stores, the
 * batch's PDFs and the CSV summary all read this, so they agree to the paisa. Null: no tax deducted.
 */
export function panYearFigure(
  payouts: readonly Form16Payout[],
  start: number,
  today: string,
): Form16Year | null {
  const label = financialYearLabel(start);
  return form16Years(payouts, today).find((y) => y.financial_year === label) ?? null;
}

const paise = (amount: string) => Math.round(Number(amount) * 100);

/** The count, amount paid and tax deducted of some payouts (one store's), summed in paise. */
export function payoutTotals(payouts: readonly Form16Payout[]) {
  const paid = payouts.reduce((s, p) => s + paise(p.amount), 0);
  const tds = payouts.reduce((s, p) => s + paise(p.tds_amount), 0);
  return {
    payouts: payouts.length,
    amount_paid: (paid / 100).toFixed(2),
    tds_deducted: (tds / 100).toFixed(2),
  };
}

const Money = Schema.String;
const Quarter = Schema.Literals([1, 2, 3, 4]);
const Figure = Schema.Struct({
  financial_year: Schema.String,
  amount_paid: Money,
  tds_deducted: Money,
  quarters: Schema.Array(Schema.Struct({ quarter: Quarter, amount_paid: Money, tds_deducted: Money })),
  issued: Schema.Boolean,
});

/** One quarter and programme of the TDS page. */
export const TdsRow = Schema.Struct({
  quarter: Quarter,
  program: Schema.String,
  payouts: Schema.Number,
  deductees: Schema.Number,
  amount_paid: Money,
  tds_deducted: Money,
});
export type TdsRow = typeof TdsRow.Type;

export const TdsAnswer = Schema.Struct({
  financial_year: Schema.String,
  /** The years offered, newest first. */
  years: Schema.Array(Schema.String),
  programs: Schema.Array(Schema.String),
  rows: Schema.Array(TdsRow),
  /** Every programme's, or the chosen one's, per quarter. */
  quarters: Schema.Array(
    Schema.Struct({
      quarter: Quarter,
      payouts: Schema.Number,
      deductees: Schema.Number,
      amount_paid: Money,
      tds_deducted: Money,
    }),
  ),
  /** The year's PANs with tax deducted, and how many have a Form 16 made or uploaded. */
  form16: Schema.Struct({ pans: Schema.Number, generated: Schema.Number, uploaded: Schema.Number }),
  /** Whether the year has ended, so its Form 16 can be issued. */
  ended: Schema.Boolean,
});
export type TdsAnswer = typeof TdsAnswer.Type;

export type Form16Source = "generated" | "uploaded";

/** A PAN of the PAN list: its deductee, outlets, the year's figure and its Form 16 file. */
export const PanRow = Schema.Struct({
  pan: Schema.String,
  deductee: Schema.String,
  outlets: Schema.Number,
  figure: Figure,
  form16: Schema.NullOr(
    Schema.Struct({ source: Schema.Literals(["generated", "uploaded"]), file: Schema.String }),
  ),
});
export type PanRow = typeof PanRow.Type;
export const PanPage = paginated(PanRow);
export type PanPage = typeof PanPage.Type;

/** One outlet of a PAN (the store detail): its own paid payouts' figure for the year. */
export const PanStore = Schema.Struct({
  rsid: Schema.String,
  name: Schema.String,
  owner_name: Schema.String,
  organisation: Schema.String,
  programs: Schema.Array(Schema.String),
  payouts: Schema.Number,
  amount_paid: Money,
  tds_deducted: Money,
});
export type PanStore = typeof PanStore.Type;

export const PanDetail = Schema.Struct({
  pan: Schema.String,
  deductee: Schema.String,
  financial_year: Schema.String,
  figure: Schema.NullOr(Figure),
  stores: Schema.Array(PanStore),
  form16: Schema.NullOr(
    Schema.Struct({ source: Schema.Literals(["generated", "uploaded"]), file: Schema.String }),
  ),
});
export type PanDetail = typeof PanDetail.Type;

export const FORM16_BATCH_STATUSES = ["processing", "completed", "failed"] as const;

/** A Form 16 batch: every PAN with tax deducted in the year gets its PDF made. */
export const Form16Batch = Schema.Struct({
  id: Form16BatchId,
  financial_year: Schema.String,
  status: Schema.Literals(FORM16_BATCH_STATUSES),
  /** 0 to 100. */
  progress: Schema.Number,
  total: Schema.Number,
  made: Schema.Number,
  message: Schema.NullOr(Schema.String),
  created: Schema.String,
  created_by: Schema.Struct({ name: Schema.String }),
});
export type Form16Batch = typeof Form16Batch.Type;

export const Form16BatchList = resultsOf(Form16Batch);
export type Form16BatchList = typeof Form16BatchList.Type;

/** What the Form 16 batch screen offers once it stops: the batch's outcome in words. */
export const batchOutcome = (batch: Pick<Form16Batch, "made" | "total">): string =>
  `${batch.made} of ${batch.total} Form 16 PDFs made.`;

/** The columns of the quarterly TDS report, one row per paid payout with tax deducted. */
export const TDS_REPORT_COLUMNS = [
  "pan",
  "deductee",
  "rsid",
  "outlet_name",
  "program",
  "payment_date",
  "utr_number",
  "amount_paid",
  "tds_deducted",
] as const;

/** The columns of the Form 16 CSV summary, one row per PAN. */
export const FORM16_CSV_COLUMNS = [
  "financial_year",
  "pan",
  "deductee",
  "outlets",
  "amount_paid",
  "tds_deducted",
  "q1_tds",
  "q2_tds",
  "q3_tds",
  "q4_tds",
  "form16",
] as const;
