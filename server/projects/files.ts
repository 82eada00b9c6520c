/**
 * A project's logo and deck as files (docs/projects.md): served to everyone who may see the
 * project's card (a client user only its own organisation's projects); the file's id is in the
 * address, so an answer may be cached and a replaced file is a new address.
 */
import { projects } from "../../src/domain/resources/projects";
import { columnOf } from "../admin/schemaSql";
import type { Queryable } from "../db/db";
import { readFile, type StoredFile } from "../uploads/files";
import { type Viewer, visibleProjects } from "./cards";

export type ServedFile = { file: StoredFile; contentType: string; inline: boolean };

/** The project's current file of a file field, if the viewer may see the project; else nothing. */
export async function projectFile(
  db: Queryable,
  viewer: Viewer,
  slug: string,
  field: string,
  fileId: number,
): Promise<ServedFile | undefined> {
  const spec = Object.hasOwn(projects.fields, field) ? projects.fields[field] : undefined;
  if (spec?.widget !== "file" || !spec.file) return undefined;
  const params: unknown[] = [slug, fileId];
  const [found] = await db.query(
    `SELECT 1 FROM projects p WHERE p.slug = $1 AND p.${columnOf(field, spec)} = $2
       AND ${visibleProjects(viewer, params)}`,
    params,
  );
  if (!found) return undefined;
  const file = await readFile(db, fileId);
  if (!file || file.content === null) return undefined;
  // Served as the type its content was found to be when stored; anything else as opaque bytes.
  const accepted = spec.file.accept.some((t) => t.mediaType === file.content_type);
  return {
    file,
    contentType: accepted ? file.content_type : "application/octet-stream",
    inline: accepted && spec.file.kind === "image",
  };
}
