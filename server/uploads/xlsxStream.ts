/**
 * The first sheet of an .xlsx package read as a stream: the sheet's XML is inflated in chunks,
 * parsed by saxes (a maintained streaming XML parser) and each row is handed over as soon as its
 * closing tag arrives, so a 100,000-row sheet (about 45 MB of XML, and SheetJS's cell objects for
 * all of it) is never whole in memory. Only the shared string table and the number formats are
 * kept. The parts are found through the package's relationships and read from the zip's central
 * directory (zipParts.ts), so their order in the file does not matter.
 *
 * Only the mapping to cells is ours: cells come out as SheetJS reads them with the options of
 * excel.ts (dense, formulas, number formats, no formatted text), the same value, type, formula and
 * format for every cell type a sheet part can hold (shared and inline strings, rich text,
 * `_xHHHH_` escapes, numbers, booleans, errors, formulas with or without a saved value, shared
 * formulas). tests/server/xlsx-stream.test.ts compares the two readers.
 */
import * as XLSX from "@e965/xlsx";
import { SaxesParser, type SaxesTagPlain } from "saxes";
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
// Text as SheetJS gives it

const ENTITIES: Readonly<Record<string, string>> = {
  "&quot;": '"',
  "&apos;": "'",
  "&gt;": ">",
  "&lt;": "<",
  "&amp;": "&",
};
const ENTITY = /&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi;
const CODE = /_x([\da-fA-F]{4})_/gi;

/** The `_xHHHH_` escapes of spreadsheet text as characters (the parser has resolved the entities). */
function decodeCodes(text: string): string {
  return text.indexOf("_x") === -1 && text.indexOf("_X") === -1
    ? text
    : text.replace(CODE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * Entities and escapes resolved once more, as SheetJS does for a formula's string result (`t="str"`),
 * whose text it unescapes twice: `a &amp;amp; b` reads as "a & b".
 */
function unescapeAgain(text: string): string {
  const out = decodeCodes(
    text.indexOf("&") === -1
      ? text
      : text.replace(
          ENTITY,
          (whole, code: string | undefined) =>
            ENTITIES[whole] ||
            String.fromCharCode(Number.parseInt(code as string, whole.indexOf("x") > -1 ? 16 : 10)) ||
            whole,
        ),
  );
  return out.replace(/\r\n/g, "\n");
}

/** An element's name without its namespace prefix. */
const local = (name: string) => name.slice(name.indexOf(":") + 1);

/** A tag's attributes by their local name (a namespace prefix dropped; the first of a name wins). */
function attributes(tag: SaxesTagPlain): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(tag.attributes)) {
    const key = name.startsWith("xmlns") ? name : local(name);
    if (!(key in out)) out[key] = value;
  }
  return out;
}

type Parser = SaxesParser<{ xmlns: false }>;

type XmlEvents = {
  open?: (name: string, tag: SaxesTagPlain) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/** A parser handing over element names without their prefix; malformed XML throws. */
function xmlParser(events: XmlEvents): Parser {
  const parser: Parser = new SaxesParser({ xmlns: false, position: false });
  parser.on("error", (error) => {
    throw error;
  });
  const { open, close, text } = events;
  if (open) parser.on("opentag", (tag) => open(local(tag.name), tag));
  if (close) parser.on("closetag", (tag) => close(local(tag.name)));
  if (text) {
    parser.on("text", text);
    parser.on("cdata", text);
  }
  return parser;
}

/**
 * The text of a string item (`<si>` of the shared strings, `<is>` of an inline string), gathered
 * from the parser's events as SheetJS reads it: a first `<t>` is the whole text; otherwise the
 * runs' `<t>` texts joined, phonetic runs (`<rPh>`) left out; an item with neither holds no string.
 */
class StringItem {
  private depth = 0;
  private children = 0;
  private firstIsText = false;
  private inText = false;
  private inPhonetic = 0;
  private hasRun = false;
  private first = "";
  private runs = "";
  private loose = "";

  open(name: string): void {
    if (this.depth === 0 && this.children++ === 0 && name === "t") this.firstIsText = true;
    this.depth++;
    if (name === "rPh") this.inPhonetic++;
    else if (name === "r") this.hasRun = true;
    else if (name === "t") this.inText = true;
  }

  close(name: string): void {
    this.depth--;
    if (name === "rPh") this.inPhonetic--;
    else if (name === "t") this.inText = false;
  }

  text(text: string): void {
    if (this.inText) {
      if (this.firstIsText && this.children === 1 && this.depth === 1) this.first += text;
      if (this.inPhonetic === 0) this.runs += text;
    } else if (this.depth === 0) this.loose += text;
  }

  value(): string | undefined {
    // Line breaks as SheetJS gives a string's text: CRLF (also when escaped) as LF.
    if (this.firstIsText) return decodeCodes(this.first).replace(/\r\n/g, "\n");
    if (this.hasRun) return decodeCodes(this.runs).replace(/\r\n/g, "\n");
    return this.children === 0 && this.loose.trim() === "" ? "" : undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The package: which part is the first sheet, its shared strings and number formats

/** Feeds a part to the parser as it inflates; stops early once `done()` says so. */
async function parsePart(bytes: Uint8Array, part: ZipPart, parser: Parser): Promise<void> {
  const utf8 = new TextDecoder();
  for await (const chunk of partChunks(bytes, part)) parser.write(utf8.decode(chunk, { stream: true }));
  parser.write(utf8.decode());
  parser.close();
}

type Relationship = { type: string; target: string };

/** A relationship part's entries by id, with targets resolved against the folder of `source`. */
async function relationships(bytes: Uint8Array, part: ZipPart, source: string) {
  const folder = source.includes("/") ? source.slice(0, source.lastIndexOf("/") + 1) : "";
  const out = new Map<string, Relationship>();
  const parser = xmlParser({
    open: (name, tag) => {
      if (name !== "Relationship") return;
      const a = attributes(tag);
      if (!a.Id || !a.Target || a.TargetMode === "External" || out.has(a.Id)) return;
      out.set(a.Id, { type: a.Type ?? "", target: resolvePath(folder, a.Target) });
    },
  });
  await parsePart(bytes, part, parser);
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

/** The relationship id of the workbook's first sheet. */
async function firstSheetId(bytes: Uint8Array, part: ZipPart): Promise<string | undefined> {
  let state: "before" | "in" | "after" = "before";
  let id: string | undefined;
  const parser = xmlParser({
    open: (name, tag) => {
      if (state === "before" && name === "sheets") state = tag.isSelfClosing ? "after" : "in";
      else if (state === "in" && name === "sheet") {
        id = attributes(tag).id;
        state = "after";
      }
    },
    close: (name) => {
      if (state === "in" && name === "sheets") state = "after";
    },
  });
  await parsePart(bytes, part, parser);
  return id;
}

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
async function cellFormats(bytes: Uint8Array, part: ZipPart | null): Promise<(string | null)[] | null> {
  if (!part) return null;
  const formats: Record<number, string> = { ...BUILT_IN_FORMATS };
  const ids: number[] = [];
  // Only the first list of each kind counts, as SheetJS reads it.
  let numFmts: "before" | "in" | "after" = "before";
  let cellXfs: "before" | "in" | "after" = "before";
  const parser = xmlParser({
    open: (name, tag) => {
      if (name === "numFmts" && numFmts === "before") numFmts = tag.isSelfClosing ? "after" : "in";
      else if (name === "cellXfs" && cellXfs === "before") cellXfs = tag.isSelfClosing ? "after" : "in";
      else if (name === "numFmt" && numFmts === "in") {
        const a = attributes(tag);
        const id = Number.parseInt(a.numFmtId ?? "", 10);
        if (id > 0 && a.formatCode !== undefined) formats[id] = decodeCodes(a.formatCode);
      } else if (name === "xf" && cellXfs === "in") {
        const id = Number.parseInt(attributes(tag).numFmtId ?? "0", 10);
        ids.push(Number.isNaN(id) ? 0 : id);
      }
    },
    close: (name) => {
      if (name === "numFmts" && numFmts === "in") numFmts = "after";
      else if (name === "cellXfs" && cellXfs === "in") cellXfs = "after";
    },
  });
  await parsePart(bytes, part, parser);
  return ids.map((id) => formats[id] ?? null);
}

/** The shared string table, read item by item as the part inflates. */
async function sharedStrings(bytes: Uint8Array, part: ZipPart): Promise<(string | undefined)[]> {
  const out: (string | undefined)[] = [];
  let item: StringItem | null = null;
  const parser = xmlParser({
    open: (name) => {
      if (item) item.open(name);
      else if (name === "si" || name === "sstItem") item = new StringItem();
    },
    close: (name) => {
      if (!item) return;
      if (name === "si" || name === "sstItem") {
        out.push(item.value());
        item = null;
      } else item.close(name);
    },
    text: (text) => item?.text(text),
  });
  await parsePart(bytes, part, parser);
  return out;
}

/** Where the first sheet is, with the parts its cells refer to. */
type FirstSheet = { sheet: ZipPart; strings: ZipPart | null; styles: ZipPart | null };

const OFFICE_DOCUMENT = /\/officeDocument$/;

async function findFirstSheet(bytes: Uint8Array, parts: ZipPart[]): Promise<FirstSheet | null> {
  const byName = new Map(parts.map((p) => [p.name.replace(/^\//, ""), p]));
  const rootRels = byName.get("_rels/.rels");
  const office = rootRels
    ? [...(await relationships(bytes, rootRels, "")).values()].find((r) => OFFICE_DOCUMENT.test(r.type))
    : undefined;
  const workbookPath = office?.target ?? "xl/workbook.xml";
  const workbook = byName.get(workbookPath);
  const workbookRels = byName.get(relsOf(workbookPath));
  if (!workbook || !workbookRels) return null;
  const rels = await relationships(bytes, workbookRels, workbookPath);
  const id = await firstSheetId(bytes, workbook);
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
// Cells

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

/** One `<c>` element as the parser gave it: its attributes and the parts of its content that matter. */
type CellXml = {
  tag: Record<string, string>;
  /** The first `<v>`'s text; undefined when there is none or it is empty. */
  v: string | undefined;
  /** The first `<f>`: its attributes, its text, and whether it was written `<f .../>`. */
  f: { attrs: Record<string, string>; text: string; closed: boolean } | undefined;
  /** The first `<is>`'s string. */
  is: string | undefined;
  hasIs: boolean;
};

/** One cell as SheetJS's cell object, or undefined when it holds nothing. */
function readCell(ctx: SheetContext, x: CellXml, ref: string): RawCell | undefined {
  const { tag, f } = x;
  const cell: { t: string; v?: unknown; f?: string; z?: string } = { t: "" };
  if (x.v !== undefined) cell.v = decodeCodes(x.v);
  if (f) {
    const si = Number.parseInt(f.attrs.si ?? "", 10);
    if (f.closed || f.text === "") {
      // `<f t="shared" si="0"/>` (any `<f .../>` naming a shared formula) or an empty shared `<f>`.
      const base = f.closed || f.attrs.t === "shared" ? ctx.shared.get(si) : undefined;
      if (base) cell.f = shiftFormula(base.formula, base.at, ref);
    } else {
      const formula = decodeCodes(f.text);
      cell.f = formula.replace(/\r\n/g, "\n").replace(/_xlfn\./g, "");
      if (f.attrs.t === "shared") ctx.shared.set(si, { formula: formula.replace(/_xlfn\./g, ""), at: ref });
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
      cell.v = x.v !== undefined ? unescapeAgain(x.v) : "";
      break;
    case "inlineStr":
      cell.t = "s";
      cell.v = x.hasIs ? x.is : "";
      break;
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

const DIMENSION_REF = /^\w*:\w*$/;

/** The sheet's declared range, if its `dimension` holds a valid one (a single cell counts as none, as in SheetJS). */
function declaredRange(ref: string | undefined): XLSX.Range | null {
  if (!ref || !DIMENSION_REF.test(ref)) return null;
  const d = XLSX.utils.decode_range(ref);
  return d.s.r <= d.e.r && d.s.c <= d.e.c && d.s.r >= 0 && d.s.c >= 0 ? d : null;
}

// ---------------------------------------------------------------------------------------------
// Rows

/**
 * The sheet part's parser: rows are collected into `ready` as their closing tags arrive. Where a
 * cell's content is, which of its elements came first, and the row being filled is all it keeps.
 */
function sheetParser(ctx: SheetContext, ready: RawRow[], state: { ended: boolean }): Parser {
  let inData = false;
  let previous = 0;
  let row: RawRow | null = null;
  let column = -1;
  let cell: CellXml | null = null;
  let cellRef = "";
  /** The element of the cell whose text is being gathered. */
  let into: "v" | "f" | null = null;
  let text = "";
  let item: StringItem | null = null;
  let depth = 0;

  return xmlParser({
    open: (name, tag) => {
      if (!inData) {
        if (name === "dimension") {
          const range = declaredRange(attributes(tag).ref);
          if (range) ctx.limits.declared(range);
        } else if (name === "sheetData") {
          // <sheetData/> holds no rows.
          if (tag.isSelfClosing) state.ended = true;
          else inData = true;
        }
        return;
      }
      if (cell) {
        depth++;
        if (item) item.open(name);
        else if (depth === 1 && name === "is" && !cell.hasIs) {
          cell.hasIs = true;
          item = new StringItem();
        } else if (depth === 1 && name === "v" && into === null && cell.v === undefined) {
          into = "v";
          text = "";
        } else if (depth === 1 && name === "f" && cell.f === undefined) {
          cell.f = { attrs: attributes(tag), text: "", closed: tag.isSelfClosing };
          if (!tag.isSelfClosing) {
            into = "f";
            text = "";
          }
        }
        return;
      }
      if (name === "row") {
        // An empty row written <row r="5"/> is no row at all, as in SheetJS.
        if (tag.isSelfClosing) return;
        const r = attributes(tag).r;
        const number = r !== undefined ? Number.parseInt(r, 10) : previous + 1;
        if (number > ctx.limits.maxRow) throw ctx.limits.tooManyRows();
        row = { number, cells: [] };
        column = -1;
      } else if (name === "c" && row) {
        const a = attributes(tag);
        column = a.r !== undefined ? columnOf(a.r) : column + 1;
        cellRef = a.r ?? XLSX.utils.encode_cell({ r: row.number - 1, c: column });
        cell = { tag: a, v: undefined, f: undefined, is: undefined, hasIs: false };
        depth = 0;
        if (tag.isSelfClosing) finishCell();
      }
    },
    close: (name) => {
      if (!inData) return;
      if (cell) {
        if (depth === 0) {
          finishCell();
          return;
        }
        depth--;
        if (item) {
          if (depth === 0) {
            cell.is = item.value();
            item = null;
          } else item.close(name);
        } else if (depth === 0 && into !== null) {
          if (into === "v") cell.v = text === "" ? undefined : text;
          else if (cell.f) cell.f.text = text;
          into = null;
        }
        return;
      }
      if (name === "row" && row) {
        previous = row.number;
        if (row.cells.length > 0) ready.push(row);
        row = null;
      } else if (name === "sheetData") {
        inData = false;
        state.ended = true;
      }
    },
    text: (t) => {
      if (item) item.text(t);
      else if (into !== null) text += t;
    },
  });

  function finishCell(): void {
    const done = readCell(ctx, cell as CellXml, cellRef);
    cell = null;
    if (!done || !row) return;
    if (column >= ctx.limits.maxColumns) throw ctx.limits.tooManyColumns();
    row.cells[XLSX.utils.decode_cell(cellRef).c] = done;
  }
}

/** The rows of the sheet part, each as soon as it has been inflated and parsed. */
async function* sheetRows(bytes: Uint8Array, ctx: SheetContext, part: ZipPart): AsyncGenerator<RawRow> {
  const ready: RawRow[] = [];
  const state = { ended: false };
  const parser = sheetParser(ctx, ready, state);
  const utf8 = new TextDecoder();
  for await (const chunk of partChunks(bytes, part)) {
    parser.write(utf8.decode(chunk, { stream: true }));
    // Handed over before the next chunk is parsed, so at most one chunk's rows wait here.
    for (const row of ready) yield row;
    ready.length = 0;
    // What follows the rows (merged cells, page setup) is not read.
    if (state.ended) return;
  }
  parser.close();
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
  const formats = await cellFormats(bytes, first.styles);
  yield* sheetRows(bytes, { strings, formats, shared: new Map(), limits }, first.sheet);
}
