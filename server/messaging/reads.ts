/**
 * The WhatsApp delivery logs (docs/messaging.md): the messages with their status, error and
 * history, and their counts per upload, template and day. Messages are the platform's (the Bulk
 * WhatsApp Message upload is an internal team's), so the logs are not narrowed by organisation.
 */
import type { MessageQuery, MessageRow, SummaryRow } from "../../src/domain/messaging/messaging";
import type { Queryable } from "../db/db";
import type { Page } from "../http/pagination";

const FILTER = `FROM whatsapp_messages m JOIN bulk_upload_jobs j ON j.id = m.job_id
  WHERE ($1::int IS NULL OR m.job_id = $1) AND ($2::text IS NULL OR m.status = $2)
    AND ($3::text IS NULL OR m.template_name = $3) AND ($4::text IS NULL OR m.phone_number LIKE $4)`;

const filterArgs = (q: MessageQuery) => [
  q.job === undefined ? null : Number(q.job),
  q.status ?? null,
  q.template_name ?? null,
  q.search?.trim() ? `%${q.search.trim()}%` : null,
];

export async function listMessages(db: Queryable, q: MessageQuery, page: Page) {
  const args = filterArgs(q);
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count ${FILTER}`,
    args,
  );
  const rows = await db.query<MessageRow>(
    `SELECT m.id, m.job_id, j.file_name, m.phone_number, m.template_name, m.message, m.status, m.error,
       to_char(j.activated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS queued_at,
       to_char(coalesce(m.status_changed_at, j.activated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at,
       coalesce((SELECT json_agg(json_build_object('status', e.status, 'error', e.error,
           'at', to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY e.id)
         FROM whatsapp_message_events e WHERE e.message_id = m.id), '[]'::json) AS history
     ${FILTER} ORDER BY m.job_id DESC, m.id LIMIT $5 OFFSET $6`,
    [...args, page.size, page.offset],
  );
  return { rows, count };
}

/** Per upload, template and the day the upload was confirmed (UTC), newest upload first. */
export async function messageSummary(db: Queryable, job: number | null): Promise<SummaryRow[]> {
  return db.query<SummaryRow>(
    `SELECT m.job_id, j.file_name, m.template_name,
       to_char(j.activated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS total,
       count(*) FILTER (WHERE m.status = 'queued')::int AS queued,
       count(*) FILTER (WHERE m.status = 'sent')::int AS sent,
       count(*) FILTER (WHERE m.status = 'delivered')::int AS delivered,
       count(*) FILTER (WHERE m.status = 'read')::int AS read,
       count(*) FILTER (WHERE m.status = 'failed')::int AS failed
     FROM whatsapp_messages m JOIN bulk_upload_jobs j ON j.id = m.job_id
     WHERE $1::int IS NULL OR m.job_id = $1
     GROUP BY m.job_id, j.file_name, m.template_name, day ORDER BY m.job_id DESC, m.template_name`,
    [job],
  );
}
