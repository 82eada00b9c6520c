/** The outlet review machine's side effects, provided by the application (tests provide fakes). */
import { fromPromise } from "xstate";
import type { OutletEditAction } from "../../domain/outletReview";
import { outletEditDecision, outletReview, qcEditHistory } from "../../infra/api/outlets";
import { errorStatus, isApiError, runApi } from "../../infra/http";
import type { DecideOutcome, LoadOutcome } from "../../machines/outletReview";

export const outletReviewActors = {
  loadOutlet: fromPromise<LoadOutcome, { slug: string }>(async ({ input }) => {
    try {
      const outlet = await runApi(outletReview(input.slug));
      const history = await runApi(qcEditHistory(outlet.workflow_object.id));
      return { type: "ok", outlet, history: history.data };
    } catch (error) {
      if (isApiError(error) && errorStatus(error) === 404) return { type: "notFound" };
      throw error;
    }
  }),
  decideEdit: fromPromise<DecideOutcome, { slug: string; action: OutletEditAction }>(({ input }) =>
    runApi(outletEditDecision(input.slug, input.action)),
  ),
};
