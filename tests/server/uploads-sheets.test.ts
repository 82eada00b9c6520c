// @vitest-environment node
/** Reading uploaded sheets the way spreadsheet programs save them (empty rows, cell types, formulas). */
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { readFirstSheet } from "../../server/uploads/excel";

const book = (rows: unknown[][]) =>
  new Uint8Array(
    XLSX.write(XLSX.utils.book_new(XLSX.utils.aoa_to_sheet(rows), "s"), { type: "buffer", bookType: "xlsx" }),
  );

describe("the empty-row bug", () => {
  it("reads the header and every row of a sheet with an empty row between data rows", () => {
    const sheet = readFirstSheet(book([["name", "state"], ["Nashik", "Maharashtra"], [], ["Mysuru", "Karnataka"]]));
    expect(sheet.header).toEqual(["name", "state"]);
    expect(sheet.rows.map((r) => r.number)).toEqual([2, 4]);
  });
});
