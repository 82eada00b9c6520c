/**
 * A sub-project's scoring setup as the domain reads it (src/domain/survey/scoring.ts): its groups, its
 * scoring parameters with their source questions, its calculated parameters and its benchmarks.
 */
import type {
  CalculatedParameter,
  ParameterGroup,
  ScoringParameter,
  ScoringRule,
  ScoringSetup,
} from "../../src/domain/survey/scoring";
import { choicesOf } from "../../src/domain/survey/survey";
import type { Queryable } from "../db/db";

type ParameterRow = Omit<ScoringParameter, "question" | "rule"> & {
  rule: ScoringRule;
  question_id: number;
  question_name: string;
  question_type: string;
  choices: string | null;
  skus: number | null;
};

export async function loadSetup(db: Queryable, subProjectId: number): Promise<ScoringSetup> {
  const groups = await db.query<ParameterGroup>(
    "SELECT id, name, position FROM scoring_parameter_groups WHERE sub_project_id = $1 ORDER BY id",
    [subProjectId],
  );
  const parameters = await db.query<ParameterRow>(
    `SELECT p.id, p.group_id AS "group", p.name, p.code, p.rule, p.target::float8 AS target, p.points,
       p.maximum::float8 AS maximum, p.weight::float8 AS weight, p.position, q.id AS question_id,
       q.name AS question_name, q.type AS question_type, q.validations->>'choices' AS choices,
       CASE WHEN g.type = 'sku_group' THEN cardinality(g.related_sku_ids) END AS skus
     FROM scoring_parameters p JOIN questions q ON q.id = p.question_id
     JOIN question_groups g ON g.id = q.question_group_id
     WHERE p.sub_project_id = $1 ORDER BY p.id`,
    [subProjectId],
  );
  const calculated = await db.query<CalculatedParameter>(
    `SELECT id, group_id AS "group", name, code, expression, maximum::float8 AS maximum, position
     FROM calculated_parameters WHERE sub_project_id = $1 ORDER BY id`,
    [subProjectId],
  );
  const benchmarks = await db.query<{ parameter: string; benchmark: number }>(
    "SELECT parameter, benchmark::float8 AS benchmark FROM scoring_benchmarks WHERE sub_project_id = $1",
    [subProjectId],
  );
  return {
    groups,
    parameters: parameters.map(({ question_id, question_name, question_type, choices, skus, ...p }) => ({
      ...p,
      question: {
        id: question_id,
        name: question_name,
        type: question_type,
        choices: choicesOf({ choices }),
        skus,
      },
    })),
    calculated,
    benchmarks,
  };
}
