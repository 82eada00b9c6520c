/** Application start (spec 002 §2.1): decide where a freshly loaded page goes, then track the session. */
import { assign, fromPromise, setup } from "xstate";
import type { StartDecision, StartFacts } from "../domain/appStart";
import { startDecision } from "../domain/appStart";
import type { UserDetails } from "../domain/auth";
import { loginPathFor } from "../domain/routePatterns";

export type AppStartEvent =
  | ({ type: "app.started" } & StartFacts)
  | { type: "session.started"; user: UserDetails }
  | { type: "session.ended" };

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
  },
  guards: {
    decisionIs: ({ context }, params: { type: StartDecision["type"] }) =>
      decisionOf(context.facts).type === params.type,
  },
}).createMachine({
  id: "appStart",
  description: "Decides where a freshly loaded page goes and keeps the signed-in user.",
  context: { facts: null, user: null },
  initial: "booting",
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
    openingStore: {
      description: "The open_store flag sent the device to the app store.",
      type: "final",
      entry: "openAppStore",
    },
    mobileView: {
      description: "A retailer mobile page: it checks its own access token, no staff session is needed.",
      type: "final",
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
      on: { "session.ended": { target: "signedOut", actions: assign({ user: null }) } },
    },
    signedOut: {
      description: "No session: only the public pages are open.",
      on: { "session.started": { target: "signedIn", actions: assign({ user: ({ event }) => event.user }) } },
    },
  },
});
