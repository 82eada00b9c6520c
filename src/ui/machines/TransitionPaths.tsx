/**
 * Per transition, the stored paths that take it (the shortest few of all the generated ones), each
 * opened to read its steps and expectations, and replayed with one button.
 */
import { type ReactNode, useState } from "react";
import type { MachinePaths } from "../../domain/machinesArea/replayPath";
import type { TransitionInfo } from "../../machines/machinesArea/describe";
import { transitionLabel } from "./chartLayout";
import PathSteps, { pathEvents } from "./PathSteps";
import type { PathReplayActor } from "./usePathReplay";

const short = (id: string) => id.split(".").slice(1).join(".") || id;

/** Details whose content is drawn only once opened: a machine holds a hundred paths or more. */
function Expandable({ summary, children }: { summary: ReactNode; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children()}
    </details>
  );
}

export default function TransitionPaths({
  stored,
  transitions,
  counts,
  replay,
}: {
  stored: MachinePaths;
  transitions: readonly TransitionInfo[];
  counts: Readonly<Record<string, number>> | null;
  replay: PathReplayActor;
}) {
  return (
    <ul className="transition-paths" aria-label="Paths per transition">
      {transitions.map((t) => {
        const ids = stored.byTransition[t.key] ?? [];
        const total = counts?.[t.key] ?? ids.length;
        const from = t.source.includes(".") ? short(t.source) : "every state";
        const to = t.targets.map(short).join(", ") || "(stays)";
        return (
          <li key={t.key}>
            <Expandable
              summary={
                <>
                  {from} — {transitionLabel(t)} → {to}:{" "}
                  {ids.length < total ? `${total} paths, the ${ids.length} shortest shown` : `${total} paths`}
                </>
              }
            >
              {() => (
                <ol className="transition-path-list">
                  {ids.map((id) => {
                    const path = stored.paths[id]!;
                    return (
                      <li key={id}>
                        <Expandable
                          summary={`Path ${id} (${path.kind}, ${path.steps.length} events): ${pathEvents(stored, path)}`}
                        >
                          {() => (
                            <>
                              <button
                                type="button"
                                onClick={() =>
                                  replay.send({ type: "path.choose", path: id, steps: path.steps.length })
                                }
                              >
                                Replay path {id}
                              </button>
                              <PathSteps stored={stored} path={path} />
                            </>
                          )}
                        </Expandable>
                      </li>
                    );
                  })}
                </ol>
              )}
            </Expandable>
          </li>
        );
      })}
    </ul>
  );
}
