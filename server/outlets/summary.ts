/** Active outlets by workflow state, overall and per project, for the dashboard home (from outlet_counts). */
import type { OutletSummary } from "../../src/domain/outlets/outletListing";
import type { Queryable } from "../db/db";

export async function outletSummary(db: Queryable, subProjectIds: readonly number[]): Promise<OutletSummary> {
  const rows = await db.query<{
    slug: string;
    name: string;
    type: string;
    workflow_state: string;
    n: number;
  }>(
    `SELECT p.slug, p.name, p.type, c.workflow_state, sum(c.n)::int AS n
     FROM outlet_counts c
     JOIN sub_projects s ON s.id = c.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE c.sub_project_id = ANY($1::int[]) AND c.status = 'active' AND c.n > 0
     GROUP BY p.slug, p.name, p.type, c.workflow_state
     ORDER BY p.name, c.workflow_state`,
    [subProjectIds],
  );
  const byState: Record<string, number> = {};
  type Project = {
    slug: string;
    name: string;
    type: string;
    total: number;
    by_state: Record<string, number>;
  };
  const projects = new Map<string, Project>();
  for (const r of rows) {
    byState[r.workflow_state] = (byState[r.workflow_state] ?? 0) + r.n;
    const project = projects.get(r.slug) ?? {
      slug: r.slug,
      name: r.name,
      type: r.type,
      total: 0,
      by_state: {},
    };
    project.total += r.n;
    project.by_state[r.workflow_state] = r.n;
    projects.set(r.slug, project);
  }
  return { by_state: byState, projects: [...projects.values()] };
}
