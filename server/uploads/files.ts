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

export async function saveFile(db: Queryable, file: NewFile): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO stored_files (name, content_type, content, organisation_id, owner_id, created, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      file.name,
      file.contentType,
      file.content,
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
  const rows = await db.query<StoredFile>(
    "SELECT id, name, content_type, content, organisation_id, owner_id, expires_at FROM stored_files WHERE id = $1",
    [id],
  );
  return rows[0];
}

/** The address a stored file is downloaded from (the name keeps the browser's file name right). */
export const fileLink = (id: number, name: string): string => `/api/files/${id}/${encodeURIComponent(name)}`;
