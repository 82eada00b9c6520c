/** Survey Details' calls (spec 001 §7, 002 §7), each decoded with the domain's Schema. */
import { Effect, Schema } from "effect";
import {
  type AnswersUpdateRequest,
  AnswersUpdateResponse,
  GroupAnswers,
  QuestionGroups,
  type SaveOutcome,
} from "../../domain/survey";
import { type ApiError, fieldLines, request } from "../http";

export const questionGroups = (workflowObject: number): Effect.Effect<typeof QuestionGroups.Type, ApiError> =>
  request({
    path: "survey/question-groups/",
    query: { workflow_object: workflowObject },
    schema: QuestionGroups,
  });

/** The answers call as the spec sends it: filter_answers, the workflow object, the group, no-pagination. */
export const groupAnswers = (workflowObject: number, group: number): Effect.Effect<GroupAnswers, ApiError> =>
  request({
    path: `survey/answers/?filter_answers=true&related_answers__workflow_object=${workflowObject}&question_group=${group}&no-pagination`,
    schema: GroupAnswers,
  });

/**
 * POST update (object_type answers): a 400 (answers the server found invalid, as lines), 403 (not
 * allowed in the outlet's present state) or 409 (changed by someone else meanwhile; the HTTP layer
 * shows the server's words) is an answer.
 */
export const saveAnswers = (body: AnswersUpdateRequest): Effect.Effect<SaveOutcome, ApiError> =>
  request({ method: "POST", path: "update/", body, schema: AnswersUpdateResponse }).pipe(
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
  request({
    method: "POST",
    path: `outlets/${encodeURIComponent(slug)}/refresh-qc-data/`,
    body: {},
    schema: Schema.Struct({ detail: Schema.String }),
  });
