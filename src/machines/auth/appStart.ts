/**
 * Application start (spec 002 §2.1): decide where a freshly loaded page goes, then track the
 * session, and the one place the server's word on it is acted on (spec 000 §8): a 401 forgets the
 * session and leads to the login page, a 451 is kept for the login screen (002 §4).
 */
import { and, assign, fromPromise, raise, setup } from "xstate";
import type { StartDecision, StartFacts } from "../../domain/auth/appStart";
import { startDecision } from "../../domain/auth/appStart";
import type { UserDetails } from "../../domain/auth/auth";
import { isSignInPath, loginPathFor, matchPattern } from "../../domain/shared/routePatterns";

/** A 401: the session the request carried is no longer known; `startedOn` is where it was sent from. */
export type Unauthorized = {
  type: "answer.unauthorized";
  detail: string | null;
  startedOn: string;
  here: string;
};
/** A 451: another session of the user is active; the body is what the login screen shows. */
export type Conflict = { type: "answer.conflict"; body: unknown; here: string };

export type AppStartEvent =
  | ({ type: "app.started" } & StartFacts)
  | { type: "session.started"; user: UserDetails }
  | { type: "session.ended" }
  | Unauthorized
  | Conflict;

export type AppStartContext = { facts: StartFacts | null; user: UserDetails | null };

const decisionOf = (facts: StartFacts | null): StartDecision =>
  facts ? startDecision(facts) : { type: "redirect", to: "/login" };

export const appStartMachine = setup({
  types: {} as { context: AppStartContext; events: AppStartEvent },
  actors: {
    fetchUserInfo: fromPromise<UserDetails>(async () => {
      throw new Error("fetchUserInfo is provided by the application");
    }),
  },
  actions: {
    openAppStore: () => {},
    forgetUserName: () => {},
    loadSupportWidget: () => {},
    navigate: (_, _params: { to: string }) => {},
    /** A new page of history, the one left kept (the reactions to an answer). */
    goTo: (_, _params: { to: string }) => {},
    /** Keeps the 451 body under key 451 for the login screen. */
    storeConflict: (_, _params: { body: unknown }) => {},
    /** Remembers the page the user is on for after the next sign-in, saying the session ended. */
    signInAgain: () => {},
    notifyFailed: (_, _params: { text: string }) => {},
    /** A sign-in succeeded: the FAILED text of its earlier attempts is closed. */
    closeFailures: () => {},
  },
  guards: {
    decisionIs: ({ context }, params: { type: StartDecision["type"] }) =>
      decisionOf(context.facts).type === params.type,
    /** The 451 met away from its login page (one answering the login itself stays there). */
    awayFromLogin: ({ event }) =>
      event.type === "answer.conflict" && matchPattern(loginPathFor(event.here), event.here) === null,
    startedSigningIn: ({ event }) => event.type === "answer.unauthorized" && isSignInPath(event.startedOn),
    withDetail: ({ event }) => event.type === "answer.unauthorized" && event.detail !== null,
    awayFromSignIn: ({ event }) => event.type === "answer.unauthorized" && !isSignInPath(event.here),
  },
}).createMachine({
  id: "appStart",
  description: "Decides where a freshly loaded page goes and keeps the signed-in user.",
  context: { facts: null, user: null },
  initial: "booting",
  on: {
    "answer.conflict": [
      {
        guard: "awayFromLogin",
        actions: [
          { type: "storeConflict", params: ({ event }) => ({ body: event.body }) },
          { type: "goTo", params: ({ event }) => ({ to: loginPathFor(event.here) }) },
        ],
      },
      { actions: { type: "storeConflict", params: ({ event }) => ({ body: event.body }) } },
    ],
    "answer.unauthorized": [
      {
        // A sign-in page's own request: its words show there (a wrong code, an expired link).
        guard: and(["startedSigningIn", "withDetail"]),
        actions: [
          "forgetUserName",
          { type: "notifyFailed", params: ({ event }) => ({ text: event.detail ?? "" }) },
        ],
      },
      { guard: "startedSigningIn", actions: "forgetUserName" },
      {
        // The server's "credentials were not provided" means nothing to the user: the login page
        // says why. A field auditor or retailer goes to their group's own login, where the root
        // would send a visitor without a stored user name (002 §2.1).
        guard: "awayFromSignIn",
        // The page is remembered with whose session it was, before the user name is forgotten.
        actions: [
          "signInAgain",
          "forgetUserName",
          {
            type: "goTo",
            params: ({ event }) => {
              const login = loginPathFor(event.here);
              return { to: login === "/login" ? "/" : login };
            },
          },
        ],
      },
      // A late answer to a request of a page already left for the login page changes nothing there.
      { actions: "forgetUserName" },
    ],
  },
  states: {
    booting: {
      description: "Waiting for the page's path, query and stored user name.",
      tags: ["deciding"],
      on: { "app.started": { target: "deciding", actions: assign({ facts: ({ event }) => event }) } },
    },
    deciding: {
      description:
        "Applies the start rules: open_store, mobile view, stored user name, public page, or login.",
      always: [
        { guard: { type: "decisionIs", params: { type: "openStore" } }, target: "openingStore" },
        { guard: { type: "decisionIs", params: { type: "mobileView" } }, target: "mobileView" },
        { guard: { type: "decisionIs", params: { type: "fetchUser" } }, target: "fetchingUser" },
        {
          guard: { type: "decisionIs", params: { type: "publicPage" } },
          target: "signedOut",
          actions: "loadSupportWidget",
        },
        {
          target: "signedOut",
          actions: [
            "loadSupportWidget",
            {
              type: "navigate",
              params: ({ context }) => ({ to: loginPathFor(context.facts?.path ?? "/") }),
            },
          ],
        },
      ],
    },
    // The page's last states, not final ones: the session stays a live child of the application,
    // which views read for as long as the page is open.
    openingStore: {
      description: "The open_store flag sent the device to the app store; the page stays here.",
      entry: "openAppStore",
    },
    mobileView: {
      description:
        "A retailer mobile page: it checks its own access token, no staff session is needed; the page stays here.",
    },
    fetchingUser: {
      description: "A user name is stored: fetching the current user's details.",
      tags: ["deciding"],
      invoke: {
        id: "fetchUserInfo",
        src: "fetchUserInfo",
        onDone: { target: "signedIn", actions: assign({ user: ({ event }) => event.output }) },
        onError: {
          target: "signedOut",
          actions: [
            "forgetUserName",
            "loadSupportWidget",
            {
              type: "navigate",
              params: ({ context }) => ({ to: loginPathFor(context.facts?.path ?? "/") }),
            },
          ],
        },
      },
    },
    signedIn: {
      description: "The user's details are known; the portal is open.",
      on: {
        "session.ended": { target: "signedOut", actions: assign({ user: null }) },
        // Signed out, then the answer is acted on as anywhere else.
        "answer.unauthorized": {
          target: "signedOut",
          actions: [assign({ user: null }), raise(({ event }) => event)],
        },
      },
    },
    signedOut: {
      description: "No session: only the public pages are open.",
      on: {
        "session.started": {
          target: "signedIn",
          actions: [assign({ user: ({ event }) => event.user }), "closeFailures"],
        },
      },
    },
  },
});
