/** The profile page's calls: the user's sessions, ending the others, changing the password. */
import type { Effect } from "effect";
import type { SaveOutcome } from "../../domain/admin/resource";
import * as api from "../../domain/api/auth";
import { call } from "../endpoint";
import type { ApiError } from "../http";
import { type SaveRequest, saveOutcomeOf } from "./resources";

export const mySessions = () => call(api.mySessions, {});

export const endOtherSessions = () => call(api.endOtherSessions, {});

/** The password form's save: the server's words, or its field lines. */
export const changePassword = (req: SaveRequest): Effect.Effect<SaveOutcome, ApiError> =>
  saveOutcomeOf(
    call(api.passwordChange, { body: req.values as typeof api.passwordChange.body.Type }),
    (answer) => ({ type: "saved", record: null, detail: answer.detail }),
  );
