/**
 * One sheet of text cells as an .xlsx package, written directly: the sheet's XML is built in
 * pieces of bytes and deflated once, so a 50,000-row result file costs a few tens of megabytes
 * instead of the cell objects, shared-string table and string copies a general workbook library
 * holds (measured in docs/benchmarks.md). Every cell is an inline string, so ids and numbers keep
 * every digit, as the upload result files need.
 */
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const PACKAGE_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;
// The one style every cell has: the default font, no fill, no border, the General format.
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Characters XML 1.0 cannot hold (controls, lone surrogates, U+FFFE/U+FFFF), and the "_xHHHH_" escapes themselves. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding these characters is its purpose
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|_(?=x[0-9a-fA-F]{4}_)/g;
const XML_SPECIAL = /[&<>"]/g;
const ENTITY: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** Text as cell XML: XML's own characters as entities, the rest as the "_xHHHH_" escapes spreadsheets read back. */
export function escapeCellText(text: string): string {
  return text
    .replace(NOT_XML, (ch) => `_x${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}_`)
    .replace(XML_SPECIAL, (ch) => ENTITY[ch]!);
}

/** The column letters of a 0-based index: 0 is A, 26 is AA. */
function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Rows of XML gathered into byte pieces of about this many characters. */
const PIECE_CHARS = 1 << 20;

const sheetHead = (width: number, height: number) =>
  `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><dimension ref="A1:${columnName(Math.max(width, 1) - 1)}${Math.max(height, 1)}"/><sheetData>`;
const SHEET_TAIL = "</sheetData></worksheet>";

/** One row's XML (r is its 1-based number). Cells carry their reference; an empty text is an empty cell. */
function rowXml(row: readonly string[], r: number): string {
  let text = `<row r="${r}">`;
  for (let c = 0; c < row.length; c++) {
    const value = row[c];
    if (value)
      text += `<c r="${columnName(c)}${r}" t="inlineStr"><is><t xml:space="preserve">${escapeCellText(value)}</t></is></c>`;
  }
  return `${text}</row>`;
}

function sheetXml(rows: readonly (readonly string[])[]): Buffer {
  const width = rows.reduce((w, row) => Math.max(w, row.length), 1);
  const pieces: Buffer[] = [Buffer.from(sheetHead(width, rows.length))];
  let text = "";
  for (let r = 0; r < rows.length; r++) {
    text += rowXml(rows[r]!, r + 1);
    if (text.length >= PIECE_CHARS) {
      pieces.push(Buffer.from(text));
      text = "";
    }
  }
  pieces.push(Buffer.from(`${text}${SHEET_TAIL}`));
  return Buffer.concat(pieces);
}

/** A part ready for the archive: its content deflated, with the content's CRC and length. */
type PackedPart = { name: string; packed: Buffer; crc: number; size: number };

const packed = (name: string, content: Buffer): PackedPart => ({
  name,
  packed: deflateRawSync(content),
  crc: crc32(content),
  size: content.length,
});

/** A zip archive of the given files, deflated (the KYC images tests upload one). */
export const writeZip = (files: readonly { name: string; content: Buffer }[]): Buffer =>
  zip(files.map((f) => packed(f.name, f.content)));

/** A zip archive of deflated parts (the subset of the format an .xlsx package uses). */
function zip(parts: readonly PackedPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, packed, crc, size } of parts) {
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: deflate
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(8, 8); // deflated
    local.writeUInt32LE(0, 10); // time and date: none
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directorySize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** The package's parts other than the sheet. */
function otherParts(sheetName: string): PackedPart[] {
  const workbook = `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${escapeCellText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  return [
    packed("[Content_Types].xml", Buffer.from(CONTENT_TYPES)),
    packed("_rels/.rels", Buffer.from(PACKAGE_RELS)),
    packed("xl/workbook.xml", Buffer.from(workbook)),
    packed("xl/_rels/workbook.xml.rels", Buffer.from(WORKBOOK_RELS)),
    packed("xl/styles.xml", Buffer.from(STYLES)),
  ];
}

const SHEET_PART = "xl/worksheets/sheet1.xml";

/** One sheet named sheetName (a valid Excel sheet name) holding the rows as text cells. */
export function writeTextSheet(sheetName: string, rows: readonly (readonly string[])[]): Buffer {
  return zip([...otherParts(sheetName), packed(SHEET_PART, sheetXml(rows))]);
}

/**
 * The same package written as its rows come: each row's XML goes into the deflate stream at once,
 * so only the compressed sheet is kept, not the rows or their XML. The sheet has no declared range
 * (its `dimension`, optional, would come before rows not yet known): readers take the rows as
 * they find them.
 */
export class TextSheetStream {
  private readonly deflate = createDeflateRaw();
  private readonly out: Buffer[] = [];
  private crc = 0;
  private size = 0;
  private rows = 0;
  private text = "";
  private readonly done: Promise<void>;

  constructor(
    private readonly sheetName: string,
    header: readonly string[],
  ) {
    this.deflate.on("data", (chunk: Buffer) => this.out.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.deflate.on("end", resolve);
      this.deflate.on("error", reject);
    });
    this.put(`${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetData>`);
    this.add(header);
  }

  private put(text: string): void {
    const bytes = Buffer.from(text);
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    this.deflate.write(bytes);
  }

  /** Adds the next row. */
  add(row: readonly string[]): void {
    this.text += rowXml(row, ++this.rows);
    if (this.text.length >= PIECE_CHARS) {
      this.put(this.text);
      this.text = "";
    }
  }

  /** Waits while the compressor is behind (so the text given to it is released). */
  settle(): Promise<void> {
    return this.deflate.writableNeedDrain
      ? new Promise((resolve) => this.deflate.once("drain", resolve))
      : Promise.resolve();
  }

  /** The whole package. */
  async finish(): Promise<Buffer> {
    this.put(`${this.text}${SHEET_TAIL}`);
    this.text = "";
    this.deflate.end();
    await this.done;
    const sheet: PackedPart = {
      name: SHEET_PART,
      packed: Buffer.concat(this.out),
      crc: this.crc,
      size: this.size,
    };
    return zip([...otherParts(this.sheetName), sheet]);
  }
}
