/**
 * A verification screen's check form (spec 001 §7, §8; docs/verification.md): the input is edited,
 * checked for its format before anything is sent (the §8 text when it is not), checked, and comes
 * to verified (with the names found), not verified (the check said no) or failed (no answer: the
 * server's named error such as a timeout or the rate limit). A new input goes back to editing.
 * Every finished check is reported so the screen reads its recent checks again. The check itself
 * is the `runCheck` actor, provided at the edge.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import {
  CHECK_NOT_MADE,
  formatFailure,
  type ScreenCheck,
  type ScreenCheckOutcome,
  screenCheckFilled,
} from "../../domain/verification/verification";

export type { ScreenCheck, ScreenCheckOutcome };

export type VerificationCheckInput = { request: ScreenCheck };

export type VerificationCheckContext = {
  request: ScreenCheck;
  /** The §8 format text, shown before sending; null while the input is not known to be wrong. */
  problem: string | null;
  /** The check's own text: its success, its refusal, or why it got no answer. */
  message: string | null;
  names: Readonly<Record<string, string>>;
};

export type VerificationCheckEvent = { type: "request.change"; request: ScreenCheck } | { type: "check" };

const outcome = (event: unknown) => (event as DoneActorEvent<ScreenCheckOutcome>).output;
const newInput = { target: "editing", actions: "takeNewInput" } as const;

export const verificationCheckMachine = setup({
  types: {} as {
    context: VerificationCheckContext;
    events: VerificationCheckEvent;
    input: VerificationCheckInput;
  },
  actors: {
    runCheck: fromPromise<ScreenCheckOutcome, ScreenCheck>(async () => {
      throw new Error("runCheck is provided by the application");
    }),
  },
  guards: {
    filled: ({ context }) => screenCheckFilled(context.request),
    wellFormed: ({ context }) => formatFailure(context.request) === null,
    outcomeIs: ({ event }, params: { type: ScreenCheckOutcome["type"] }) =>
      outcome(event).type === params.type,
  },
  actions: {
    /** A new input clears the last check's texts and names. */
    takeNewInput: assign(({ event }) =>
      event.type === "request.change"
        ? { request: event.request, problem: null, message: null, names: {} }
        : {},
    ),
    /** A check finished (and was recorded): the screen reads its recent checks again. */
    checked: () => {},
  },
}).createMachine({
  id: "verificationCheck",
  description: "One check on a verification screen, from its input to its result.",
  context: ({ input }) => ({ request: input.request, problem: null, message: null, names: {} }),
  initial: "editing",
  states: {
    editing: {
      description: "The input is entered; Check is offered once every field it needs is filled.",
      on: {
        "request.change": {
          actions: assign(({ event }) => ({ request: event.request, problem: null })),
        },
        check: { guard: "filled", target: "validating" },
      },
    },
    checking: {
      description: "The check runs; the input waits for its answer.",
      tags: ["busy"],
      invoke: {
        id: "runCheck",
        src: "runCheck",
        input: ({ context }) => context.request,
        onDone: [
          {
            guard: { type: "outcomeIs", params: { type: "verified" } },
            target: "verified",
            actions: [
              assign(({ event }) => {
                const o = outcome(event) as Extract<ScreenCheckOutcome, { type: "verified" }>;
                return { message: o.message, names: o.names };
              }),
              "checked",
            ],
          },
          {
            guard: { type: "outcomeIs", params: { type: "notVerified" } },
            target: "notVerified",
            actions: [assign(({ event }) => ({ message: outcome(event).message })), "checked"],
          },
          {
            target: "failed",
            actions: [assign(({ event }) => ({ message: outcome(event).message })), "checked"],
          },
        ],
        onError: { target: "failed", actions: [assign({ message: CHECK_NOT_MADE }), "checked"] },
      },
    },
    validating: {
      description: "The input's format is checked; a wrong one shows its §8 text and nothing is sent.",
      always: [
        { guard: "wellFormed", target: "checking" },
        {
          target: "editing",
          actions: assign(({ context }) => ({ problem: formatFailure(context.request) })),
        },
      ],
    },
    verified: {
      description: "Verified: the check's text and the names it found are shown until a new input.",
      on: { "request.change": newInput },
    },
    notVerified: {
      description: "The check said no: its §8 text is shown until a new input.",
      on: { "request.change": newInput },
    },
    failed: {
      description: "The check got no answer (the server names why); Check asks again, a new input edits.",
      on: { "request.change": newInput, check: { target: "checking", actions: assign({ message: null }) } },
    },
  },
});
