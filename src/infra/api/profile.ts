/** The profile page's calls: the user's sessions, ending the others, changing the password. */
import { Effect, Schema } from "effect";
import { UserSessions } from "../../domain/profile";
import type { SaveOutcome } from "../../domain/resource";
import { type ApiError, detailOf, request } from "../http";
import { fieldErrorsOf } from "./authOutcomes";
import type { SaveRequest } from "./resources";

const Detail = Schema.Struct({ detail: Schema.String });

export const mySessions = () => request({ path: "auth/sessions/", schema: UserSessions });

export const endOtherSessions = () =>
  request({ method: "POST", path: "auth/sessions/end-others/", body: {}, schema: Detail });

/** The password form's save: the server's words, or its field lines. */
export function changePassword(req: SaveRequest): Effect.Effect<SaveOutcome, ApiError> {
  return Effect.catch(
    Effect.map(
      request({ method: "POST", path: "auth/password/change/", body: req.values, schema: Detail }),
      (answer): SaveOutcome => ({ type: "saved", record: null, detail: answer.detail }),
    ),
    (error): Effect.Effect<SaveOutcome, ApiError> =>
      error._tag === "ValidationError"
        ? Effect.succeed({
            type: "invalid",
            fieldErrors: fieldErrorsOf(error.body),
            detail: detailOf(error.body) ?? null,
          })
        : Effect.fail(error),
  );
}
