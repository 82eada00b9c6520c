/**
 * A sub-project's outlet management (docs/projects.md, "Outlet management"): how many outlets each
 * kind's list shows when opened, counted as that list counts them: active outlets, and the
 * inactive ones for their own list.
 */
import type { OutletManagement } from "../../src/domain/outlets/outletManagement";
import type { Queryable } from "../db/db";
import { OBJECT_TYPE_SQL } from "../outlets/listing";
import { type Viewer, visibleProjects } from "./cards";

export async function outletManagement(
  db: Queryable,
  viewer: Viewer,
  projectSlug: string,
  slug: string,
): Promise<OutletManagement | null> {
  const params: unknown[] = [projectSlug, slug];
  const [found] = await db.query<{ id: number; p_slug: string; p_name: string; slug: string; name: string }>(
    `SELECT s.id, p.slug AS p_slug, p.name AS p_name, s.slug, s.name
     FROM sub_projects s JOIN projects p ON p.id = s.project_id
     WHERE p.slug = $1 AND s.slug = $2 AND ${visibleProjects(viewer, params)}`,
    params,
  );
  if (!found) return null;
  const active = (kind: keyof typeof OBJECT_TYPE_SQL) =>
    `count(*) FILTER (WHERE o.status = 'active' AND ${OBJECT_TYPE_SQL[kind]})::int`;
  const [counts] = await db.query<OutletManagement["counts"]>(
    `SELECT ${active("outlets")} AS outlets, ${active("temporary")} AS temporary,
            count(*) FILTER (WHERE ${OBJECT_TYPE_SQL.inactive})::int AS inactive,
            ${active("recovered")} AS recovered
     FROM outlets o WHERE o.sub_project_id = $1`,
    [found.id],
  );
  return {
    project: { slug: found.p_slug, name: found.p_name },
    sub_project: { slug: found.slug, name: found.name },
    counts: counts ?? { outlets: 0, temporary: 0, inactive: 0, recovered: 0 },
  };
}
