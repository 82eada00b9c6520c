/** Files kept in the database (uploads, result files, exports) and the link that serves them. */

import { addressOf } from "../../src/domain/api/endpoint";
import { storedFile } from "../../src/domain/api/uploads";
import { mayUseFieldTools } from "../../src/domain/shared/permissions";
import { type UserRow, userDetails } from "../auth/users";
import type { Queryable } from "../db/db";
import { CSV_CONTENT_TYPE } from "../exports/csv";
import { letRequestsIn } from "../http/requestActivity";
import { EXCEL_CONTENT_TYPE } from "./excel";
import { maySeeJob } from "./scope";

export type NewFile = {
  name: string;
  contentType: string;
  content: Uint8Array;
  organisationId: number;
  ownerId: number | null;
  created: Date;
  expiresAt?: Date | null;
};

/*
 * The embedded database answers with promises that settle without a turn of the event loop, so a
 * file's chunks are written and read with a turn between them: other requests are answered
 * meanwhile instead of waiting for the whole file.
 *
 * Contents travel as base64 text and are decoded by the database: on the embedded database this is
 * several times faster than binary parameters and results (a 4.5 MB file: 0.27 s instead of 1.1 s).
 * A file larger than one chunk goes in ordered chunks, one statement each: the embedded database's
 * memory grows to its largest statement (parameters, decoded value, copies) and never shrinks.
 */

/** Bytes per chunk: about 700 kB of base64 text per statement. */
export const CHUNK_BYTES = 512 * 1024;

const base64 = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");

/** The longest file name kept, in characters; a longer one keeps its extension. */
const MAX_NAME_LENGTH = 200;
const LONGEST_EXTENSION = 16;

/**
 * A file name safe to store and to serve, whoever gave it (an uploader, a form field, an invoice
 * number): folder separators become `_`, control, format and line-separator characters (a
 * right-to-left override U+202E, zero-width characters) are dropped, leading dots (hidden files,
 * `..`) and surrounding spaces are cut, and it is at most 200 characters with its extension kept.
 * Every stored name goes through it (saveFile) and so does every served one (contentDisposition).
 */
export function safeFileName(name: string, fallback = "file"): string {
  const cleaned = name
    .replace(/[\\/]/g, "_")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .trim()
    .replace(/^\.+/, "")
    .trim();
  const chars = [...cleaned];
  if (chars.length === 0) return fallback;
  if (chars.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= LONGEST_EXTENSION ? [...cleaned.slice(dot)] : [];
  return [...chars.slice(0, MAX_NAME_LENGTH - extension.length), ...extension].join("");
}

/**
 * A download's Content-Disposition for a file name: the safe name as a plain-ASCII fallback and
 * encoded in full (RFC 6266), so names such as "réglages.xlsx" neither break the header nor lose
 * their letters.
 */
export function contentDisposition(name: string, inline = false): string {
  const safe = safeFileName(name);
  const plain = safe.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

/** Stores a file; call it inside the transaction that refers to the file, so no half-stored file remains. */
export async function saveFile(db: Queryable, file: NewFile): Promise<number> {
  const { content } = file;
  const chunked = content.byteLength > CHUNK_BYTES;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO stored_files (name, content_type, content, chunk_count, organisation_id, owner_id, created, expires_at)
     VALUES ($1, $2, decode($3, 'base64'), $4, $5, $6, $7, $8) RETURNING id`,
    [
      safeFileName(file.name),
      file.contentType,
      chunked ? null : base64(content),
      chunked ? Math.ceil(content.byteLength / CHUNK_BYTES) : null,
      file.organisationId,
      file.ownerId,
      file.created,
      file.expiresAt ?? null,
    ],
  );
  const id = row!.id;
  if (chunked)
    for (let seq = 0; seq * CHUNK_BYTES < content.byteLength; seq++) {
      await letRequestsIn();
      await db.query(
        "INSERT INTO stored_file_chunks (file_id, seq, content) VALUES ($1, $2, decode($3, 'base64'))",
        [id, seq, base64(content.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES))],
      );
    }
  return id;
}

export type StoredFile = {
  id: number;
  name: string;
  content_type: string;
  content: Uint8Array | null;
  organisation_id: number;
  owner_id: number | null;
  expires_at: Date | null;
};

/** A file with its content; content null once it expired (also when it expires while being read). */
export async function readFile(db: Queryable, id: number): Promise<StoredFile | undefined> {
  const [row] = await db.query<
    Omit<StoredFile, "content"> & { content: string | null; chunk_count: number | null }
  >(
    `SELECT id, name, content_type, encode(content, 'base64') AS content, chunk_count, organisation_id, owner_id,
       expires_at FROM stored_files WHERE id = $1`,
    [id],
  );
  if (!row) return undefined;
  const { chunk_count, ...file } = row;
  if (row.content !== null) return { ...file, content: new Uint8Array(Buffer.from(row.content, "base64")) };
  return { ...file, content: chunk_count === null ? null : await readChunks(db, id, chunk_count) };
}

/** A chunked file's content read chunk by chunk; null when a chunk is gone (the file expired). */
async function readChunks(db: Queryable, id: number, count: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  for (let seq = 0; seq < count; seq++) {
    await letRequestsIn();
    const [chunk] = await db.query<{ content: string }>(
      "SELECT encode(content, 'base64') AS content FROM stored_file_chunks WHERE file_id = $1 AND seq = $2",
      [id, seq],
    );
    if (!chunk) return null;
    chunks.push(Buffer.from(chunk.content, "base64"));
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** SQL for a stored file's size in bytes, whether kept whole or in chunks (f: the stored_files row). */
export const FILE_SIZE_SQL = `coalesce(octet_length(f.content),
  (SELECT sum(octet_length(c.content))::int FROM stored_file_chunks c WHERE c.file_id = f.id))`;

/**
 * Who may read a stored file: an export only the user who asked for it; any other file its owner,
 * and others only where they may see the upload job it belongs to (upload, clean or unclean file).
 * A field app dump is open to every user of the field tools. A file that belongs to nothing else is
 * its owner's alone.
 */
export async function mayReadFile(db: Queryable, user: UserRow, file: StoredFile): Promise<boolean> {
  const exports = await db.query<{ user_id: number }>("SELECT user_id FROM export_jobs WHERE file_id = $1", [
    file.id,
  ]);
  if (exports.length > 0) return exports.every((e) => e.user_id === user.id);
  if (file.owner_id === user.id) return true;
  const dumps = await db.query("SELECT 1 FROM field_app_dumps WHERE file_id = $1", [file.id]);
  if (dumps.length > 0) {
    const details = await userDetails(db, user);
    return mayUseFieldTools(details.permissions, details.organisation.kind);
  }
  const jobs = await db.query<{ object_type: string; organisation_id: number }>(
    `SELECT object_type, organisation_id FROM bulk_upload_jobs
     WHERE file_id = $1 OR clean_file_id = $1 OR unclean_file_id = $1`,
    [file.id],
  );
  if (jobs.length === 0) return false;
  const details = await userDetails(db, user);
  return jobs.every((job) => maySeeJob(user, details, job));
}

const SERVED_TYPES = new Set([...Object.values(EXCEL_CONTENT_TYPE), CSV_CONTENT_TYPE]);

/**
 * The Content-Type a file is served with: a workbook type the server itself detected and stored, or
 * the CSV an export wrote; anything else (say an older row holding an uploader's claim) as opaque bytes.
 */
export const servedContentType = (file: Pick<StoredFile, "content_type">): string =>
  SERVED_TYPES.has(file.content_type) ? file.content_type : "application/octet-stream";

/** The address a stored file is downloaded from (the name keeps the browser's file name right). */
export const fileLink = (id: number, name: string): string => addressOf(storedFile, { id: String(id), name });
