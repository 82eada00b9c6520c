// @vitest-environment node
/**
 * Reading uploaded sheets the way spreadsheet programs save them: empty rows and columns, cells of
 * every type for the same value, formulas, references in another case, repeated records. The
 * fixtures were saved by LibreOffice (scripts/upload-fixtures.ts) in both .xlsx and .xls.
 */
import * as XLSX from "@e965/xlsx";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFirstSheet } from "../../server/uploads/excel";
import { shownText } from "../../src/domain/uploads/uploadCells";
import { startTestServer, type TestServer } from "./support";
import { ACME_3P_PAYOUT_CYCLE, fixture, type Headers, resultSheet, settle, upload } from "./uploads-support";

const book = (rows: unknown[][]) =>
  new Uint8Array(
    XLSX.write(XLSX.utils.book_new(XLSX.utils.aoa_to_sheet(rows), "s"), { type: "buffer", bookType: "xlsx" }),
  );

describe("the empty-row bug", () => {
  it("reads the header and every row of a sheet with an empty row between data rows", () => {
    const sheet = readFirstSheet(
      book([["name", "state"], ["Nashik", "Maharashtra"], [], ["Mysuru", "Karnataka"]]),
    );
    expect(sheet.header).toEqual(["name", "state"]);
    expect(sheet.rows.map((r) => r.number)).toEqual([2, 4]);
  });
});

describe("random workbooks (property)", () => {
  /** One logical value, written as a number, as text, or as a formula with its saved value. */
  type Written = { cell: XLSX.CellObject | null; meant: string };
  const written: fc.Arbitrary<Written> = fc.oneof(
    fc
      .integer({ min: 0, max: 999_999_999 })
      .chain((n) =>
        fc.constantFrom<Written>(
          { cell: { t: "n", v: n }, meant: String(n) },
          { cell: { t: "s", v: String(n) }, meant: String(n) },
          { cell: { t: "n", v: n, f: `${n}+0` }, meant: String(n) },
        ),
      ),
    fc
      .stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,11}[A-Za-z0-9]$/)
      .map((s): Written => ({ cell: { t: "s", v: s }, meant: s })),
    fc.constant<Written>({ cell: null, meant: "" }),
    fc.constant<Written>({ cell: { t: "z" }, meant: "" }),
  );
  const workbook = fc.record({
    width: fc.integer({ min: 1, max: 6 }),
    leadingRows: fc.integer({ min: 0, max: 3 }),
    leadingColumns: fc.integer({ min: 0, max: 2 }),
    rows: fc.array(fc.array(written, { minLength: 6, maxLength: 6 }), { maxLength: 25 }),
    emptyAfter: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 25, maxLength: 25 }),
    format: fc.constantFrom<"xlsx" | "xls">("xlsx", "xls"),
  });

  it("reads the rows meant, with their sheet numbers, whatever the empty rows and columns and cell types", () => {
    fc.assert(
      fc.property(workbook, ({ width, leadingRows, leadingColumns, rows, emptyAfter, format }) => {
        const sheet: XLSX.WorkSheet = {};
        const put = (r: number, c: number, cell: XLSX.CellObject | null) => {
          if (cell) sheet[XLSX.utils.encode_cell({ r, c: c + leadingColumns })] = cell;
        };
        const header = Array.from({ length: width }, (_, c) => `col${c}`);
        header.forEach((h, c) => {
          put(leadingRows, c, { t: "s", v: h });
        });
        const meant: { number: number; texts: string[] }[] = [];
        let r = leadingRows + 1;
        rows.forEach((row, i) => {
          const cells = row.slice(0, width);
          cells.forEach((w, c) => {
            put(r, c, w.cell);
          });
          const texts = cells.map((w) => w.meant);
          if (texts.some((t) => t !== "")) meant.push({ number: r + 1, texts });
          r += 1 + emptyAfter[i]!;
        });
        sheet["!ref"] = XLSX.utils.encode_range({
          s: { r: 0, c: 0 },
          e: { r: Math.max(r, 1), c: width + leadingColumns + 1 },
        });
        const bytes = XLSX.write(XLSX.utils.book_new(sheet, "s"), { type: "buffer", bookType: format });
        const read = readFirstSheet(new Uint8Array(bytes));
        expect(read.header.slice(leadingColumns, leadingColumns + width)).toEqual(header);
        expect(read.headerRow).toBe(leadingRows + 1);
        expect(
          read.rows.map((row) => ({
            number: row.number,
            texts: header.map((_, c) => {
              const cell = row.cells[c + leadingColumns];
              return cell ? shownText(cell) : "";
            }),
          })),
        ).toEqual(meant);
      }),
      { numRuns: 60 },
    );
  });
});

describe("real files saved by a spreadsheet program", () => {
  let server: TestServer;
  let admin: Headers;
  let iftu: Headers;
  let pm: Headers;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn("admin");
    iftu = await server.signIn("iftu.manager");
    pm = await server.signIn("project.manager");
  });
  afterAll(async () => {
    await server.close();
  });

  const process = async (auth: Headers, type: string, extra: string, file: string) => {
    const res = await upload(server, auth, `object=${type}${extra}`, fixture(file), file);
    expect(res.status).toBe(201);
    const job = await settle(server, auth, `objects_type=${type}${extra}`, res.body.id as number);
    const clean = await resultSheet(server, auth, job.clean_objects_media_path as string);
    const unclean = await resultSheet(server, auth, job.unclean_objects_media_path as string);
    return {
      job,
      clean,
      unclean,
      reasons: Object.fromEntries(unclean.rows.map((r) => [r.at(-2), r.at(-1)])),
    };
  };

  it("says so in the row's reason when a name matches records in different cases, unless written exactly", async () => {
    await server.db.query("INSERT INTO states (name, code) VALUES ('KARNATAKA', '99'), ('TAMIL NADU', '98')");
    try {
      const { reasons, clean } = await process(admin, "cities", "", "cities_habits.xlsx");
      const ambiguous =
        "state: karnataka matches more than one state (Karnataka, KARNATAKA): write it exactly as one of them.";
      expect(reasons[2]).toBe(ambiguous);
      // Written exactly as one of them: that one.
      expect(clean.rows).toEqual([
        ["Tiruchirappalli", "TAMIL NADU"],
        ["belagavi", "KARNATAKA"],
      ]);
    } finally {
      await server.db.query("DELETE FROM states WHERE code IN ('98', '99')");
    }
  });

  for (const ext of ["xlsx", "xls"]) {
    it(`.${ext}: empty rows before the header and between rows, formatted empty cells and columns`, async () => {
      const { job, clean } = await process(admin, "cities", "", `cities_empty_rows.${ext}`);
      expect(job).toMatchObject({ status: "completed", total_objects: 3, total_clean_objects: 3 });
      expect(clean.rows).toEqual([
        ["Nashik", "Maharashtra"],
        ["Belagavi", "Karnataka"],
        ["Salem", "Tamil Nadu"],
      ]);
    });

    it(`.${ext}: references in another case, a record twice in the file and one that exists, by sheet row`, async () => {
      const { job, clean, reasons } = await process(admin, "cities", "", `cities_habits.${ext}`);
      expect(job).toMatchObject({ status: "completed", total_objects: 5, total_clean_objects: 2 });
      expect(clean.rows).toEqual([
        ["Belagavi", "Karnataka"],
        ["Tiruchirappalli", "Tamil Nadu"],
      ]);
      expect(reasons).toEqual({
        4: "name: Repeated in this file with the same state: first in row 2.",
        5: "name: A city with this name and state already exists.",
        6: "state: No state named Kerela.",
      });
    });

    it(`.${ext}: the unclean file can be uploaded again, its added sheet_row and errors columns ignored`, async () => {
      const { job } = await process(admin, "cities", "", `cities_habits.${ext}`);
      const link = job.unclean_objects_media_path as string;
      const bytes = new Uint8Array(await (await server.app.request(link, { headers: admin })).arrayBuffer());
      const again = await upload(server, admin, "object=cities", bytes, "cities_habits_unclean.xlsx");
      const reread = await settle(server, admin, "objects_type=cities", again.body.id as number);
      expect(reread).toMatchObject({ status: "completed", total_objects: 3, total_unclean_objects: 2 });
    });

    it(`.${ext}: amounts with the rupee sign and separators, formulas, long numbers, text ids`, async () => {
      const { job, clean, reasons } = await process(
        iftu,
        "payout_data_ingested",
        `&sub_project=${ACME_3P_PAYOUT_CYCLE}`,
        `payout_data_cell_types.${ext}`,
      );
      expect(job).toMatchObject({ status: "completed", total_objects: 5, total_clean_objects: 3 });
      // rsid, amount, payout month, account number and phone as stored
      expect(clean.rows.map((r) => [r[0], r[2], r[3], r[5], r[8]])).toEqual([
        ["RS000001", "1500.00", "2026-11", "001234567890", "9876543210"],
        ["RS000003", "1500.5", "2026-11", "123456789012", "9876543212"],
        ["RS000004", "2500", "2026-11", "123456789012345678", "9876543213"],
      ]);
      expect(reasons).toEqual({
        3: "account_number: This number has more than 15 digits, which a spreadsheet cannot keep exactly: format the column as text and type the number again.",
        6: "amount: The cell shows the error #DIV/0!: correct its formula.",
      });
    });

    it(`.${ext}: dates as date cells and typed in the Indian forms`, async () => {
      const { job, clean, reasons } = await process(
        pm,
        "cycle_init",
        `&sub_project=${ACME_3P_PAYOUT_CYCLE}`,
        `cycle_init_dates.${ext}`,
      );
      expect(job).toMatchObject({ status: "completed", total_objects: 5, total_clean_objects: 3 });
      expect(clean.rows).toEqual([
        ["RS000001", "2500", "2026-12-01", "2026-12-31"],
        ["RS000002", "3000", "2026-12-01", "2026-12-31"],
        ["RS000003", "2000", "2026-12-01", "2026-12-31"],
      ]);
      expect(reasons).toEqual({
        5: "start_date: Not a valid date: use a date cell, DD/MM/YYYY, DD-MM-YYYY or YYYY-MM-DD.",
        6: "start_date: Not a valid date: use a date cell, DD/MM/YYYY, DD-MM-YYYY or YYYY-MM-DD.",
      });
    });
  }
});
