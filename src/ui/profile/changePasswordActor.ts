/** The profile's password form saves through the password change call. */
import { fromPromise } from "xstate";
import type { SaveOutcome } from "../../domain/admin/resource";
import { changePassword } from "../../infra/api/profile";
import type { SaveRequest } from "../../infra/api/resources";
import { runApi } from "../../infra/http";

export const changePasswordActor = fromPromise<SaveOutcome, SaveRequest>(({ input, signal }) =>
  runApi(changePassword(input), { signal }),
);
