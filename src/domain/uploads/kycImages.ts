/**
 * The KYC images upload (docs/projects.md, "Bulk KYC"): a zip of images, each named by the RSID of
 * the outlet it belongs to. The server makes one upload row of each image, checked like any row.
 */
import { type FileType, JPEG, PNG, WEBP } from "../shared/fileField";

/** The image types taken, by the name a row shows (`image_type`). */
export const KYC_IMAGE_FILES: Readonly<Record<string, FileType>> = { jpeg: JPEG, png: PNG, webp: WEBP };
export const KYC_IMAGE_TYPES = Object.keys(KYC_IMAGE_FILES);
/** What `image_type` reads for an entry that is none of them (the row is then unclean). */
export const NOT_AN_IMAGE = "not an image";
/** Files the KYC images upload accepts. */
export const ZIP_ACCEPT = ".zip";
export const KYC_ZIP_MSG = {
  notZip: "Only a zip file (.zip) of images can be uploaded here. This file is not a zip file.",
  noImages: "The zip file holds no files.",
  naming:
    "Upload a zip of JPEG, PNG or WebP images, each named by the RSID of its outlet (RS000001.jpg); an outlet with several images adds a suffix after an underscore (RS000001_pan.jpg). Each image is one row of these columns:",
} as const;

/**
 * The RSID an image's file name names: the name without its folders and extension, up to the first
 * underscore, so one outlet may have several images (RS000001_pan.jpg, RS000001_bank.jpg).
 */
export function rsidOfImageName(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const stem = name.includes(".") ? name.slice(0, name.lastIndexOf(".")) : name;
  return stem.split("_")[0]!.trim();
}

/** The `image_type` of an entry's first bytes. */
export function imageTypeOf(head: Uint8Array): string {
  return KYC_IMAGE_TYPES.find((t) => KYC_IMAGE_FILES[t]!.matches(head)) ?? NOT_AN_IMAGE;
}

/** Entries a zip holds besides the images: folders, and the files an operating system adds. */
export const isImageEntry = (path: string): boolean =>
  !path.endsWith("/") &&
  !path.startsWith("__MACOSX/") &&
  !path.slice(path.lastIndexOf("/") + 1).startsWith(".");
