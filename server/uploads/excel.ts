/**
 * Reading and writing Excel workbooks with SheetJS (the maintained @e965/xlsx republish), which
 * reads both .xlsx and the older .xls. Files are recognised by their content, never their name.
 */
import * as XLSX from "@e965/xlsx";

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

export type SheetData = { header: string[]; rows: string[][] };

const pad2 = (n: number) => String(n).padStart(2, "0");

/** A cell as the text the validators read: dates as YYYY-MM-DD, whole numbers without exponent. */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return "";
  if (cell.t === "n" && typeof cell.v === "number") {
    if (cell.z !== undefined && XLSX.SSF.is_date(cell.z)) {
      const d = XLSX.SSF.parse_date_code(cell.v) as { y: number; m: number; d: number };
      return `${d.y}-${pad2(d.m)}-${pad2(d.d)}`;
    }
    return Number.isInteger(cell.v) ? BigInt(cell.v).toString() : String(cell.v);
  }
  if (cell.t === "d" && cell.v instanceof Date) {
    const v = cell.v;
    return `${v.getUTCFullYear()}-${pad2(v.getUTCMonth() + 1)}-${pad2(v.getUTCDate())}`;
  }
  if (cell.t === "b") return cell.v ? "TRUE" : "FALSE";
  return String(cell.v).trim();
}

export class UnreadableWorkbook extends Error {}

/**
 * The first sheet: its first row as the header and every later row that has any value. Throws
 * UnreadableWorkbook when SheetJS cannot make sense of the bytes.
 */
export function readFirstSheet(bytes: Uint8Array): SheetData {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, { type: "buffer", dense: true, cellDates: false, cellNF: true });
  } catch (error) {
    throw new UnreadableWorkbook(String(error));
  }
  const name = book.SheetNames[0];
  const sheet = name ? (book.Sheets[name] as XLSX.DenseSheet | undefined) : undefined;
  if (!sheet) throw new UnreadableWorkbook("The workbook has no sheet.");
  const data = sheet["!data"] ?? [];
  const width = Math.max(0, ...data.map((row) => row?.length ?? 0));
  const texts = (row: XLSX.CellObject[] | undefined) =>
    Array.from({ length: width }, (_, c) => cellText(row?.[c]));
  const header = texts(data[0]);
  const rows: string[][] = [];
  for (let r = 1; r < data.length; r++) {
    const row = texts(data[r]);
    if (row.some((v) => v !== "")) rows.push(row);
  }
  return { header, rows };
}

/** One sheet with a header row, as .xlsx bytes. Values are written as text so ids and numbers keep every digit. */
export function writeWorkbook(
  sheetName: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
) {
  const sheet = XLSX.utils.aoa_to_sheet([header as string[], ...(rows as string[][])], { dense: true });
  const book = XLSX.utils.book_new(sheet, sheetName);
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const XLS_CONTENT_TYPE = "application/vnd.ms-excel";

/** The type a file is stored and served with: the one its content shows, never the uploader's claim. */
export const EXCEL_CONTENT_TYPE: Readonly<Record<ExcelFormat, string>> = {
  xlsx: XLSX_CONTENT_TYPE,
  xls: XLS_CONTENT_TYPE,
};
