/**
 * The replay of QA's paths for one machine: the `pathReplay` machine drives it, and its `applyStep`
 * actor is provided here with a replayer holding a live actor of the real machine.
 */
import { useSelector } from "@xstate/react";
import { useEffect, useMemo } from "react";
import { type ActorRefFrom, type AnyActorRef, type AnyStateMachine, fromPromise } from "xstate";
import type { MachinePaths } from "../../domain/machinesArea/replayPath";
import { pathReplayMachine, type ReplayStepInput } from "../../machines/machinesArea/pathReplay";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { type PathReplayer, pathReplayer } from "./pathReplayer";

export type PathReplayActor = ActorRefFrom<typeof pathReplayMachine>;

/** Makes the replayer; view tests give one whose steps they settle themselves. */
export type ReplayerOf = (machine: AnyStateMachine, stored: MachinePaths) => PathReplayer;

export function usePathReplay(
  machine: AnyStateMachine,
  stored: MachinePaths,
  replayerOf: ReplayerOf = pathReplayer,
): { replay: PathReplayActor; live: AnyActorRef | null } {
  const replayer = useMemo(() => replayerOf(machine, stored), [replayerOf, machine, stored]);
  useEffect(() => () => replayer.stop(), [replayer]);
  const replay = useLiveActorRef(
    useProvided(pathReplayMachine, {
      actors: {
        applyStep: fromPromise(async ({ input }: { input: ReplayStepInput }) => replayer.apply(input)),
      },
    }),
  );
  // Every step changes the replay's context, so reading the live actor on each render follows it.
  useSelector(replay, (s) => s.context.position);
  useSelector(replay, (s) => s.value);
  return { replay, live: replayer.actor() };
}
