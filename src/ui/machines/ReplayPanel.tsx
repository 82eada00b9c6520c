/**
 * The replay of the chosen path: Step, Play, Pause and Reset, what the live actor's state is, and
 * each step's verdict (the live actor compared with what the path's fixture expects).
 */
import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import type { AnyActorRef } from "xstate";
import { type MachinePaths, stateKey } from "../../domain/machinesArea/replayPath";
import PathSteps, { pathEvents, type StepVerdict } from "./PathSteps";
import type { PathReplayActor } from "./usePathReplay";

function statusText(state: string, position: number, steps: number, failedAt: number | null): string {
  if (state === "finished") return `Finished: the start and all ${steps} steps matched the path.`;
  if (state === "mismatch") {
    return failedAt === 0 ? "The start differs from the path." : `Step ${failedAt} differs from the path.`;
  }
  if (position < 0) return "Starting the machine…";
  const at = position === 0 ? "The start matched" : `Step ${position} of ${steps} matched`;
  return state === "ready" ? `${at}. Step or Play to go on.` : `${at}; replaying…`;
}

export default function ReplayPanel({
  stored,
  replay,
  live,
}: {
  stored: MachinePaths;
  replay: PathReplayActor;
  live: AnyActorRef | null;
}) {
  const snapshot = useSelector(replay, (s) => s);
  const { path: id, position, failedAt, problems, steps } = snapshot.context;
  const heading = useRef<HTMLHeadingElement>(null);
  // Choosing a path elsewhere on the page brings the replay (and the chart below it) into view.
  useEffect(() => {
    if (id !== null) heading.current?.focus();
  }, [id]);
  const path = id === null ? undefined : stored.paths[id];
  if (!path) return null;
  const state = typeof snapshot.value === "string" ? snapshot.value : "playing";
  const busy = state === "stepping" || state === "playing";
  const verdicts: StepVerdict[] = [path.start, ...path.steps].map((_, at) =>
    at <= position
      ? "matched"
      : at === failedAt
        ? "differs"
        : at === position + 1 && busy
          ? "current"
          : "pending",
  );
  const liveState = live ? stateKey(live.getSnapshot().value) : "";
  return (
    <section className="path-replay" aria-labelledby="path-replay-title">
      <h3 id="path-replay-title" ref={heading} tabIndex={-1}>
        Replaying path {path.id}: {pathEvents(stored, path)}
      </h3>
      <div className="path-replay-tools">
        <button
          type="button"
          onClick={() => replay.send({ type: "step" })}
          disabled={!snapshot.can({ type: "step" })}
        >
          Step
        </button>
        <button
          type="button"
          onClick={() => replay.send({ type: "play" })}
          disabled={!snapshot.can({ type: "play" })}
        >
          Play
        </button>
        <button
          type="button"
          className="button-secondary"
          onClick={() => replay.send({ type: "pause" })}
          disabled={!snapshot.can({ type: "pause" })}
        >
          Pause
        </button>
        <button
          type="button"
          className="button-secondary"
          onClick={() => replay.send({ type: "reset" })}
          disabled={!snapshot.can({ type: "reset" })}
        >
          Reset
        </button>
        <span>
          Live state: <strong data-testid="replay-state">{liveState}</strong>
        </span>
      </div>
      <p
        role="status"
        className={state === "mismatch" ? "path-replay-status is-mismatch" : "path-replay-status"}
      >
        {statusText(state, position, steps, failedAt)}
      </p>
      {problems.length > 0 && (
        <ul className="path-replay-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <details>
        <summary>Steps and what each expects</summary>
        <PathSteps stored={stored} path={path} verdicts={verdicts} />
      </details>
    </section>
  );
}
