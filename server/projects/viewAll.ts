/**
 * View all (docs/projects.md, "View all"): the caller's project notifications (those of the
 * projects they see, when they may read outlets) and their own upload notifications, one list
 * newest first. The page's keys are read from both tables at once and only the page's details after.
 */
import { JobId } from "../../src/domain/api/ids";
import { notificationWhen } from "../../src/domain/projects/projects";
import type { ViewAllEntry, ViewAllKind } from "../../src/domain/projects/viewAll";
import { mayReadOutlets } from "../../src/domain/shared/permissions";
import { escapeLike, type Page } from "../../src/domain/shared/requestInput";
import type { Queryable } from "../db/db";
import { NOTIFICATION_DETAILS, notificationOf, type Viewer, visibleProjects } from "./cards";

type Key = { kind: ViewAllKind; id: number };

export async function viewAll(
  db: Queryable,
  viewer: Viewer & { permissions: readonly string[] },
  filter: { kind: ViewAllKind | null; search: string | null },
  page: Page,
): Promise<{ rows: ViewAllEntry[]; count: number; unread: number }> {
  const { kind, search } = filter;
  const params: unknown[] = [viewer.id];
  // A search's pattern is the second parameter of both sources.
  if (search) params.push(`%${escapeLike(search)}%`);
  const sources: string[] = [];
  if (kind !== "upload" && mayReadOutlets(viewer.permissions))
    sources.push(`SELECT 'project' AS kind, n.outlet_log_id AS id, n.created,
                         NOT EXISTS (SELECT 1 FROM project_notification_reads r
                                     WHERE r.user_id = $1 AND r.outlet_log_id = n.outlet_log_id) AS unread
                  FROM project_notifications n JOIN projects p ON p.id = n.project_id
                  WHERE ${visibleProjects(viewer, params)}${
                    search
                      ? ` AND EXISTS (SELECT 1 FROM outlet_logs sl JOIN outlets so ON so.id = sl.outlet_id
                             WHERE sl.id = n.outlet_log_id AND (so.name ILIKE $2 OR so.rsid ILIKE $2))`
                      : ""
                  }`);
  if (kind !== "project")
    sources.push(`SELECT 'upload' AS kind, u.id, u.created, false AS unread
                  FROM upload_notifications u WHERE u.user_id = $1${
                    search ? " AND (u.title ILIKE $2 OR u.sub_text ILIKE $2)" : ""
                  }`);
  if (sources.length === 0) return { rows: [], count: 0, unread: 0 };
  const all = sources.join(" UNION ALL ");
  const [counted] = await db.query<{ count: number; unread: number }>(
    `SELECT count(*)::int AS count, count(*) FILTER (WHERE unread)::int AS unread FROM (${all}) e`,
    params,
  );
  const keys = await db.query<Key>(
    `SELECT kind, id FROM (${all}) e ORDER BY created DESC, kind, id DESC
     LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.size, page.offset],
  );
  const ids = (k: ViewAllKind) => keys.filter((key) => key.kind === k).map((key) => key.id);
  const projectRows = await db.query<Parameters<typeof notificationOf>[0]>(
    `SELECT d.* FROM project_notifications n
     CROSS JOIN LATERAL (${NOTIFICATION_DETAILS} WHERE l.id = n.outlet_log_id) d
     WHERE n.outlet_log_id = ANY($2::bigint[])`,
    [viewer.id, ids("project")],
  );
  const uploadRows = await db.query<{
    id: number;
    title: string;
    sub_text: string;
    created: Date;
    job: number | null;
    object_type: string | null;
    organisation: string | null;
    project: string | null;
    sub_project: string | null;
  }>(
    `SELECT u.id, u.title, u.sub_text, u.created, j.id AS job, j.object_type, o.slug AS organisation,
            p.slug AS project, s.slug AS sub_project
     FROM upload_notifications u
     LEFT JOIN bulk_upload_jobs j ON j.id = u.job_id
     LEFT JOIN organisations o ON o.id = j.organisation_id
     LEFT JOIN sub_projects s ON s.id = j.sub_project_id
     LEFT JOIN projects p ON p.id = coalesce(s.project_id, j.project_id)
     WHERE u.id = ANY($1::int[]) AND u.user_id = $2`,
    [ids("upload"), viewer.id],
  );
  const entries = new Map<string, ViewAllEntry>();
  for (const row of projectRows) {
    const n = notificationOf(row);
    const { id, title, subText, date, time, read, outlet } = n;
    entries.set(`project/${id}`, {
      kind: "project",
      id,
      title,
      subText,
      date,
      time,
      read,
      outlet,
      upload: null,
    });
  }
  for (const row of uploadRows)
    entries.set(`upload/${row.id}`, {
      kind: "upload",
      id: row.id,
      title: row.title,
      subText: row.sub_text,
      ...notificationWhen(row.created.toISOString()),
      read: null,
      outlet: null,
      upload:
        row.job !== null && row.object_type !== null && row.organisation !== null
          ? {
              job: JobId.make(row.job),
              object_type: row.object_type,
              organisation: row.organisation,
              project: row.project,
              sub_project: row.sub_project,
            }
          : null,
    });
  const rows = keys.flatMap((k) => {
    const entry = entries.get(`${k.kind}/${k.id}`);
    return entry ? [entry] : [];
  });
  return { rows, count: counted?.count ?? 0, unread: counted?.unread ?? 0 };
}
