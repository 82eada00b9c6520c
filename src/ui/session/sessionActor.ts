/**
 * The application-start actor of the page (one per page load, created by the composition root),
 * with its side effects provided: the user-info fetch, forgetting the stored user name, and
 * navigation, which remembers the page asked for so the sign-in can return to it.
 */

import { navigate } from "wouter/use-browser-location";
import { type ActorRefFrom, fromPromise } from "xstate";
import type { UserDetails } from "../../domain/auth";
import { rememberSignInReturn } from "../../infra/signInReturn";
import { clearSession, readStored, STORAGE_KEYS, storeSession } from "../../infra/storage";
import { appStartMachine } from "../../machines/appStart";
import { createLiveActor } from "../live/liveActors";

export const sessionMachine = appStartMachine.provide({
  // The HTTP module loads with this first call, so a page without a stored session never loads it here.
  actors: { fetchUserInfo: fromPromise(async () => (await import("../auth/authRequests")).currentUser()) },
  actions: {
    // Per device, as Open With does: Android Chrome tries the app first, iOS goes to the App Store.
    // Loaded only when the flag is there, so every other page's entry stays without it.
    openAppStore: () => void import("../mobile/openWithActor").then((m) => m.openStoreForThisDevice()),
    forgetUserName: () => clearSession(),
    // The support widget is a third-party chat the deployment may add; the product itself ships none.
    loadSupportWidget: () => {},
    navigate: ({ context }, params) => {
      if (context.facts) rememberSignInReturn(`${context.facts.path}${context.facts.search}`, false);
      navigate(params.to, { replace: true });
    },
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** The page's session actor, started; the composition root makes one per page load. */
export function createSessionActor(machine: typeof sessionMachine = sessionMachine): SessionActor {
  return createLiveActor(machine).start();
}

export function startApplication(session: SessionActor): void {
  session.send({
    type: "app.started",
    path: window.location.pathname,
    search: window.location.search,
    storedUserName: readStored(STORAGE_KEYS.userName),
  });
}

/** After a login: keep the session and tell the application who signed in. */
export function sessionStarted(session: SessionActor, sessionId: string, user: UserDetails): void {
  storeSession(sessionId, user.username);
  session.send({ type: "session.started", user });
}

/** After a logout or a 401: forget the session everywhere on this page. */
export function sessionEnded(session: SessionActor): void {
  clearSession();
  session.send({ type: "session.ended" });
}
