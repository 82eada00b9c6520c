/**
 * The guard of the retailer's mobile pages (spec 002 §2.7, §4): on a wide screen the pages ask for a
 * phone; otherwise the stored access token is used, or, when none is stored (empty, null or the text
 * "null"), one is made from the minute's digits, encrypted and stored; then the access check decides
 * between the page and the forwarded-link refusal.
 */
import { assign, type DoneActorEvent, fromCallback, fromPromise, setup } from "xstate";
import { isMissingToken, isWideScreen } from "../../domain/mobile/mobile";
import type { AccessAnswer } from "../../domain/mobile/mobileAnswers";

export type MobileAccessInput = { slug: string; storedToken: string | null; width: number };
export type MobileAccessContext = {
  slug: string;
  token: string | null;
  width: number;
  refusal: AccessAnswer["reason"] | null;
};
export type MobileAccessEvent = { type: "viewport.changed"; width: number } | { type: "retry" };

const answerOf = (event: unknown) => (event as DoneActorEvent<AccessAnswer>).output;

export const mobileAccessMachine = setup({
  types: {} as { context: MobileAccessContext; events: MobileAccessEvent; input: MobileAccessInput },
  actors: {
    /** Sends `viewport.changed` with the width each time the window is resized. */
    viewport: fromCallback<MobileAccessEvent>(() => () => {}),
    /** The minute's digits encrypted with the server's public key. */
    makeToken: fromPromise<string>(async () => {
      throw new Error("makeToken is provided by the application");
    }),
    checkAccess: fromPromise<AccessAnswer, { slug: string; token: string }>(async () => {
      throw new Error("checkAccess is provided by the application");
    }),
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
  },
  guards: {
    isWide: ({ context }) => isWideScreen(context.width),
    crossesBreakpoint: ({ context, event }) =>
      event.type === "viewport.changed" && isWideScreen(event.width) !== isWideScreen(context.width),
    tokenMissing: ({ context }) => isMissingToken(context.token),
    accessGranted: ({ event }) => answerOf(event).results !== null,
  },
}).createMachine({
  id: "mobileAccess",
  description: "Whether this device may see the retailer's mobile page the link names.",
  context: ({ input }) => ({ ...input, token: input.storedToken, refusal: null }),
  initial: "starting",
  invoke: { id: "viewport", src: "viewport" },
  on: {
    // Crossing the 600 px line decides again; any other resize only keeps the width.
    "viewport.changed": [
      {
        guard: "crossesBreakpoint",
        target: ".starting",
        actions: assign({ width: ({ event }) => event.width }),
      },
      { actions: assign({ width: ({ event }) => event.width }) },
    ],
  },
  states: {
    // The outcomes come first: a target swapped to the first state is then never a no-op.
    allowed: {
      description: "The link is bound to this device: the page shows.",
    },
    denied: {
      description: "The forwarded-link refusal: the link is bound to another device or the token is refused.",
    },
    starting: {
      description: "Decides between the wide-screen message, making a token and checking the stored one.",
      always: [
        { guard: "isWide", target: "wideScreen" },
        { guard: "tokenMissing", target: "makingToken" },
        { target: "checking" },
      ],
    },
    wideScreen: {
      description: "Wider than 600 px: 'Please switch to mobile view for a better experience.'",
    },
    makingToken: {
      tags: ["busy"],
      description: "No token stored: making one from the minute's digits, encrypted with the public key.",
      invoke: {
        id: "makeToken",
        src: "makeToken",
        onDone: {
          target: "checking",
          actions: [
            assign({ token: ({ event }) => event.output }),
            { type: "storeToken", params: ({ event }) => ({ token: event.output }) },
          ],
        },
        onError: { target: "failed" },
      },
    },
    checking: {
      tags: ["busy"],
      description: "The access check runs with the token (view_id); a result means access is allowed.",
      invoke: {
        id: "checkAccess",
        src: "checkAccess",
        input: ({ context }) => ({ slug: context.slug, token: context.token ?? "" }),
        onDone: [
          { guard: "accessGranted", target: "allowed", actions: assign({ refusal: null }) },
          { target: "denied", actions: assign({ refusal: ({ event }) => event.output.reason ?? null }) },
        ],
        onError: { target: "failed" },
      },
    },
    failed: {
      description: "The check could not be made (no connection, server error); Try again repeats it.",
      on: { retry: { target: "starting" } },
    },
  },
});
