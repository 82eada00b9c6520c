/**
 * The KYC images upload (docs/projects.md, "Bulk KYC"): a zip of images named by RSID. Processing
 * reads one row from each entry (its path, the RSID its name names, the image type its bytes show),
 * so each is checked and reported like a sheet's row; Confirm attaches the clean rows' images to
 * their outlets, read again from the stored zip.
 */
import { UPLOAD_MSG } from "../../src/domain/uploads/bulkUpload";
import {
  imageTypeOf,
  isImageEntry,
  KYC_IMAGE_FILES,
  KYC_ZIP_MSG,
  rsidOfImageName,
} from "../../src/domain/uploads/kycImages";
import { textCell } from "../../src/domain/uploads/uploadCells";
import type { Queryable } from "../db/db";
import { SheetRefused, type SheetRow, type SheetStream } from "./excel";
import { readFile } from "./files";
import { checkUnpackedSize } from "./unpacked";
import { partChunks, type ZipPart, zipParts } from "./zipParts";

export const ZIP_CONTENT_TYPE = "application/zip";
/** Bytes read of an entry to tell its type. */
const HEAD_BYTES = 16;

async function head(bytes: Uint8Array, part: ZipPart): Promise<Uint8Array> {
  for await (const chunk of partChunks(bytes, part)) return new Uint8Array(chunk.subarray(0, HEAD_BYTES));
  return new Uint8Array();
}

async function whole(bytes: Uint8Array, part: ZipPart): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of partChunks(bytes, part)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The zip's entries as the rows of a sheet with the type's columns: file_name, rsid, image_type. */
export async function imageZipSheet(bytes: Uint8Array, maxUnpacked: number): Promise<SheetStream> {
  const unpacked = await checkUnpackedSize(bytes, maxUnpacked);
  if (unpacked === "tooLarge") throw new SheetRefused(UPLOAD_MSG.unpackedTooLarge);
  const parts = zipParts(bytes);
  if (unpacked === "unreadable" || !parts) throw new SheetRefused(KYC_ZIP_MSG.notZip);
  const entries = parts.filter((p) => isImageEntry(p.name));
  if (entries.length === 0) throw new SheetRefused(KYC_ZIP_MSG.noImages);
  async function* rows(): AsyncGenerator<SheetRow> {
    for (const [n, part] of entries.entries()) {
      const type = imageTypeOf(await head(bytes, part));
      yield {
        number: n + 1,
        cells: [textCell(part.name), textCell(rsidOfImageName(part.name)), textCell(type)],
      };
    }
  }
  return { header: ["file_name", "rsid", "image_type"], headerRow: 0, rows: rows() };
}

/** Confirm: each clean row's image, from the job's zip, becomes a KYC image of its outlet. */
export async function attachKycImages(
  tx: Queryable,
  job: { file_id: number; sub_project_id: number | null },
  rows: readonly Readonly<Record<string, string>>[],
  now: Date,
): Promise<void> {
  const file = await readFile(tx, job.file_id);
  const parts = new Map((zipParts(file?.content ?? new Uint8Array()) ?? []).map((p) => [p.name, p]));
  const outlets = await tx.query<{ id: number; rsid: string }>(
    "SELECT id, rsid FROM outlets WHERE sub_project_id = $1 AND lower(rsid) = ANY($2::text[]) ORDER BY id FOR UPDATE",
    [job.sub_project_id, rows.map((r) => r.rsid!.toLowerCase())],
  );
  const idOf = new Map(outlets.map((o) => [o.rsid.toLowerCase(), o.id]));
  for (const r of rows) {
    const part = parts.get(r.file_name!);
    const outletId = idOf.get(r.rsid!.toLowerCase());
    if (!part || outletId === undefined)
      throw new Error(`KYC image ${r.file_name} is no longer in its upload`);
    await tx.query(
      "INSERT INTO outlet_images (outlet_id, kind, content_type, content, created) VALUES ($1, 'kyc', $2, $3, $4)",
      [outletId, KYC_IMAGE_FILES[r.image_type!]!.mediaType, await whole(file!.content!, part), now],
    );
  }
}
