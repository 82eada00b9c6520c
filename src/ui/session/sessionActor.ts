/**
 * The application-start machine with its side effects provided, run as the application actor's
 * session child: the user-info fetch, forgetting the session, keeping a 451 for the login screen,
 * remembering the page asked for so the sign-in can return to it, and navigation through the
 * application's navigation child.
 */

import { type ActorRefFrom, fromPromise } from "xstate";
import { pathAfterSignIn } from "../../domain/auth/appStart";
import type { UserDetails } from "../../domain/auth/auth";
import { rememberSignInReturn } from "../../infra/signInReturn";
import {
  clearSession,
  readStored,
  STORAGE_KEYS,
  storeSession,
  storeSessionConflict,
} from "../../infra/storage";
import { APPLICATION_CHILDREN } from "../../machines/application";
import { appStartMachine } from "../../machines/auth/appStart";

type System = { get: (id: string) => { send: (event: never) => void } | undefined };

const go = (system: System, to: string, replace: boolean) =>
  system.get(APPLICATION_CHILDREN.navigation)?.send({ type: "navigation.go", to, replace } as never);

export const sessionMachine = appStartMachine.provide({
  // The HTTP module loads with this first call, so a page without a stored session never loads it here.
  actors: {
    fetchUserInfo: fromPromise(async ({ signal }) =>
      (await import("../auth/authRequests")).currentUser(signal),
    ),
  },
  actions: {
    // Per device, as Open With does: Android Chrome tries the app first, iOS goes to the App Store.
    // Loaded only when the flag is there, so every other page's entry stays without it.
    openAppStore: () => void import("../mobile/openWithActor").then((m) => m.openStoreForThisDevice()),
    forgetUserName: () => clearSession(),
    // The support widget is a third-party chat the deployment may add; the product itself ships none.
    loadSupportWidget: () => {},
    navigate: ({ context, system }, params) => {
      // The stored user name is the one whose session was not there any more (null: a visitor).
      const { facts } = context;
      if (facts) rememberSignInReturn(`${facts.path}${facts.search}`, facts.storedUserName, false);
      go(system, params.to, true);
    },
    goTo: ({ system }, params) => go(system, params.to, false),
    storeConflict: (_, params) => storeSessionConflict(params.body),
    signInAgain: () => {
      const asked = `${window.location.pathname}${window.location.search}`;
      // Only a portal page is returned to; a late answer met elsewhere keeps what was remembered.
      // Whose it was is the stored user name, still there: the machine forgets it after this.
      if (pathAfterSignIn(asked) === asked)
        rememberSignInReturn(asked, readStored(STORAGE_KEYS.userName), true);
    },
    notifyFailed: ({ system }, params) =>
      system
        .get(APPLICATION_CHILDREN.notifications)
        ?.send({ type: "notification.show", kind: "failed", text: params.text } as never),
    closeFailures: ({ system }) =>
      system.get(APPLICATION_CHILDREN.notifications)?.send({ type: "notification.closeFailed" } as never),
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

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

/** After a logout: forget the session everywhere on this page. */
export function sessionEnded(session: SessionActor): void {
  clearSession();
  session.send({ type: "session.ended" });
}
