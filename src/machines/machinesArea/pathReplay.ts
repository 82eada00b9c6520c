/**
 * QA's replay of one generated path in the Machines area: the path's events are sent one by one
 * to a live actor of the real machine (the `applyStep` actor the view provides starts it afresh for
 * position 0 and sends the path's event for each later one), and after each the actor is compared
 * with what the path's fixture expects. A difference stops the replay and says what differed.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import { REPLAY_STEP_MS, replayVerdict } from "../../domain/machinesArea/replayPath";

export type ReplayStepInput = { path: number; position: number };
export type ReplayStepOutput = { problems: readonly string[] };

export type PathReplayContext = {
  /** The chosen path's id, null before one is chosen. */
  path: number | null;
  /** How many events the chosen path sends. */
  steps: number;
  /** How many of its events the live actor has been sent and matched; -1 before its start is checked. */
  position: number;
  /** The position that did not match, and how. */
  failedAt: number | null;
  problems: readonly string[];
};

export type PathReplayEvent =
  | { type: "path.choose"; path: number; steps: number }
  | { type: "step" }
  | { type: "play" }
  | { type: "pause" }
  | { type: "reset" };

const outputOf = (event: unknown) => (event as DoneActorEvent<ReplayStepOutput>).output;
const next = (context: PathReplayContext): ReplayStepInput => ({
  path: context.path ?? 0,
  position: context.position + 1,
});

const choose = { target: "#pathReplay.stepping", actions: "pathChosen" } as const;
const reset = { target: "#pathReplay.stepping", actions: "restarted" } as const;

/** A step's result: the position it reached counted, or the difference kept. */
const applied = (then: string) =>
  [
    {
      guard: { type: "verdictIs", params: { verdict: "finished" } },
      target: "#pathReplay.finished",
      actions: "advanced",
    },
    { guard: { type: "verdictIs", params: { verdict: "matched" } }, target: then, actions: "advanced" },
    { target: "#pathReplay.mismatch", actions: "mismatched" },
  ] as const;

const failed = { target: "#pathReplay.mismatch", actions: "threw" } as const;

export const pathReplayMachine = setup({
  types: {} as { context: PathReplayContext; events: PathReplayEvent },
  actors: {
    applyStep: fromPromise<ReplayStepOutput, ReplayStepInput>(async () => {
      throw new Error("applyStep is provided by the view");
    }),
  },
  actions: {
    pathChosen: assign(({ event }) => {
      const { path, steps } = event as Extract<PathReplayEvent, { type: "path.choose" }>;
      return { path, steps, position: -1, failedAt: null, problems: [] };
    }),
    restarted: assign({ position: -1, failedAt: null, problems: () => [] }),
    advanced: assign({ position: ({ context }) => context.position + 1 }),
    mismatched: assign({
      failedAt: ({ context }) => context.position + 1,
      problems: ({ event }) => outputOf(event).problems,
    }),
    threw: assign({
      failedAt: ({ context }) => context.position + 1,
      problems: ({ event }) => [`the step threw: ${String((event as unknown as { error: unknown }).error)}`],
    }),
  },
  guards: {
    verdictIs: ({ context, event }, params: { verdict: ReturnType<typeof replayVerdict> }) =>
      replayVerdict(context.position + 1, context.steps, outputOf(event).problems) === params.verdict,
  },
  delays: { playInterval: REPLAY_STEP_MS },
}).createMachine({
  id: "pathReplay",
  description: "QA's replay of one generated path on a live actor of the real machine, checked step by step.",
  context: { path: null, steps: 0, position: -1, failedAt: null, problems: [] },
  initial: "idle",
  states: {
    idle: {
      description: "No path chosen yet.",
      on: { "path.choose": choose },
    },
    ready: {
      description: "Every event sent so far matched; waiting for Step or Play.",
      on: {
        step: { target: "stepping" },
        play: { target: "playing" },
        reset,
        "path.choose": choose,
      },
    },
    stepping: {
      description: "One step is applied to the live actor (the start, or the path's next event) and checked.",
      invoke: {
        src: "applyStep",
        id: "applyStep",
        input: ({ context }) => next(context),
        onDone: applied("#pathReplay.ready"),
        onError: failed,
      },
    },
    playing: {
      description: "The path's events are sent one after another until the end or a difference.",
      initial: "applying",
      states: {
        applying: {
          description: "The next event is sent to the live actor and checked.",
          invoke: {
            src: "applyStep",
            id: "applyStep",
            input: ({ context }) => next(context),
            onDone: applied("#pathReplay.playing.waiting"),
            onError: failed,
          },
        },
        waiting: {
          description: "A pause so the chart can be followed; Pause stops here.",
          after: { playInterval: { target: "applying" } },
          on: { pause: { target: "#pathReplay.ready" }, reset, "path.choose": choose },
        },
      },
    },
    finished: {
      description: "Every step of the path matched what its fixture expects.",
      on: { reset, "path.choose": choose },
    },
    mismatch: {
      description: "A step did not match: the live actor differs from what the path expects.",
      on: { reset, "path.choose": choose },
    },
  },
});
