/**
 * The field tools' lookups (spec 002 §7): projects, a project's sub-projects, the auditors working in
 * a sub-project, and the multi-object lookup that answers one list per named object.
 */
import type { Named } from "../../src/domain/fieldTools";
import type { Queryable } from "../db/db";
import { fieldProblem } from "../http/problem";

export const projects = (db: Queryable): Promise<Named[]> =>
  db.query<Named>("SELECT id, name FROM projects ORDER BY name, id");

export const subProjectsOf = (db: Queryable, projectId: number): Promise<Named[]> =>
  db.query<Named>("SELECT id, name FROM sub_projects WHERE project_id = $1 ORDER BY name, id", [projectId]);

/** The auditors who work in a sub-project: those assigned any of its outlets. */
export const auditorsOf = (db: Queryable, subProjectId: number): Promise<Named[]> =>
  db.query<Named>(
    `SELECT a.id, a.name FROM field_auditors a
     WHERE EXISTS (SELECT 1 FROM outlets o WHERE o.auditor_id = a.id AND o.sub_project_id = $1)
     ORDER BY a.name, a.id`,
    [subProjectId],
  );

/** Each object the lookup can answer, by the name the client asks for. */
const OBJECTS: Record<string, (db: Queryable) => Promise<Named[]>> = {
  workflow_field_auditors: (db) => db.query<Named>("SELECT id, name FROM field_auditors ORDER BY name, id"),
};

export const MAX_LOOKUP_OBJECTS = 10;

/** POST objects [...] → one list per object; an object the server does not know is a named 400. */
export async function multiObjectLookup(
  db: Queryable,
  body: Record<string, unknown>,
): Promise<Record<string, Named[]>> {
  const objects = body.objects;
  if (!Array.isArray(objects) || objects.length === 0 || objects.length > MAX_LOOKUP_OBJECTS)
    throw fieldProblem("objects", `Give a list of 1 to ${MAX_LOOKUP_OBJECTS} object names.`);
  const out: Record<string, Named[]> = {};
  for (const name of objects) {
    const read = typeof name === "string" && Object.hasOwn(OBJECTS, name) ? OBJECTS[name] : undefined;
    if (!read)
      throw fieldProblem("objects", `"${String(name).slice(0, 100)}" is not an object the lookup knows.`);
    out[name as string] = await read(db);
  }
  return out;
}
