/**
 * Project notifications (000 §3, 002 §2.12): every notified outlet log row of the projects a user
 * sees, newest first, and marking them read for that user alone. Marking twice reads once.
 */
import type { Page } from "../../src/domain/requestInput";
import type { Queryable } from "../db/db";
import { NOTIFICATION_SELECT, NOTIFIED, notificationOf, type Viewer, visibleProjects } from "./cards";

export async function listNotifications(db: Queryable, viewer: Viewer, project: string | null, page: Page) {
  const params: unknown[] = [viewer.id];
  const where = [NOTIFIED, visibleProjects(viewer, params)];
  if (project !== null) {
    params.push(project);
    where.push(`p.slug = $${params.length}`);
  }
  const whereSql = where.join(" AND ");
  const [counted] = await db.query<{ count: number; unread: number }>(
    `SELECT count(*)::int AS count,
            count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM project_notification_reads r
                                               WHERE r.user_id = $1 AND r.outlet_log_id = l.id))::int AS unread
     FROM outlet_logs l JOIN outlets o ON o.id = l.outlet_id
     JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id WHERE ${whereSql}`,
    params,
  );
  const rows = await db.query<Parameters<typeof notificationOf>[0]>(
    `${NOTIFICATION_SELECT} WHERE ${whereSql} ORDER BY l.created DESC, l.id DESC
     LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.size, page.offset],
  );
  return { rows: rows.map(notificationOf), count: counted?.count ?? 0, unread: counted?.unread ?? 0 };
}

/** Marks as read those of the given notifications the viewer sees; the others are left alone. */
export async function markRead(db: Queryable, viewer: Viewer, ids: readonly number[], now: Date) {
  const params: unknown[] = [viewer.id, ids, now];
  const rows = await db.query<{ outlet_log_id: number }>(
    `INSERT INTO project_notification_reads (user_id, outlet_log_id, read_at)
     SELECT $1, l.id, $3 FROM outlet_logs l JOIN outlets o ON o.id = l.outlet_id
     JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE l.id = ANY($2::bigint[]) AND ${NOTIFIED} AND ${visibleProjects(viewer, params)}
     ON CONFLICT (user_id, outlet_log_id) DO NOTHING RETURNING outlet_log_id`,
    params,
  );
  return { marked: rows.length };
}
