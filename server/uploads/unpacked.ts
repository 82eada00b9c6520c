/**
 * The unpacked size of an .xlsx package, measured before SheetJS unpacks it: a zip of a few
 * kilobytes can inflate to gigabytes (a zip bomb). The central directory's declared sizes are
 * checked first, then every compressed part is inflated as a stream and only counted, so memory
 * stays small whatever the package claims.
 */
import { createInflateRaw } from "node:zlib";
import { storedBytes, zipParts } from "./zipParts";

/** A zip64 size marker: no genuine upload within the size limit needs it. */
const ZIP64 = 0xffffffff;

export type UnpackedCheck = "ok" | "tooLarge" | "unreadable";

/** Inflates one part, counting its bytes; stops as soon as the count passes `budget`. */
function inflatedSize(data: Uint8Array, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let total = 0;
    inflate.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) {
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on("end", () => resolve(total));
    inflate.on("error", reject);
    inflate.end(data);
  });
}

/** Whether an .xlsx package unpacks to at most `limit` bytes. */
export async function checkUnpackedSize(bytes: Uint8Array, limit: number): Promise<UnpackedCheck> {
  const list = zipParts(bytes);
  if (!list) return "unreadable";
  let declared = 0;
  for (const e of list) {
    if (e.size === ZIP64 || e.compressed === ZIP64) return "tooLarge";
    declared += e.size;
  }
  if (declared > limit) return "tooLarge";
  let total = 0;
  for (const e of list) {
    const data = storedBytes(bytes, e);
    if (!data) return "unreadable";
    if (e.method === 0) total += e.compressed;
    else if (e.method === 8) {
      try {
        total += await inflatedSize(data, limit - total);
      } catch {
        return "unreadable";
      }
    } else return "unreadable";
    if (total > limit) return "tooLarge";
  }
  return "ok";
}
