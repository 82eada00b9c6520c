/**
 * The performance report's files for My Downloads: a CSV of every row the filters keep, and a PDF
 * (made with pdf-lib, already the product's PDF library) with the programmes' totals drawn as bars
 * and the rows as a table, page after page.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import {
  PERFORMANCE_COLUMNS,
  type PerformanceFilters,
  type PerformanceRow,
  type ProgramTotal,
  type ReportFormat,
} from "../../src/domain/reports/reports";
import type { Queryable } from "../db/db";
import { CSV_CONTENT_TYPE, writeCsv } from "../exports/csv";
import type { ReportScope } from "./access";
import { performanceRows, programTotals } from "./performance";

export type PerformanceExportParams = {
  format: ReportFormat;
  filters: PerformanceFilters;
  scope: ReportScope;
};

export type ExportFile = { name: string; contentType: string; bytes: Uint8Array };

const amount = (n: number) => n.toFixed(2);
const percent = (p: number | null) => (p === null ? "" : `${p.toFixed(1)}%`);

const cellsOf = (r: PerformanceRow): string[] => [
  r.rsid,
  r.outlet_name,
  r.program,
  r.period,
  r.period_start,
  r.period_end,
  amount(r.target),
  amount(r.achievement),
  percent(r.percent),
];

export async function performanceFile(db: Queryable, p: PerformanceExportParams): Promise<ExportFile> {
  const rows = await performanceRows(db, p.scope, p.filters, null);
  if (p.format === "csv")
    return {
      name: "performance_report.csv",
      contentType: CSV_CONTENT_TYPE,
      bytes: writeCsv(PERFORMANCE_COLUMNS, rows.map(cellsOf)),
    };
  const programs = await programTotals(db, p.scope, p.filters);
  return {
    name: "performance_report.pdf",
    contentType: "application/pdf",
    bytes: await performancePdf(rows, programs, p.filters),
  };
}

/** Landscape A4. */
const WIDTH = 842;
const HEIGHT = 595;
const MARGIN = 36;
/** Column widths of the table, in PERFORMANCE_COLUMNS' order. */
const COLUMN_WIDTHS = [62, 170, 110, 140, 62, 62, 72, 72, 70];
const ROW = 15;
const GREY = rgb(0.35, 0.35, 0.35);
const BLUE = rgb(0.1, 0.3, 0.6);
const LIGHT = rgb(0.8, 0.85, 0.92);

/** The text cut to fit its width. */
function clipped(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** The standard fonts encode WinAnsi only: anything else is written as a question mark. */
const printable = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF…–“”]/g, "?");

async function performancePdf(
  rows: readonly PerformanceRow[],
  programs: readonly ProgramTotal[],
  filters: PerformanceFilters,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle("Performance report");
  pdf.setProducer("Retail Scan");
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const text = (
    page: PDFPage,
    t: string,
    x: number,
    y: number,
    size = 9,
    font = regular,
    color = rgb(0, 0, 0),
  ) => page.drawText(printable(t), { x, y, size, font, color });

  let page = pdf.addPage([WIDTH, HEIGHT]);
  text(page, "Retail Scan", MARGIN, HEIGHT - MARGIN, 11, bold, BLUE);
  text(page, "Performance report: target against achievement", MARGIN, HEIGHT - MARGIN - 24, 18, bold);
  const narrowed = [
    filters.project ? `Project: ${filters.project}` : null,
    filters.program ? `Programme: ${filters.program}` : "Every programme",
    filters.period ? `Period: ${filters.period}` : "every period",
    filters.search ? `Outlets matching “${filters.search}”` : null,
  ].filter((x): x is string => x !== null);
  text(
    page,
    `${narrowed.join(" · ")} · ${rows.length} rows`,
    MARGIN,
    HEIGHT - MARGIN - 42,
    10,
    regular,
    GREY,
  );

  // The programmes' totals: a bar per programme, achievement against target.
  let y = HEIGHT - MARGIN - 72;
  text(page, "Achievement by programme", MARGIN, y, 12, bold);
  y -= 18;
  const barWidth = 360;
  const most = Math.max(1, ...programs.map((p) => Math.max(p.target, p.achievement)));
  for (const p of programs) {
    text(page, clipped(printable(p.program), regular, 9, 150), MARGIN, y, 9);
    page.drawRectangle({
      x: MARGIN + 160,
      y: y - 2,
      width: (p.target / most) * barWidth,
      height: 10,
      color: LIGHT,
    });
    page.drawRectangle({
      x: MARGIN + 160,
      y: y,
      width: (p.achievement / most) * barWidth,
      height: 6,
      color: BLUE,
    });
    text(
      page,
      `${amount(p.achievement)} of ${amount(p.target)} (${percent(p.percent)}), ${p.outlets} outlets`,
      MARGIN + 170 + barWidth,
      y,
      9,
    );
    y -= ROW + 3;
  }
  text(page, "Pale bar: target. Dark bar: achievement.", MARGIN, y, 8, regular, GREY);
  y -= 28;

  const header = (at: number) => {
    let x = MARGIN;
    PERFORMANCE_COLUMNS.forEach((c, i) => {
      text(page, c, x, at, 8, bold);
      x += COLUMN_WIDTHS[i]!;
    });
    page.drawLine({
      start: { x: MARGIN, y: at - 4 },
      end: { x: WIDTH - MARGIN, y: at - 4 },
      thickness: 0.5,
      color: GREY,
    });
  };
  header(y);
  y -= ROW;
  for (const r of rows) {
    if (y < MARGIN + ROW) {
      page = pdf.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
      header(y);
      y -= ROW;
    }
    let x = MARGIN;
    cellsOf(r).forEach((cell, i) => {
      text(page, clipped(printable(cell), regular, 8, COLUMN_WIDTHS[i]! - 6), x, y, 8);
      x += COLUMN_WIDTHS[i]!;
    });
    y -= ROW;
  }
  if (rows.length === 0) text(page, "No statement matches these filters.", MARGIN, y, 9, regular, GREY);
  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    text(p, `Page ${i + 1} of ${pages.length}`, WIDTH - MARGIN - 60, MARGIN / 2, 8, regular, GREY);
  });
  return pdf.save();
}
