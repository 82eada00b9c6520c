/** The sign-in machine's side effects, provided by the application (tests provide fakes). */
import { fromPromise } from "xstate";
import type { LoginOutcome, LoginRequest } from "../../domain/auth";
import { logoutAll } from "../../infra/api/auth";
import { loginOutcome } from "../../infra/api/authOutcomes";
import { errorDetail, isApiError, runApi } from "../../infra/http";
import { storeSession } from "../../infra/storage";
import { notify } from "../notifications/notifier";

/** An unexpected failure without a server detail (timeout, no network) still tells the user why. */
function reportUnexpected(error: unknown): never {
  if (isApiError(error) && (error._tag === "Timeout" || error._tag === "NetworkError")) {
    notify("failed", errorDetail(error) ?? error._tag);
  }
  throw error;
}

export const signInActors = {
  login: fromPromise<LoginOutcome, LoginRequest>(({ input }) =>
    runApi(loginOutcome(input, storeSession)).catch(reportUnexpected),
  ),
  logoutAll: fromPromise<void>(async () => {
    await runApi(logoutAll()).catch(reportUnexpected);
  }),
};
