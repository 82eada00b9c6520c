/** The one notification bar actor of the page; anything may notify, the bar shows it. */
import { createActor } from "xstate";
import { type NotificationKind, notificationMachine } from "../../machines/notification";

export const notificationActor = createActor(notificationMachine).start();

export function notify(kind: NotificationKind, text: string): void {
  notificationActor.send({ type: "notification.show", kind, text });
}
