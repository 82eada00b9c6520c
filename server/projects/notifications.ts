/**
 * Project notifications (000 §3, 002 §2.12): the notifications of the projects a user sees, newest
 * first, and marking them read for that user alone. Marking twice reads once.
 */
import { escapeLike, type Page } from "../../src/domain/shared/requestInput";
import type { Queryable } from "../db/db";
import { NOTIFICATION_DETAILS, notificationOf, type Viewer, visibleProjects } from "./cards";

export async function listNotifications(
  db: Queryable,
  viewer: Viewer,
  filter: { project: string | null; search: string | null },
  page: Page,
) {
  const params: unknown[] = [viewer.id];
  const where = [visibleProjects(viewer, params)];
  if (filter.project !== null) {
    params.push(filter.project);
    where.push(`p.slug = $${params.length}`);
  }
  // The table's search: the outlet's name or RSID.
  if (filter.search) {
    params.push(`%${escapeLike(filter.search)}%`);
    where.push(`EXISTS (SELECT 1 FROM outlet_logs sl JOIN outlets so ON so.id = sl.outlet_id
                        WHERE sl.id = n.outlet_log_id AND (so.name ILIKE $${params.length} OR so.rsid ILIKE $${params.length}))`);
  }
  const whereSql = where.join(" AND ");
  const [counted] = await db.query<{ count: number; unread: number }>(
    `SELECT count(*)::int AS count,
            count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM project_notification_reads r
                                               WHERE r.user_id = $1 AND r.outlet_log_id = n.outlet_log_id))::int AS unread
     FROM project_notifications n JOIN projects p ON p.id = n.project_id WHERE ${whereSql}`,
    params,
  );
  const rows = await db.query<Parameters<typeof notificationOf>[0]>(
    `SELECT d.* FROM (
       SELECT n.outlet_log_id, n.project_id, n.created FROM project_notifications n JOIN projects p ON p.id = n.project_id
       WHERE ${whereSql} ORDER BY n.created DESC, n.outlet_log_id DESC
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}
     ) n CROSS JOIN LATERAL (${NOTIFICATION_DETAILS} WHERE l.id = n.outlet_log_id) d
     ORDER BY n.created DESC, n.outlet_log_id DESC`,
    [...params, page.size, page.offset],
  );
  return { rows: rows.map(notificationOf), count: counted?.count ?? 0, unread: counted?.unread ?? 0 };
}

/** Marks as read those of the given notifications the viewer sees; the others are left alone. */
export async function markRead(db: Queryable, viewer: Viewer, ids: readonly number[], now: Date) {
  const params: unknown[] = [viewer.id, ids, now];
  const rows = await db.query<{ outlet_log_id: number }>(
    `INSERT INTO project_notification_reads (user_id, outlet_log_id, project_id, read_at)
     SELECT $1, n.outlet_log_id, n.project_id, $3 FROM project_notifications n JOIN projects p ON p.id = n.project_id
     WHERE n.outlet_log_id = ANY($2::bigint[]) AND ${visibleProjects(viewer, params)}
     ON CONFLICT (user_id, outlet_log_id) DO NOTHING RETURNING outlet_log_id`,
    params,
  );
  return { marked: rows.length };
}
