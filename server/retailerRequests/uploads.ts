/**
 * The common file and image uploads (spec 000 §3, §5, §7.2): the type is read from the content, not
 * the name, so a renamed text file is refused; images are proofs of an outlet edit, kept with the
 * outlet's images (served to whoever sees the outlet), at most 3 per proof kind waiting to be sent.
 */
import { MAX_PROOF_IMAGES } from "../../src/domain/outlets/outletEdit";
import { MAX_IMAGES_MESSAGE } from "../../src/domain/shared/widgets";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";
import { outletImageUrl } from "../outlets/detail";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const NOT_AN_IMAGE =
  "Upload a valid image. The file you uploaded was either not an image or a corrupted image.";
export const IMAGE_TOO_LARGE = "The image is larger than 5 MB.";
export const NOT_A_DOCUMENT = "Upload a PDF or an image (PNG, JPEG, WebP).";
export const FILE_TOO_LARGE = "The file is larger than 10 MB.";
export const NO_FILE = "No file was submitted.";
/** Uploads not sent with an edit within a day are left behind and no longer count. */
const DRAFT_HOURS = 24;

const starts = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type of the content: PNG, JPEG, GIF or WebP (no SVG: it can carry scripts). */
export function sniffImage(bytes: Uint8Array): string | null {
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts(bytes, ascii("GIF87a")) || starts(bytes, ascii("GIF89a"))) return "image/gif";
  if (starts(bytes, ascii("RIFF")) && starts(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

export const sniffDocument = (bytes: Uint8Array): string | null =>
  starts(bytes, ascii("%PDF-")) ? "application/pdf" : sniffImage(bytes);

/** Stores one proof image of an outlet (already locked) for its uploader; refuses a fourth. */
export async function saveProofImage(
  tx: Queryable,
  outlet: { id: number; rsid: string },
  ownerId: number,
  kind: string,
  bytes: Uint8Array,
  now: Date,
): Promise<{ id: number; image: string }> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new Problem(400, { image: [IMAGE_TOO_LARGE] });
  const type = sniffImage(bytes);
  if (!type) throw new Problem(400, { image: [NOT_AN_IMAGE] });
  const [waiting] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outlet_images WHERE outlet_id = $1 AND kind = $2 AND owner_id = $3
       AND request_id IS NULL AND created > $4::timestamptz - make_interval(hours => $5)`,
    [outlet.id, kind, ownerId, now, DRAFT_HOURS],
  );
  if (waiting!.n >= MAX_PROOF_IMAGES) throw new Problem(400, { detail: MAX_IMAGES_MESSAGE });
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO outlet_images (outlet_id, kind, content_type, content, created, owner_id)
     VALUES ($1, $2, $3, decode($4, 'base64'), $5, $6) RETURNING id`,
    [outlet.id, kind, type, Buffer.from(bytes).toString("base64"), now, ownerId],
  );
  return { id: row!.id, image: outletImageUrl(outlet.rsid, row!.id) };
}
