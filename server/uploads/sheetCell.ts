/**
 * A spreadsheet cell as the upload rules read it (src/domain/uploads/uploadCells.ts), from the cell object
 * SheetJS gives (or the streaming .xlsx reader gives in the same shape): the saved value of
 * formulas, dates by their number format as YYYY-MM-DD, formula errors by their text.
 */
import * as XLSX from "@e965/xlsx";
import type { SheetCell } from "../../src/domain/uploads/uploadCells";

/** The fields of a SheetJS cell object the rules use. */
export type RawCell = Pick<XLSX.CellObject, "t" | "v" | "f" | "z">;

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

export function toSheetCell(cell: RawCell | undefined): SheetCell | undefined {
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
