/**
 * Serves the built client: hashed assets cached long; a /mobile-view path gets the retailer link's
 * own page (mobile.html, which loads only those pages), any other page path index.html. A file built
 * with compressed copies beside it (scripts/precompress-plugin.ts) is sent as the copy the browser
 * accepts (brotli, else gzip), with Vary: Accept-Encoding so a cache keeps them apart.
 */
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import type { Context } from "hono";
import { chooseEncoding, SUFFIX } from "./encoding";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};

export const CLIENT_NOT_BUILT =
  "The web client is not built yet. Run `npm run build` (or `npm start`, which builds it), then reload this page.";

/** The retailer's link pages (002 §2.2), with their own HTML entry. */
const MOBILE_VIEW = /^\/mobile-view(?:\/|$)/;

/** Vite puts a content hash in every file name under /assets/, so those may be cached for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

async function fileAt(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file a URL path names inside root, or null when the path is malformed, hidden or escapes root. */
function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const segments = decoded.split("/").filter(Boolean);
  // Dot files and folders (such as Vite's .vite/manifest.json) are not served.
  if (segments.some((s) => s.startsWith("."))) return null;
  const file = resolve(root, ...segments);
  return file.startsWith(root + sep) ? file : null;
}

/** The file's bytes as this request should get them, with the headers naming its coding. */
async function sendFile(c: Context, file: string, cacheControl: string) {
  const headers: Record<string, string> = {
    "content-type": TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
    "cache-control": cacheControl,
  };
  const encoding = chooseEncoding(c.req.header("accept-encoding"));
  // Whether copies exist is the same for every request of a file: the plain one tells.
  const hasCopies = await fileAt(`${file}${SUFFIX.gzip}`);
  if (hasCopies) headers.vary = "Accept-Encoding";
  let path = file;
  if (hasCopies && encoding && (await fileAt(`${file}${SUFFIX[encoding]}`))) {
    path = `${file}${SUFFIX[encoding]}`;
    headers["content-encoding"] = encoding;
  }
  return c.body(new Uint8Array(await readFile(path)), 200, headers);
}

export function serveClient(clientDir: string | undefined) {
  const root = clientDir ? resolve(clientDir) : undefined;
  return async (c: Context) => {
    const index = root ? join(root, "index.html") : "";
    if (!root || !existsSync(index)) return c.text(CLIENT_NOT_BUILT, 503, { "cache-control": "no-store" });
    const urlPath = new URL(c.req.url).pathname;
    const file = resolveInside(root, urlPath);
    const mobile = join(root, "mobile.html");
    if (file && file !== index && file !== mobile && (await fileAt(file))) {
      return sendFile(c, file, urlPath.startsWith("/assets/") ? IMMUTABLE : "no-cache");
    }
    // A missing hashed asset is a real 404: answering it with the page would hide a stale deployment.
    if (urlPath.startsWith("/assets/")) return c.text("Not found", 404);
    const page = MOBILE_VIEW.test(urlPath) && (await fileAt(mobile)) ? mobile : index;
    return sendFile(c, page, "no-cache");
  };
}
