/** The sub-project hub (000 §2.1): where the sub-project belongs, its cycles, its active outlets by state. */
import type { SubProjectHub } from "../../src/domain/projects/projects";
import type { Queryable } from "../db/db";
import { type Viewer, visibleProjects } from "./cards";

export async function subProjectHub(
  db: Queryable,
  viewer: Viewer,
  projectSlug: string,
  slug: string,
): Promise<SubProjectHub | null> {
  const params: unknown[] = [projectSlug, slug];
  const [found] = await db.query<{
    id: number;
    p_slug: string;
    p_name: string;
    p_type: string;
    slug: string;
    name: string;
    type: string;
    add_data_on_fly: boolean;
    parent_slug: string | null;
    parent_name: string | null;
  }>(
    `SELECT s.id, p.slug AS p_slug, p.name AS p_name, p.type AS p_type, s.slug, s.name, s.type,
            s.add_data_on_fly, ps.slug AS parent_slug, ps.name AS parent_name
     FROM sub_projects s JOIN projects p ON p.id = s.project_id
     LEFT JOIN sub_projects ps ON ps.id = s.parent_id
     WHERE p.slug = $1 AND s.slug = $2 AND ${visibleProjects(viewer, params)}`,
    params,
  );
  if (!found) return null;
  const counts = await db.query<{ workflow_state: string; n: number }>(
    `SELECT workflow_state, sum(n)::int AS n FROM outlet_counts
     WHERE sub_project_id = $1 AND status = 'active' AND n > 0 GROUP BY workflow_state ORDER BY workflow_state`,
    [found.id],
  );
  const cycles = await db.query<{ slug: string; name: string; type: string; outlets_count: number }>(
    `SELECT s.slug, s.name, s.type,
            (SELECT coalesce(sum(c.n), 0)::int FROM outlet_counts c
             WHERE c.sub_project_id = s.id AND c.status = 'active') AS outlets_count
     FROM sub_projects s WHERE s.parent_id = $1 ORDER BY s.name`,
    [found.id],
  );
  const byState = Object.fromEntries(counts.map((c) => [c.workflow_state, c.n]));
  return {
    project: { slug: found.p_slug, name: found.p_name, type: found.p_type },
    sub_project: {
      slug: found.slug,
      name: found.name,
      type: found.type,
      add_data_on_fly: found.add_data_on_fly,
      parent: found.parent_slug ? { slug: found.parent_slug, name: found.parent_name ?? "" } : null,
    },
    by_state: byState,
    total: counts.reduce((sum, c) => sum + c.n, 0),
    cycles,
  };
}
