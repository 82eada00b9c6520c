/**
 * The first sheet of an .xlsx package read as a stream: the sheet's XML is inflated in chunks and
 * each row is handed over as soon as its closing tag arrives, so a 100,000-row sheet (about 100 MB
 * of XML, and SheetJS's cell objects for all of it) is never whole in memory. Only the shared
 * string table and the number formats are kept.
 *
 * Cells come out as SheetJS reads them with the options of excel.ts (dense, formulas, number
 * formats, no formatted text): the same value, type, formula and format for every cell type a
 * sheet part can hold (shared and inline strings, rich text, entities and `_xHHHH_` escapes,
 * numbers, booleans, errors, formulas with or without a saved value, shared formulas). The XML is
 * matched with SheetJS's own patterns, which is what makes the two readers agree on odd files;
 * tests/server/xlsx-stream.test.ts compares them.
 */
import * as XLSX from "@e965/xlsx";
import type { RawCell } from "./sheetCell";
import { partChunks, type ZipPart, zipParts } from "./zipParts";

/** One row of the sheet as its number (1-based) and its cells by column; holes are empty cells. */
export type RawRow = { readonly number: number; readonly cells: (RawCell | undefined)[] };

/** Limits checked while reading: rows past `maxRow` or a cell past `maxColumns` stop the reading. */
export type StreamLimits = {
  readonly maxRow: number;
  readonly maxColumns: number;
  /** Called with the sheet's declared range (its `dimension`) before any row is read. */
  readonly declared: (range: XLSX.Range) => void;
  readonly tooManyRows: () => Error;
  readonly tooManyColumns: () => Error;
};

// ---------------------------------------------------------------------------------------------
// XML text as SheetJS reads it

const ENTITIES: Readonly<Record<string, string>> = {
  "&quot;": '"',
  "&apos;": "'",
  "&gt;": ">",
  "&lt;": "<",
  "&amp;": "&",
};
const ENTITY = /&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi;
const CODE = /_x([\da-fA-F]{4})_/gi;

function rawUnescape(s: string): string {
  const i = s.indexOf("<![CDATA[");
  if (i === -1) {
    if (s.indexOf("&") === -1 && s.indexOf("_x") === -1 && s.indexOf("_X") === -1) return s;
    return s
      .replace(
        ENTITY,
        (whole, code: string | undefined) =>
          ENTITIES[whole] ||
          String.fromCharCode(Number.parseInt(code as string, whole.indexOf("x") > -1 ? 16 : 10)) ||
          whole,
      )
      .replace(CODE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  const j = s.indexOf("]]>");
  return rawUnescape(s.slice(0, i)) + s.slice(i + 9, j) + rawUnescape(s.slice(j + 3));
}

/** Entities and `_xHHHH_` escapes to characters; `xlsx` also turns CRLF into LF (SheetJS's unescapexml). */
export function unescapeXml(text: string, xlsx = false): string {
  const out = rawUnescape(text);
  return xlsx && out.indexOf("\r\n") > -1 ? out.replace(/\r\n/g, "\n") : out;
}

const ATTRIBUTE = /([^\s"'<>/=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** A tag's attributes by their local name (a namespace prefix dropped). */
function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(tag); m; m = ATTRIBUTE.exec(tag)) {
    const name = m[1]!;
    const colon = name.indexOf(":");
    const local = colon > -1 && !name.startsWith("xmlns") ? name.slice(colon + 1) : name;
    if (!(local in out)) out[local] = m[2] ?? m[3] ?? "";
  }
  return out;
}

const ELEMENT_PATTERNS = new Map<string, [RegExp, RegExp]>();

/** The first element `tag` (any namespace prefix): its whole text and its content, as SheetJS matches it. */
function element(text: string, tag: string): [string, string] | null {
  let patterns = ELEMENT_PATTERNS.get(tag);
  if (!patterns) {
    patterns = [new RegExp(`<(?:\\w+:)?${tag}\\b[^<>]*>`, "g"), new RegExp(`</(?:\\w+:)?${tag}>`, "g")];
    ELEMENT_PATTERNS.set(tag, patterns);
  }
  const [open, close] = patterns;
  open.lastIndex = 0;
  const m = open.exec(text);
  if (!m) return null;
  close.lastIndex = open.lastIndex;
  const c = close.exec(text);
  if (!c) return null;
  return [text.slice(m.index, close.lastIndex), text.slice(open.lastIndex, c.index)];
}

const T_START = /^\s*<(?:\w+:)?t[^>]*>/;
const T_END = /<\/(?:\w+:)?t>/;
const RUN = /<(?:\w+:)?r\b[^<>]*>/;
const RUN_TEXT = /<(?:\w+:)?t\b[^<>]*>([^<]*)<\/(?:\w+:)?t>/g;
const PHONETIC = /<(?:\w+:)?rPh\b[^<>]*>[\s\S]*?<\/(?:\w+:)?rPh>/g;
const ANY_TAG = /<[^<>]*>/g;

/** The text of a string item (`<si>` of the shared strings, `<is>` of an inline string), or undefined. */
export function stringItem(x: string): string | undefined {
  if (!x) return "";
  if (T_START.test(x)) return unescapeXml(x.slice(x.indexOf(">") + 1).split(T_END)[0] || "", true);
  if (RUN.test(x)) {
    const runs = x.replace(PHONETIC, "").match(RUN_TEXT) || [];
    return unescapeXml(runs.join("").replace(ANY_TAG, ""), true);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The package: which part is the first sheet, its shared strings and number formats

/** A (small) part's whole text. */
async function partText(bytes: Uint8Array, part: ZipPart): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of partChunks(bytes, part)) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

const RELATIONSHIP = /<(?:\w+:)?Relationship\b[^<>]*>/g;

type Relationship = { type: string; target: string };

/** A relationship part's entries by id, with targets resolved against the folder of `source`. */
function relationships(xml: string, source: string): Map<string, Relationship> {
  const folder = source.includes("/") ? source.slice(0, source.lastIndexOf("/") + 1) : "";
  const out = new Map<string, Relationship>();
  for (const tag of xml.match(RELATIONSHIP) ?? []) {
    const a = attributes(tag);
    if (!a.Id || !a.Target || a.TargetMode === "External") continue;
    out.set(a.Id, { type: a.Type ?? "", target: resolvePath(folder, a.Target) });
  }
  return out;
}

function resolvePath(folder: string, target: string): string {
  const parts = (target.startsWith("/") ? target.slice(1) : folder + target).split("/");
  const out: string[] = [];
  for (const p of parts) {
    if (p === "..") out.pop();
    else if (p !== "." && p !== "") out.push(p);
  }
  return out.join("/");
}

const relsOf = (path: string) => {
  const slash = path.lastIndexOf("/");
  return `${path.slice(0, slash + 1)}_rels/${path.slice(slash + 1)}.rels`;
};

/** The built-in number formats SheetJS knows by id (its SSF table as each read starts). */
const BUILT_IN_FORMATS: Readonly<Record<number, string>> = {
  0: "General",
  1: "0",
  2: "0.00",
  3: "#,##0",
  4: "#,##0.00",
  9: "0%",
  10: "0.00%",
  11: "0.00E+00",
  12: "# ?/?",
  13: "# ??/??",
  14: "m/d/yy",
  15: "d-mmm-yy",
  16: "d-mmm",
  17: "mmm-yy",
  18: "h:mm AM/PM",
  19: "h:mm:ss AM/PM",
  20: "h:mm",
  21: "h:mm:ss",
  22: "m/d/yy h:mm",
  37: "#,##0 ;(#,##0)",
  38: "#,##0 ;[Red](#,##0)",
  39: "#,##0.00;(#,##0.00)",
  40: "#,##0.00;[Red](#,##0.00)",
  45: "mm:ss",
  46: "[h]:mm:ss",
  47: "mmss.0",
  48: "##0.0E+0",
  49: "@",
  56: '"上午/下午 "hh"時"mm"分"ss"秒 "',
};

/**
 * Each cell style's number format by the cell's `s` index: its text, or null for an id SheetJS has
 * no text for; null for the whole list when the package has no styles.
 */
function cellFormats(stylesXml: string | null): (string | null)[] | null {
  if (stylesXml === null) return null;
  const formats: Record<number, string> = { ...BUILT_IN_FORMATS };
  const numFmts = element(stylesXml, "numFmts");
  for (const tag of numFmts?.[1].match(/<(?:\w+:)?numFmt\b[^<>]*>/g) ?? []) {
    const a = attributes(tag);
    const id = Number.parseInt(a.numFmtId ?? "", 10);
    if (id > 0 && a.formatCode !== undefined) formats[id] = unescapeXml(a.formatCode);
  }
  const xfs = element(stylesXml, "cellXfs");
  if (!xfs) return [];
  return (xfs[1].match(/<(?:\w+:)?xf\b[^<>]*>/g) ?? []).map((tag) => {
    const id = Number.parseInt(attributes(tag).numFmtId ?? "0", 10);
    return formats[Number.isNaN(id) ? 0 : id] ?? null;
  });
}

const SST_OPEN = /<(?:\w+:)?sst\b[^<>]*>/;
const SST_CLOSE = /<\/(?:\w+:)?sst>/;
const SI_OPEN = /<(?:\w+:)?(?:si|sstItem)>/g;
const SI_CLOSE = /<\/(?:\w+:)?(?:si|sstItem)>/g;

/** The shared string table, read item by item as the part inflates. */
async function sharedStrings(bytes: Uint8Array, part: ZipPart): Promise<(string | undefined)[]> {
  const out: (string | undefined)[] = [];
  const decoder = new TextDecoder();
  let text = "";
  let started = false;
  const item = (piece: string) => out.push(stringItem(piece.replace(SI_OPEN, "").trim()));
  for await (const chunk of partChunks(bytes, part)) {
    text += decoder.decode(chunk, { stream: true });
    if (!started) {
      const open = SST_OPEN.exec(text);
      if (!open) continue;
      started = true;
      text = text.slice(open.index + open[0].length);
    }
    const end = SST_CLOSE.exec(text);
    const limit = end ? end.index : text.length;
    let from = 0;
    SI_CLOSE.lastIndex = 0;
    for (let m = SI_CLOSE.exec(text); m && m.index < limit; m = SI_CLOSE.exec(text)) {
      item(text.slice(from, m.index));
      from = SI_CLOSE.lastIndex;
    }
    if (end) return out;
    text = text.slice(from);
  }
  // No closing tag: SheetJS finds no table at all.
  return [];
}

/** Where the first sheet is, with the parts its cells refer to. */
type FirstSheet = { sheet: ZipPart; strings: ZipPart | null; styles: ZipPart | null };

const OFFICE_DOCUMENT = /\/officeDocument$/;

async function findFirstSheet(bytes: Uint8Array, parts: ZipPart[]): Promise<FirstSheet | null> {
  const byName = new Map(parts.map((p) => [p.name.replace(/^\//, ""), p]));
  const text = async (name: string) => {
    const part = byName.get(name);
    return part ? partText(bytes, part) : null;
  };
  const rootRels = await text("_rels/.rels");
  const office = rootRels
    ? [...relationships(rootRels, "").values()].find((r) => OFFICE_DOCUMENT.test(r.type))
    : undefined;
  const workbookPath = office?.target ?? "xl/workbook.xml";
  const workbook = await text(workbookPath);
  const workbookRels = await text(relsOf(workbookPath));
  if (workbook === null || workbookRels === null) return null;
  const rels = relationships(workbookRels, workbookPath);
  const sheets = element(workbook, "sheets");
  const firstTag = sheets?.[1].match(/<(?:\w+:)?sheet\b[^<>]*>/)?.[0];
  if (!firstTag) return null;
  const id = Object.entries(attributes(firstTag)).find(([name]) => name === "id")?.[1];
  const target = id ? rels.get(id)?.target : undefined;
  const sheet = target ? byName.get(target) : undefined;
  if (!sheet) return null;
  const ofType = (suffix: string) => {
    const rel = [...rels.values()].find((r) => r.type.endsWith(suffix));
    return (rel && byName.get(rel.target)) ?? null;
  };
  return { sheet, strings: ofType("/sharedStrings"), styles: ofType("/styles") };
}

// ---------------------------------------------------------------------------------------------
// Rows

const SHEET_DATA_OPEN = /<(?:\w+:)?sheetData\b[^<>]*>/;
const SHEET_DATA_CLOSE = /<\/(?:\w+:)?sheetData>/;
const ROW_CLOSE = /<\/(?:\w+:)?row>/g;
const CELL_SPLIT = /<(?:\w+:)?c[ />]/;
const CELL_REF = /r=["']([^"']*)["']/;
const FORMULA_CLOSED = /<f[^<>]*\/>/;
const BOOL_TRUE = new Set(["1", "true"]);

/** RBErr of SheetJS: an error's text to its code. */
const ERROR_CODE: Readonly<Record<string, number>> = {
  "#NULL!": 0x00,
  "#DIV/0!": 0x07,
  "#VALUE!": 0x0f,
  "#REF!": 0x17,
  "#NAME?": 0x1d,
  "#NUM!": 0x24,
  "#N/A": 0x2a,
  "#GETTING_DATA": 0x2b,
  "#WTF?": 0xff,
};

/** Cell references in a formula (SheetJS's pattern), for moving a shared formula to its cell. */
const FORMULA_REF =
  /(^|[^._A-Z0-9])([$]?)([A-Z]{1,2}|[A-W][A-Z]{2}|X[A-E][A-Z]|XF[A-D])([$]?)(10[0-3]\d{4}|104[0-7]\d{3}|1048[0-4]\d{2}|10485[0-6]\d|104857[0-6]|[1-9]\d{0,5})(?![_.(A-Za-z0-9])/g;

function shiftFormula(formula: string, from: string, to: string): string {
  const s = XLSX.utils.decode_range(from).s;
  const c = XLSX.utils.decode_cell(to);
  const dr = c.r - s.r;
  const dc = c.c - s.c;
  return formula.replace(
    FORMULA_REF,
    (_, before: string, colAbs: string, col: string, rowAbs: string, row: string) =>
      before +
      (colAbs === "$" ? colAbs + col : XLSX.utils.encode_col(XLSX.utils.decode_col(col) + dc)) +
      (rowAbs === "$" ? rowAbs + row : XLSX.utils.encode_row(XLSX.utils.decode_row(row) + dr)),
  );
}

const DAY_MS = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 30);

/** A `t="d"` cell's ISO text as a date number, as SheetJS's parseDate and datenum give it. */
function dateNumber(text: string): number {
  const int = (digits: string | undefined) => Number.parseInt(digits ?? "0", 10);
  const time = text.match(/^(\d+):(\d+)(:\d+)?(\.\d+)?$/);
  const day = text.match(/^(\d+)-(\d+)-(\d+)$/);
  const stamp = text.match(/^(\d+)-(\d+)-(\d+)[T ](\d+):(\d+)(:\d+)?(\.\d+)?$/);
  let ms: number;
  if (time)
    ms =
      Date.UTC(1899, 11, 31) +
      ((int(time[1]) * 60 + int(time[2])) * 60 + (time[3] ? int(time[3].slice(1)) : 0)) * 1000 +
      (time[4] ? int(`${time[4]}000`.slice(1, 4)) : 0);
  else if (day) ms = Date.UTC(int(day[1]), int(day[2]) - 1, int(day[3]));
  else if (stamp)
    ms = Date.UTC(
      int(stamp[1]),
      int(stamp[2]) - 1,
      int(stamp[3]),
      int(stamp[4]),
      int(stamp[5]),
      (stamp[6] && int(stamp[6].slice(1))) || 0,
      (stamp[7] && int(`${stamp[7]}0000`.slice(1, 4))) || 0,
    );
  else ms = new Date(text).getTime();
  const days = (ms - EPOCH_1900) / DAY_MS;
  return days < 60 ? days - 1 : days;
}

/** What one sheet's cells refer to while its rows are read. */
type SheetContext = {
  strings: readonly (string | undefined)[];
  formats: readonly (string | null)[] | null;
  shared: Map<number, { formula: string; at: string }>;
  limits: StreamLimits;
};

/** One cell's XML (the tag's attributes and its content) as SheetJS's cell object, or undefined when it holds nothing. */
function readCell(
  ctx: SheetContext,
  tag: Record<string, string>,
  ref: string,
  content: string,
): RawCell | undefined {
  const cell: { t: string; v?: unknown; f?: string; z?: string } = { t: "" };
  const v = element(content, "v");
  if (v && v[1] !== "") cell.v = unescapeXml(v[1]);
  const f = element(content, "f");
  if (f) {
    if (f[1] === "") {
      if (f[0].indexOf('t="shared"') > -1) {
        const base = ctx.shared.get(Number.parseInt(attributes(f[0]).si ?? "", 10));
        if (base) cell.f = shiftFormula(base.formula, base.at, ref);
      }
    } else {
      cell.f = unescapeXml(f[1], true).replace(/_xlfn\./g, "");
      if (f[0].indexOf('t="shared"') > -1) {
        ctx.shared.set(Number.parseInt(attributes(f[0]).si ?? "", 10), {
          formula: unescapeXml(f[1]).replace(/_xlfn\./g, ""),
          at: ref,
        });
      }
    }
  } else {
    const closed = content.match(FORMULA_CLOSED);
    if (closed) {
      const base = ctx.shared.get(Number.parseInt(attributes(closed[0]).si ?? "", 10));
      if (base) cell.f = shiftFormula(base.formula, base.at, ref);
    }
  }
  // A cell with neither type nor value holds nothing, formula or not: SheetJS gives a formula
  // without a value 0 and then drops it as empty (its `0 == ""`).
  if (tag.t === undefined && cell.v === undefined) return undefined;
  cell.t = tag.t || "n";
  switch (cell.t) {
    case "n":
      if (cell.v === "" || cell.v === undefined) return undefined;
      cell.v = Number.parseFloat(cell.v as string);
      break;
    case "s": {
      if (cell.v === undefined) return undefined;
      const index = Number.parseInt(cell.v as string, 10);
      if (!(index >= 0 && index < ctx.strings.length)) throw new Error(`shared string ${index} is missing`);
      cell.v = ctx.strings[index];
      break;
    }
    case "str":
      cell.t = "s";
      cell.v = cell.v !== undefined ? unescapeXml(cell.v as string, true) : "";
      break;
    case "inlineStr": {
      cell.t = "s";
      const is = element(content, "is");
      cell.v = is ? stringItem(is[1]) : "";
      break;
    }
    case "b":
      cell.v = BOOL_TRUE.has(cell.v as string);
      break;
    case "d":
      cell.v = dateNumber(cell.v as string);
      cell.t = "n";
      break;
    case "e":
      cell.v = ERROR_CODE[cell.v as string];
      break;
  }
  // SheetJS's format: the style's format id looked up in its table (undefined for ids it has no text for).
  const format = tag.s !== undefined && ctx.formats ? ctx.formats[Number(tag.s)] : undefined;
  cell.z = format === undefined ? "General" : (format ?? undefined);
  return cell as RawCell;
}

/** The column of a cell reference's letters ("B3" is 1), as SheetJS counts it. */
function columnOf(ref: string): number {
  let index = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i) - 64;
    if (c < 1 || c > 26) break;
    index = 26 * index + c;
  }
  return index - 1;
}

/** One `<row>` element's text (up to its closing tag) as a row; `previous` numbers a row without `r`. */
function readRow(ctx: SheetContext, segment: string, previous: number): RawRow | null {
  const x = segment.trim();
  // The row's opening tag: the first one not closed by "/>" (an empty row written <row r="5"/> is skipped).
  let start = 0;
  let at = 0;
  for (; at < x.length; at++) {
    const ch = x[at];
    if (ch === "<") start = at;
    else if (ch === ">" && x[at - 1] !== "/") {
      at++;
      break;
    }
  }
  if (start >= at) return null;
  const rowTag = attributes(x.slice(start, at));
  const number = rowTag.r !== undefined ? Number.parseInt(rowTag.r, 10) : previous + 1;
  if (number > ctx.limits.maxRow) throw ctx.limits.tooManyRows();
  const cells: (RawCell | undefined)[] = [];
  let column = -1;
  for (const piece of x.slice(at).split(CELL_SPLIT)) {
    let c = piece.trim();
    if (c.length === 0) continue;
    const ref = c.match(CELL_REF);
    column = ref && ref.length === 2 ? columnOf(ref[1]!) : column + 1;
    c = `<c ${c.startsWith("<") ? ">" : ""}${c}`;
    const close = c.indexOf(">") + 1;
    const tag = attributes(c.slice(0, close));
    const cellRef = tag.r ?? XLSX.utils.encode_cell({ r: number - 1, c: column });
    const cell = readCell(ctx, tag, cellRef, c.slice(close));
    if (!cell) continue;
    if (column >= ctx.limits.maxColumns) throw ctx.limits.tooManyColumns();
    cells[XLSX.utils.decode_cell(cellRef).c] = cell;
  }
  return { number, cells };
}

const DIMENSION = /<(?:\w*:)?dimension/;
const DIMENSION_REF = /"(\w*:\w*)"/;

/** The dimension SheetJS takes from the text before the sheet data, if it is a valid range. */
function declaredRange(head: string): XLSX.Range | null {
  const at = head.match(DIMENSION)?.index ?? -1;
  if (at <= 0) return null;
  const ref = head.slice(at, at + 50).match(DIMENSION_REF)?.[1];
  if (!ref) return null;
  const d = XLSX.utils.decode_range(ref);
  return d.s.r <= d.e.r && d.s.c <= d.e.c && d.s.r >= 0 && d.s.c >= 0 ? d : null;
}

/** The rows of the sheet part, each as soon as it has been inflated. */
async function* sheetRows(bytes: Uint8Array, ctx: SheetContext, part: ZipPart): AsyncGenerator<RawRow> {
  const decoder = new TextDecoder();
  let text = "";
  let inData = false;
  let previous = 0;
  for await (const chunk of partChunks(bytes, part)) {
    text += decoder.decode(chunk, { stream: true });
    if (!inData) {
      const open = SHEET_DATA_OPEN.exec(text);
      if (!open) continue;
      const declared = declaredRange(text.slice(0, open.index));
      if (declared) ctx.limits.declared(declared);
      // <sheetData/> holds no rows.
      if (open[0].endsWith("/>")) return;
      inData = true;
      text = text.slice(open.index + open[0].length);
    }
    const end = SHEET_DATA_CLOSE.exec(text);
    const limit = end ? end.index : text.length;
    let from = 0;
    ROW_CLOSE.lastIndex = 0;
    for (let m = ROW_CLOSE.exec(text); m && m.index < limit; m = ROW_CLOSE.exec(text)) {
      const row = readRow(ctx, text.slice(from, m.index), previous);
      from = ROW_CLOSE.lastIndex;
      if (!row) continue;
      previous = row.number;
      if (row.cells.length > 0) yield row;
    }
    if (end) {
      const last = readRow(ctx, text.slice(from, limit), previous);
      if (last && last.cells.length > 0) yield last;
      return;
    }
    text = text.slice(from);
  }
}

/**
 * The first sheet's rows holding any cell, in the order the file has them. Throws for a package
 * that is not a readable workbook, and the limits' errors for an oversized sheet.
 */
export async function* streamFirstSheet(bytes: Uint8Array, limits: StreamLimits): AsyncGenerator<RawRow> {
  const parts = zipParts(bytes);
  if (!parts) throw new Error("no zip directory");
  const first = await findFirstSheet(bytes, parts);
  if (!first) throw new Error("no first sheet");
  const strings = first.strings ? await sharedStrings(bytes, first.strings) : [];
  const formats = cellFormats(first.styles ? await partText(bytes, first.styles) : null);
  yield* sheetRows(bytes, { strings, formats, shared: new Map(), limits }, first.sheet);
}
