/**
 * The application (spec 000 §4.3, §8): the page's one root actor. It owns the session
 * (appStart), the notification bar and navigation as children that views and the composition reach
 * with `system.get`, and routes each failed answer the HTTP layer reports: the session acts on a
 * 401 or a 451, any other answer's `detail` becomes a FAILED notification.
 */
import { fromCallback, sendTo, setup } from "xstate";
import { appStartMachine } from "./auth/appStart";
import { notificationMachine } from "./shared/notification";

/** Client-side navigation: a new page of history, or the current one replaced. */
export type NavigationEvent = { type: "navigation.go"; to: string; replace: boolean };

/** A failed answer as a value: its status, its `detail` text, its body, and the pages it concerns. */
export type AnswerFailed = {
  type: "answer.failed";
  status: number;
  detail: string | null;
  body: unknown;
  /** The path the request was sent from. */
  startedOn: string;
  /** The path the user is on now. */
  here: string;
};

/** The names the children are reached by (`system.get`). */
export const APPLICATION_CHILDREN = {
  session: "session",
  notifications: "notifications",
  navigation: "navigation",
} as const;

export const applicationMachine = setup({
  types: {} as {
    events: AnswerFailed;
    children: { session: "session"; notifications: "notifications"; navigation: "navigation" };
  },
  actors: {
    session: appStartMachine,
    notifications: notificationMachine,
    // Provided by the application with the router's navigate; until then the page stays where it is.
    navigation: fromCallback<NavigationEvent>(() => {}),
  },
  guards: {
    statusIs: ({ event }, params: { status: number }) => event.status === params.status,
    withDetail: ({ event }) => event.detail !== null,
  },
}).createMachine({
  id: "application",
  description: "The page's application: its session, notification bar and navigation.",
  invoke: [
    { id: "session", systemId: APPLICATION_CHILDREN.session, src: "session" },
    { id: "notifications", systemId: APPLICATION_CHILDREN.notifications, src: "notifications" },
    { id: "navigation", systemId: APPLICATION_CHILDREN.navigation, src: "navigation" },
  ],
  initial: "running",
  states: {
    running: {
      description: "The page is open; each failed answer goes to the child that acts on it.",
      on: {
        "answer.failed": [
          {
            guard: { type: "statusIs", params: { status: 451 } },
            actions: sendTo("session", ({ event }) => ({
              type: "answer.conflict" as const,
              body: event.body,
              here: event.here,
            })),
          },
          {
            guard: { type: "statusIs", params: { status: 401 } },
            actions: sendTo("session", ({ event }) => ({
              type: "answer.unauthorized" as const,
              detail: event.detail,
              startedOn: event.startedOn,
              here: event.here,
            })),
          },
          {
            guard: "withDetail",
            actions: sendTo("notifications", ({ event }) => ({
              type: "notification.show" as const,
              kind: "failed" as const,
              text: event.detail ?? "",
            })),
          },
        ],
      },
    },
  },
});
