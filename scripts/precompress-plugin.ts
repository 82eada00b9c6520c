/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every built text file (scripts, styles, the
 * HTML pages), once, at build time and at the highest levels: the server then sends the copy the
 * browser accepts (server/http/static.ts) without compressing anything per request. Files that are
 * compressed already (images, fonts) are left as they are.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** A file smaller than this gains nothing worth an extra file (a request is larger than the saving). */
const SMALLEST = 256;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export async function precompressFile(path: string): Promise<void> {
  const raw = await readFile(path);
  if (raw.length < SMALLEST) return;
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipped(raw, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
}

export function precompress(): Plugin {
  return {
    name: "precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      const dir = options.dir ?? "";
      const files = Object.keys(bundle).filter((name) => TEXT.test(name) && !name.startsWith("."));
      await Promise.all(files.map((name) => precompressFile(join(dir, name))));
    },
  };
}
