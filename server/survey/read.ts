/**
 * Survey Details' reads (spec 001 §7, 002 §7): the question groups of an outlet's sub-project, a
 * group's questions with their answers for one workflow object (previous answers of the outlet's
 * earlier sub-project included), the answer-linked images of a group, all survey images of an
 * outlet, and one answer image. Each finds the workflow object through the caller's organisation
 * first (the field auditor's area: through the auditor's assignment), so a survey the caller may
 * not see is simply not found.
 */

import { AnswerId, AnswerImageId, SkuId } from "../../src/domain/api/ids";
import {
  type Answer,
  type AnswerImage,
  IMAGE_TYPES,
  type LinkedImage,
  type Question,
  type QuestionGroup,
} from "../../src/domain/survey/survey";
import { isInternal } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import type { OutletViewer } from "../outlets/access";

export type VisibleWorkflowObject = {
  id: number;
  outlet_id: number;
  rsid: string;
  sub_project_id: number;
  sub_project_type: string;
  workflow_state: string;
  type_of_calling: string | null;
  previous_outlet_id: number | null;
};

const VISIBLE_SQL = `SELECT w.id, o.id AS outlet_id, o.rsid, o.sub_project_id, s.type AS sub_project_type,
    o.workflow_state, w.type_of_calling,
    o.previous_outlet_id
  FROM workflow_objects w JOIN outlets o ON o.id = w.outlet_id
  JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
  WHERE ($2::boolean OR p.organisation_id = $3)`;

/** The workflow object with this id, if the caller sees its outlet. */
export async function visibleWorkflowObject(
  db: Queryable,
  viewer: OutletViewer,
  id: number,
  lock = false,
): Promise<VisibleWorkflowObject | null> {
  const [row] = await db.query<VisibleWorkflowObject>(
    `${VISIBLE_SQL} AND w.id = $1${lock ? " FOR UPDATE OF o" : ""}`,
    [id, isInternal(viewer.user), viewer.user.organisation_id],
  );
  return row ?? null;
}

/** The workflow object of the outlet with this id, if the caller sees the outlet. */
export async function visibleOutletSurvey(
  db: Queryable,
  viewer: OutletViewer,
  outletId: number,
): Promise<VisibleWorkflowObject | null> {
  const [row] = await db.query<VisibleWorkflowObject>(`${VISIBLE_SQL} AND o.id = $1`, [
    outletId,
    isInternal(viewer.user),
    viewer.user.organisation_id,
  ]);
  return row ?? null;
}

/**
 * The workflow object of the field auditor's own outlet with this RSID (the eMyTrack area), or
 * null when the outlet is not theirs or has no survey record.
 */
export async function auditorOutletSurvey(
  db: Queryable,
  auditorId: number,
  rsid: string,
): Promise<VisibleWorkflowObject | null> {
  // The auditor's assignment is the scope, so the organisation test is switched off as for staff.
  const [row] = await db.query<VisibleWorkflowObject>(
    `${VISIBLE_SQL} AND o.rsid = $1 AND o.auditor_id = $4`,
    [rsid, true, null, auditorId],
  );
  return row ?? null;
}

/** The URL an answer image is served at; `v` changes when the image does (cache-busting). */
export const answerImageUrl = (id: number, created: string) =>
  `/api/survey/answer-images/${id}/?v=${encodeURIComponent(created)}`;

export async function questionGroups(db: Queryable, subProjectId: number): Promise<QuestionGroup[]> {
  return db.query<QuestionGroup>(
    `SELECT g.id, g.name, g.slug, g.type,
       coalesce((SELECT json_agg(json_build_object('id', k.id, 'sku_code', k.sku_code, 'name', k.name)
                 ORDER BY array_position(g.related_sku_ids, k.id))
                 FROM skus k WHERE k.id = ANY (g.related_sku_ids)), '[]') AS related_sku_products,
       NOT EXISTS (SELECT 1 FROM questions q WHERE q.question_group_id = g.id
                   AND q.type <> ALL ($2::text[])) AS image_only
     FROM question_groups g WHERE g.sub_project_id = $1 ORDER BY g.position, g.id`,
    [subProjectId, IMAGE_TYPES],
  );
}

type AnswerRow = Omit<Answer, "images" | "previous_answers" | "sku_product"> & {
  question_id: number;
  question_name: string;
  sku_id: number | null;
  sku_code: string | null;
  sku_name: string | null;
};

const ANSWER_COLUMNS = `a.id, a.question_id, q.name AS question_name, q.type AS answer_type, a.single_input,
  a.multiple_answers_input, a.latitude_input, a.longitude_input, a.sku_id, k.sku_code, k.name AS sku_name,
  a.remarks, a.has_called_and_verified, a.is_edited, a.verified, a.verified_secondary, a.other_phone_number,
  a.other_ifsc_code, a.other_bank_name, a.other_branch_name, a.other_account_holder_name,
  a.other_upi_account_name, a.other_pan_holder_name, a.other_gst_trade_name, a.other_gst_legal_name,
  a.other_gst_registration_status, a.is_gst_trade_name_found, a.is_gst_legal_name_found, a.version`;

async function imagesOf(db: Queryable, answerIds: number[]): Promise<Map<number, AnswerImage[]>> {
  const byAnswer = new Map<number, AnswerImage[]>();
  if (answerIds.length === 0) return byAnswer;
  const rows = await db.query<{ id: number; answer_id: number; created: string }>(
    `SELECT id, answer_id, to_char(created AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSMS') AS created
     FROM answer_images WHERE answer_id = ANY ($1::bigint[]) ORDER BY answer_id, id`,
    [answerIds],
  );
  for (const r of rows) {
    const list = byAnswer.get(Number(r.answer_id)) ?? [];
    list.push({ id: AnswerImageId.make(r.id), image: answerImageUrl(r.id, r.created) });
    byAnswer.set(Number(r.answer_id), list);
  }
  return byAnswer;
}

/**
 * A group's questions, each with its answers for the workflow object (one, or one per SKU) and the
 * answers the outlet's earlier sub-project gave to the question of the same name.
 */
export async function groupAnswers(
  db: Queryable,
  wo: VisibleWorkflowObject,
  groupId: number,
): Promise<Question[] | null> {
  const questions = await db.query<Omit<Question, "related_answers">>(
    `SELECT q.id, q.name, q.type, q.is_mandatory, q.validations, q.reference_images, q.is_calling_necessary
     FROM questions q JOIN question_groups g ON g.id = q.question_group_id
     WHERE g.id = $1 AND g.sub_project_id = $2 ORDER BY q.position, q.id`,
    [groupId, wo.sub_project_id],
  );
  if (questions.length === 0) {
    const [group] = await db.query("SELECT 1 FROM question_groups WHERE id = $1 AND sub_project_id = $2", [
      groupId,
      wo.sub_project_id,
    ]);
    if (!group) return null;
  }
  const answers = await db.query<AnswerRow>(
    `SELECT ${ANSWER_COLUMNS} FROM answers a JOIN questions q ON q.id = a.question_id
     LEFT JOIN skus k ON k.id = a.sku_id
     WHERE a.workflow_object_id = $1 AND q.question_group_id = $2 ORDER BY q.position, a.id`,
    [wo.id, groupId],
  );
  const previous = wo.previous_outlet_id
    ? await db.query<AnswerRow & { workflow_object: number; sub_project_name: string }>(
        `SELECT ${ANSWER_COLUMNS}, a.workflow_object_id AS workflow_object, s.name AS sub_project_name
         FROM answers a JOIN questions q ON q.id = a.question_id LEFT JOIN skus k ON k.id = a.sku_id
         JOIN workflow_objects w ON w.id = a.workflow_object_id JOIN outlets o ON o.id = w.outlet_id
         JOIN sub_projects s ON s.id = o.sub_project_id
         WHERE o.id = $1 AND q.name = ANY ($2::text[])`,
        [wo.previous_outlet_id, questions.map((q) => q.name)],
      )
    : [];
  const images = await imagesOf(
    db,
    [...answers, ...previous].map((a) => Number(a.id)),
  );
  const toAnswer = (row: AnswerRow): Answer => {
    const { question_id: _q, question_name: _n, sku_id, sku_code, sku_name, ...rest } = row;
    return {
      ...rest,
      id: AnswerId.make(Number(row.id)),
      sku_product:
        sku_id === null ? null : { id: SkuId.make(sku_id), sku_code: sku_code ?? "", name: sku_name ?? "" },
      images: images.get(Number(row.id)) ?? [],
      previous_answers: previous
        .filter((p) => p.question_name === row.question_name && p.sku_id === sku_id)
        .map((p) => ({
          workflow_object: p.workflow_object,
          sub_project_name: p.sub_project_name,
          single_input: p.single_input,
          images: images.get(Number(p.id)) ?? [],
        })),
    };
  };
  return questions.map((q) => ({
    ...q,
    related_answers: answers.filter((a) => a.question_id === q.id).map(toAnswer),
  }));
}

/** The images of a group's answers for one workflow object (the answer-linked images call). */
export async function linkedImages(
  db: Queryable,
  wo: VisibleWorkflowObject,
  groupSlug: string,
): Promise<LinkedImage[] | null> {
  const [group] = await db.query<{ id: number }>(
    "SELECT id FROM question_groups WHERE slug = $1 AND sub_project_id = $2",
    [groupSlug, wo.sub_project_id],
  );
  if (!group) return null;
  return surveyImageRows(db, wo.id, group.id);
}

/** Every image of the outlet's survey answers, in question order. */
export const surveyImages = (db: Queryable, wo: VisibleWorkflowObject) => surveyImageRows(db, wo.id, null);

async function surveyImageRows(db: Queryable, woId: number, groupId: number | null): Promise<LinkedImage[]> {
  const rows = await db.query<{ id: number; question: string; created: string }>(
    `SELECT i.id, q.name AS question, to_char(i.created AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSMS') AS created
     FROM answer_images i JOIN answers a ON a.id = i.answer_id JOIN questions q ON q.id = a.question_id
     JOIN question_groups g ON g.id = q.question_group_id
     WHERE a.workflow_object_id = $1 AND ($2::int IS NULL OR g.id = $2)
     ORDER BY g.position, q.position, i.id`,
    [woId, groupId],
  );
  return rows.map((r) => ({
    id: AnswerImageId.make(r.id),
    image: answerImageUrl(r.id, r.created),
    question: r.question,
  }));
}

/** One answer image, if the caller sees the outlet it belongs to. */
export async function answerImage(
  db: Queryable,
  viewer: OutletViewer,
  imageId: number,
): Promise<{ content_type: string; content: Uint8Array } | null> {
  const [row] = await db.query<{ content_type: string; content: string }>(
    `SELECT i.content_type, encode(i.content, 'base64') AS content
     FROM answer_images i JOIN answers a ON a.id = i.answer_id JOIN workflow_objects w ON w.id = a.workflow_object_id
     JOIN outlets o ON o.id = w.outlet_id JOIN sub_projects s ON s.id = o.sub_project_id
     JOIN projects p ON p.id = s.project_id
     WHERE i.id = $1 AND ($2::boolean OR p.organisation_id = $3)`,
    [imageId, isInternal(viewer.user), viewer.user.organisation_id],
  );
  return row
    ? { content_type: row.content_type, content: new Uint8Array(Buffer.from(row.content, "base64")) }
    : null;
}
