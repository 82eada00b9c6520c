/** The profile page's calls: the user's sessions, ending the others, changing the password. */
import { type Effect, Schema } from "effect";
import { UserSessions } from "../../domain/profile";
import type { SaveOutcome } from "../../domain/resource";
import { type ApiError, request } from "../http";
import { type SaveRequest, saveOutcomeOf } from "./resources";

const Detail = Schema.Struct({ detail: Schema.String });

export const mySessions = () => request({ path: "auth/sessions/", schema: UserSessions });

export const endOtherSessions = () =>
  request({ method: "POST", path: "auth/sessions/end-others/", body: {}, schema: Detail });

/** The password form's save: the server's words, or its field lines. */
export const changePassword = (req: SaveRequest): Effect.Effect<SaveOutcome, ApiError> =>
  saveOutcomeOf(
    request({ method: "POST", path: "auth/password/change/", body: req.values, schema: Detail }),
    (answer) => ({ type: "saved", record: null, detail: answer.detail }),
  );
