/** Survey Details' calls (spec 001 §7, 002 §7), each decoded with the domain's Schema. */

import { queryOptions } from "@tanstack/react-query";
import { Effect } from "effect";
import { QuestionGroupId, WorkflowObjectId } from "../../domain/api/ids";
import * as api from "../../domain/api/survey";
import type {
  AnswersUpdateRequest,
  GroupAnswers,
  QuestionGroups,
  SaveOutcome,
} from "../../domain/survey/survey";
import { call } from "../endpoint";
import { type ApiError, fieldLines, runApi } from "../http";

export const questionGroups = (workflowObject: number): Effect.Effect<typeof QuestionGroups.Type, ApiError> =>
  call(api.questionGroups, { query: { workflow_object: WorkflowObjectId.make(workflowObject) } });

/** The answers call as the spec sends it: filter_answers, the workflow object, the group, no-pagination. */
export const groupAnswers = (workflowObject: number, group: number): Effect.Effect<GroupAnswers, ApiError> =>
  call(api.groupAnswers, {
    query: {
      filter_answers: "true",
      related_answers__workflow_object: WorkflowObjectId.make(workflowObject),
      question_group: QuestionGroupId.make(group),
      "no-pagination": "",
    },
  });

/**
 * POST update (object_type answers): a 400 (answers the server found invalid, as lines), 403 (not
 * allowed in the outlet's present state) or 409 (changed by someone else meanwhile; the HTTP layer
 * shows the server's words) is an answer.
 */
export const saveAnswers = (body: AnswersUpdateRequest): Effect.Effect<SaveOutcome, ApiError> =>
  call(api.updateObjects, { body }).pipe(
    Effect.map((): SaveOutcome => ({ type: "ok" })),
    Effect.catchTag("ValidationError", (e) =>
      Effect.succeed<SaveOutcome>({ type: "invalid", problems: fieldLines(e.body) }),
    ),
    Effect.catchIf(
      (e) => e._tag === "Forbidden" || (e._tag === "HttpError" && e.status === 409),
      () => Effect.succeed<SaveOutcome>({ type: "refused" }),
    ),
  );

/** POST outlets/{slug}/refresh-qc-data/: what was refreshed, in words. */
export const refreshQcData = (slug: string): Effect.Effect<{ detail: string }, ApiError> =>
  call(api.refreshQcData, { params: { slug } });

/**
 * Each question group's saved answers, in group order (001 §4.5's answers-complete check). Kept
 * under the outlet keys, so every write on the review screen reads it again.
 */
export const savedAnswersQuery = (workflowObject: number) =>
  queryOptions({
    queryKey: ["outlets", "saved-answers", workflowObject] as const,
    queryFn: ({ signal }) =>
      runApi(
        questionGroups(workflowObject).pipe(
          Effect.flatMap(({ results }) =>
            Effect.forEach(results, (group) =>
              groupAnswers(workflowObject, group.id).pipe(
                Effect.map((answers) => answers.results.flatMap((q) => q.related_answers)),
              ),
            ),
          ),
        ),
        { signal },
      ),
  });

/** A page of a sub-project's survey overview (the first sub-project the caller sees when none is named). */
export const surveyOverviewQuery = (
  subProject: string | undefined,
  page: { page: number; pageSize: number },
) =>
  queryOptions({
    queryKey: ["survey-overview", subProject ?? null, page] as const,
    queryFn: ({ signal }) =>
      runApi(call(api.surveyOverview, { query: subProject ? { sub_project: subProject } : {}, page }), {
        signal,
      }),
  });
