/**
 * Bytes on the wire: a built asset goes as its brotli or gzip copy made at build time when the
 * browser accepts it and as plain bytes otherwise, always with Vary: Accept-Encoding; a large JSON
 * list is compressed as it is sent, a small answer is not.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressFile } from "../../scripts/precompress-plugin";
import { COMPRESS_THRESHOLD_BYTES } from "../../server/http/compress";
import { chooseEncoding } from "../../server/http/encoding";
import { startTestServer, type TestServer } from "./support";

const clientDir = mkdtempSync(join(tmpdir(), "client-"));
const ASSET = "/assets/index-Bx1f9a2c.js";
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"Outlet ${i}"}`).join(",")}];`;
const IMAGE = "/assets/logo-Ab12cd34.png";

let server: TestServer;
let auth: Record<string, string>;
beforeAll(async () => {
  writeFileSync(join(clientDir, "index.html"), `<!doctype html><title>Retail Scan</title>${" ".repeat(400)}`);
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(join(clientDir, ASSET), SCRIPT);
  writeFileSync(join(clientDir, IMAGE), Buffer.alloc(2000, 7));
  await precompressFile(join(clientDir, ASSET));
  await precompressFile(join(clientDir, "index.html"));
  server = await startTestServer({ clientDir, outlets: 60 });
  auth = await server.signIn("admin");
});
afterAll(async () => {
  await server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => server.app.request(path, { headers });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("a built asset", () => {
  it("is sent as its brotli copy when asked, immutable and varying on Accept-Encoding", async () => {
    const res = await get(ASSET, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("content-type")).toContain("text/javascript");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = await bytes(res);
    expect(body).toEqual(readFileSync(join(clientDir, `${ASSET}.br`)));
    expect(body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it("is sent gzipped to a client that takes only gzip, and as it is to one that takes neither", async () => {
    const gz = await get(ASSET, { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(await bytes(gz)).toString()).toBe(SCRIPT);
    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const res = await get(ASSET, accept ? { "accept-encoding": accept } : {});
      expect(res.headers.get("content-encoding"), accept).toBeNull();
      expect(res.headers.get("vary"), accept).toBe("Accept-Encoding");
      expect((await bytes(res)).toString(), accept).toBe(SCRIPT);
    }
  });

  it("the page itself is compressed too, and never cached without asking", async () => {
    const res = await get("/login", { "accept-encoding": "br" });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(brotliDecompressSync(await bytes(res)).toString()).toContain("<title>Retail Scan</title>");
  });

  it("a file built without copies (an image, compressed already) goes as it is", async () => {
    const res = await get(IMAGE, { "accept-encoding": "br, gzip" });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toBeNull();
    expect((await bytes(res)).length).toBe(2000);
  });
});

describe("API answers", () => {
  it("a large JSON list is compressed with brotli, or gzip, and reads back the same", async () => {
    const path = "/api/outlets/?page-size=50";
    const plain = await get(path, { ...auth });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toContain("Accept-Encoding");
    const text = (await bytes(plain)).toString();
    expect(text.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES * 4);

    const br = await get(path, { ...auth, "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toContain("application/json");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    const packed = await bytes(br);
    expect(packed.length).toBeLessThan(text.length / 4);
    expect(JSON.parse(brotliDecompressSync(packed).toString())).toEqual(JSON.parse(text));

    const gz = await get(path, { ...auth, "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(await bytes(gz)).toString())).toEqual(JSON.parse(text));
  });

  it("a small answer goes as it is", async () => {
    const res = await get("/api/health/", { "accept-encoding": "br, gzip" });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.json()).toEqual({ status: "ok" });
  });
});

describe("choosing the coding", () => {
  it("prefers brotli, honours quality values and refusals", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
