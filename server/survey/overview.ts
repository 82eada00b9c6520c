/**
 * The survey overview (docs/survey.md): a sub-project's questions, a page at a time, each summed up
 * over the sub-project's outlets by the domain's `questionOverview`. The sub-projects offered are
 * those of the caller's organisation (every organisation's for internal users), so another
 * organisation's sub-project is not found.
 */
import type { QuestionId, SubProjectId } from "../../src/domain/api/ids";
import type { Validations } from "../../src/domain/survey/survey";
import {
  type OverviewAnswer,
  type OverviewSubProject,
  type QuestionOverview,
  questionOverview,
} from "../../src/domain/survey/surveyOverview";
import { isInternal } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import type { Page } from "../http/pagination";
import type { OutletViewer } from "../outlets/access";

/** The sub-projects the caller may review, by organisation, project and name. */
export const overviewSubProjects = (db: Queryable, viewer: OutletViewer) =>
  db.query<OverviewSubProject>(
    `SELECT sp.id, sp.slug, sp.name, p.name AS project, org.name AS organisation
     FROM sub_projects sp JOIN projects p ON p.id = sp.project_id JOIN organisations org ON org.id = p.organisation_id
     WHERE ($1::boolean OR p.organisation_id = $2)
     ORDER BY org.name, p.name, sp.name, sp.id`,
    [isInternal(viewer.user), viewer.user.organisation_id],
  );

type QuestionRow = { id: QuestionId; name: string; group: string; type: string; validations: Validations };

/** One page of the sub-project's questions in survey order, each with its overview, and the counts. */
export async function overviewPage(
  db: Queryable,
  subProject: SubProjectId,
  page: Page,
): Promise<{ rows: QuestionOverview[]; count: number; outlets: number }> {
  const [{ count, outlets }] = (await db.query<{ count: number; outlets: number }>(
    `SELECT (SELECT count(*)::int FROM questions q JOIN question_groups g ON g.id = q.question_group_id
             WHERE g.sub_project_id = $1) AS count,
            (SELECT count(*)::int FROM outlets WHERE sub_project_id = $1) AS outlets`,
    [subProject],
  )) as [{ count: number; outlets: number }];
  const questions = await db.query<QuestionRow>(
    `SELECT q.id, q.name, g.name AS "group", q.type, q.validations
     FROM questions q JOIN question_groups g ON g.id = q.question_group_id
     WHERE g.sub_project_id = $1
     ORDER BY g.position, g.id, q.position, q.id LIMIT $2 OFFSET $3`,
    [subProject, page.size, page.offset],
  );
  const answers = await db.query<OverviewAnswer & { question_id: number }>(
    `SELECT a.question_id, a.workflow_object_id AS workflow_object, a.single_input, a.multiple_answers_input,
            a.latitude_input, (SELECT count(*)::int FROM answer_images i WHERE i.answer_id = a.id) AS image_count
     FROM answers a JOIN workflow_objects w ON w.id = a.workflow_object_id JOIN outlets o ON o.id = w.outlet_id
     WHERE o.sub_project_id = $1 AND a.question_id = ANY($2::int[])`,
    [subProject, questions.map((q) => q.id)],
  );
  const rows = questions.map((q) =>
    questionOverview(
      q,
      answers.filter((a) => a.question_id === q.id),
    ),
  );
  return { rows, count, outlets };
}
