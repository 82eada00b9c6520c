/** The outlet review machine's side effects, provided by the application (tests provide fakes). */
import { fromPromise } from "xstate";
import { offersUpdateActions } from "../../domain/outlets/actionsConfig";
import type { OutletEditAction } from "../../domain/outlets/outletReview";
import { actionsConfig, outletEditDecision, outletReview, qcEditHistory } from "../../infra/api/outlets";
import { refreshQcData } from "../../infra/api/survey";
import { errorStatus, isApiError, runApi } from "../../infra/http";
import type { DecideOutcome, LoadOutcome } from "../../machines/outlets/outletReview";

export const outletReviewActors = {
  loadOutlet: fromPromise<LoadOutcome, { slug: string }>(async ({ input, signal }) => {
    try {
      const [outlet, config] = await Promise.all([
        runApi(outletReview(input.slug), { signal }),
        runApi(actionsConfig(), { signal }),
      ]);
      const history = await runApi(qcEditHistory(outlet.workflow_object.id), { signal });
      const hasUpdateActions = offersUpdateActions(
        { workflow_state: outlet.workflow_state, subProject: outlet.sub_project.type },
        config,
      );
      return { type: "ok", outlet, history: history.data, hasUpdateActions };
    } catch (error) {
      if (isApiError(error) && errorStatus(error) === 404) return { type: "notFound" };
      throw error;
    }
  }),
  decideEdit: fromPromise<DecideOutcome, { slug: string; action: OutletEditAction }>(({ input, signal }) =>
    runApi(outletEditDecision(input.slug, input.action), { signal }),
  ),
  refreshQc: fromPromise<{ detail: string }, { slug: string }>(({ input, signal }) =>
    runApi(refreshQcData(input.slug), { signal }),
  ),
};
