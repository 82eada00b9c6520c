// @vitest-environment node
/** Workbooks written directly (result files, exports, samples) read back as exactly the texts written. */
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { readSheetTexts, sniffExcel, writeWorkbook } from "../../server/uploads/excel";
import { checkUnpackedSize } from "../../server/uploads/unpacked";
import { TextSheetStream } from "../../server/uploads/xlsxWriter";

describe("writing a workbook", () => {
  it("keeps every text as written: digits, spaces, XML characters, controls, escapes and any script", () => {
    const header = ["rsid", "amount", "note", "errors"];
    const rows = [
      ["RS000001", "001234567890123456789", "  leading and trailing  ", "a < b & c > d \"quoted\" 'single'"],
      ["RS000002", "1e5", "tab\tand\nnew line", "bell \u0007 and escape \u001b"],
      ["RS000003", "12.50", "looks like an escape: _x0041_ and _x005F_", "lone \ud800 surrogate, pair 😀"],
      ["RS000004", "", "मराठी, தமிழ், 中文", "=SUM(A1:A2)"],
    ];
    const bytes = writeWorkbook("unclean", header, rows);
    expect(sniffExcel(bytes)).toBe("xlsx");
    expect(readSheetTexts(bytes)).toEqual({ header, rows });
  });

  it("names the sheet, declares its range and stores every value as text", () => {
    const header = Array.from({ length: 30 }, (_, i) => `column ${i + 1}`);
    const rows = [Array.from({ length: 30 }, (_, i) => String(i * 1000))];
    const book = XLSX.read(writeWorkbook("clean", header, rows), { type: "buffer" });
    expect(book.SheetNames).toEqual(["clean"]);
    const sheet = book.Sheets.clean!;
    expect(sheet["!ref"]).toBe("A1:AD2");
    expect(sheet.AD2).toMatchObject({ t: "s", v: "29000" });
  });

  it("writes a header alone, and passes the unpacked-size check uploads make", async () => {
    const bytes = writeWorkbook("regions", ["name"], []);
    expect(readSheetTexts(bytes)).toEqual({ header: ["name"], rows: [] });
    expect(await checkUnpackedSize(bytes, 1024 * 1024)).toBe("ok");
  });

  it("writes a large sheet in pieces that read back whole", () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`RS${String(i).padStart(6, "0")}`, `Store ${i}`]);
    const read = readSheetTexts(writeWorkbook("clean", ["rsid", "name"], rows));
    expect(read.rows).toHaveLength(20_000);
    expect(read.rows[19_999]).toEqual(["RS019999", "Store 19999"]);
  });

  it("writes the same texts row by row as a stream, and the sheet's range is found from its rows", async () => {
    const header = ["rsid", "note", "errors"];
    const rows = Array.from({ length: 5_000 }, (_, i) => [
      `RS${String(i).padStart(6, "0")}`,
      i % 2 ? "a < b & \u0007 _x0041_ मराठी" : "",
      `row ${i}`,
    ]);
    const stream = new TextSheetStream("unclean", header);
    for (const row of rows) stream.add(row);
    await stream.settle();
    const bytes = await stream.finish();
    expect(readSheetTexts(bytes)).toEqual(readSheetTexts(writeWorkbook("unclean", header, rows)));
    expect(readSheetTexts(bytes).rows).toEqual(rows);
    const book = XLSX.read(bytes, { type: "buffer" });
    expect(book.SheetNames).toEqual(["unclean"]);
    expect(book.Sheets.unclean!["!ref"]).toBe("A1:C5001");
    expect(await checkUnpackedSize(bytes, 16 * 1024 * 1024)).toBe("ok");
  });
});
