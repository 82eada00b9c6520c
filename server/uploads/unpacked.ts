/**
 * The unpacked size of an .xlsx package, measured before SheetJS unpacks it: a zip of a few
 * kilobytes can inflate to gigabytes (a zip bomb). The central directory's declared sizes are
 * checked first, then every compressed part is inflated as a stream and only counted, so memory
 * stays small whatever the package claims.
 */
import { createInflateRaw } from "node:zlib";

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** A zip64 size marker: no genuine upload of at most 10 MB needs it. */
const ZIP64 = 0xffffffff;

export type UnpackedCheck = "ok" | "tooLarge" | "unreadable";

type Entry = { method: number; compressed: number; size: number; local: number };

function entries(bytes: Uint8Array): Entry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const list: Entry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) return null;
    list.push({
      method: view.getUint16(at + 10, true),
      compressed: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      local: view.getUint32(at + 42, true),
    });
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return list;
}

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
  const list = entries(bytes);
  if (!list) return "unreadable";
  let declared = 0;
  for (const e of list) {
    if (e.size === ZIP64 || e.compressed === ZIP64) return "tooLarge";
    declared += e.size;
  }
  if (declared > limit) return "tooLarge";
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (const e of list) {
    if (e.local + 30 > bytes.length || view.getUint32(e.local, true) !== LOCAL) return "unreadable";
    const start = e.local + 30 + view.getUint16(e.local + 26, true) + view.getUint16(e.local + 28, true);
    if (start + e.compressed > bytes.length) return "unreadable";
    if (e.method === 0) total += e.compressed;
    else if (e.method === 8) {
      try {
        total += await inflatedSize(bytes.subarray(start, start + e.compressed), limit - total);
      } catch {
        return "unreadable";
      }
    } else return "unreadable";
    if (total > limit) return "tooLarge";
  }
  return "ok";
}
