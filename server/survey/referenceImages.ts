/**
 * A question's reference images on its own screen (src/domain/api/questions.ts, docs/survey.md):
 * read by whoever may see the question's organisation, and replaced whole at the version read, in
 * one transaction that locks the question row, with a line in the administration change log.
 */

import { questions } from "../../src/domain/admin/resources/questions";
import type { QuestionId } from "../../src/domain/api/ids";
import {
  type QuestionReferenceImages,
  REFERENCE_IMAGES_CHANGED,
  type ReferenceImagesSave,
} from "../../src/domain/survey/referenceImages";
import { logChange } from "../admin/writes";
import { maySeeOrganisation } from "../auth/organisationScope";
import type { UserRow } from "../auth/users";
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { inTransaction } from "../db/retry";
import { NOT_FOUND, Problem } from "../http/problem";

type Row = QuestionReferenceImages & { organisation_id: number };

async function questionRow(db: Queryable, id: number, lock: boolean): Promise<Row | undefined> {
  const [row] = await db.query<Row>(
    `SELECT q.id, q.name, q.type, g.name AS question_group, g.type AS group_type, q.reference_images, q.reference_images_version AS version,
       p.organisation_id
     FROM questions q JOIN question_groups g ON g.id = q.question_group_id
     JOIN sub_projects s ON s.id = g.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE q.id = $1 ${lock ? "FOR UPDATE OF q" : ""}`,
    [id],
  );
  return row;
}

const answerOf = ({ organisation_id: _, ...question }: Row): QuestionReferenceImages => question;

/** The question, when the caller may see its organisation; another organisation's is not found. */
export async function questionReferenceImages(
  db: Queryable,
  user: UserRow,
  id: QuestionId,
): Promise<QuestionReferenceImages> {
  const row = await questionRow(db, id, false);
  if (!row || !maySeeOrganisation(user, row.organisation_id)) throw new Problem(404, { ...NOT_FOUND });
  return answerOf(row);
}

/** Replaces the question's reference images, once per version read (a double click saves once). */
export function saveReferenceImages(
  deps: Pick<AppDeps, "db" | "logger" | "clock" | "sleep">,
  user: UserRow,
  id: QuestionId,
  save: ReferenceImagesSave,
): Promise<QuestionReferenceImages> {
  return inTransaction(deps, async (tx) => {
    const row = await questionRow(tx, id, true);
    if (!row || !maySeeOrganisation(user, row.organisation_id)) throw new Problem(404, { ...NOT_FOUND });
    if (row.version !== save.version) throw new Problem(409, { detail: REFERENCE_IMAGES_CHANGED });
    const images = [...save.reference_images];
    await tx.query(
      "UPDATE questions SET reference_images = $2, reference_images_version = reference_images_version + 1 WHERE id = $1",
      [id, images],
    );
    await logChange(tx, questions, id, "update", user, new Date(deps.clock()), { reference_images: images });
    return answerOf({ ...row, reference_images: images, version: row.version + 1 });
  });
}
