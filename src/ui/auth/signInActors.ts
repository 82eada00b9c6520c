/**
 * The sign-in machine's side effects, provided by the application (tests provide fakes). The calls
 * load with the first one, so the login page shows before the HTTP module is loaded. A failure
 * with no answer at all (timeout, no network) is told through the given notifier.
 */
import { fromPromise } from "xstate";
import type { LoginOutcome, LoginRequest } from "../../domain/auth";
import type { Notify } from "../../machines/notification";

const requests = () => import("./authRequests");

export const signInActors = (notify: Notify) => ({
  login: fromPromise<LoginOutcome, LoginRequest>(async ({ input, signal }) =>
    (await requests()).signIn(input, notify, signal),
  ),
  logoutAll: fromPromise<void>(async ({ signal }) => (await requests()).endAllSessions(notify, signal)),
});

export type SignInActors = ReturnType<typeof signInActors>;
