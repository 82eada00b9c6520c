/**
 * The client bundle's figures, part of `npm run bench` (and `npm run bench -- --bundle`): the
 * production build is made in memory with source maps, so every byte of the minified chunks can be
 * traced to the module it came from. Gzip sizes are exact per chunk; a module's or package's share
 * of a chunk is estimated from its share of the chunk's minified bytes.
 */
import { gzipSync } from "node:zlib";
import { build, type Rollup } from "vite";
import { MOBILE_MODE } from "../vite.config";

type Chunk = {
  file: string;
  /** The module the chunk was made for (a lazily loaded screen, the entry), if any. */
  facade: string | null;
  /** The chunk's name: a group's (vite.config.ts) when it has no facade. */
  name: string;
  modules: string[];
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  gz: number;
  /** Gzipped bytes per source module, the chunk's gz split by minified bytes. */
  gzBySource: Map<string, number>;
};

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** The source index of each mapped segment, with the column it starts at, line by line. */
function decodeMappings(mappings: string): { column: number; source: number }[][] {
  const lines: { column: number; source: number }[][] = [];
  let source = 0;
  for (const line of mappings.split(";")) {
    const segments: { column: number; source: number }[] = [];
    let column = 0;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = DIGIT.get(char)!;
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0]!;
      if (fields.length > 1) {
        source += fields[1]!;
        segments.push({ column, source });
      } else segments.push({ column, source: -1 });
    }
    lines.push(segments);
    // The remaining fields (line, column, name) are relative too but not needed here.
  }
  return lines;
}

/** Minified bytes of a chunk per source file: each segment runs to the next one on its line. */
function bytesBySource(code: string, map: Rollup.SourceMap): Map<string, number> {
  const bytes = new Map<string, number>();
  const codeLines = code.split("\n");
  decodeMappings(map.mappings).forEach((segments, i) => {
    const length = codeLines[i]?.length ?? 0;
    segments.forEach((s, j) => {
      if (s.source < 0) return;
      const end = segments[j + 1]?.column ?? length;
      const name = map.sources[s.source] ?? "?";
      bytes.set(name, (bytes.get(name) ?? 0) + end - s.column);
    });
  });
  return bytes;
}

function chunkOf(output: Rollup.OutputChunk): Chunk {
  const gz = gzipSync(output.code, { level: 9 }).length;
  const bytes = output.map ? bytesBySource(output.code, output.map) : new Map<string, number>();
  const mapped = [...bytes.values()].reduce((a, b) => a + b, 0) || 1;
  const gzBySource = new Map([...bytes].map(([source, n]) => [source, (gz * n) / mapped]));
  return {
    file: output.fileName,
    facade: output.facadeModuleId,
    name: output.name,
    modules: Object.keys(output.modules),
    isEntry: output.isEntry,
    imports: output.imports,
    dynamicImports: output.dynamicImports,
    gz,
    gzBySource,
  };
}

/**
 * The production build (vite.config.ts) in memory, with source maps, as chunks by file name: the
 * portal's (index.html), or with `mode` the retailer link's page built on its own (mobile.html).
 */
async function buildChunks(mode?: string): Promise<Map<string, Chunk>> {
  const result = await build({
    mode,
    logLevel: "warn",
    build: { write: false, sourcemap: "hidden", manifest: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ("output" in r ? r.output : []));
  const chunks = new Map<string, Chunk>();
  for (const o of outputs) if (o.type === "chunk") chunks.set(o.fileName, chunkOf(o));
  return chunks;
}

/** Every chunk a chunk needs loaded before it runs: itself and its static imports, transitively. */
function closure(chunks: Map<string, Chunk>, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const dep of chunks.get(file)?.imports ?? []) closure(chunks, dep, seen);
  return seen;
}

const KB = 1024;

/** A package for library code, the file for the application's own. */
function partOf(source: string): string {
  const inPackage = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  if (inPackage) return inPackage[1]!;
  const own = source.match(/(?:^|\/)((?:src|server)\/.*)$/);
  return own ? own[1]! : source.replace(/^(\.\.\/)+/, "");
}

export type Part = { name: string; kb: number };

/** KB gz per package or application file over a set of chunks, largest first. */
function breakdown(chunks: Map<string, Chunk>, files: Iterable<string>): Part[] {
  const parts = new Map<string, number>();
  for (const file of files) {
    for (const [source, gz] of chunks.get(file)?.gzBySource ?? []) {
      const name = partOf(source);
      parts.set(name, (parts.get(name) ?? 0) + gz / KB);
    }
  }
  return [...parts].map(([name, kb]) => ({ name, kb })).sort((a, b) => b.kb - a.kb);
}

function kbOf(chunks: Map<string, Chunk>, files: Iterable<string>): number {
  let total = 0;
  for (const file of files) total += chunks.get(file)!.gz / KB;
  return total;
}

/**
 * The figures before the entry was split (measured with the same build on 2026-11-23), and the
 * phone pages' before they had their own entry (entry + mobile pages' chunk, 2026-11-24).
 */
const PREVIOUS = { loginKb: 141.1, phoneKb: 157.0, entryKb: 137.2, phoneSharedEntryKb: 146.0 };

export async function bundleSizes() {
  const chunks = await buildChunks();
  const mobileChunks = await buildChunks(MOBILE_MODE);
  const entryOf = (built: Map<string, Chunk>) => [...built.values()].find((c) => c.isEntry)!.file;
  const entry = closure(chunks, entryOf(chunks));
  // What a phone loads for /mobile-view: the link's own page (mobile.html) and all it imports.
  const phone = closure(mobileChunks, entryOf(mobileChunks));
  // A lazily loaded screen's chunk, or a group of them (vite.config.ts) named for the group.
  // The machine paths' generated modules (QA's data, "\0virtual:…") are no screen.
  const lazy = [...new Set([...chunks.values()].flatMap((c) => c.dynamicImports))].filter(
    (file) => chunks.has(file) && !chunks.get(file)!.facade?.startsWith("\0"),
  );
  const beyond = (file: string, loaded: Set<string>) =>
    [...closure(chunks, file)].filter((f) => !loaded.has(f));
  const areaName = (file: string) => {
    const chunk = chunks.get(file)!;
    return chunk.facade
      ? partOf(chunk.facade).replace(/^src\/ui\//, "")
      : `${chunk.name} (chunk of several modules)`;
  };
  const areas = lazy
    .map((file) => ({ name: areaName(file), kb: kbOf(chunks, beyond(file, entry)), file }))
    .sort((a, b) => a.name.localeCompare(b.name));
  /** The lazily loaded chunk holding a module of src/ui. */
  const area = (pattern: RegExp) => {
    const found = areas.find((a) =>
      chunks.get(a.file)!.modules.some((m) => pattern.test(partOf(m).replace(/^src\/ui\//, ""))),
    );
    if (!found) throw new Error(`no lazily loaded chunk matches ${pattern}`);
    return found;
  };
  const login = area(/^auth\/LoginScreen/);
  const entryKb = kbOf(chunks, entry);
  // What the login page loads when the user signs in: the HTTP module (its configuration read,
  // once shown, is checked by a shape in the login chunk and needs none of it).
  const loginLoaded = new Set([...entry, ...closure(chunks, login.file)]);
  const loginLater = beyond(area(/^auth\/authRequests/).file, loginLoaded);
  return {
    previous: PREVIOUS,
    entryKb,
    loginKb: entryKb + login.kb,
    loginLaterKb: kbOf(chunks, loginLater),
    phoneKb: kbOf(mobileChunks, phone),
    areas: areas.map(({ name, kb }) => ({ name, kb })),
    entryParts: breakdown(chunks, entry),
    loginParts: breakdown(chunks, beyond(login.file, entry)),
    loginLaterParts: breakdown(chunks, loginLater),
    phoneParts: breakdown(mobileChunks, phone),
  };
}

export type BundleSizes = Awaited<ReturnType<typeof bundleSizes>>;

const fmt = (n: number) => n.toFixed(1);

/** The parts of at least 0.5 KB by name, the rest summed in one row. */
function partRows(parts: Part[]): string[] {
  const shown = parts.filter((p) => p.kb >= 0.5);
  const rest = parts.filter((p) => p.kb < 0.5);
  const restKb = rest.reduce((a, p) => a + p.kb, 0);
  return [
    ...shown.map((p) => `| ${p.name} | ${fmt(p.kb)} |`),
    ...(rest.length > 0 ? [`| ${rest.length} smaller modules | ${fmt(restKb)} |`] : []),
  ];
}

function partTable(title: string, kb: number, parts: Part[]): string[] {
  return [
    `${title}: ${fmt(kb)} KB gz`,
    "",
    "| package or module | KB gz |",
    "| --- | ---: |",
    ...partRows(parts),
    "",
  ];
}

export function bundleLines(sizes: BundleSizes, budgets: { loginKb: number; phoneKb: number }): string[] {
  const sum = (parts: Part[]) => parts.reduce((a, p) => a + p.kb, 0);
  return [
    "## Client bundle (gzipped JavaScript, level 9)",
    "",
    "| what | KB gz | before the entry was split | budget |",
    "| --- | ---: | ---: | ---: |",
    `| login route (entry + login screen) | ${fmt(sizes.loginKb)} | ${fmt(sizes.previous.loginKb)} | ${budgets.loginKb} |`,
    `| retailer's phone pages (mobile.html, all it loads) | ${fmt(sizes.phoneKb)} | ${fmt(sizes.previous.phoneKb)}; ${fmt(sizes.previous.phoneSharedEntryKb)} with the portal's entry | ${budgets.phoneKb} |`,
    `| entry (index.html, loaded by every other route) | ${fmt(sizes.entryKb)} | ${fmt(sizes.previous.entryKb)} | |`,
    `| login page, on signing in: the HTTP module | ${fmt(sizes.loginLaterKb)} | | |`,
    "",
    "A package's or module's share of a chunk is estimated from its share of the chunk's minified",
    "bytes (source maps); chunk sizes are exact. The server sends these files as compressed at build",
    "time: brotli to a browser that takes it (every current one; smaller than these gzip figures),",
    "gzip at this level to one that takes only gzip. What Chromium receives, headers and styles",
    "included, is in the Bytes on the wire section.",
    "",
    ...partTable("The entry", sizes.entryKb, sizes.entryParts),
    ...partTable("The login screen beyond the entry", sum(sizes.loginParts), sizes.loginParts),
    ...partTable(
      "Loaded by the login page when the user signs in (the HTTP module, Effect, the contract)",
      sizes.loginLaterKb,
      sizes.loginLaterParts,
    ),
    ...partTable(
      "The phone pages: what a phone loads for /mobile-view (mobile.html, built on its own)",
      sizes.phoneKb,
      sizes.phoneParts,
    ),
    "Each lazily loaded area, beyond the entry (an area that calls the server counts Effect, about",
    "26 KB, which the entry no longer carries):",
    "",
    "| area module | KB gz |",
    "| --- | ---: |",
    ...sizes.areas.map((a) => `| ${a.name} | ${fmt(a.kb)} |`),
    "",
  ];
}
