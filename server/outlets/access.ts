/**
 * Who may see which outlets: every signed-in user holding a dashboard or workflow permission; an
 * internal user sees every organisation's outlets, a client user only its own organisation's.
 */

import type { Context } from "hono";
import type { UserDetails } from "../../src/domain/auth";
import type { OutletListingFilter } from "../../src/domain/outletListing";
import { FORBIDDEN, requireUser } from "../auth/guard";
import { isInternal } from "../auth/organisationScope";
import { userDetails } from "../auth/users";
import type { AppDeps, AppEnv, AuthState } from "../context";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";

export type OutletViewer = AuthState & { details: UserDetails };

export async function requireOutletViewer(c: Context<AppEnv>, deps: AppDeps): Promise<OutletViewer> {
  const auth = requireUser(c);
  const details = await userDetails(deps.db, auth.user);
  if (details.permissions.length === 0) throw new Problem(403, { ...FORBIDDEN });
  return { ...auth, details };
}

export type VisibleSubProject = { id: number; type: string; organisation_id: number };

/**
 * The sub-projects whose outlets the viewer sees, narrowed to a project (slug), a sub-project
 * (slug) or the cycles of a sub-project (slug) when the list is scoped to one.
 */
export async function visibleSubProjects(
  db: Queryable,
  viewer: OutletViewer,
  scope: OutletListingFilter["scope"] = {},
): Promise<VisibleSubProject[]> {
  const params: unknown[] = [isInternal(viewer.user), viewer.user.organisation_id];
  const where = ["($1::boolean OR p.organisation_id = $2)"];
  if (scope.project) {
    params.push(scope.project);
    where.push(`p.slug = $${params.length}`);
  }
  if (scope.sub_project) {
    params.push(scope.sub_project);
    where.push(`s.slug = $${params.length}`);
  }
  if (scope.cycle_of) {
    params.push(scope.cycle_of);
    where.push(`s.parent_id = (SELECT id FROM sub_projects WHERE slug = $${params.length})`);
  }
  return db.query<VisibleSubProject>(
    `SELECT s.id, s.type, p.organisation_id FROM sub_projects s JOIN projects p ON p.id = s.project_id
     WHERE ${where.join(" AND ")} ORDER BY s.id`,
    params,
  );
}
