/**
 * Who may see which outlets: a signed-in user holding an outlet permission (`mayReadOutlets`); an
 * internal user sees every organisation's outlets, a client user only its own organisation's.
 */

import type { Context } from "hono";
import type { UserDetails } from "../../src/domain/auth/auth";
import type { OutletListingFilter } from "../../src/domain/outlets/outletListing";
import { mayReadOutlets } from "../../src/domain/shared/permissions";
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
  if (!mayReadOutlets(details.permissions)) throw new Problem(403, { ...FORBIDDEN });
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

export type ListScopeNames = {
  project: { slug: string; name: string } | null;
  sub_project: { slug: string; name: string } | null;
};

/**
 * The project and sub-project a scoped list names, or null when they do not exist or belong to
 * another organisation than a client caller's: such a list is not found, not merely empty.
 */
export async function listScopeNames(
  db: Queryable,
  viewer: OutletViewer,
  scope: OutletListingFilter["scope"],
): Promise<ListScopeNames | null> {
  const internal = isInternal(viewer.user);
  const visible = "($1::boolean OR p.organisation_id = $2)";
  const subProjectSlug = scope.sub_project ?? scope.cycle_of;
  let names: ListScopeNames = { project: null, sub_project: null };
  if (subProjectSlug) {
    const [row] = await db.query<{ p_slug: string; p_name: string; s_slug: string; s_name: string }>(
      `SELECT p.slug AS p_slug, p.name AS p_name, s.slug AS s_slug, s.name AS s_name
       FROM sub_projects s JOIN projects p ON p.id = s.project_id WHERE s.slug = $3 AND ${visible}`,
      [internal, viewer.user.organisation_id, subProjectSlug],
    );
    if (!row) return null;
    names = {
      project: { slug: row.p_slug, name: row.p_name },
      sub_project: { slug: row.s_slug, name: row.s_name },
    };
  }
  if (scope.project) {
    const [row] = await db.query<{ slug: string; name: string }>(
      `SELECT p.slug, p.name FROM projects p WHERE p.slug = $3 AND ${visible}`,
      [internal, viewer.user.organisation_id, scope.project],
    );
    if (!row || (names.project && names.project.slug !== row.slug)) return null;
    names = { ...names, project: row };
  }
  return names;
}

/** A scoped list the caller may not see answers 404, like an outlet the caller may not see. */
export async function requireListScope(
  db: Queryable,
  viewer: OutletViewer,
  scope: OutletListingFilter["scope"],
): Promise<ListScopeNames> {
  const names = await listScopeNames(db, viewer, scope);
  if (!names) throw new Problem(404, { detail: "Not found." });
  return names;
}
