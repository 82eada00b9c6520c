/**
 * Form 16 of a PAN (docs/tax.md): the tax deducted at source from the paid payouts of every outlet
 * holding the PAN, per financial year and quarter (`panYearFigure`, `form16Years`), and the year's
 * statement as a PDF. The retailer's page and the payout team's pages read the same rows and the
 * same file: made with pdf-lib by a batch or on the first download once the year has ended, or
 * uploaded by the payout team in its place; kept in stored_files like the invoices.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatMobileDate } from "../../src/domain/mobile/mobile";
import { PAYOUT_PAID } from "../../src/domain/payouts/payouts";
import {
  FINANCIAL_QUARTER_MONTHS,
  type Form16Payout,
  type Form16Year,
  financialYearLabel,
  form16Years,
} from "../../src/domain/tax/form16";
import { type Form16Source, financialYearBounds, panYearFigure } from "../../src/domain/tax/tax";
import type { Queryable } from "../db/db";
import { readFile, saveFile } from "../uploads/files";

export type TaxedPayout = Form16Payout & {
  utr_number: string | null;
  program: string;
  outlet_id: number;
  rsid: string;
  pan: string;
};

/**
 * The paid payouts of the PANs, the rows the earnings and invoices read, each with the tax its
 * recorded payment deducted (payouts settled before payments were recorded carry their own), within
 * the dates given (a financial year) or all of them.
 */
export async function taxedPayouts(
  db: Queryable,
  pans: readonly string[],
  within: { from: string; to: string } | null = null,
): Promise<TaxedPayout[]> {
  return db.query<TaxedPayout>(
    `SELECT to_char(p.payment_date, 'YYYY-MM-DD') AS payment_date, p.amount::text AS amount,
       coalesce(t.tds_amt, p.tds_amount, 0)::text AS tds_amount, p.utr_number, p.program,
       o.id AS outlet_id, o.rsid, o.pan
     FROM outlets o JOIN outlet_payouts p ON p.outlet_id = o.id
     LEFT JOIN payout_transactions t ON t.payout_id = p.id AND t.paid
     WHERE o.pan = ANY ($1::text[]) AND p.payment_status = $2 AND p.payment_date IS NOT NULL
       AND ($3::date IS NULL OR p.payment_date BETWEEN $3::date AND $4::date)
     ORDER BY p.payment_date, p.id`,
    [pans, PAYOUT_PAID, within?.from ?? null, within?.to ?? null],
  );
}

const today = (now: number) => new Date(now).toISOString().slice(0, 10);

export async function panOf(db: Queryable, outletId: number): Promise<string> {
  const [row] = await db.query<{ pan: string }>("SELECT pan FROM outlets WHERE id = $1", [outletId]);
  return row!.pan;
}

/**
 * The retailer's Form 16: the years with tax deducted from the payouts of its outlet's PAN, newest
 * first; `file` is where an issued year's PDF is.
 */
export async function form16(db: Queryable, outletId: number, fileOf: (year: string) => string, now: number) {
  const payouts = await taxedPayouts(db, [await panOf(db, outletId)]);
  return form16Years(payouts, today(now)).map((y) => ({
    ...y,
    file: y.issued ? fileOf(y.financial_year) : null,
  }));
}

/** The standard PDF fonts cannot draw the rupee sign, so the file writes INR. */
const inr = (amount: string) =>
  `INR ${Number(amount).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export type Deductee = {
  pan: string;
  deductee: string;
  rsids: string[];
  organisations: string[];
  organisation_id: number;
};

/**
 * Who a PAN is: the retailer (else the owner) of its first outlet by RSID, its outlets and the
 * organisations they are paid for; undefined when no outlet holds it.
 */
export async function deducteeOf(db: Queryable, pan: string): Promise<Deductee | undefined> {
  const [row] = await db.query<Deductee>(
    `SELECT $1::text AS pan,
       (SELECT coalesce(r.name, o.owner_name) FROM outlets o LEFT JOIN retailers r ON r.outlet_id = o.id
        WHERE o.pan = $1 ORDER BY o.rsid LIMIT 1) AS deductee,
       array_agg(o.rsid ORDER BY o.rsid) AS rsids,
       array_agg(DISTINCT org.name) AS organisations,
       min(org.id) AS organisation_id
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     JOIN organisations org ON org.id = p.organisation_id
     WHERE o.pan = $1`,
    [pan],
  );
  return row?.deductee === null || row?.deductee === undefined ? undefined : row;
}

function row(page: PDFPage, y: number, cells: readonly string[], xs: readonly number[], font: PDFFont) {
  for (const [i, text] of cells.entries()) page.drawText(text, { x: xs[i]!, y, size: 10, font });
}

const A4: [number, number] = [595, 842];
/** Payout rows stop above the first page's note and every page's number. */
const LOWEST_ROW = 100;

export async function form16Pdf(party: Deductee, year: Form16Year, payouts: readonly TaxedPayout[]) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Form 16 ${year.financial_year}`);
  pdf.setProducer("Retail Scan");
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const first = pdf.addPage(A4);
  let page = first;
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const grey = rgb(0.35, 0.35, 0.35);
  page.drawText("Retail Scan", { x: 50, y: 780, size: 12, font: bold, color: rgb(0.1, 0.3, 0.6) });
  page.drawText("Form 16: tax deducted at source", { x: 50, y: 752, size: 18, font: bold });
  page.drawText(`Financial year ${year.financial_year} (1 April to 31 March)`, {
    x: 50,
    y: 732,
    size: 11,
    font: regular,
    color: grey,
  });
  let y = 700;
  const outlets =
    party.rsids.length > 4
      ? `${party.rsids.slice(0, 4).join(", ")} and ${party.rsids.length - 4} more`
      : party.rsids.join(", ");
  for (const [label, value] of [
    ["Deductee", party.deductee],
    ["PAN", party.pan || "N/A"],
    ["Outlets", outlets],
    ["Payments for", party.organisations.join(", ")],
    ["Amount paid", inr(year.amount_paid)],
    ["Tax deducted", inr(year.tds_deducted)],
  ] as const) {
    page.drawText(label, { x: 50, y, size: 11, font: bold });
    page.drawText(value, { x: 200, y, size: 11, font: regular });
    y -= 20;
  }
  y -= 12;
  const quarterCols = [50, 200, 350];
  row(page, y, ["Quarter", "Amount paid", "Tax deducted"], quarterCols, bold);
  for (const q of year.quarters) {
    y -= 18;
    row(
      page,
      y,
      [`Q${q.quarter} (${FINANCIAL_QUARTER_MONTHS[q.quarter - 1]})`, inr(q.amount_paid), inr(q.tds_deducted)],
      quarterCols,
      regular,
    );
  }
  y -= 32;
  const payoutCols = [50, 130, 210, 330, 450];
  const payoutHeadings = ["Paid on", "Outlet", "UTR", "Amount paid", "Tax deducted"];
  row(page, y, payoutHeadings, payoutCols, bold);
  for (const p of payouts) {
    y -= 16;
    if (y < LOWEST_ROW) {
      // Every payout of the year is listed: the rest go on continuation pages under the same headings.
      page = pdf.addPage(A4);
      page.drawText(`Form 16 ${year.financial_year}: payouts, continued`, {
        x: 50,
        y: 780,
        size: 12,
        font: bold,
      });
      y = 750;
      row(page, y, payoutHeadings, payoutCols, bold);
      y -= 16;
    }
    row(
      page,
      y,
      [formatMobileDate(p.payment_date), p.rsid, p.utr_number ?? "N/A", inr(p.amount), inr(p.tds_amount)],
      payoutCols,
      regular,
    );
  }
  for (const [i, line] of [
    "This statement sums the tax deducted from your Retail Scan payouts. The certificate issued on the",
    "income-tax department's portal remains the document to file your return with.",
  ].entries())
    first.drawText(line, { x: 50, y: 72 - i * 12, size: 9, font: regular, color: grey });
  const pages = pdf.getPages();
  for (const [i, p] of pages.entries())
    p.drawText(`Page ${i + 1} of ${pages.length}`, { x: 480, y: 40, size: 9, font: regular, color: grey });
  return pdf.save();
}

type YearOfPan = { party: Deductee; figure: Form16Year; payouts: TaxedPayout[] };

/** A PAN's issued year: its deductee, figure and payouts; null when not ended or without tax. */
export async function issuedYear(
  db: Queryable,
  pan: string,
  start: number,
  now: number,
): Promise<YearOfPan | null> {
  const payouts = await taxedPayouts(db, [pan], financialYearBounds(start));
  const figure = panYearFigure(payouts, start, today(now));
  if (!figure?.issued) return null;
  const party = await deducteeOf(db, pan);
  return party ? { party, figure, payouts } : null;
}

/** Claims the PAN's year row and locks it, so two makers at once write one file. */
async function claimRow(tx: Queryable, pan: string, start: number) {
  await tx.query(
    "INSERT INTO pan_form16_files (pan, financial_year) VALUES ($1, $2) ON CONFLICT DO NOTHING",
    [pan, start],
  );
  const [claimed] = await tx.query<{ file_id: number | null; source: Form16Source }>(
    "SELECT file_id, source FROM pan_form16_files WHERE pan = $1 AND financial_year = $2 FOR UPDATE",
    [pan, start],
  );
  return claimed!;
}

const fileName = (pan: string, start: number) => `form16-${pan}-${financialYearLabel(start)}.pdf`;

/** Makes and stores the year's PDF of the PAN, in the caller's transaction. */
export async function makePanForm16(tx: Queryable, year: YearOfPan, start: number, now: number) {
  const name = fileName(year.party.pan, start);
  const content = await form16Pdf(year.party, year.figure, year.payouts);
  const fileId = await saveFile(tx, {
    name,
    contentType: "application/pdf",
    content,
    organisationId: year.party.organisation_id,
    ownerId: null,
    created: new Date(now),
  });
  await tx.query(
    `UPDATE pan_form16_files SET file_id = $3, source = 'generated', updated_by = NULL, updated = $4
     WHERE pan = $1 AND financial_year = $2`,
    [year.party.pan, start, fileId, new Date(now)],
  );
  return { name, content };
}

/**
 * The batch's step for one PAN: makes its PDF again from the figures as they are now, unless the
 * payout team uploaded one. Gives whether a file was made.
 */
export async function remakePanForm16(
  tx: Queryable,
  pan: string,
  start: number,
  now: number,
): Promise<boolean> {
  const year = await issuedYear(tx, pan, start, now);
  if (!year) return false;
  const claimed = await claimRow(tx, pan, start);
  if (claimed.source === "uploaded" && claimed.file_id !== null) return false;
  await makePanForm16(tx, year, start, now);
  return true;
}

/**
 * The issued Form 16 of one PAN and financial year: the uploaded file, else the made one, made now
 * in the caller's transaction when none is yet; null when the year has not ended or had no tax.
 */
export async function panForm16Pdf(
  tx: Queryable,
  pan: string,
  start: number,
  now: number,
): Promise<{ name: string; content: Uint8Array } | null> {
  const year = await issuedYear(tx, pan, start, now);
  if (!year) return null;
  const claimed = await claimRow(tx, pan, start);
  if (claimed.file_id) {
    const stored = await readFile(tx, claimed.file_id);
    if (stored?.content) return { name: stored.name, content: stored.content };
  }
  return makePanForm16(tx, year, start, now);
}

/** The retailer's outlet's Form 16 of a year: its PAN's. */
export const outletForm16Pdf = async (tx: Queryable, outletId: number, start: number, now: number) =>
  panForm16Pdf(tx, await panOf(tx, outletId), start, now);

/** Stores an uploaded PDF as the PAN's Form 16 of the year, in place of any made one. */
export async function storeUploadedForm16(
  tx: Queryable,
  year: YearOfPan,
  start: number,
  content: Uint8Array,
  userId: number,
  now: number,
): Promise<void> {
  await claimRow(tx, year.party.pan, start);
  const fileId = await saveFile(tx, {
    name: fileName(year.party.pan, start),
    contentType: "application/pdf",
    content,
    organisationId: year.party.organisation_id,
    ownerId: null,
    created: new Date(now),
  });
  await tx.query(
    `UPDATE pan_form16_files SET file_id = $3, source = 'uploaded', updated_by = $4, updated = $5
     WHERE pan = $1 AND financial_year = $2`,
    [year.party.pan, start, fileId, userId, new Date(now)],
  );
}

/** The Form 16 files of these PANs for the year: how each was issued. */
export async function form16Files(db: Queryable, pans: readonly string[], start: number) {
  const rows = await db.query<{ pan: string; source: Form16Source }>(
    "SELECT pan, source FROM pan_form16_files WHERE pan = ANY ($1::text[]) AND financial_year = $2 AND file_id IS NOT NULL",
    [pans, start],
  );
  return new Map(rows.map((r) => [r.pan, r.source]));
}
