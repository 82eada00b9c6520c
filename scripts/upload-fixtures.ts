/**
 * Makes the spreadsheet-habit upload fixtures in tests/fixtures/uploads: each is written as a flat
 * OpenDocument sheet (.fods, where every cell's type is explicit: text, number, date, formula,
 * formatted but empty) and saved by LibreOffice as .xlsx and .xls, so the tests read files a
 * spreadsheet program really wrote, with its formula results cached. The made files are committed;
 * only remaking them needs LibreOffice (`npx tsx scripts/upload-fixtures.ts`).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

type Cell =
  | string
  | { n: number }
  | { date: string }
  /** A date shown as a month (Nov-26), as a spreadsheet keeps "2026-11" typed in a cell. */
  | { month: string }
  | { formula: string; n: number }
  | { formula: string; error: true }
  | { styled: true }
  | null;
type Row = Cell[];

const OUT = join(import.meta.dirname, "..", "tests", "fixtures", "uploads");

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function cellXml(cell: Cell): string {
  if (cell === null) return "<table:table-cell/>";
  if (typeof cell === "string")
    return `<table:table-cell office:value-type="string"><text:p>${esc(cell)}</text:p></table:table-cell>`;
  if ("styled" in cell) return `<table:table-cell table:style-name="yellow"/>`;
  if ("month" in cell)
    return `<table:table-cell table:style-name="my" office:value-type="date" office:date-value="${cell.month}"/>`;
  if ("date" in cell)
    return `<table:table-cell table:style-name="dmy" office:value-type="date" office:date-value="${cell.date}"/>`;
  if ("error" in cell) return `<table:table-cell table:formula="of:${esc(cell.formula)}"/>`;
  if ("formula" in cell)
    return `<table:table-cell table:formula="of:${esc(cell.formula)}" office:value-type="float" office:value="${cell.n}"/>`;
  return `<table:table-cell office:value-type="float" office:value="${cell.n}"/>`;
}

function fods(rows: Row[]): string {
  const body = rows
    .map(
      (r) =>
        `<table:table-row>${r.length === 0 ? "<table:table-cell/>" : r.map(cellXml).join("")}</table:table-row>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
 xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
 xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2"
 office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:automatic-styles>
 <number:date-style style:name="ddmmyyyy"><number:day number:style="long"/><number:text>/</number:text><number:month number:style="long"/><number:text>/</number:text><number:year number:style="long"/></number:date-style>
 <number:date-style style:name="mmmyy"><number:month number:textual="true"/><number:text>-</number:text><number:year/></number:date-style>
 <style:style style:name="dmy" style:family="table-cell" style:data-style-name="ddmmyyyy"/>
 <style:style style:name="my" style:family="table-cell" style:data-style-name="mmmyy"/>
 <style:style style:name="yellow" style:family="table-cell"><style:table-cell-properties fo:background-color="#ffff00"/></style:style>
</office:automatic-styles>
<office:body><office:spreadsheet><table:table table:name="Sheet1">
${body}
</table:table></office:spreadsheet></office:body></office:document>
`;
}

const Y: Cell = { styled: true };

/** The fixtures: name, then rows as the user typed them (see docs/uploads.md, "Accepted forms"). */
export const FIXTURES: Record<string, Row[]> = {
  // Empty rows before the header and between rows, formatted but empty cells, trailing empty columns.
  cities_empty_rows: [
    [],
    [null, null, Y],
    ["name", "state", Y, Y],
    ["Nashik", "Maharashtra"],
    [],
    ["Belagavi", "Karnataka", Y],
    [Y, Y],
    ["Salem", "Tamil Nadu"],
  ],
  // References in another case and with spaces; a city twice in the file; one that exists; a misspelling.
  cities_habits: [
    ["name", "state"],
    ["Belagavi", "karnataka"],
    ["Tiruchirappalli", " TAMIL NADU "],
    ["belagavi ", "KARNATAKA"],
    ["Pune", "Maharashtra"],
    ["Kochi", "Kerela"],
  ],
  // Amounts with the rupee sign and separators, formulas, long numbers stored as numbers, text ids.
  payout_data_cell_types: [
    [
      "rsid",
      "outlet_name",
      "amount",
      "payout_month",
      "account_holder_name",
      "account_number",
      "ifsc_code",
      "pan_number",
      "phone_number",
      "remarks",
    ],
    [
      "RS000001",
      "Sri Balaji Kirana",
      "₹1,500.00",
      "2026-11",
      "Ramesh Kumar",
      "001234567890",
      "SBIN0001234",
      "ABCPK1234F",
      { n: 9876543210 },
      "text account with leading zeros",
    ],
    [
      "RS000002",
      "Laxmi Stores",
      "1,50,000",
      "2026-11",
      "Laxmi Devi",
      { n: 1234567890123456 },
      "SBIN0001234",
      "ABCPK1234F",
      { n: 9876543211 },
      "16-digit account stored as a number",
    ],
    [
      "RS000003",
      "Om Traders",
      { formula: "=1000+500.5", n: 1500.5 },
      "2026-11",
      "Om Prakash",
      { n: 123456789012 },
      "SBIN0001234",
      "ABCPK1234F",
      "9876543212",
      "amount by formula",
    ],
    [
      "rs000004",
      "Ganesh General",
      { n: 2500 },
      { month: "2026-11-01" },
      "Ganesh Rao",
      "123456789012345678",
      "SBIN0001234",
      "ABCPK1234F",
      "9876543213",
      null,
    ],
    [
      "RS000005",
      "Shiv Shakti",
      { formula: "=1/0", error: true },
      "2026-11",
      "Shiv Kumar",
      "123456789012",
      "SBIN0001234",
      "ABCPK1234F",
      "9876543214",
      "formula error",
    ],
  ],
  // Dates as date cells and typed as text in the Indian forms; amounts by formula and with the rupee sign.
  cycle_init_dates: [
    ["rsid", "target_amount", "start_date", "end_date"],
    ["RS000001", { n: 2500 }, { date: "2026-12-01" }, { date: "2026-12-31" }],
    ["RS000002", "₹3,000", "01/12/2026", "31-12-2026"],
    ["RS000003", { formula: "=1000*2", n: 2000 }, "2026-12-01", "2026-12-31"],
    ["RS000004", "1500", "31/02/2026", "2026-12-31"],
    ["RS000005", "1500", { n: 46357 }, "2026-12-31"],
  ],
};

function main() {
  const dir = mkdtempSync(join(tmpdir(), "upload-fixtures-"));
  try {
    for (const [name, rows] of Object.entries(FIXTURES)) {
      const source = join(dir, `${name}.fods`);
      writeFileSync(source, fods(rows));
      for (const format of ["xlsx", "xls"]) {
        execFileSync(
          "libreoffice",
          [
            `-env:UserInstallation=file://${join(dir, "profile")}`,
            "--headless",
            "--convert-to",
            format,
            "--outdir",
            dir,
            source,
          ],
          { stdio: "ignore" },
        );
        renameSync(join(dir, `${name}.${format}`), join(OUT, `${name}.${format}`));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (/upload-fixtures\.ts$/.test(process.argv[1] ?? "")) main();
