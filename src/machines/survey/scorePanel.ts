/**
 * The Score tab (001 §2.1, §2.3, §8): an outlet's score, read when the tab opens and again on Check
 * again while its sub-project is being rescored; a score that cannot be worked out, or cannot be read, shows a FAILED notification with its
 * text and offers Try again.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import { type OutletScore, SCORE_LOAD_FAILED, type ScoreOutcome } from "../../domain/survey/scoring";

export type ScorePanelInput = { slug: string };
export type ScorePanelContext = ScorePanelInput & { score: OutletScore | null; detail: string | null };
export type ScorePanelEvent = { type: "reload" } | { type: "retry" };

const outcome = (event: unknown) => (event as DoneActorEvent<ScoreOutcome>).output;
/** Why the score could not be worked out, in the server's words. */
const reasonOf = (event: unknown) => {
  const out = outcome(event);
  return out.type === "unscorable" ? out.detail : SCORE_LOAD_FAILED;
};

export const scorePanelMachine = setup({
  types: {} as { context: ScorePanelContext; events: ScorePanelEvent; input: ScorePanelInput },
  actors: {
    loadScore: fromPromise<ScoreOutcome, ScorePanelInput>(async () => {
      throw new Error("loadScore is provided by the application");
    }),
  },
  actions: {
    notifyFailed: (_, _params: { text: string }) => {},
  },
  guards: {
    scored: ({ event }) => outcome(event).type === "scored",
    recalculating: ({ context }) => context.score?.recalculating === true,
  },
}).createMachine({
  id: "scorePanel",
  description: "An outlet's Score tab: its total score and its parameter groups.",
  context: ({ input }) => ({ slug: input.slug, score: null, detail: null }),
  initial: "loading",
  states: {
    loading: {
      description: "The outlet's score is being read.",
      tags: ["busy"],
      invoke: {
        id: "loadScore",
        src: "loadScore",
        input: ({ context }) => ({ slug: context.slug }),
        onDone: [
          {
            guard: "scored",
            target: "ready",
            actions: assign(({ event }) => {
              const out = outcome(event);
              return { score: out.type === "scored" ? out.score : null, detail: null };
            }),
          },
          {
            target: "failed",
            actions: [
              assign({ score: null, detail: ({ event }) => reasonOf(event) }),
              { type: "notifyFailed", params: ({ event }) => ({ text: reasonOf(event) }) },
            ],
          },
        ],
        onError: {
          target: "failed",
          actions: [
            assign({ score: null, detail: SCORE_LOAD_FAILED }),
            { type: "notifyFailed", params: { text: SCORE_LOAD_FAILED } },
          ],
        },
      },
    },
    ready: {
      description: "The total score over the maximum and each parameter group with its parameters are shown.",
      // Check again is offered while the sub-project's scores are being worked out again.
      on: { reload: { guard: "recalculating", target: "loading" } },
    },
    failed: {
      description:
        "The score could not be worked out or read: the reason is shown; Try again reads it again.",
      on: { retry: { target: "loading", actions: assign({ detail: null }) } },
    },
  },
});
