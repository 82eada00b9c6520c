/** The notification bar (spec 000 §4.3): green success or red failed text that clears after 5000 ms. */
import { assign, setup } from "xstate";
import { NOTIFICATION_HIDE_MS } from "../../domain/shared/messages";

export type NotificationKind = "success" | "failed";

/** Shows a notification (the application's bar, reached through its notifications child). */
export type Notify = (kind: NotificationKind, text: string) => void;

export type NotificationEvent =
  | { type: "notification.show"; kind: NotificationKind; text: string }
  | { type: "notification.close" }
  /** A sign-in succeeded: what its earlier attempts announced (a wrong code or password) is over. */
  | { type: "notification.closeFailed" };

export type NotificationContext = { kind: NotificationKind; text: string };

export const notificationMachine = setup({
  types: {} as { context: NotificationContext; events: NotificationEvent },
  delays: { notificationHide: NOTIFICATION_HIDE_MS },
  guards: {
    failedShown: ({ context }) => context.kind === "failed",
  },
  actions: {
    show: assign(({ event }) =>
      event.type === "notification.show" ? { kind: event.kind, text: event.text } : {},
    ),
  },
}).createMachine({
  id: "notification",
  description: "The notification bar at the top of every screen.",
  context: { kind: "success", text: "" },
  initial: "hidden",
  states: {
    hidden: {
      description: "Nothing is shown.",
      on: { "notification.show": { target: "shown", actions: "show" } },
    },
    shown: {
      description: "The text shows, green for success and red for failure, until closed or 5000 ms pass.",
      after: { notificationHide: { target: "hidden" } },
      on: {
        // A new message replaces the text and restarts the timer.
        "notification.show": { target: "shown", reenter: true, actions: "show" },
        "notification.close": { target: "hidden" },
        "notification.closeFailed": { guard: "failedShown", target: "hidden" },
      },
    },
  },
});
