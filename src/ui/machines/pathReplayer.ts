/**
 * Replays QA's stored paths on a live actor of the real machine (from the registry): its actors are
 * inert (they never settle; their results come as the path's recorded done and error events) and
 * its clock is simulated and never advanced, so a delayed transition is taken only when the path
 * sends the recorded timer event, exactly as in the graph tests. After the start and each event the
 * actor is compared with what the path's fixture expects.
 */
import { type AnyActorRef, type AnyStateMachine, type InspectionEvent, SimulatedClock } from "xstate";
import {
  decodeReplayValue,
  type MachinePaths,
  recordAction,
  type StepEffects,
  stateKey,
  stepProblems,
} from "../../domain/machinesArea/replayPath";
import { inertMachine } from "../../machines/machinesArea/inertActors";
import type { ReplayStepInput, ReplayStepOutput } from "../../machines/machinesArea/pathReplay";
import { createLiveActor } from "../live/liveActors";

export type PathReplayer = {
  /** Position 0 starts the path's actor afresh; position n sends its n-th event. Both are checked. */
  apply(step: ReplayStepInput): ReplayStepOutput | Promise<ReplayStepOutput>;
  /** The live actor, null before a path starts. */
  actor(): AnyActorRef | null;
  stop(): void;
};

/** The replayer of the real machine, whose steps settle at once. */
export type LiveReplayer = Omit<PathReplayer, "apply"> & { apply(step: ReplayStepInput): ReplayStepOutput };

export function pathReplayer(machine: AnyStateMachine, stored: MachinePaths): LiveReplayer {
  let live: AnyActorRef | null = null;
  let observed: StepEffects = { invoked: {}, emitted: [] };

  // What each step starts and runs, seen the way the graph tests see it.
  const inspect = (event: InspectionEvent) => {
    if (event.type !== "@xstate.action") return;
    recordAction(observed, event.action as { type: string; params?: unknown });
  };

  const check = (expected: Parameters<typeof stepProblems>[1]): ReplayStepOutput => {
    const snapshot = live!.getSnapshot();
    return {
      problems: stepProblems(stored.texts, expected, {
        state: stateKey(snapshot.value),
        context: snapshot.context,
        invoked: observed.invoked,
        emitted: observed.emitted,
      }),
    };
  };

  return {
    apply({ path: id, position }) {
      const path = stored.paths[id];
      if (!path) throw new Error(`no stored path ${id}`);
      observed = { invoked: {}, emitted: [] };
      if (position === 0) {
        live?.stop();
        live = createLiveActor(inertMachine(machine), {
          input: decodeReplayValue(stored.inputs[path.input]),
          clock: new SimulatedClock(),
          inspect,
        });
        live.start();
        return check(path.start);
      }
      const step = path.steps[position - 1];
      if (!step || !live) throw new Error(`path ${id} has no step ${position}`);
      live.send(decodeReplayValue(stored.events[step.event]) as { type: string });
      return check(step.expect);
    },
    actor: () => live,
    stop() {
      live?.stop();
      live = null;
    },
  };
}
