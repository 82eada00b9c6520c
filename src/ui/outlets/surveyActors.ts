/** The survey machine's side effects, provided by the application (tests provide fakes). */
import { fromPromise } from "xstate";
import type { AnswersUpdateRequest } from "../../domain/survey";
import { groupAnswers, questionGroups, saveAnswers } from "../../infra/api/survey";
import { runApi } from "../../infra/http";
import type { AnswersOutcome, GroupsOutcome, SaveOutcome } from "../../machines/surveyGroups";

export const surveyActors = {
  loadGroups: fromPromise<GroupsOutcome, { workflowObject: number }>(async ({ input, signal }) => ({
    type: "ok",
    groups: (await runApi(questionGroups(input.workflowObject), { signal })).results,
  })),
  loadAnswers: fromPromise<AnswersOutcome, { workflowObject: number; group: number }>(
    async ({ input, signal }) => ({
      type: "ok",
      questions: (await runApi(groupAnswers(input.workflowObject, input.group), { signal })).results,
    }),
  ),
  saveGroup: fromPromise<SaveOutcome, { request: AnswersUpdateRequest }>(({ input, signal }) =>
    runApi(saveAnswers(input.request), { signal }),
  ),
};
