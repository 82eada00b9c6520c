/**
 * A CSV file as spreadsheets open it: UTF-8 with a byte order mark (so names in any script read
 * right), CRLF lines, every cell quoted where it holds a comma, quote or line break. A cell a
 * spreadsheet would run as a formula (=, +, -, @ first) is written with a leading apostrophe, so an
 * exported value cannot act in the reader's spreadsheet.
 */
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function writeCsv(header: readonly string[], rows: readonly (readonly string[])[]): Uint8Array {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(","));
  return new TextEncoder().encode(`\uFEFF${lines.join("\r\n")}\r\n`);
}
