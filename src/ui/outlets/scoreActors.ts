/** The Score tab's effect, provided to its machine at the screen (tests provide fakes). */
import { fromPromise } from "xstate";
import type { ScoreOutcome } from "../../domain/survey/scoring";
import { outletScore } from "../../infra/api/scoring";
import { runApi } from "../../infra/http";

export const scorePanelActors = {
  loadScore: fromPromise<ScoreOutcome, { slug: string }>(({ input, signal }) =>
    runApi(outletScore(input.slug), { signal }),
  ),
};
