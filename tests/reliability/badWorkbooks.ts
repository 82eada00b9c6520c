/**
 * Hostile and broken workbooks made in memory: a zip package written part by part (so a part can
 * be a deflate stream that unpacks to far more than it says), sheets declaring huge ranges, sheets
 * too wide or too long. Each is small to send; what it does to a careless reader is the test.
 */
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";
import * as XLSX from "@e965/xlsx";

type Part = { name: string; data: Buffer; method: 0 | 8; size: number; crc: number };

const u16 = (n: number) => Buffer.from([n & 0xff, (n >>> 8) & 0xff]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** A zip of the parts, with the sizes each part declares (which a bomb may understate). */
export function zip(parts: readonly Part[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const common = [
      u16(20),
      u16(0),
      u16(p.method),
      u16(0),
      u16(0),
      u32(p.crc),
      u32(p.data.length),
      u32(p.size),
    ];
    const local = Buffer.concat([u32(0x04034b50), ...common, u16(name.length), u16(0), name, p.data]);
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        ...common,
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        name,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(parts.length),
    u16(parts.length),
    u32(central.length),
    u32(offset),
    u16(0),
  ]);
  return new Uint8Array(Buffer.concat([...locals, central, end]));
}

export const deflated = (name: string, text: string): Part => {
  const raw = Buffer.from(text);
  return { name, data: deflateRawSync(raw), method: 8, size: raw.length, crc: crc32(raw) };
};

/** The parts of a real one-sheet workbook, with its sheet replaced by `sheet`. */
export function workbookParts(sheet: Part): Part[] {
  const base = XLSX.write(XLSX.utils.book_new(XLSX.utils.aoa_to_sheet([["name"]]), "s"), {
    type: "buffer",
    bookType: "xlsx",
  }) as Buffer;
  const cfb = XLSX.CFB.read(base, { type: "buffer" });
  const parts: Part[] = [];
  cfb.FullPaths.forEach((path: string, i: number) => {
    const entry = cfb.FileIndex[i]!;
    const name = path.replace(/^Root Entry\//, "");
    if (entry.type !== 2 || name.startsWith("\u0001")) return;
    parts.push(
      name === "xl/worksheets/sheet1.xml"
        ? sheet
        : deflated(name, Buffer.from(entry.content as Uint8Array).toString()),
    );
  });
  return parts;
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

/** A sheet part from its dimension and its rows' XML. */
export const sheetXml = (ref: string, rows: string) =>
  `${SHEET_HEAD}<dimension ref="${ref}"/><sheetData>${rows}</sheetData></worksheet>`;

/**
 * A sheet part whose deflate stream unpacks to `bytes` (spaces inside the sheet data), declaring
 * `declared` as its size: an honest bomb says how big it is, a lying one says it is small.
 */
export async function bombSheet(bytes: number, declared: number | "true"): Promise<Part> {
  const head = Buffer.from(`${SHEET_HEAD}<dimension ref="A1:A1"/><sheetData>`);
  const tail = Buffer.from("</sheetData></worksheet>");
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  let crc = crc32(head);
  deflate.write(head);
  let written = head.length;
  while (written < bytes) {
    crc = crc32(chunk, crc);
    deflate.write(chunk);
    written += chunk.length;
    await new Promise((r) => setImmediate(r));
  }
  crc = crc32(tail, crc);
  deflate.end(tail);
  await done;
  const size = written + tail.length;
  return {
    name: "xl/worksheets/sheet1.xml",
    data: Buffer.concat(out),
    method: 8,
    size: declared === "true" ? size : declared,
    crc,
  };
}

/** A sheet of `rows` one-cell rows under a `name` header, its XML written directly (fast even for 200,001 rows). */
export function longSheet(rows: number): Part {
  const parts = ['<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row>'];
  for (let r = 2; r <= rows + 1; r++) parts.push(`<row r="${r}"><c r="A${r}"><v>${r}</v></c></row>`);
  return deflated("xl/worksheets/sheet1.xml", sheetXml(`A1:A${rows + 1}`, parts.join("")));
}
