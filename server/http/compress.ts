/**
 * Compresses the API's larger text answers (JSON lists, CSV exports) for clients that accept it.
 * Small answers go as they are: below the threshold compression saves less than it costs. Files
 * that are compressed already (Excel, PDF, images, zips), event streams and answers that already
 * carry a Content-Encoding are left alone. Every answer of this API is built in memory, so the
 * body is compressed whole, with brotli at a speed fit for answering requests.
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { chooseEncoding, varyOnEncoding } from "./encoding";

/** Answers smaller than this many bytes are sent as they are (about one network packet). */
export const COMPRESS_THRESHOLD_BYTES = 1400;

const COMPRESSIBLE = /^(?:application\/(?:json|problem\+json)|text\/(?:csv|plain))\b/i;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Brotli quality 5: most of quality 11's saving on JSON for a small part of its time. */
const BROTLI_PARAMS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};

export const compressAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get("Content-Type") ?? "";
  if (!COMPRESSIBLE.test(type) || !res.body || c.req.method === "HEAD") return;
  if (res.status === 206 || res.status === 204 || res.headers.has("Content-Encoding")) return;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("Cache-Control") ?? "")) return;
  // The answer's own headers are changed in place: Hono copies them onto the response set below.
  const headers = res.headers;
  varyOnEncoding(headers);
  const length = Number(headers.get("Content-Length") ?? Number.NaN);
  if (length < COMPRESS_THRESHOLD_BYTES) return;
  const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
  if (!encoding) return;
  const body = Buffer.from(await res.arrayBuffer());
  headers.delete("Content-Length");
  if (body.length < COMPRESS_THRESHOLD_BYTES) {
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
    return;
  }
  const packed = encoding === "br" ? await brotli(body, BROTLI_PARAMS) : await gzipped(body);
  headers.set("Content-Encoding", encoding);
  const etag = headers.get("ETag");
  if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
  c.res = new Response(new Uint8Array(packed), { status: res.status, statusText: res.statusText, headers });
};
