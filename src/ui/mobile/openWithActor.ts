/** The edge of the openWith machine: it moves the browser to the app's deep link or a store. */

import { fromCallback } from "xstate";
import { deviceOf } from "../../domain/mobile/mobile";
import { type OpenWithEvent, openWithMachine } from "../../machines/mobile/openWith";
import { createLiveActor } from "../live/liveActors";

export type Navigator = { go: (url: string) => void };
const browser: Navigator = { go: (url) => window.location.assign(url) };

export const providedOpenWith = (nav: Navigator = browser) =>
  openWithMachine.provide({
    actors: {
      pageHidden: fromCallback<OpenWithEvent>(({ sendBack }) => {
        const hidden = () => {
          if (document.hidden) sendBack({ type: "app.opened" });
        };
        document.addEventListener("visibilitychange", hidden);
        return () => document.removeEventListener("visibilitychange", hidden);
      }),
    },
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
  actor.send({ type: "store.open" });
}
