/**
 * A project's logo and deck as files (docs/projects.md): served to everyone who may see the
 * project's card (a client user only its own organisation's projects); the file's id is in the
 * address, so an answer may be cached and a replaced file is a new address.
 */

import { PROJECT_LOGO, projects } from "../../src/domain/admin/resources/projects";
import type { FileRule } from "../../src/domain/shared/fileField";
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
  return found ? servedFile(db, spec.file, fileId) : undefined;
}

/**
 * The logo of an outlet's project, when fileId is its current one: the retailer's mobile home shows
 * it (002 §2.3), read by whoever may read the outlet's mobile pages.
 */
export async function outletProjectLogo(
  db: Queryable,
  outletId: number,
  fileId: number,
): Promise<ServedFile | undefined> {
  const [found] = await db.query(
    `SELECT 1 FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE o.id = $1 AND p.${columnOf("logo", projects.fields.logo!)} = $2`,
    [outletId, fileId],
  );
  return found ? servedFile(db, PROJECT_LOGO, fileId) : undefined;
}

async function servedFile(db: Queryable, rule: FileRule, fileId: number): Promise<ServedFile | undefined> {
  const file = await readFile(db, fileId);
  if (!file || file.content === null) return undefined;
  // Served as the type its content was found to be when stored; anything else as opaque bytes.
  const accepted = rule.accept.some((t) => t.mediaType === file.content_type);
  return {
    file,
    contentType: accepted ? file.content_type : "application/octet-stream",
    inline: accepted && rule.kind === "image",
  };
}
