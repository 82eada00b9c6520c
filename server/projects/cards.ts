/**
 * The project cards (002 §2.12, §3): a page of the projects the caller may see, each with its
 * outlet count and the caller's project notifications, read from the outlet log.
 */

import { mayEditProject, projectFileUrl } from "../../src/domain/admin/resources/projects";
import { NotificationId } from "../../src/domain/api/ids";
import {
  CARD_NOTIFICATION_LIMIT,
  notificationTitle,
  notificationWhen,
  type ProjectCard,
  type ProjectNotification,
} from "../../src/domain/projects/projects";
import type { Page } from "../../src/domain/shared/requestInput";
import { escapeLike } from "../../src/domain/shared/requestInput";
import { adminCaller, isInternal } from "../auth/organisationScope";
import type { UserRow } from "../auth/users";
import type { Queryable } from "../db/db";
import { PAYOUT_TYPES } from "../payouts/reads";

export type Viewer = Pick<UserRow, "id" | "organisation_id" | "organisation_kind">;
/** A viewer of the cards, with the permissions that decide whether it may edit what it sees. */
export type CardViewer = Viewer & { permissions: readonly string[] };
export type CardFilter = { search: string | null; type: string | null; organisation: number | null };

/** WHERE of the projects a viewer sees: every project for internal staff, its own for a client. */
export function visibleProjects(viewer: Viewer, params: unknown[], alias = "p"): string {
  if (isInternal(viewer)) return "TRUE";
  params.push(viewer.organisation_id);
  return `${alias}.organisation_id = $${params.length}`;
}

type LogRow = {
  id: number;
  action: string;
  created: Date;
  outlet_name: string;
  rsid: string;
  sub_project: string;
  project: string;
  read: boolean;
};

/** The outlet log rows of the notified event types as list entries (000 §3). */
export function notificationOf(row: LogRow): ProjectNotification {
  const when = notificationWhen(row.created.toISOString());
  return {
    id: NotificationId.make(Number(row.id)),
    title: notificationTitle(row.action),
    subText: `${row.outlet_name} (${row.rsid}), ${row.sub_project}`,
    date: when.date,
    time: when.time,
    read: row.read,
    project: row.project,
    outlet: row.rsid,
  };
}

/**
 * The details of notification rows (`n`, from project_notifications) for a viewer whose user id is
 * $1: what happened, to which outlet, in which sub-project and project, and whether it was read.
 */
export const NOTIFICATION_DETAILS = `
  SELECT l.id, l.action, l.created, o.name AS outlet_name, o.rsid, s.name AS sub_project, p.slug AS project,
         EXISTS (SELECT 1 FROM project_notification_reads r WHERE r.user_id = $1 AND r.outlet_log_id = l.id) AS read
  FROM outlet_logs l JOIN outlets o ON o.id = l.outlet_id
  JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = n.project_id`;

export async function projectCards(
  db: Queryable,
  viewer: CardViewer,
  filter: CardFilter,
  page: Page,
): Promise<{ rows: (typeof ProjectCard.Encoded)[]; count: number }> {
  const params: unknown[] = [];
  const where = [visibleProjects(viewer, params)];
  if (filter.search) {
    params.push(`%${escapeLike(filter.search)}%`);
    where.push(`p.name ILIKE $${params.length}`);
  }
  if (filter.type) {
    params.push(filter.type);
    where.push(`p.type = $${params.length}`);
  }
  if (filter.organisation !== null) {
    params.push(filter.organisation);
    where.push(`p.organisation_id = $${params.length}`);
  }
  const whereSql = where.join(" AND ");
  const [counted] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM projects p WHERE ${whereSql}`,
    params,
  );
  // The page's projects first (in index order), then their organisations and outlet counts.
  const projects = await db.query<{
    id: number;
    slug: string;
    name: string;
    type: string;
    organisation: string;
    start_date: string;
    end_date: string;
    outlets: number;
    logo_file_id: number | null;
    deck_file_id: number | null;
    has_payouts: boolean;
  }>(
    `SELECT p.id, p.slug, p.name, p.type, (SELECT g.name FROM organisations g WHERE g.id = p.organisation_id) AS organisation,
            p.start_date::text AS start_date, p.end_date::text AS end_date, p.logo_file_id, p.deck_file_id,
            EXISTS (SELECT 1 FROM sub_projects s WHERE s.project_id = p.id AND s.type = ANY($${params.length + 3}::text[])) AS has_payouts,
            (SELECT coalesce(sum(c.n), 0)::int FROM outlet_counts c JOIN sub_projects s ON s.id = c.sub_project_id
             WHERE s.project_id = p.id AND c.status = 'active') AS outlets
     FROM (SELECT p.* FROM projects p WHERE ${whereSql} ORDER BY p.start_date DESC, p.id DESC
           LIMIT $${params.length + 1} OFFSET $${params.length + 2}) p
     ORDER BY p.start_date DESC, p.id DESC`,
    [...params, page.size, page.offset, PAYOUT_TYPES],
  );
  const ids = projects.map((p) => p.id);
  const notes =
    ids.length === 0
      ? { newest: [], unread: new Map<number, number>() }
      : await cardNotifications(db, viewer.id, ids);
  // Every card the viewer sees is a project of an organisation it may act for (visibleProjects).
  const pro = mayEditProject(viewer.permissions, adminCaller(viewer));
  const rows = projects.map((p) => {
    const mine = notes.newest.filter((n) => n.project_id === p.id);
    return {
      slug: p.slug,
      name: p.name,
      type: p.type,
      projectId: p.id,
      organisation: p.organisation,
      outlets_count: p.outlets,
      createdDate: p.start_date,
      endDate: p.end_date,
      notificationCount: notes.unread.get(p.id) ?? 0,
      notificationList: mine.map(notificationOf),
      logo: p.logo_file_id === null ? null : projectFileUrl(p.slug, "logo", p.logo_file_id),
      has_payouts: p.has_payouts,
      pro,
      deckPath: p.deck_file_id === null ? null : projectFileUrl(p.slug, "deck", p.deck_file_id),
    };
  });
  return { rows, count: counted?.count ?? 0 };
}

/** The newest notifications of each project, and how many of all its notifications are unread. */
async function cardNotifications(db: Queryable, userId: number, projectIds: number[]) {
  const newest = await db.query<LogRow & { project_id: number }>(
    `SELECT d.*, n.project_id FROM unnest($2::int[]) AS pid(id)
     CROSS JOIN LATERAL (
       SELECT x.outlet_log_id, x.project_id, x.created FROM project_notifications x WHERE x.project_id = pid.id
       ORDER BY x.created DESC, x.outlet_log_id DESC LIMIT ${CARD_NOTIFICATION_LIMIT}
     ) n
     CROSS JOIN LATERAL (${NOTIFICATION_DETAILS} WHERE l.id = n.outlet_log_id) d
     ORDER BY n.created DESC, n.outlet_log_id DESC`,
    [userId, projectIds],
  );
  const unread = await db.query<{ id: number; unread: number }>(
    `SELECT pid.id,
            (SELECT count(*) FROM project_notifications n WHERE n.project_id = pid.id)::int
          - (SELECT count(*) FROM project_notification_reads r WHERE r.user_id = $1 AND r.project_id = pid.id)::int
            AS unread
     FROM unnest($2::int[]) AS pid(id)`,
    [userId, projectIds],
  );
  return { newest, unread: new Map(unread.map((u) => [u.id, u.unread])) };
}
