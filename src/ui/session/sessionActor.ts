/**
 * The application-start actor of the page (one per page load), with its side effects provided:
 * the user-info fetch, forgetting the stored user name, and navigation.
 */

import { navigate } from "wouter/use-browser-location";
import { createActor, fromPromise } from "xstate";
import type { UserDetails } from "../../domain/auth";
import { userInfo } from "../../infra/api/auth";
import { runApi } from "../../infra/http";
import { clearSession, readStored, STORAGE_KEYS, storeSession } from "../../infra/storage";
import { appStartMachine } from "../../machines/appStart";

/** The retailers' app listing; the store link the open_store flag leads to. */
export const APP_STORE_URL = "https://play.google.com/store/apps/details?id=com.retailscan.app";

export const sessionMachine = appStartMachine.provide({
  actors: { fetchUserInfo: fromPromise(async () => (await runApi(userInfo())).user_details) },
  actions: {
    openAppStore: () => window.location.assign(APP_STORE_URL),
    forgetUserName: () => clearSession(),
    // The support widget is a third-party chat the deployment may add; the product itself ships none.
    loadSupportWidget: () => {},
    navigate: (_, params) => navigate(params.to, { replace: true }),
  },
});

export const sessionActor = createActor(sessionMachine).start();

export function startApplication(): void {
  sessionActor.send({
    type: "app.started",
    path: window.location.pathname,
    search: window.location.search,
    storedUserName: readStored(STORAGE_KEYS.userName),
  });
}

/** After a login: keep the session and tell the application who signed in. */
export function sessionStarted(sessionId: string, user: UserDetails): void {
  storeSession(sessionId, user.username);
  sessionActor.send({ type: "session.started", user });
}

/** After a logout or a 401: forget the session everywhere on this page. */
export function sessionEnded(): void {
  clearSession();
  sessionActor.send({ type: "session.ended" });
}
