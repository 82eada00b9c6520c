// @vitest-environment node
/**
 * The streaming .xlsx reader gives the same rows as SheetJS: on the upload fixtures saved by a
 * spreadsheet program, on random workbooks SheetJS writes, and on sheet XML written by hand in
 * every form a sheet part may hold (shared and inline strings, rich text, escapes, formulas with
 * and without saved values, shared formulas, dates by their format, sparse rows and cells without
 * references). SheetJS is the reference: its reading is what uploads gave before the stream.
 */

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import * as XLSX from "@e965/xlsx";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openFirstSheet, readAllRows, readFirstSheet } from "../../server/uploads/excel";
import { streamFirstSheet } from "../../server/uploads/xlsxStream";
import { MAX_UPLOAD_ROWS, UPLOAD_MSG } from "../../src/domain/uploads/bulkUpload";
import { zip } from "../reliability/badWorkbooks";

/** What a reader gives: the sheet (holes and undefined alike) or the message it refused with. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value ?? null)) as unknown;

function bySheetJs(bytes: Uint8Array): unknown {
  try {
    return plain(readFirstSheet(bytes));
  } catch (error) {
    return (error as Error).message;
  }
}

async function byStream(bytes: Uint8Array): Promise<unknown> {
  try {
    return plain(await readAllRows(await openFirstSheet(bytes)));
  } catch (error) {
    return (error as Error).message;
  }
}

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "uploads");

describe("the upload fixtures", () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith(".xlsx"));
  it.each(files)("%s reads the same", async (file) => {
    const bytes = new Uint8Array(readFileSync(join(FIXTURES, file)));
    expect(await byStream(bytes)).toEqual(bySheetJs(bytes));
  });
});

describe("random workbooks written by SheetJS (property)", () => {
  const cell: fc.Arbitrary<XLSX.CellObject | null> = fc.oneof(
    fc.integer({ min: -1_000_000, max: 1_000_000_000 }).map((v): XLSX.CellObject => ({ t: "n", v })),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((v): XLSX.CellObject => ({ t: "n", v })),
    fc.string({ maxLength: 12 }).map((v): XLSX.CellObject => ({ t: "s", v })),
    fc
      .constantFrom("0012", " padded ", "a&b<c>\"d'", "_x0041_", "line\r\nbreak", "मराठी 😀")
      .map((v): XLSX.CellObject => ({ t: "s", v })),
    fc
      .tuple(
        fc.integer({ min: 1, max: 60_000 }),
        fc.constantFrom("dd/mm/yyyy", "mmm-yy", "0.00", "000000", "@"),
      )
      .map(([v, z]): XLSX.CellObject => ({ t: "n", v, z })),
    fc.boolean().map((v): XLSX.CellObject => ({ t: "b", v })),
    fc.constantFrom(0x07, 0x17, 0x2a).map((v): XLSX.CellObject => ({ t: "e", v })),
    fc.integer({ min: 0, max: 99 }).map((v): XLSX.CellObject => ({ t: "n", v, f: `${v}+0` })),
    fc.constant({ t: "n", f: "1+1" } as XLSX.CellObject),
    fc.constant(null),
  );
  const workbook = fc.record({
    rows: fc.array(fc.array(cell, { maxLength: 8 }), { maxLength: 30 }),
    skip: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 30, maxLength: 30 }),
    leadingColumns: fc.integer({ min: 0, max: 3 }),
    sharedStrings: fc.boolean(),
  });

  it("gives the same rows, cells and formats", async () => {
    await fc.assert(
      fc.asyncProperty(workbook, async ({ rows, skip, leadingColumns, sharedStrings }) => {
        const sheet: XLSX.WorkSheet = {};
        let r = 0;
        let width = 0;
        rows.forEach((row, i) => {
          row.forEach((c, col) => {
            if (c) sheet[XLSX.utils.encode_cell({ r, c: col + leadingColumns })] = { ...c };
          });
          width = Math.max(width, row.length + leadingColumns);
          r += 1 + skip[i]!;
        });
        sheet["!ref"] = XLSX.utils.encode_range({
          s: { r: 0, c: 0 },
          e: { r: Math.max(r, 1), c: Math.max(width, 1) },
        });
        const bytes = new Uint8Array(
          XLSX.write(XLSX.utils.book_new(sheet, "s"), {
            type: "buffer",
            bookType: "xlsx",
            bookSST: sharedStrings,
          }),
        );
        expect(await byStream(bytes)).toEqual(bySheetJs(bytes));
      }),
      { numRuns: 150 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Packages written by hand, so every form a sheet part may hold is tried

const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG = "http://schemas.openxmlformats.org/package/2006/relationships";

const part = (name: string, text: string) => {
  const raw = Buffer.from(text);
  return { name, data: deflateRawSync(raw), method: 8 as const, size: raw.length, crc: crc32(raw) };
};

/** A package of one sheet (its sheetData's inner XML), a shared string table and styles with dates. */
function handWritten(
  rows: string,
  strings: readonly string[],
  dimension = "",
  leaveOut: string | null = null,
): Uint8Array {
  const sst = `${HEAD}<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings.join("")}</sst>`;
  const styles = `${HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="000000"/></numFmts><cellXfs count="6"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="14"/><xf numFmtId="17"/><xf numFmtId="7"/></cellXfs></styleSheet>`;
  const parts = [
    part(
      "[Content_Types].xml",
      `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/data.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ),
    part(
      "_rels/.rels",
      `${HEAD}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    part(
      "xl/workbook.xml",
      `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Data" sheetId="1" r:id="rId7"/></sheets></workbook>`,
    ),
    part(
      "xl/_rels/workbook.xml.rels",
      `${HEAD}<Relationships xmlns="${PKG}"><Relationship Id="rId7" Type="${REL}/worksheet" Target="/xl/worksheets/data.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    part("xl/styles.xml", styles),
    part("xl/sharedStrings.xml", sst),
    part(
      "xl/worksheets/data.xml",
      `${HEAD}<worksheet xmlns="${MAIN}">${dimension}<sheetData>${rows}</sheetData><mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells></worksheet>`,
    ),
  ];
  return zip(parts.filter((p) => p.name !== leaveOut));
}

const STRINGS = [
  "<si><t>name</t></si>",
  '<si><t xml:space="preserve">  spaced  </t></si>',
  '<si><r><rPr><b/></rPr><t>Rich</t></r><r><t xml:space="preserve"> text</t></r><rPh sb="0" eb="1"><t>phonetic</t></rPh></si>',
  "<si><t>a &amp; b &lt;c&gt; &#x41;&#66; _x0043_</t></si>",
  "<si><t>line\r\nbreak</t></si>",
  "<si><t/></si>",
  "<si><t>मराठी 😀</t></si>",
];

/** One cell's XML in one of the forms a sheet may hold (ref is its reference, or null to leave it out). */
const CELLS: ((ref: string | null) => string)[] = [
  (ref) => `<c${ref ? ` r="${ref}"` : ""} t="s"><v>${(ref?.length ?? 0) % STRINGS.length}</v></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} t="inlineStr"><is><t>inline &amp; _x0044_</t></is></c>`,
  (ref) =>
    `<c${ref ? ` r="${ref}"` : ""} t="inlineStr"><is><r><t>run</t></r><r><rPr><i/></rPr><t xml:space="preserve"> two</t></r></is></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""}><v>12345</v></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} s="2"><v>42</v></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} s="1"><v>46349</v></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} s="3"><v>46349.5</v></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} s="4"><v>46327</v></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} s="5"><v>7.5</v></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} s="9"><v>3</v></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} t="b"><v>1</v></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} t="e"><f>1/0</f><v>#DIV/0!</v></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} t="e"><f>_xlfn.CONCAT(A1)</f></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""}><f>1+1</f></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} t="str"><f>A1&amp;"x"</f><v>a &amp;amp; b</v></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} t="str"><f>A1</f><v></v></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} t="d"><v>2026-11-23</v></c>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} s="1"/>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} t="s"/>`,
  (ref) => `<c${ref ? ` r="${ref}"` : ""} t="inlineStr"><is><t>   </t></is></c>`,
];

describe("sheet XML in every form (property)", () => {
  const sheet = fc.record({
    rows: fc.array(
      fc.record({
        gap: fc.integer({ min: 0, max: 2 }),
        numbered: fc.boolean(),
        cells: fc.array(
          fc.record({
            form: fc.integer({ min: 0, max: CELLS.length - 1 }),
            gap: fc.integer({ min: 0, max: 2 }),
            referenced: fc.boolean(),
          }),
          { maxLength: 6 },
        ),
      }),
      { maxLength: 20 },
    ),
    emptyRows: fc.boolean(),
    dimension: fc.boolean(),
  });

  it("gives the same rows as SheetJS", async () => {
    await fc.assert(
      fc.asyncProperty(sheet, async ({ rows, emptyRows, dimension }) => {
        let r = 0;
        let xml = "";
        for (const row of rows) {
          r += 1 + row.gap;
          // A row without r follows the one before; its cells' references must agree with it.
          const numbered = row.numbered || row.gap > 0;
          // A formatted empty row, written as programs write it, is no row at all.
          if (emptyRows) xml += `<row r="${r}" customFormat="1"/>`;
          let c = -1;
          let cells = "";
          for (const cell of row.cells) {
            const referenced = cell.referenced || cell.gap > 0;
            c += referenced ? 1 + cell.gap : 1;
            cells += CELLS[cell.form]!(referenced ? XLSX.utils.encode_cell({ r: r - 1, c }) : null);
          }
          xml += `<row${numbered ? ` r="${r}"` : ""} spans="1:9">${cells}</row>`;
        }
        const bytes = handWritten(xml, STRINGS, dimension ? `<dimension ref="A1:Z${r + 1}"/>` : "");
        expect(await byStream(bytes)).toEqual(bySheetJs(bytes));
      }),
      { numRuns: 200 },
    );
  });

  it("moves a shared formula to each cell, for a cell that shows it without a saved value", async () => {
    const rows =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c><c r="B1" t="inlineStr"><is><t>total</t></is></c></row>' +
      '<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="e"><f t="shared" ref="B2:B4" si="0">A2*2</f></c></row>' +
      '<row r="3"><c r="A3"><v>2</v></c><c r="B3" t="e"><f t="shared" si="0"/></c></row>' +
      '<row r="4"><c r="A4"><v>3</v></c><c r="B4" t="e"><f t="shared" si="0"></f></c></row>';
    const bytes = handWritten(rows, STRINGS);
    const streamed = await byStream(bytes);
    expect(streamed).toEqual(bySheetJs(bytes));
    expect(JSON.stringify(streamed)).toContain('"formula":"A4*2"');
  });
});

describe("finding the first sheet", () => {
  const limits = {
    maxRow: 1_000_000,
    maxColumns: 1_000,
    declared: () => {},
    tooManyRows: () => new Error("rows"),
    tooManyColumns: () => new Error("columns"),
  };
  const streamed = async (bytes: Uint8Array) => {
    let rows = 0;
    for await (const _ of streamFirstSheet(bytes, limits)) rows++;
    return rows;
  };
  const SHEET =
    '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>x</t></is></c></row>';

  it("follows the package's relationships, so the comparisons above are of the stream itself", async () => {
    expect(await streamed(handWritten(SHEET, STRINGS))).toBe(2);
    for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith(".xlsx") && f !== "not_excel.xlsx"))
      expect(await streamed(new Uint8Array(readFileSync(join(FIXTURES, file))))).toBeGreaterThan(0);
  });

  it("gives a package it cannot find its way through to SheetJS whole", async () => {
    // The workbook at another path, named by the content types but by no package relationship.
    const types = `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/book.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
    const bytes = zip([
      part("[Content_Types].xml", types),
      part(
        "xl/book.xml",
        `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      part(
        "xl/_rels/book.xml.rels",
        `${HEAD}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
      part(
        "xl/worksheets/sheet1.xml",
        `${HEAD}<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row><row r="2"><c r="A2"><v>7</v></c></row></sheetData></worksheet>`,
      ),
    ]);
    await expect(streamed(bytes)).rejects.toThrow();
    expect(await byStream(bytes)).toEqual({
      header: ["name"],
      headerRow: 1,
      rows: [{ number: 2, cells: [{ kind: "number", value: 7, format: "General" }] }],
    });
    expect(await byStream(bytes)).toEqual(bySheetJs(bytes));
  });
});

describe("large sheets, read in chunks", () => {
  it("gives the same rows when rows and characters fall across the chunks the sheet inflates in", async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => [
      `RS${String(i).padStart(6, "0")}`,
      i % 7 === 0 ? "मराठी 😀 & <b>" : `Store ${i}`,
      i,
      i % 3 === 0 ? null : i / 7,
    ]);
    for (const bookSST of [true, false]) {
      const sheet = XLSX.utils.aoa_to_sheet([["rsid", "name", "n", "x"], ...rows]);
      const bytes = new Uint8Array(
        XLSX.write(XLSX.utils.book_new(sheet, "s"), { type: "buffer", bookType: "xlsx", bookSST }),
      );
      expect(await byStream(bytes)).toEqual(bySheetJs(bytes));
    }
  });

  it("refuses the row past the limit, whatever the sheet declares", async () => {
    const xml = `<row r="1"><c t="inlineStr"><is><t>name</t></is></c></row><row r="${MAX_UPLOAD_ROWS + 1002}"><c><v>1</v></c></row>`;
    expect(await byStream(handWritten(xml, STRINGS))).toBe(UPLOAD_MSG.tooManyRows);
    expect(await byStream(handWritten(xml, STRINGS, '<dimension ref="A1:A2"/>'))).toBe(
      UPLOAD_MSG.tooManyRows,
    );
  });

  it("refuses a cell past the column limit", async () => {
    const xml = '<row r="1"><c t="inlineStr"><is><t>name</t></is></c><c r="ALM1"><v>1</v></c></row>';
    expect(await byStream(handWritten(xml, STRINGS))).toBe(UPLOAD_MSG.tooManyColumns);
    expect(bySheetJs(handWritten(xml, STRINGS))).toBe(UPLOAD_MSG.tooManyColumns);
  });
});
