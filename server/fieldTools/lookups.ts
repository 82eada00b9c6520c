/**
 * The field tools' lookups (spec 002 §7): projects, a project's sub-projects, the auditors working in
 * a sub-project (the multi-object lookup is server/lookups).
 */
import type { FieldAuditorId, ProjectId, SubProjectId } from "../../src/domain/api/ids";
import type { Named } from "../../src/domain/fieldTools/fieldTools";

import type { Queryable } from "../db/db";

export const projects = (db: Queryable): Promise<Named<ProjectId>[]> =>
  db.query<Named<ProjectId>>("SELECT id, name FROM projects ORDER BY name, id");

export const subProjectsOf = (db: Queryable, projectId: number): Promise<Named<SubProjectId>[]> =>
  db.query<Named<SubProjectId>>("SELECT id, name FROM sub_projects WHERE project_id = $1 ORDER BY name, id", [
    projectId,
  ]);

/** The auditors who work in a sub-project: those assigned any of its outlets. */
export const auditorsOf = (db: Queryable, subProjectId: number): Promise<Named<FieldAuditorId>[]> =>
  db.query<Named<FieldAuditorId>>(
    `SELECT a.id, a.name FROM field_auditors a
     WHERE EXISTS (SELECT 1 FROM outlets o WHERE o.auditor_id = a.id AND o.sub_project_id = $1)
     ORDER BY a.name, a.id`,
    [subProjectId],
  );
