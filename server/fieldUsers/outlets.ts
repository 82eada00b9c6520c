/**
 * The field auditor's outlets: every query takes the auditor's id and reads only outlets assigned
 * to them, so another auditor's outlet is simply not found.
 */
import {
  type FieldDecision,
  type FieldList,
  type FieldOutlet,
  type FieldOutletDetail,
  type FieldOutletSummary,
  type FieldQuestionGroup,
  type FieldSurveyListing,
  fieldAnswerOf,
  fieldListOf,
  fieldListPairs,
} from "../../src/domain/ekyc/fieldUser";
import { escapeLike } from "../../src/domain/shared/requestInput";
import type { Queryable } from "../db/db";
import type { Page } from "../http/pagination";
import { auditorOutletSurvey, groupAnswers, questionGroups } from "../survey/read";

const instant = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const ROW_SQL = `o.rsid, o.rsid AS slug, o.name, o.owner_name, c.name AS city, o.workflow_state,
  ${instant("o.modified")} AS modified`;

const DECISIONS_SQL = `SELECT l.to_state, l.reasons, l.description, ${instant("l.created")} AS created
  FROM outlet_logs l WHERE l.outlet_id = $1 ORDER BY l.created DESC, l.id DESC`;

/** Counts by workflow state, and by list with the same rule the lists filter with. */
export async function fieldOutletSummary(db: Queryable, auditorId: number): Promise<FieldOutletSummary> {
  const rows = await db.query<{ type: string; workflow_state: string; count: number }>(
    `SELECT s.type, o.workflow_state, count(*)::int AS count
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
     WHERE o.auditor_id = $1 GROUP BY s.type, o.workflow_state`,
    [auditorId],
  );
  const byState = new Map<string, number>();
  const lists = { pending: 0, rejected: 0, completed: 0 };
  for (const row of rows) {
    byState.set(row.workflow_state, (byState.get(row.workflow_state) ?? 0) + row.count);
    const list = fieldListOf(row.type, row.workflow_state);
    if (list) lists[list] += row.count;
  }
  const results = [...byState]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([workflow_state, count]) => ({ workflow_state, count }));
  return { results, total: rows.reduce((sum, r) => sum + r.count, 0), lists };
}

/** One page of a list, newest change first; search finds an RSID, outlet name or owner name. */
export async function fieldOutletPage(
  db: Queryable,
  auditorId: number,
  list: FieldList,
  search: string,
  page: Page,
): Promise<{ rows: FieldOutlet[]; count: number }> {
  const { types, states } = fieldListPairs(list);
  const params: unknown[] = [auditorId, types, states];
  // The (type, state) pairs become (sub-project, state) pairs over the few sub-projects, so the
  // auditor's outlets are read from the index of migration 0020 alone.
  const where = [
    "o.auditor_id = $1",
    `(o.sub_project_id, o.workflow_state) IN (SELECT s.id, u.state FROM sub_projects s
       JOIN unnest($2::text[], $3::text[]) AS u(type, state) ON u.type = s.type)`,
  ];
  if (search.trim()) {
    params.push(`%${escapeLike(search.trim())}%`);
    where.push(`(o.rsid ILIKE $4 OR o.name ILIKE $4 OR o.owner_name ILIKE $4)`);
  }
  const filter = `WHERE ${where.join(" AND ")}`;
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM outlets o ${filter}`,
    params,
  );
  // The page's ids first, from the index alone; only its rows are then read with their city.
  const rows = await db.query<FieldOutlet>(
    `SELECT ${ROW_SQL} FROM (SELECT o.id FROM outlets o ${filter}
       ORDER BY o.modified DESC, o.rsid LIMIT $${params.length + 1} OFFSET $${params.length + 2}) p
     JOIN outlets o ON o.id = p.id JOIN cities c ON c.id = o.city_id
     ORDER BY o.modified DESC, o.rsid`,
    [...params, page.size, (page.number - 1) * page.size],
  );
  return { rows, count };
}

/** The auditor's own outlet by RSID and its id, or null when it is not theirs. */
async function ownOutlet(db: Queryable, auditorId: number, slug: string) {
  const [row] = await db.query<
    Omit<FieldOutletDetail, "list" | "last_decision"> & { id: number; type: string }
  >(
    `SELECT o.id, s.type, ${ROW_SQL}, o.address, o.pin, o.phone, st.name AS state, p.name AS project,
       s.name AS sub_project, pr.name AS program
     FROM outlets o
     JOIN cities c ON c.id = o.city_id
     JOIN states st ON st.id = o.state_id
     JOIN sub_projects s ON s.id = o.sub_project_id
     JOIN projects p ON p.id = s.project_id
     LEFT JOIN programs pr ON pr.id = o.program_id
     WHERE o.rsid = $1 AND o.auditor_id = $2`,
    [slug, auditorId],
  );
  return row ?? null;
}

export async function fieldOutletDetail(
  db: Queryable,
  auditorId: number,
  slug: string,
): Promise<FieldOutletDetail | null> {
  const outlet = await ownOutlet(db, auditorId, slug);
  if (!outlet) return null;
  const { id, type, ...fields } = outlet;
  const [last] = await db.query<FieldDecision>(`${DECISIONS_SQL} LIMIT 1`, [id]);
  return { ...fields, list: fieldListOf(type, fields.workflow_state), last_decision: last ?? null };
}

export async function fieldSurveyListing(
  db: Queryable,
  auditorId: number,
  slug: string,
): Promise<FieldSurveyListing | null> {
  const [row] = await db.query<FieldSurveyListing["survey"] & { id: number; rsid: string; name: string }>(
    `SELECT o.id, o.rsid, o.name, ${instant("o.survey_start")} AS started, ${instant("o.survey_end")} AS ended,
       ${instant("o.uploaded_at")} AS uploaded, o.location_accuracy,
       w.field_survey_mobile_version_number AS app_version, o.pre_survey_remark,
       o.notes_by_field_auditor AS notes, o.survey_not_done_notes_by_field_auditor AS not_done_notes
     FROM outlets o LEFT JOIN workflow_objects w ON w.outlet_id = o.id
     WHERE o.rsid = $1 AND o.auditor_id = $2`,
    [slug, auditorId],
  );
  if (!row) return null;
  const { id, rsid, name, ...survey } = row;
  return {
    rsid,
    name,
    survey,
    groups: await fieldQuestionGroups(db, auditorId, rsid),
    decisions: await db.query<FieldDecision>(DECISIONS_SQL, [id]),
  };
}

/**
 * The outlet's question groups with each question and its answers, read with Survey Details' own
 * reads through the auditor's own outlet; none when the outlet has no survey record.
 */
async function fieldQuestionGroups(
  db: Queryable,
  auditorId: number,
  rsid: string,
): Promise<FieldQuestionGroup[]> {
  const wo = await auditorOutletSurvey(db, auditorId, rsid);
  if (!wo) return [];
  const groups: FieldQuestionGroup[] = [];
  for (const group of await questionGroups(db, wo.sub_project_id)) {
    const questions = (await groupAnswers(db, wo, group.id)) ?? [];
    groups.push({
      id: group.id,
      name: group.name,
      questions: questions.map((q) => ({
        id: q.id,
        name: q.name,
        type: q.type,
        answers: q.related_answers.map((a) => fieldAnswerOf(q, a)),
      })),
    });
  }
  return groups;
}
