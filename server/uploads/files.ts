/** Files kept in the database (uploads, result files, exports) and the link that serves them. */
import type { Queryable } from "../db/db";

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
 * Contents travel as base64 text and are decoded by the database: on the embedded database this is
 * several times faster than binary parameters and results (a 4.5 MB file: 0.27 s instead of 1.1 s).
 */

export async function saveFile(db: Queryable, file: NewFile): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO stored_files (name, content_type, content, organisation_id, owner_id, created, expires_at)
     VALUES ($1, $2, decode($3, 'base64'), $4, $5, $6, $7) RETURNING id`,
    [
      file.name,
      file.contentType,
      Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength).toString("base64"),
      file.organisationId,
      file.ownerId,
      file.created,
      file.expiresAt ?? null,
    ],
  );
  return row!.id;
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

export async function readFile(db: Queryable, id: number): Promise<StoredFile | undefined> {
  const [row] = await db.query<Omit<StoredFile, "content"> & { content: string | null }>(
    `SELECT id, name, content_type, encode(content, 'base64') AS content, organisation_id, owner_id, expires_at
     FROM stored_files WHERE id = $1`,
    [id],
  );
  if (!row) return undefined;
  return {
    ...row,
    content: row.content === null ? null : new Uint8Array(Buffer.from(row.content, "base64")),
  };
}

/** The address a stored file is downloaded from (the name keeps the browser's file name right). */
export const fileLink = (id: number, name: string): string => `/api/files/${id}/${encodeURIComponent(name)}`;
