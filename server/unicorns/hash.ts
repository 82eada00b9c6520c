/**
 * An image's perceptual hash: sharp decodes the stored bytes (JPEG, PNG, WebP, GIF, SVG), flattens
 * them on white, turns them grey and shrinks them to the hash's 9 x 8 pixels; the domain's
 * `differenceHash` makes the bits. Null for bytes that are not a picture sharp can read.
 */
import sharp from "sharp";
import { differenceHash, HASH_SIZE, HASH_WIDTH } from "../../src/domain/verification/unicorns";

export async function imageHash(bytes: Uint8Array): Promise<string | null> {
  try {
    const grey = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .flatten({ background: "#ffffff" })
      .greyscale()
      .resize(HASH_WIDTH, HASH_SIZE, { fit: "fill" })
      .raw()
      .toBuffer();
    return differenceHash(grey);
  } catch {
    return null;
  }
}
