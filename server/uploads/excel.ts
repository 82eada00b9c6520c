/**
 * Reading and writing Excel workbooks. Uploads are read as a stream of rows: .xlsx by the streaming
 * reader (xlsxStream.ts), row by row as the sheet inflates; .xls, a binary format of at most a few
 * megabytes, by SheetJS (the maintained @e965/xlsx republish) whole. Both give the same cells.
 * Files are recognised by their content, never their name.
 */
import * as XLSX from "@e965/xlsx";
import {
  BLANK_ROW_ALLOWANCE,
  MAX_UPLOAD_COLUMNS,
  MAX_UPLOAD_ROWS,
  UPLOAD_MSG,
} from "../../src/domain/uploads/bulkUpload";
import { isBlankCell, type SheetCell, shownText } from "../../src/domain/uploads/uploadCells";
import { toSheetCell } from "./sheetCell";
import { streamFirstSheet } from "./xlsxStream";
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

/** Rows SheetJS is asked to read at most: the limit, the header and the empty rows allowed. */
const ROW_CAP = MAX_UPLOAD_ROWS + 1 + BLANK_ROW_ALLOWANCE;

/**
 * The sheet's declared range (the `dimension` the program wrote) against the limits, before any
 * row is looked at: a 2 KB file may declare A1:XFD1048576, and a 200,000-row file is refused whole.
 */
function checkDeclaredRange(range: XLSX.Range): void {
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
  const declared = (sheet["!fullref"] as string | undefined) ?? sheet["!ref"];
  if (declared) checkDeclaredRange(XLSX.utils.decode_range(declared));
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
      header = headerOf({ number: r + 1, cells });
      headerRow = r + 1;
    } else rows.push({ number: r + 1, cells });
  }
  if (header === null) throw new SheetRefused(UPLOAD_MSG.emptySheet);
  if (rows.length > MAX_UPLOAD_ROWS) throw new SheetRefused(UPLOAD_MSG.tooManyRows);
  return { header, headerRow, rows };
}

/** The first sheet as it is read: its header, then its data rows one at a time. */
export type SheetStream = {
  readonly header: string[];
  readonly headerRow: number;
  /** The data rows (rows holding any value, after the header); at most MAX_UPLOAD_ROWS, or it throws. */
  readonly rows: AsyncIterator<SheetRow>;
};

const headerOf = (row: SheetRow) => Array.from(row.cells, (cell) => (cell ? shownText(cell).trim() : ""));

/** The rows holding any value of an .xlsx package's first sheet, as it is inflated. */
async function* xlsxRows(bytes: Uint8Array): AsyncGenerator<SheetRow> {
  const source = streamFirstSheet(bytes, {
    maxRow: ROW_CAP,
    maxColumns: MAX_UPLOAD_COLUMNS,
    declared: checkDeclaredRange,
    tooManyRows: () => new SheetRefused(UPLOAD_MSG.tooManyRows),
    tooManyColumns: () => new SheetRefused(UPLOAD_MSG.tooManyColumns),
  });
  for await (const raw of source) {
    const cells: (SheetCell | undefined)[] = new Array(raw.cells.length);
    for (let c = 0; c < raw.cells.length; c++) cells[c] = toSheetCell(raw.cells[c]);
    if (!isBlankRow(cells)) yield { number: raw.number, cells };
  }
}

/** A workbook's rows holding any value, read whole by SheetJS (every .xls), header first. */
async function* xlsRows(bytes: Uint8Array): AsyncGenerator<SheetRow> {
  const sheet = readFirstSheet(bytes);
  yield { number: sheet.headerRow, cells: sheet.header.map((text) => ({ kind: "text", text })) };
  yield* sheet.rows;
}

/** Any failure while reading is the file's: SheetRefused as it is, anything else "unreadable". */
async function* refusing(rows: AsyncGenerator<SheetRow>): AsyncGenerator<SheetRow> {
  try {
    let count = 0;
    for await (const row of rows) {
      // The header is the first row; past it, MAX_UPLOAD_ROWS data rows at most.
      if (++count > MAX_UPLOAD_ROWS + 1) throw new SheetRefused(UPLOAD_MSG.tooManyRows);
      yield row;
    }
  } catch (error) {
    throw error instanceof SheetRefused ? error : new SheetRefused(UPLOAD_MSG.unreadable);
  }
}

/**
 * The first sheet of an upload, read as a stream (see readFirstSheet for what is read): .xlsx row
 * by row, .xls whole. Throws SheetRefused, here or from the rows, for an unreadable or oversized sheet.
 */
export async function openFirstSheet(bytes: Uint8Array): Promise<SheetStream> {
  let rows = refusing(sniffExcel(bytes) === "xlsx" ? xlsxRows(bytes) : xlsRows(bytes));
  let first: IteratorResult<SheetRow>;
  try {
    first = await rows.next();
  } catch (error) {
    // A package the stream cannot find its way through before its first row (an odd layout of
    // parts) is given to SheetJS whole, which reads what it can; a broken file fails both.
    if (!(error instanceof SheetRefused) || error.message !== UPLOAD_MSG.unreadable) throw error;
    rows = refusing(xlsRows(bytes));
    first = await rows.next();
  }
  if (first.done) throw new SheetRefused(UPLOAD_MSG.emptySheet);
  return { header: headerOf(first.value), headerRow: first.value.number, rows };
}

/** Every row of an open sheet (for tests and small files). */
export async function readAllRows(sheet: SheetStream): Promise<SheetData> {
  const rows: SheetRow[] = [];
  for (let next = await sheet.rows.next(); !next.done; next = await sheet.rows.next()) rows.push(next.value);
  return { header: sheet.header, headerRow: sheet.headerRow, rows };
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
