/**
 * How the cells of an uploaded spreadsheet become the values the upload rules check. People type
 * the same thing in many ways (a date cell or "23/11/2026", "₹1,50,000" or 150000, a pin code as a
 * number or as text); each column's rule says which forms it accepts and gives one canonical text.
 */

/** One cell as the sheet holds it (formulas appear as their saved value). */
export type SheetCell =
  | { readonly kind: "text"; readonly text: string }
  /** `format` is the cell's number format code ("General", "0.00", "000000"). */
  | { readonly kind: "number"; readonly value: number; readonly format: string }
  /** `monthOnly` when the cell shows no day (a month typed as 2026-11 and kept as a date, shown Nov-26). */
  | { readonly kind: "date"; readonly iso: string; readonly monthOnly?: boolean }
  | { readonly kind: "bool"; readonly value: boolean }
  /** A formula whose saved value is an error such as #DIV/0!. */
  | { readonly kind: "error"; readonly shown: string }
  /** A formula with no saved value (written by a program that does not calculate). */
  | { readonly kind: "formula"; readonly formula: string };

export const textCell = (text: string): SheetCell => ({ kind: "text", text });

/** The rules a column's cells are read under (the kinds of FieldRule in uploadTypes.ts). */
export type CellRuleKind =
  | "text"
  | "pan"
  | "gst"
  | "ifsc"
  | "account"
  | "mobile"
  | "pin"
  | "date"
  | "amount"
  | "integer"
  | "email"
  | "upi"
  | "utr"
  | "bankCode"
  | "oneOf"
  | "imageAddresses"
  | "ref"
  | "refs"
  | "new"
  | "notRef";

export const CELL_MSG = {
  lostDigits:
    "This number has more than 15 digits, which a spreadsheet cannot keep exactly: format the column as text and type the number again.",
  numberNotDate: "Not a valid date: use a date cell, DD/MM/YYYY, DD-MM-YYYY or YYYY-MM-DD.",
  formulaError: (shown: string) => `The cell shows the error ${shown}: correct its formula.`,
  formulaNoValue:
    "The cell's formula has no saved value: open the file in a spreadsheet program and save it again.",
} as const;

export type CellRead = { readonly value: string } | { readonly problem: string };

const pad2 = (n: number) => String(n).padStart(2, "0");

/** Spreadsheets keep 15 significant digits; a whole number from 10^15 up may have lost some. */
const EXACT_LIMIT = 1e15;

/** A whole number with every digit, padded where the cell's format shows leading zeros ("000000"). */
function wholeNumberText(value: number, format: string): string {
  const digits = BigInt(value).toString();
  return /^0+$/.test(format) && digits.length < format.length ? digits.padStart(format.length, "0") : digits;
}

/** A number cell as text: whole numbers without exponent, others as the shortest exact decimal. */
function numberText(value: number, format: string): CellRead {
  if (!Number.isFinite(value)) return { value: String(value) };
  if (Number.isInteger(value)) {
    if (Math.abs(value) >= EXACT_LIMIT) return { problem: CELL_MSG.lostDigits };
    return { value: wholeNumberText(value, format) };
  }
  return { value: String(value) };
}

/** An amount cell: a stored number within rounding noise of two decimals (a formula's 0.1 + 0.2) reads as it. */
function amountFromNumber(value: number): string {
  const cents = Math.round(value * 100);
  if (Math.abs(value * 100 - cents) > 1e-6) return String(value);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100));
  const frac = abs % 100;
  return frac === 0 ? `${sign}${whole}` : `${sign}${whole}.${pad2(frac).replace(/0$/, "")}`;
}

const CURRENCY = /^(?:₹|rs\.?|inr)\s*/i;
/** Thousands separators in Indian (1,50,000) or international (150,000) grouping. */
const GROUPED = /^\d{1,3}(?:,\d{2})*,\d{3}(?:\.\d+)?$|^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;

/** An amount typed as text: the rupee sign (₹, Rs, INR) and thousands separators are dropped. */
export function parseUploadAmount(text: string): string {
  const bare = text.replace(CURRENCY, "").trim();
  return GROUPED.test(bare) ? bare.replace(/,/g, "") : bare;
}

const DMY = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * A date typed as text in the common Indian forms (DD/MM/YYYY, DD-MM-YYYY) or as YYYY-MM-DD, as
 * YYYY-MM-DD; any other text is given back unchanged for the date rule to refuse.
 */
export function parseUploadDate(text: string): string {
  const dmy = DMY.exec(text);
  if (dmy) return `${dmy[3]}-${pad2(Number(dmy[2]))}-${pad2(Number(dmy[1]))}`;
  const ymd = YMD.exec(text);
  if (ymd) return `${ymd[1]}-${pad2(Number(ymd[2]))}-${pad2(Number(ymd[3]))}`;
  return text;
}

/** Which value of a closed list a text names, ignoring case and surrounding spaces. */
export const canonicalOf = (values: readonly string[], text: string): string =>
  values.find((v) => v.toLowerCase() === text.toLowerCase()) ?? text;

/**
 * The text a cell gives under a column's rule, or why it cannot be used. The result still goes
 * through the rule's own check (uploadTypes.ts checkValue); this step only undoes spreadsheet habits.
 */
export function readCell(rule: CellRuleKind, cell: SheetCell, oneOf: readonly string[] = []): CellRead {
  switch (cell.kind) {
    case "error":
      return { problem: CELL_MSG.formulaError(cell.shown) };
    case "formula":
      return { problem: CELL_MSG.formulaNoValue };
    case "bool":
      return { value: cell.value ? "TRUE" : "FALSE" };
    case "date":
      return { value: rule === "text" && cell.monthOnly ? cell.iso.slice(0, 7) : cell.iso };
    case "number":
      if (rule === "date") return { problem: CELL_MSG.numberNotDate };
      if (rule === "amount") return { value: amountFromNumber(cell.value) };
      return numberText(cell.value, cell.format);
    case "text": {
      const text = cell.text.trim();
      if (rule === "date") return { value: parseUploadDate(text) };
      if (rule === "amount") return { value: parseUploadAmount(text) };
      if (rule === "oneOf") return { value: canonicalOf(oneOf, text) };
      return { value: text };
    }
  }
}

/** What the cell showed, for the unclean file (users find their own value there). */
export function shownText(cell: SheetCell): string {
  switch (cell.kind) {
    case "text":
      return cell.text;
    case "number":
      return Number.isInteger(cell.value) && Math.abs(cell.value) < 1e21
        ? wholeNumberText(cell.value, cell.format)
        : String(cell.value);
    case "date":
      return cell.monthOnly ? cell.iso.slice(0, 7) : cell.iso;
    case "bool":
      return cell.value ? "TRUE" : "FALSE";
    case "error":
      return cell.shown;
    case "formula":
      return `=${cell.formula}`;
  }
}

/** Whether a cell holds nothing a user typed (an empty or blank text). */
export const isBlankCell = (cell: SheetCell | undefined): boolean =>
  cell === undefined || (cell.kind === "text" && cell.text.trim() === "");
