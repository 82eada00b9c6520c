/**
 * Files a record holds (a project's logo and deck, docs/admin.md): the types a file field accepts,
 * told from the content rather than the name, its size limit, and the one rule the form and the
 * server both apply to a chosen file.
 */

/** A file type a field may accept: how it is named to people, its media type and how its bytes start. */
export type FileType = {
  readonly label: string;
  readonly mediaType: string;
  readonly matches: (bytes: Uint8Array) => boolean;
};

const starts = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  sig.length + at <= bytes.length && sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Whether the bytes hold this ASCII text anywhere (a zip's entry names are stored as plain text). */
function contains(bytes: Uint8Array, text: string): boolean {
  const sig = ascii(text);
  outer: for (let i = 0; i + sig.length <= bytes.length; i++) {
    for (let j = 0; j < sig.length; j++) if (bytes[i + j] !== sig[j]) continue outer;
    return true;
  }
  return false;
}

export const PNG: FileType = {
  label: "PNG",
  mediaType: "image/png",
  matches: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
};
export const JPEG: FileType = {
  label: "JPEG",
  mediaType: "image/jpeg",
  matches: (b) => starts(b, [0xff, 0xd8, 0xff]),
};
export const WEBP: FileType = {
  label: "WebP",
  mediaType: "image/webp",
  matches: (b) => starts(b, ascii("RIFF")) && starts(b, ascii("WEBP"), 8),
};
export const PDF: FileType = {
  label: "PDF",
  mediaType: "application/pdf",
  matches: (b) => starts(b, ascii("%PDF-")),
};
/**
 * A PowerPoint presentation (.pptx): a zip whose entries include ppt/presentation.xml. The older
 * binary .ppt shares its container with Word and Excel files and cannot be told from them.
 */
export const POWERPOINT: FileType = {
  label: "PowerPoint",
  mediaType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  matches: (b) => starts(b, [0x50, 0x4b, 0x03, 0x04]) && contains(b, "ppt/presentation.xml"),
};

export const MB = 1024 * 1024;

/** What a file field holds: an image (shown as a preview) or a document (offered as a download). */
export type FileKind = "image" | "document";

export type FileRule = {
  readonly kind: FileKind;
  readonly accept: readonly FileType[];
  readonly maxBytes: number;
};

/** A file already stored with the record, as the API gives it; sent back unchanged, it is kept. */
export type StoredFileValue = {
  readonly id: number;
  readonly name: string;
  readonly size: number;
  readonly content_type: string;
};

/** A file chosen in the form and not yet saved: its name and content. */
export type ChosenFile = { readonly name: string; readonly bytes: Uint8Array };

export const isChosenFile = (value: unknown): value is ChosenFile =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as ChosenFile).name === "string" &&
  (value as ChosenFile).bytes instanceof Uint8Array;

export const isStoredFile = (value: unknown): value is StoredFileValue =>
  typeof value === "object" &&
  value !== null &&
  !isChosenFile(value) &&
  Number.isInteger((value as StoredFileValue).id) &&
  (value as StoredFileValue).id > 0;

const listed = (labels: readonly string[]) =>
  labels.length > 1 ? `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}` : (labels[0] ?? "");

/** A field's size limit as people read it: "2 MB". */
export const fileLimit = (rule: FileRule): string => `${rule.maxBytes / MB} MB`;

/** "The logo must be a PNG, JPEG or WebP image of at most 2 MB." */
export const fileRuleMessage = (label: string, rule: FileRule): string =>
  `The ${label.toLowerCase()} must be a ${listed(rule.accept.map((t) => t.label))} ${
    rule.kind === "image" ? "image" : "file"
  } of at most ${fileLimit(rule)}.`;

export const FILE_NOT_READ = "The file could not be read. Choose it again.";
export const NOT_THE_STORED_FILE = "This file is no longer stored with the record. Choose it again.";

/** The accepted type a chosen file's content is, if any. */
export const fileTypeOf = (rule: FileRule, bytes: Uint8Array): FileType | undefined =>
  rule.accept.find((t) => t.matches(bytes));

/** Whether a chosen file keeps the field's rule: an accepted type by its content, within the size limit. */
export const fileKeepsRule = (rule: FileRule, file: ChosenFile): boolean =>
  file.bytes.byteLength > 0 &&
  file.bytes.byteLength <= rule.maxBytes &&
  fileTypeOf(rule, file.bytes) !== undefined;

/** "2.4 MB", "180 KB": a file's size as the form shows it. */
export function fileSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The multipart part a write carries a chosen file of a field in (its `values` hold null there). */
export const filePart = (field: string): string => `file.${field}`;
