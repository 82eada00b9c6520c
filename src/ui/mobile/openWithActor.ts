/** The edge of the openWith machine: it moves the browser to the app's deep link or a store. */
import { deviceOf } from "../../domain/mobile";
import { openWithMachine } from "../../machines/openWith";
import { createLiveActor } from "../live/liveActors";

export type Navigator = { go: (url: string) => void };
const browser: Navigator = { go: (url) => window.location.assign(url) };

export const providedOpenWith = (nav: Navigator = browser) =>
  openWithMachine.provide({
    actions: {
      openDeepLink: (_, { url }) => nav.go(url),
      openStore: (_, { url }) => nav.go(url),
    },
  });

/**
 * App start's open_store (002 §2.1): the same way to the store as Open With's button, per device;
 * a page hidden by the app that opened cancels the store fallback.
 */
export function openStoreForThisDevice(): void {
  const actor = createLiveActor(providedOpenWith(), {
    input: { device: deviceOf(navigator.userAgent) },
  }).start();
  document.addEventListener(
    "visibilitychange",
    () => {
      if (document.hidden) actor.send({ type: "app.opened" });
    },
    { once: true },
  );
  actor.send({ type: "store.open" });
}
