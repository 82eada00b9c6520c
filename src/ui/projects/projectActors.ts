/** The project machines' effects, provided to them at the screen (tests provide fakes). */
import { fromPromise } from "xstate";
import type { HubOutcome } from "../../domain/projects";
import { markNotificationsRead, subProjectHub } from "../../infra/api/projects";
import { runApi } from "../../infra/http";

export const projectCardActors = {
  markRead: fromPromise<{ marked: number }, { ids: number[] }>(({ input }) =>
    runApi(markNotificationsRead(input.ids)),
  ),
};

export const subProjectHubActors = {
  loadHub: fromPromise<HubOutcome, { projectSlug: string; slug: string }>(({ input }) =>
    runApi(subProjectHub(input.projectSlug, input.slug)),
  ),
};
