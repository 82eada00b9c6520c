/**
 * Photo audit (docs/projects.md, "Photo audit"): a sub-project's survey photos with their decisions,
 * and one decision saved in its own transaction, at the version read. Only internal auditors reach
 * here, so every sub-project is theirs to audit.
 */

import { AnswerImageId, OutletId } from "../../src/domain/api/ids";
import type { PhotoAuditImage, PhotoAuditStatus, PhotoDecision } from "../../src/domain/projects/photoAudit";
import type { Page } from "../../src/domain/shared/requestInput";
import type { Db, Queryable } from "../db/db";
import { answerImageUrl } from "../survey/read";

type Row = {
  id: number;
  created: string;
  outlet_id: number;
  rsid: string;
  outlet_name: string;
  question: string;
  decision: PhotoDecision | null;
  reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  version: number | null;
};

const SELECT = `SELECT i.id, to_char(i.created AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSMS') AS created,
    o.id AS outlet_id, o.rsid, o.name AS outlet_name, q.name AS question, d.decision, d.reason,
    u.name AS decided_by, to_char(d.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS decided_at,
    d.version
  FROM answer_images i JOIN answers a ON a.id = i.answer_id JOIN questions q ON q.id = a.question_id
  JOIN workflow_objects w ON w.id = a.workflow_object_id JOIN outlets o ON o.id = w.outlet_id
  LEFT JOIN photo_audit_decisions d ON d.answer_image_id = i.id LEFT JOIN users u ON u.id = d.decided_by`;

const toImage = (r: Row): PhotoAuditImage => ({
  id: AnswerImageId.make(r.id),
  image: answerImageUrl(r.id, r.created),
  outlet: { id: OutletId.make(r.outlet_id), rsid: r.rsid, name: r.outlet_name },
  question: r.question,
  audit:
    r.decision === null
      ? null
      : {
          decision: r.decision,
          reason: r.reason,
          decided_by: r.decided_by ?? "",
          decided_at: r.decided_at ?? "",
        },
  version: r.version ?? 0,
});

/** The sub-project's id from the hub's two slugs, or null. */
export async function auditedSubProject(
  db: Queryable,
  projectSlug: string,
  slug: string,
): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    "SELECT s.id FROM sub_projects s JOIN projects p ON p.id = s.project_id WHERE p.slug = $1 AND s.slug = $2",
    [projectSlug, slug],
  );
  return row?.id ?? null;
}

/** A page of the sub-project's survey photos by status, in outlet and question order. */
export async function listPhotos(
  db: Queryable,
  subProjectId: number,
  status: PhotoAuditStatus | null,
  page: Page,
): Promise<{ rows: PhotoAuditImage[]; count: number }> {
  const where = `WHERE o.sub_project_id = $1 AND ($2::text IS NULL OR coalesce(d.decision, 'pending') = $2)`;
  const [counted] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${SELECT} ${where}) x`, [
    subProjectId,
    status,
  ]);
  const rows = await db.query<Row>(
    `${SELECT} ${where} ORDER BY o.rsid, q.position, i.id LIMIT $3 OFFSET $4`,
    [subProjectId, status, page.size, page.offset],
  );
  return { rows: rows.map(toImage), count: counted?.n ?? 0 };
}

export type DecisionOutcome =
  | { kind: "saved"; image: PhotoAuditImage }
  | { kind: "notFound" }
  | { kind: "changed" };

/** One photo's decision, at the version the auditor read: 0 adds the first, a later one replaces it. */
export async function decidePhoto(
  db: Db,
  subProjectId: number,
  imageId: number,
  decision: { decision: PhotoDecision; reason: string | null; version: number },
  userId: number,
  now: Date,
): Promise<DecisionOutcome> {
  return db.transaction(async (tx) => {
    const [found] = await tx.query<{ version: number | null }>(
      `SELECT d.version FROM answer_images i JOIN answers a ON a.id = i.answer_id
       JOIN workflow_objects w ON w.id = a.workflow_object_id JOIN outlets o ON o.id = w.outlet_id
       LEFT JOIN photo_audit_decisions d ON d.answer_image_id = i.id
       WHERE i.id = $1 AND o.sub_project_id = $2 FOR UPDATE OF i`,
      [imageId, subProjectId],
    );
    if (!found) return { kind: "notFound" };
    if ((found.version ?? 0) !== decision.version) return { kind: "changed" };
    await tx.query(
      `INSERT INTO photo_audit_decisions (answer_image_id, decision, reason, decided_by, decided_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (answer_image_id) DO UPDATE SET decision = EXCLUDED.decision, reason = EXCLUDED.reason,
         decided_by = EXCLUDED.decided_by, decided_at = EXCLUDED.decided_at,
         version = photo_audit_decisions.version + 1`,
      [imageId, decision.decision, decision.reason, userId, now],
    );
    const [row] = await tx.query<Row>(`${SELECT} WHERE i.id = $1`, [imageId]);
    return { kind: "saved", image: toImage(row!) };
  });
}

/** The decisions of the given survey photos, for the outlet's gallery. */
export async function photoAudits(db: Queryable, imageIds: readonly number[]) {
  const rows = await db.query<Row>(`${SELECT} WHERE i.id = ANY($1::int[]) AND d.decision IS NOT NULL`, [
    [...imageIds],
  ]);
  return new Map(rows.map((r) => [r.id, toImage(r).audit]));
}
