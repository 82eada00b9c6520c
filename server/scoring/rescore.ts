/**
 * Working out and storing outlets' scores (docs/scoring.md), always in the caller's transaction: an
 * answer save or QC edit rescores its outlet before it commits, so the Score tab and the reports
 * never read a score older than the answers; the cycle rescore job scores a sub-project's outlets in
 * batches. The score itself is the domain's `scoreOutlet`; this module only reads and writes rows.
 */
import {
  hasScoring,
  type OutletAnswers,
  type ScoredAnswer,
  type ScoringSetup,
  scorerFor,
} from "../../src/domain/survey/scoring";
import { IMAGE_TYPES } from "../../src/domain/survey/survey";
import type { Queryable } from "../db/db";
import { loadSetup } from "./setup";

type AnswerRow = ScoredAnswer & { outlet_id: number; question_id: number };

/** The answers scoring reads, by outlet and question: SKU answers only for the SKUs their group asks about. */
export async function scoringAnswers(
  db: Queryable,
  outletIds: readonly number[],
  setup: ScoringSetup,
): Promise<Map<number, Map<number, ScoredAnswer[]>>> {
  const questions = [...new Set(setup.parameters.map((p) => p.question.id))];
  const byOutlet = new Map<number, Map<number, ScoredAnswer[]>>();
  if (questions.length === 0 || outletIds.length === 0) return byOutlet;
  const rows = await db.query<AnswerRow>(
    `SELECT w.outlet_id, a.question_id, a.single_input, a.multiple_answers_input, a.latitude_input,
       a.longitude_input,
       CASE WHEN q.type = ANY ($3::text[])
         THEN (SELECT count(*) FROM answer_images i WHERE i.answer_id = a.id) ELSE 0 END::int AS images
     FROM answers a JOIN workflow_objects w ON w.id = a.workflow_object_id
     JOIN questions q ON q.id = a.question_id JOIN question_groups g ON g.id = q.question_group_id
     WHERE w.outlet_id = ANY ($1::int[]) AND a.question_id = ANY ($2::int[])
       AND (g.type <> 'sku_group' OR a.sku_id = ANY (g.related_sku_ids))
     ORDER BY w.outlet_id, a.question_id, array_position(g.related_sku_ids, a.sku_id)`,
    [outletIds, questions, IMAGE_TYPES],
  );
  for (const { outlet_id, question_id, ...answer } of rows) {
    const answers = byOutlet.get(outlet_id) ?? new Map<number, ScoredAnswer[]>();
    answers.set(question_id, [...(answers.get(question_id) ?? []), answer]);
    byOutlet.set(outlet_id, answers);
  }
  return byOutlet;
}

const NO_ANSWERS: OutletAnswers = new Map();

/**
 * Scores these outlets of one sub-project and stores each score (or why it could not be worked
 * out); a sub-project without scoring keeps no score rows. Answers how many were stored.
 */
export async function rescoreOutlets(
  tx: Queryable,
  subProjectId: number,
  outletIds: readonly number[],
  now: Date,
  setup?: ScoringSetup,
): Promise<number> {
  if (outletIds.length === 0) return 0;
  const s = setup ?? (await loadSetup(tx, subProjectId));
  if (!hasScoring(s)) {
    await tx.query("DELETE FROM outlet_scores WHERE outlet_id = ANY ($1::int[])", [outletIds]);
    return 0;
  }
  const answers = await scoringAnswers(tx, outletIds, s);
  const score = scorerFor(s);
  const scored = outletIds.map((id) => score(answers.get(id) ?? NO_ANSWERS));
  await tx.query(
    `INSERT INTO outlet_scores (outlet_id, sub_project_id, score, max_score, groups, failure, scored_at)
     SELECT x.o, $2, x.s, x.m, x.g::jsonb, x.f, $7
     FROM unnest($1::int[], $3::numeric[], $4::numeric[], $5::text[], $6::text[]) AS x(o, s, m, g, f)
     ON CONFLICT (outlet_id) DO UPDATE SET sub_project_id = EXCLUDED.sub_project_id, score = EXCLUDED.score,
       max_score = EXCLUDED.max_score, groups = EXCLUDED.groups, failure = EXCLUDED.failure,
       scored_at = EXCLUDED.scored_at`,
    [
      outletIds,
      subProjectId,
      scored.map((r) => (r.ok ? r.score.score : null)),
      scored.map((r) => (r.ok ? r.score.max_score : null)),
      scored.map((r) => JSON.stringify(r.ok ? r.score.scoring_parameter_groups_data : [])),
      scored.map((r) => (r.ok ? null : r.reason)),
      now,
    ],
  );
  return outletIds.length;
}

/**
 * Rescores one outlet after its answers changed, in the same transaction as the change (the answer
 * save, a QC edit, an accepted retailer request, a recovered survey).
 */
export async function rescoreOutlet(tx: Queryable, outletId: number, now: Date): Promise<void> {
  const [outlet] = await tx.query<{ sub_project_id: number }>(
    "SELECT sub_project_id FROM outlets WHERE id = $1",
    [outletId],
  );
  if (outlet) await rescoreOutlets(tx, outlet.sub_project_id, [outletId], now);
}
