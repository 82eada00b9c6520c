/** The jobs table: reading jobs in the API's shape, the waiting queue, audit entries and notifications. */

import { ExportJobId, JobId, SubProjectId } from "../../src/domain/api/ids";
import { escapeLike } from "../../src/domain/shared/requestInput";
import type { BulkUploadJob, JobStatus } from "../../src/domain/uploads/bulkUpload";
import type { Queryable } from "../db/db";
import { fileLink } from "./files";
import type { UploadScope } from "./scope";

export type JobRow = {
  id: number;
  object_type: string;
  organisation_id: number;
  project_id: number | null;
  sub_project_id: number | null;
  question_group: string | null;
  created_by: number;
  created: Date;
  file_id: number;
  file_name: string;
  status: JobStatus;
  total_objects: number;
  total_clean_objects: number;
  total_unclean_objects: number;
  total_validated_objects: number;
  progress: number;
  clean_file_id: number | null;
  unclean_file_id: number | null;
  message: string | null;
  export_job_id: number | null;
  created_by_name: string;
  sub_project_name: string | null;
  clean_file_name: string | null;
  unclean_file_name: string | null;
  celery_queue_index: number;
  celery_queue_length: number;
};

/** Waiting jobs are those no worker holds yet; their place is their order of arrival. */
const JOB_SELECT = `
  SELECT j.id, j.object_type, j.organisation_id, j.project_id, j.sub_project_id, j.question_group,
         j.created_by, j.created, j.file_id, j.file_name, j.status, j.total_objects, j.total_clean_objects,
         j.total_unclean_objects, j.total_validated_objects, j.progress, j.clean_file_id, j.unclean_file_id,
         j.message, j.export_job_id, u.name AS created_by_name, s.name AS sub_project_name,
         cf.name AS clean_file_name, uf.name AS unclean_file_name,
         CASE WHEN j.status = 'processing' AND j.claimed_at IS NULL
           THEN (SELECT count(*) FROM bulk_upload_jobs q
                 WHERE q.status = 'processing' AND q.claimed_at IS NULL AND q.id <= j.id)
           ELSE 0 END AS celery_queue_index,
         (SELECT count(*) FROM bulk_upload_jobs q WHERE q.status = 'processing' AND q.claimed_at IS NULL)
           AS celery_queue_length
  FROM bulk_upload_jobs j
  JOIN users u ON u.id = j.created_by
  LEFT JOIN sub_projects s ON s.id = j.sub_project_id
  LEFT JOIN stored_files cf ON cf.id = j.clean_file_id
  LEFT JOIN stored_files uf ON uf.id = j.unclean_file_id`;

export function toApiJob(row: JobRow): BulkUploadJob {
  return {
    id: JobId.make(row.id),
    object_type: row.object_type,
    file: fileLink(row.file_id, row.file_name),
    file_name: row.file_name,
    config: {
      sub_project: row.sub_project_name,
      sub_project_id: row.sub_project_id === null ? null : SubProjectId.make(row.sub_project_id),
    },
    created_by: { name: row.created_by_name },
    created: row.created.toISOString(),
    status: row.status,
    total_objects: row.total_objects,
    total_clean_objects: row.total_clean_objects,
    total_unclean_objects: row.total_unclean_objects,
    total_validated_objects: row.total_validated_objects,
    celery_queue_index: Number(row.celery_queue_index),
    celery_queue_length: Number(row.celery_queue_length),
    clean_objects_media_path:
      row.clean_file_id && row.clean_file_name ? fileLink(row.clean_file_id, row.clean_file_name) : null,
    unclean_objects_media_path:
      row.unclean_file_id && row.unclean_file_name
        ? fileLink(row.unclean_file_id, row.unclean_file_name)
        : null,
    progress: row.progress,
    message: row.message,
    export_job_id: row.export_job_id === null ? null : ExportJobId.make(row.export_job_id),
  };
}

export const scopeOfJob = (job: JobRow): UploadScope => ({
  organisationId: job.organisation_id,
  projectId: job.project_id,
  subProjectId: job.sub_project_id,
  subProjectName: job.sub_project_name,
  questionGroup: job.question_group,
});

/**
 * Jobs of one kind in one place (same type, organisation and project or none), optionally by file
 * name: $4 is the search with its LIKE characters escaped, so % and _ match only themselves.
 */
const KIND_WHERE = `j.object_type = $1 AND j.organisation_id = $2 AND j.project_id IS NOT DISTINCT FROM $3
  AND ($4::text = '' OR j.file_name ILIKE '%' || $4 || '%')`;

export async function listJobs(
  db: Queryable,
  objectType: string,
  scope: UploadScope,
  page: { size: number; offset: number },
  search = "",
): Promise<{ rows: JobRow[]; count: number }> {
  const params = [objectType, scope.organisationId, scope.projectId, escapeLike(search.trim())];
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    `SELECT count(*) AS count FROM bulk_upload_jobs j WHERE ${KIND_WHERE}`,
    params,
  );
  const rows = await db.query<JobRow>(
    `${JOB_SELECT} WHERE ${KIND_WHERE} ORDER BY j.id DESC LIMIT $5 OFFSET $6`,
    [...params, page.size, page.offset],
  );
  return { rows, count };
}

export async function findJob(db: Queryable, id: number): Promise<JobRow | undefined> {
  return (await db.query<JobRow>(`${JOB_SELECT} WHERE j.id = $1`, [id]))[0];
}

/** Advisory lock namespace of the kinds of uploads (the two-key form, apart from LOCK_MIGRATE and LOCK_SEED). */
const LOCK_UPLOAD_KIND = 7311;

/**
 * Locks the job for the rest of the transaction, its kind first: confirm, cancel and Pay Now take
 * the lock on the job's type and place, then the job row. A confirm also cancels the rival jobs of
 * that kind; holding the kind first means two confirms take turns instead of each holding its own
 * row and waiting for the other's (a deadlock). The kind of a job never changes, so reading it
 * before the lock is safe.
 */
export async function lockJob(tx: Queryable, id: number): Promise<JobRow | undefined> {
  const [kind] = await tx.query<{ object_type: string; organisation_id: number; project_id: number | null }>(
    "SELECT object_type, organisation_id, project_id FROM bulk_upload_jobs WHERE id = $1",
    [id],
  );
  if (!kind) return undefined;
  await tx.query("SELECT pg_advisory_xact_lock($1::int, hashtext($2))", [
    LOCK_UPLOAD_KIND,
    `${kind.object_type}/${kind.organisation_id}/${kind.project_id ?? ""}`,
  ]);
  await tx.query("SELECT id FROM bulk_upload_jobs WHERE id = $1 FOR UPDATE", [id]);
  return findJob(tx, id);
}

export async function audit(
  tx: Queryable,
  entry: { userId: number; action: string; jobId: number; detail: Record<string, unknown>; at: Date },
): Promise<void> {
  await tx.query(
    "INSERT INTO upload_audit_log (user_id, action, job_id, detail, created) VALUES ($1, $2, $3, $4, $5)",
    [entry.userId, entry.action, entry.jobId, JSON.stringify(entry.detail), entry.at],
  );
}

export async function notifyUser(
  tx: Queryable,
  entry: { userId: number; title: string; subText: string; jobId: number; at: Date },
): Promise<void> {
  await tx.query(
    "INSERT INTO upload_notifications (user_id, title, sub_text, job_id, created) VALUES ($1, $2, $3, $4, $5)",
    [entry.userId, entry.title, entry.subText, entry.jobId, entry.at],
  );
}
