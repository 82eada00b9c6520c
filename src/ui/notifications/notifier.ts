/**
 * The notification bar's actor, created by the composition root; anything may notify, the bar
 * shows it. Until the root provides an actor (or a test provides its own), notices go nowhere.
 */
import type { ActorRefFrom } from "xstate";
import { type NotificationKind, notificationMachine } from "../../machines/notification";
import { createLiveActor } from "../live/liveActors";

export type NotificationActor = ActorRefFrom<typeof notificationMachine>;

let current: NotificationActor | null = null;

export function createNotificationActor(): NotificationActor {
  return createLiveActor(notificationMachine).start();
}

/** Makes this actor the one every notify reaches. */
export function provideNotifications(actor: NotificationActor): void {
  current = actor;
}

export function notify(kind: NotificationKind, text: string): void {
  current?.send({ type: "notification.show", kind, text });
}
