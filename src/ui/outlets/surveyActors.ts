/** The survey machine's side effects, provided by the application (tests provide fakes). */
import { hashKey, type QueryClient } from "@tanstack/react-query";
import { fromCallback, fromPromise } from "xstate";
import type { AnswersUpdateRequest } from "../../domain/survey/survey";
import { retailerRequestKeys } from "../../infra/api/retailerRequests";
import { groupAnswers, questionGroups, saveAnswers } from "../../infra/api/survey";
import { runApi } from "../../infra/http";
import type {
  AnswersOutcome,
  GroupsOutcome,
  SaveOutcome,
  SurveyGroupsEvent,
  SurveyGroupsInput,
} from "../../machines/survey/surveyGroups";

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

/**
 * The outlet's retailer requests each time the review screen's query reads a different list (a
 * request made or decided): Save follows them (001 §4.4). The list the screen opened with is the
 * machine's input.
 */
export const requestReads = (queryClient: QueryClient) =>
  fromCallback<SurveyGroupsEvent, { workflowObject: number }>(({ input, sendBack }) => {
    const key = retailerRequestKeys.list(input.workflowObject);
    const cache = queryClient.getQueryCache();
    let last = cache.find({ queryKey: key, exact: true })?.state.data;
    return cache.subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "success") return;
      if (event.query.queryHash !== hashKey(key)) return;
      const requests = event.query.state.data as SurveyGroupsInput["retailerRequests"] | undefined;
      if (requests === undefined || requests === last) return;
      last = requests;
      sendBack({ type: "requests.change", requests });
    });
  });
