/**
 * The sign-in machine's side effects, provided by the application (tests provide fakes). The calls
 * load with the first one, so the login page shows before the HTTP module is loaded.
 */
import { fromPromise } from "xstate";
import type { LoginOutcome, LoginRequest } from "../../domain/auth";

const requests = () => import("./authRequests");

export const signInActors = {
  login: fromPromise<LoginOutcome, LoginRequest>(async ({ input }) => (await requests()).signIn(input)),
  logoutAll: fromPromise<void>(async () => (await requests()).endAllSessions()),
};
