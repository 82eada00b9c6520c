/**
 * Reading and writing Excel workbooks with SheetJS (the maintained @e965/xlsx republish), which
 * reads both .xlsx and the older .xls. Files are recognised by their content, never their name.
 */
import * as XLSX from "@e965/xlsx";
import {
  BLANK_ROW_ALLOWANCE,
  MAX_UPLOAD_COLUMNS,
  MAX_UPLOAD_ROWS,
  UPLOAD_MSG,
} from "../../src/domain/bulkUpload";
import { isBlankCell, type SheetCell, shownText } from "../../src/domain/uploadCells";
import { writeTextSheet } from "./xlsxWriter";

export type ExcelFormat = "xlsx" | "xls";

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/**
 * The workbook format by its first bytes: .xlsx is a zip package holding the spreadsheet parts,
 * .xls an OLE2 compound file. A text or other file renamed .xlsx is neither.
 */
export function sniffExcel(bytes: Uint8Array): ExcelFormat | null {
  if (startsWith(bytes, OLE2)) return "xls";
  if (!startsWith(bytes, ZIP)) return null;
  // The zip must be a spreadsheet: its part names (stored uncompressed in the headers) say so.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 64 * 1024)).toString(
    "latin1",
  );
  return head.includes("xl/") || head.includes("[Content_Types].xml") ? "xlsx" : null;
}

/** One data row: its number in the user's sheet (1-based) and its cells by column (holes are empty). */
export type SheetRow = { readonly number: number; readonly cells: readonly (SheetCell | undefined)[] };
/** The first sheet: the header (its first non-empty row) and every later row holding any value. */
export type SheetData = { header: string[]; headerRow: number; rows: SheetRow[] };

/** Why a workbook is refused before its rows are checked; `message` is the text the job shows. */
export class SheetRefused extends Error {}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** The text of a formula error by its code, as both file formats store it. */
const ERROR_TEXT = new Map<number, string>([
  [0x00, "#NULL!"],
  [0x07, "#DIV/0!"],
  [0x0f, "#VALUE!"],
  [0x17, "#REF!"],
  [0x1d, "#NAME?"],
  [0x24, "#NUM!"],
  [0x2a, "#N/A"],
  [0x2b, "#GETTING_DATA"],
]);

/** A SheetJS cell as the upload rules read it: the saved value of formulas, dates as YYYY-MM-DD. */
function toSheetCell(cell: XLSX.CellObject | undefined): SheetCell | undefined {
  if (!cell) return undefined;
  if (cell.v === undefined || cell.v === null || cell.t === "z") {
    return cell.f ? { kind: "formula", formula: cell.f } : undefined;
  }
  switch (cell.t) {
    case "n": {
      const value = cell.v as number;
      const format = typeof cell.z === "string" ? cell.z : "General";
      if (format !== "General" && XLSX.SSF.is_date(format)) {
        const d = XLSX.SSF.parse_date_code(value) as { y: number; m: number; d: number } | null;
        // A format without a day (mmm-yy) is a month, as spreadsheets store "2026-11" typed in a cell.
        const monthOnly = !/d/i.test(format.replace(/"[^"]*"|\[[^\]]*\]/g, ""));
        if (d) return { kind: "date", iso: `${d.y}-${pad2(d.m)}-${pad2(d.d)}`, monthOnly };
      }
      return { kind: "number", value, format };
    }
    case "d": {
      const v = cell.v as Date;
      return {
        kind: "date",
        iso: `${v.getUTCFullYear()}-${pad2(v.getUTCMonth() + 1)}-${pad2(v.getUTCDate())}`,
      };
    }
    case "b":
      return { kind: "bool", value: Boolean(cell.v) };
    case "e":
      return { kind: "error", shown: ERROR_TEXT.get(cell.v as number) ?? "#ERROR!" };
    default:
      return { kind: "text", text: String(cell.v) };
  }
}

/** Rows SheetJS is asked to read at most: the limit, the header and the empty rows allowed. */
const ROW_CAP = MAX_UPLOAD_ROWS + 1 + BLANK_ROW_ALLOWANCE;

/**
 * The sheet's declared range (the `dimension` the program wrote) against the limits, before any
 * row is looked at: a 2 KB file may declare A1:XFD1048576, and a 200,000-row file is refused whole.
 */
function checkDeclaredRange(sheet: XLSX.WorkSheet): void {
  const declared = (sheet["!fullref"] as string | undefined) ?? sheet["!ref"];
  if (!declared) return;
  const range = XLSX.utils.decode_range(declared);
  if (range.e.r + 1 > ROW_CAP) throw new SheetRefused(UPLOAD_MSG.tooManyRows);
  if (range.e.c - range.s.c + 1 > MAX_UPLOAD_COLUMNS) throw new SheetRefused(UPLOAD_MSG.tooManyColumns);
}

const isBlankRow = (cells: readonly (SheetCell | undefined)[]) => {
  for (const cell of cells) if (!isBlankCell(cell)) return false;
  return true;
};

/**
 * The first sheet, read whatever its empty rows and columns: the header is the first row holding a
 * value, later rows without any value are skipped, and each row keeps its number in the sheet.
 * Throws SheetRefused (with the message the job shows) for an unreadable or oversized sheet.
 */
export function readFirstSheet(bytes: Uint8Array): SheetData {
  let book: XLSX.WorkBook;
  try {
    // No formatted text or HTML per cell (cellText, cellHTML): the rules read values and formats.
    book = XLSX.read(bytes, {
      type: "buffer",
      dense: true,
      cellDates: false,
      cellNF: true,
      cellText: false,
      cellHTML: false,
      sheetRows: ROW_CAP,
    });
  } catch {
    throw new SheetRefused(UPLOAD_MSG.unreadable);
  }
  const name = book.SheetNames[0];
  const sheet = name ? (book.Sheets[name] as XLSX.DenseSheet | undefined) : undefined;
  if (!sheet) throw new SheetRefused(UPLOAD_MSG.unreadable);
  checkDeclaredRange(sheet);
  // Dense data has holes where the sheet has no row: index it, never spread or map it.
  const data = sheet["!data"] ?? [];
  let header: string[] | null = null;
  let headerRow = 0;
  const rows: SheetRow[] = [];
  for (let r = 0; r < data.length; r++) {
    const source = data[r];
    if (!source) continue;
    if (source.length > MAX_UPLOAD_COLUMNS) throw new SheetRefused(UPLOAD_MSG.tooManyColumns);
    const cells: (SheetCell | undefined)[] = new Array(source.length);
    for (let c = 0; c < source.length; c++) cells[c] = toSheetCell(source[c]);
    if (isBlankRow(cells)) continue;
    if (header === null) {
      header = Array.from(cells, (cell) => (cell ? shownText(cell).trim() : ""));
      headerRow = r + 1;
    } else rows.push({ number: r + 1, cells });
  }
  if (header === null) throw new SheetRefused(UPLOAD_MSG.emptySheet);
  if (rows.length > MAX_UPLOAD_ROWS) throw new SheetRefused(UPLOAD_MSG.tooManyRows);
  return { header, headerRow, rows };
}

/** A sheet as the texts its cells show (for reading result files and tests). */
export function readSheetTexts(bytes: Uint8Array): { header: string[]; rows: string[][] } {
  const sheet = readFirstSheet(bytes);
  const width = sheet.header.length;
  return {
    header: sheet.header,
    rows: sheet.rows.map((row) =>
      Array.from({ length: width }, (_, c) => {
        const cell = row.cells[c];
        return cell ? shownText(cell) : "";
      }),
    ),
  };
}

/**
 * One sheet with a header row, as .xlsx bytes. Values are written as text so ids and numbers keep
 * every digit; the package is written directly (xlsxWriter.ts), not through SheetJS, to keep large
 * result files from costing hundreds of megabytes.
 */
export function writeWorkbook(
  sheetName: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
): Buffer {
  return writeTextSheet(sheetName, [header, ...rows]);
}

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const XLS_CONTENT_TYPE = "application/vnd.ms-excel";

/** The type a file is stored and served with: the one its content shows, never the uploader's claim. */
export const EXCEL_CONTENT_TYPE: Readonly<Record<ExcelFormat, string>> = {
  xlsx: XLSX_CONTENT_TYPE,
  xls: XLS_CONTENT_TYPE,
};
