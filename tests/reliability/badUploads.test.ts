/**
 * Bad uploads: every broken, hostile or oversized file gets a named error (a 4xx answer, or a job
 * failed at once with its message and never retried), no job is left processing, and the server's
 * memory stays bounded while it refuses them. Limits: docs/uploads.md.
 */
import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_UNPACKED_BYTES, MAX_UPLOAD_BYTES, UPLOAD_MSG } from "../../src/domain/uploads/bulkUpload";
import { CELL_MSG } from "../../src/domain/uploads/uploadCells";
import { startTestServer, type TestServer } from "../server/support";
import { fixture, type Headers, resultSheet, settle, upload } from "../server/uploads-support";
import { bombSheet, deflated, longSheet, sheetXml, workbookParts, zip } from "./badWorkbooks";

/** Growth of the resident set allowed while all the bad files are refused (see docs/uploads.md). */
const MEMORY_BOUND_MB = 300;

let server: TestServer;
let admin: Headers;
let baselineRss = 0;
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 10);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn("admin");
  baselineRss = process.memoryUsage().rss;
  peakRss = baselineRss;
});
afterAll(async () => {
  clearInterval(sampler);
  await server.close();
});

const QUERY = "object=regions&organisation=acme-beverages";
const LIST = "objects_type=regions&organisation=acme-beverages";

const book = (rows: unknown[][], bookType: "xlsx" | "xls" = "xlsx") =>
  new Uint8Array(
    XLSX.write(XLSX.utils.book_new(XLSX.utils.aoa_to_sheet(rows), "s"), { type: "buffer", bookType }),
  );

/** Uploads a file the server accepts, processes it and gives the job and how often it was started. */
async function processed(bytes: Uint8Array, name: string) {
  const res = await upload(server, admin, QUERY, bytes, name);
  expect(res.status).toBe(201);
  const id = res.body.id as number;
  const job = await settle(server, admin, LIST, id);
  const [row] = await server.db.query<{ attempts: number }>(
    "SELECT attempts FROM bulk_upload_jobs WHERE id = $1",
    [id],
  );
  return { job, attempts: row!.attempts };
}

async function failsAtOnce(bytes: Uint8Array, name: string, message: string) {
  const { job, attempts } = await processed(bytes, name);
  expect(job).toMatchObject({ status: "failed", message });
  expect(attempts).toBe(1);
}

describe("files refused when they arrive", () => {
  it("a 0-byte file", async () => {
    const res = await upload(server, admin, QUERY, new Uint8Array(), "empty.xlsx");
    expect(res).toMatchObject({ status: 400, body: { file: [UPLOAD_MSG.noFile] } });
  });

  it("a file of another type, whatever its name", async () => {
    const res = await upload(server, admin, QUERY, fixture("not_excel.xlsx"), "regions.xlsx");
    expect(res).toMatchObject({ status: 400, body: { file: [UPLOAD_MSG.notExcel] } });
  });

  it("a file over the size limit", async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1024 * 1024);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    const res = await upload(server, admin, QUERY, big, "big.xlsx");
    expect(res).toMatchObject({ status: 413, body: { detail: UPLOAD_MSG.tooLarge } });
  });
});

describe("files failed at once by the worker, never retried", () => {
  it("a workbook whose first sheet is empty", async () => {
    await failsAtOnce(book([]), "blank.xlsx", UPLOAD_MSG.emptySheet);
  });

  it("a header with no rows under it", async () => {
    await failsAtOnce(book([["name"]]), "header.xlsx", UPLOAD_MSG.noRows);
    await failsAtOnce(book([["name"], [], []], "xls"), "header.xls", UPLOAD_MSG.noRows);
  });

  it("a truncated .xlsx", async () => {
    const whole = fixture("regions_acme.xlsx");
    await failsAtOnce(whole.slice(0, Math.floor(whole.length / 2)), "cut.xlsx", UPLOAD_MSG.unreadable);
  });

  it("a zip bomb that says how big it is, and one that lies", async () => {
    const honest = zip(workbookParts(await bombSheet(MAX_UNPACKED_BYTES + 1024 * 1024, "true")));
    expect(honest.length).toBeLessThan(1024 * 1024);
    await failsAtOnce(honest, "bomb.xlsx", UPLOAD_MSG.unpackedTooLarge);
    const liar = zip(workbookParts(await bombSheet(MAX_UNPACKED_BYTES + 1024 * 1024, 2048)));
    await failsAtOnce(liar, "liar.xlsx", UPLOAD_MSG.unpackedTooLarge);
  });

  it("a 5,000-column sheet", async () => {
    const header = Array.from({ length: 5000 }, (_, c) => `c${c}`);
    await failsAtOnce(book([header, header]), "wide.xlsx", UPLOAD_MSG.tooManyColumns);
  });

  it("200,001 rows in a small file, refused by its declared range before its rows are read", async () => {
    const bytes = zip(workbookParts(longSheet(200_001)));
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    await failsAtOnce(bytes, "long.xlsx", UPLOAD_MSG.tooManyRows);
  });

  it("a small sparse sheet spanning A1:XFD1048576", async () => {
    const rows =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row><row r="1048576"><c r="XFD1048576"><v>1</v></c></row>';
    const bytes = zip(workbookParts(deflated("xl/worksheets/sheet1.xml", sheetXml("A1:XFD1048576", rows))));
    expect(bytes.length).toBeLessThan(8192);
    await failsAtOnce(bytes, "sparse.xlsx", UPLOAD_MSG.tooManyRows);
  });
});

describe("formula cells", () => {
  it("are read by their saved value; one with no saved value gets a named reason in its row", async () => {
    const sheet = XLSX.utils.aoa_to_sheet([["name"], ["Central Formula"]]);
    sheet.A3 = { t: "s", v: "West Formula", f: 'CONCAT("West"," Formula")' };
    sheet.A4 = { t: "n", f: "1+1" } as XLSX.CellObject;
    sheet["!ref"] = "A1:A4";
    const bytes = new Uint8Array(
      XLSX.write(XLSX.utils.book_new(sheet, "s"), { type: "buffer", bookType: "xlsx" }),
    );
    const { job } = await processed(bytes, "formulas.xlsx");
    expect(job).toMatchObject({ status: "completed", total_objects: 3, total_clean_objects: 2 });
    const unclean = await resultSheet(server, admin, job.unclean_objects_media_path as string);
    expect(unclean.rows).toEqual([["=1+1", "4", `name: ${CELL_MSG.formulaNoValue}`]]);
  });
});

describe("afterwards", () => {
  it("leaves no job processing, and the server's memory grew within its bound", async () => {
    const [left] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM bulk_upload_jobs WHERE status = 'processing'",
    );
    expect(left!.n).toBe(0);
    const growthMb = (peakRss - baselineRss) / 1024 / 1024;
    console.log(`bad uploads: peak RSS growth ${growthMb.toFixed(0)} MB (bound ${MEMORY_BOUND_MB} MB)`);
    expect(growthMb).toBeLessThan(MEMORY_BOUND_MB);
  });
});
