/** The Score tab's call (001 §7: scoring details by outlet slug), decoded with the domain's Schema. */
import { Effect } from "effect";
import * as api from "../../domain/api/scoring";
import { SCORE_LOAD_FAILED, type ScoreOutcome } from "../../domain/survey/scoring";
import { call } from "../endpoint";
import { type ApiError, detailOf, type HttpError } from "../http";

/**
 * An outlet's score; a 409 (its scoring could not be worked out) is an answer whose detail the tab
 * shows itself (001 §8), so the notice bar is not told of it as well.
 */
export const outletScore = (slug: string): Effect.Effect<ScoreOutcome, ApiError> =>
  call(api.outletScore, { params: { slug }, shownInline: [409] }).pipe(
    Effect.map((score): ScoreOutcome => ({ type: "scored", score })),
    Effect.catchIf(
      (e): e is HttpError => e._tag === "HttpError" && e.status === 409,
      (e) =>
        Effect.succeed<ScoreOutcome>({ type: "unscorable", detail: detailOf(e.body) ?? SCORE_LOAD_FAILED }),
    ),
  );
