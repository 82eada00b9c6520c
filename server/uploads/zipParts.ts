/**
 * The parts of a zip package (an .xlsx file) read from its bytes in memory: the central
 * directory's entries, and one part's content handed over in chunks as it is inflated, so a large
 * part (a sheet of 100,000 rows is about 100 MB of XML) is never whole in memory.
 */
import { createInflateRaw } from "node:zlib";

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** One part: its name, how it is stored (0 stored, 8 deflated), its sizes and where its data starts. */
export type ZipPart = {
  readonly name: string;
  readonly method: number;
  readonly compressed: number;
  readonly size: number;
  /** Offset of the part's local header. */
  readonly local: number;
};

/** The central directory's entries, or null when the bytes hold no readable directory. */
export function zipParts(bytes: Uint8Array): ZipPart[] | null {
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
  const list: ZipPart[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) return null;
    const nameLength = view.getUint16(at + 28, true);
    if (at + 46 + nameLength > bytes.length) return null;
    list.push({
      name: Buffer.from(bytes.buffer, bytes.byteOffset + at + 46, nameLength).toString("utf8"),
      method: view.getUint16(at + 10, true),
      compressed: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      local: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return list;
}

/** The part's stored (compressed) bytes, or null when its local header does not fit the file. */
export function storedBytes(bytes: Uint8Array, part: ZipPart): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (part.local + 30 > bytes.length || view.getUint32(part.local, true) !== LOCAL) return null;
  const start =
    part.local + 30 + view.getUint16(part.local + 26, true) + view.getUint16(part.local + 28, true);
  if (start + part.compressed > bytes.length) return null;
  return bytes.subarray(start, start + part.compressed);
}

/** Chunks of inflated data handed over at a time. */
const CHUNK = 256 * 1024;

/**
 * The part's content in chunks, inflated as it is read. Throws on a part that is not stored or
 * deflated, or whose data is corrupt.
 */
export async function* partChunks(bytes: Uint8Array, part: ZipPart): AsyncGenerator<Buffer> {
  const data = storedBytes(bytes, part);
  if (!data) throw new Error(`zip part ${part.name} lies outside the file`);
  if (part.method === 0) {
    for (let at = 0; at < data.length; at += CHUNK)
      yield Buffer.from(data.buffer, data.byteOffset + at, Math.min(CHUNK, data.length - at));
    return;
  }
  if (part.method !== 8) throw new Error(`zip part ${part.name} uses compression method ${part.method}`);
  const inflate = createInflateRaw({ chunkSize: CHUNK });
  inflate.end(data);
  for await (const chunk of inflate) yield chunk as Buffer;
}
