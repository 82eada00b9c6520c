/**
 * Form 16 of a retailer's outlet (docs/retailer-portal.md): the tax deducted at source from its paid
 * payouts (the rows the one payment function settles) per financial year and quarter, and the year's statement as a PDF made with pdf-lib on the
 * first download once the year has ended, kept in stored_files like the invoices.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import {
  FINANCIAL_QUARTER_MONTHS,
  type Form16Payout,
  type Form16Year,
  financialYearLabel,
  financialYearOf,
  form16Years,
} from "../../src/domain/form16";
import { formatMobileDate } from "../../src/domain/mobile";
import { PAYOUT_PAID } from "../../src/domain/payouts";
import type { Queryable } from "../db/db";
import { readFile, saveFile } from "../uploads/files";

/**
 * The paid payouts, the rows the earnings and invoices read, each with the tax its recorded payment
 * deducted (payouts settled before payments were recorded carry their own).
 */
const PAYOUTS_SQL = `SELECT to_char(p.payment_date, 'YYYY-MM-DD') AS payment_date, p.amount::text AS amount,
    coalesce(t.tds_amt, p.tds_amount, 0)::text AS tds_amount, p.utr_number, p.program
  FROM outlet_payouts p LEFT JOIN payout_transactions t ON t.payout_id = p.id AND t.paid
  WHERE p.outlet_id = $1 AND p.payment_status = $2 AND p.payment_date IS NOT NULL
  ORDER BY p.payment_date, p.id`;

const paidPayouts = (db: Queryable, outletId: number) =>
  db.query<TaxedPayout>(PAYOUTS_SQL, [outletId, PAYOUT_PAID]);

type TaxedPayout = Form16Payout & { utr_number: string | null; program: string };

const today = (now: number) => new Date(now).toISOString().slice(0, 10);

/** The outlet's financial years with tax deducted, newest first; `file` is where an issued year's PDF is. */
export async function form16(db: Queryable, outletId: number, fileOf: (year: string) => string, now: number) {
  const payouts = await paidPayouts(db, outletId);
  return form16Years(payouts, today(now)).map((y) => ({
    ...y,
    file: y.issued ? fileOf(y.financial_year) : null,
  }));
}

/** The standard PDF fonts cannot draw the rupee sign, so the file writes INR. */
const inr = (amount: string) =>
  `INR ${Number(amount).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type Party = {
  retailer: string;
  pan: string;
  outlet_name: string;
  rsid: string;
  organisation_name: string;
  organisation_id: number;
};

function row(page: PDFPage, y: number, cells: readonly string[], xs: readonly number[], font: PDFFont) {
  for (const [i, text] of cells.entries()) page.drawText(text, { x: xs[i]!, y, size: 10, font });
}

export async function form16Pdf(party: Party, year: Form16Year, payouts: readonly TaxedPayout[]) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Form 16 ${year.financial_year}`);
  pdf.setProducer("Retail Scan");
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const page = pdf.addPage([595, 842]);
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
  for (const [label, value] of [
    ["Deductee", party.retailer],
    ["PAN", party.pan || "N/A"],
    ["Outlet", `${party.outlet_name} (${party.rsid})`],
    ["Payments for", party.organisation_name],
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
  const payoutCols = [50, 140, 290, 420];
  row(page, y, ["Paid on", "UTR", "Amount paid", "Tax deducted"], payoutCols, bold);
  for (const p of payouts) {
    y -= 18;
    row(
      page,
      y,
      [formatMobileDate(p.payment_date), p.utr_number ?? "N/A", inr(p.amount), inr(p.tds_amount)],
      payoutCols,
      regular,
    );
  }
  for (const [i, line] of [
    "This statement sums the tax deducted from your Retail Scan payouts. The certificate issued on the",
    "income-tax department's portal remains the document to file your return with.",
  ].entries())
    page.drawText(line, { x: 50, y: 72 - i * 12, size: 9, font: regular, color: grey });
  return pdf.save();
}

/**
 * The issued Form 16 of one financial year of this outlet, made and stored on first need in the
 * caller's transaction; null when the year has not ended or had no tax deducted. The year's row is
 * claimed and locked first, so two first downloads at once make one file.
 */
export async function outletForm16Pdf(
  tx: Queryable,
  outletId: number,
  start: number,
  now: number,
): Promise<{ name: string; content: Uint8Array } | null> {
  const payouts = (await paidPayouts(tx, outletId)).filter((p) => financialYearOf(p.payment_date) === start);
  const [year] = form16Years(payouts, today(now));
  if (!year?.issued) return null;
  await tx.query(
    "INSERT INTO retailer_form16_files (outlet_id, financial_year) VALUES ($1, $2) ON CONFLICT DO NOTHING",
    [outletId, start],
  );
  const [claimed] = await tx.query<{ file_id: number | null }>(
    "SELECT file_id FROM retailer_form16_files WHERE outlet_id = $1 AND financial_year = $2 FOR UPDATE",
    [outletId, start],
  );
  if (claimed?.file_id) {
    const stored = await readFile(tx, claimed.file_id);
    if (stored?.content) return { name: stored.name, content: stored.content };
  }
  const [party] = await tx.query<Party>(
    `SELECT coalesce(r.name, o.owner_name) AS retailer, o.pan, o.name AS outlet_name, o.rsid,
       org.name AS organisation_name, org.id AS organisation_id
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     JOIN organisations org ON org.id = p.organisation_id LEFT JOIN retailers r ON r.outlet_id = o.id
     WHERE o.id = $1`,
    [outletId],
  );
  const name = `form16-${party!.rsid}-${financialYearLabel(start)}.pdf`;
  const content = await form16Pdf(party!, year, payouts);
  const fileId = await saveFile(tx, {
    name,
    contentType: "application/pdf",
    content,
    organisationId: party!.organisation_id,
    ownerId: null,
    created: new Date(now),
  });
  await tx.query(
    "UPDATE retailer_form16_files SET file_id = $1 WHERE outlet_id = $2 AND financial_year = $3",
    [fileId, outletId, start],
  );
  return { name, content };
}
