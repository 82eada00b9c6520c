/**
 * Users, roles and permissions lists (paginated): for admins and project managers only, a client
 * organisation's seeing only its own users.
 */
import { Hono } from "hono";
import * as api from "../../src/domain/api/auth";
import type { Page } from "../../src/domain/shared/requestInput";
import type { AppDeps, AppEnv } from "../context";
import { paginate } from "../http/pagination";
import { serve } from "../http/serve";
import { isInternal } from "./organisationScope";

/** A row of a list's answer, as it is sent. */
type Row<E extends { response: { Encoded: { results: readonly unknown[] } } }> =
  E["response"]["Encoded"]["results"][number];

export function adminRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  /** A page of a table's rows; `organisation` narrows a table with an organisation_id to one. */
  async function list<T>(
    url: string,
    page: Page,
    table: string,
    sql: string,
    organisation: number | null = null,
  ) {
    const where = organisation === null ? "" : " WHERE organisation_id = $1";
    const own = organisation === null ? [] : [organisation];
    const [counted] = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${table}${where}`,
      own,
    );
    const rows = await db.query<T>(`${sql} LIMIT $${own.length + 1} OFFSET $${own.length + 2}`, [
      ...own,
      page.size,
      page.offset,
    ]);
    return paginate(url, rows, counted?.count ?? 0, page);
  }

  // A client organisation's administrator lists only its own organisation's users.
  serve(app, deps, api.accessUsers, async ({ c, caller: { user }, page }) => {
    const organisation = isInternal(user) ? null : user.organisation_id;
    return list<Row<typeof api.accessUsers>>(
      c.req.url,
      page,
      "users",
      `SELECT u.id, u.username, u.name, u.email, u.phone_number, u.is_active,
                json_build_object('id', o.id, 'name', o.name, 'kind', o.kind) AS organisation,
                ARRAY(SELECT r.name FROM roles r JOIN user_roles ur ON ur.role_id = r.id
                      WHERE ur.user_id = u.id ORDER BY r.name) AS roles
         FROM users u JOIN organisations o ON o.id = u.organisation_id
         ${organisation === null ? "" : "WHERE u.organisation_id = $1"}
         ORDER BY u.username, u.id`,
      organisation,
    );
  });

  serve(app, deps, api.accessRoles, async ({ c, page }) =>
    list<Row<typeof api.accessRoles>>(
      c.req.url,
      page,
      "roles",
      `SELECT r.id, r.name, r.display_name,
                ARRAY(SELECT p.name FROM permissions p JOIN role_permissions rp ON rp.permission_id = p.id
                      WHERE rp.role_id = r.id ORDER BY p.name) AS permissions
         FROM roles r ORDER BY r.name, r.id`,
    ),
  );

  serve(app, deps, api.accessPermissions, async ({ c, page }) =>
    list<Row<typeof api.accessPermissions>>(
      c.req.url,
      page,
      "permissions",
      "SELECT id, name FROM permissions ORDER BY name, id",
    ),
  );

  return app;
}
