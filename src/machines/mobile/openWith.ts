/**
 * "Open With" (spec 002 §2.1, §2.3): Form-16 and KYC Details open an overlay with an app-store
 * button. On Android Chrome the page tries the app's deep link and falls back to the store after
 * 100 ms unless the app took over the page; iOS goes to the App Store, other devices to the Play
 * Store. App start's open_store flag sends the device the same way, without the overlay.
 */
import { fromCallback, setup } from "xstate";
import { DEEP_LINK_FALLBACK_MS, type Device, RETAILER_APP, storeFor } from "../../domain/mobile/mobile";

export type OpenWithInput = { device: Device };
export type OpenWithContext = OpenWithInput;
export type OpenWithEvent =
  | { type: "overlay.open" }
  | { type: "overlay.close" }
  | { type: "store.open" }
  | { type: "app.opened" };

const toStore = [
  { guard: "isAndroidChrome", target: "#openWith.tryingApp" },
  {
    target: "#openWith.closed",
    actions: {
      type: "openStore",
      params: ({ context }: { context: OpenWithContext }) => ({ url: storeFor(context.device) }),
    },
  },
] as const;

export const openWithMachine = setup({
  types: {} as { context: OpenWithContext; events: OpenWithEvent; input: OpenWithInput },
  actors: {
    /** Sends `app.opened` when the page is hidden: the app took it over. */
    pageHidden: fromCallback<OpenWithEvent>(() => () => {}),
  },
  actions: {
    openDeepLink: (_, _params: { url: string }) => {},
    openStore: (_, _params: { url: string }) => {},
  },
  guards: {
    isAndroidChrome: ({ context }) => context.device === "androidChrome",
  },
  delays: { deepLinkFallback: DEEP_LINK_FALLBACK_MS },
}).createMachine({
  id: "openWith",
  description: "The Open With overlay and the way to the retailer app or its store.",
  context: ({ input }) => input,
  initial: "closed",
  states: {
    closed: {
      description: "No overlay; open_store at app start sends the device to the store from here.",
      on: { "overlay.open": { target: "overlay" }, "store.open": toStore },
    },
    overlay: {
      description: "The 'Open With' overlay with its app-store button.",
      on: { "overlay.close": { target: "closed" }, "store.open": toStore },
    },
    tryingApp: {
      description: "Android Chrome: the app's deep link is tried; the store follows after 100 ms.",
      entry: { type: "openDeepLink", params: { url: RETAILER_APP.deepLink } },
      invoke: { id: "pageHidden", src: "pageHidden" },
      on: { "app.opened": { target: "closed" } },
      after: {
        deepLinkFallback: {
          target: "closed",
          actions: { type: "openStore", params: ({ context }) => ({ url: storeFor(context.device) }) },
        },
      },
    },
  },
});
