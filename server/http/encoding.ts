/**
 * Content negotiation for compressed answers: brotli where the browser takes it (every current
 * one does over HTTP and HTTPS alike), gzip otherwise, and the plain bytes for a client that asks
 * for neither. Built assets are compressed once at build time (scripts/precompress.ts); JSON and
 * CSV answers as they are sent (server/http/compress.ts).
 */

export type Encoding = "br" | "gzip";

/** The file suffix of an asset compressed at build time. */
export const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** Quality values per coding named in Accept-Encoding; `*` stands for any coding not named. */
function qualities(header: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = q ? Number(q.slice(2)) : 1;
    found.set(name, Number.isFinite(value) ? value : 0);
  }
  return found;
}

/** The coding to answer with: the most preferred of br and gzip the client accepts, br on a tie. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = qualities(acceptEncoding);
  const of = (name: Encoding) => q.get(name) ?? q.get("*") ?? 0;
  const br = of("br");
  const gzip = of("gzip");
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? "br" : "gzip";
}

/** Adds Accept-Encoding to a Vary header, keeping what it already names. */
export function varyOnEncoding(headers: Headers): void {
  const current = headers.get("Vary");
  if (current === "*" || (current && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current))) return;
  headers.set("Vary", current ? `${current}, Accept-Encoding` : "Accept-Encoding");
}
