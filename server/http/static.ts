/**
 * Serves the built client: hashed assets cached long; a /mobile-view path gets the retailer link's
 * own page (mobile.html, which loads only those pages), any other page path index.html.
 */
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import type { Context } from "hono";

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

export function serveClient(clientDir: string | undefined) {
  const root = clientDir ? resolve(clientDir) : undefined;
  return async (c: Context) => {
    const index = root ? join(root, "index.html") : "";
    if (!root || !existsSync(index)) return c.text(CLIENT_NOT_BUILT, 503, { "cache-control": "no-store" });
    const urlPath = new URL(c.req.url).pathname;
    const file = resolveInside(root, urlPath);
    const mobile = join(root, "mobile.html");
    if (file && file !== index && file !== mobile && (await fileAt(file))) {
      return c.body(new Uint8Array(await readFile(file)), 200, {
        "content-type": TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
        "cache-control": urlPath.startsWith("/assets/") ? IMMUTABLE : "no-cache",
      });
    }
    // A missing hashed asset is a real 404: answering it with the page would hide a stale deployment.
    if (urlPath.startsWith("/assets/")) return c.text("Not found", 404);
    const page = MOBILE_VIEW.test(urlPath) && (await fileAt(mobile)) ? mobile : index;
    return c.body(new Uint8Array(await readFile(page)), 200, {
      "content-type": TYPES[".html"]!,
      "cache-control": "no-cache",
    });
  };
}
