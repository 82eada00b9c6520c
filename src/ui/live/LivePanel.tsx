/**
 * Live mode's panel: the machines running on this screen, the chosen one's chart with its current
 * state highlighted as the user works, its last events and its context, secrets masked
 * (src/domain/machinesArea/liveMask.ts). Loaded only while live mode is on, so no page carries its chart code.
 */
import { useEffect, useId, useState, useSyncExternalStore } from "react";
import type { AnyStateMachine, StateValue } from "xstate";
import { maskEvent, maskSecrets } from "../../domain/machinesArea/liveMask";
import { machineRegistry } from "../../machines/registry";
import { activePaths, type Chart, layoutChart } from "../machines/chartLayout";
import StateChart from "../machines/StateChart";
import { type LiveActor, liveActors, liveVersion, subscribeLive } from "./liveInspector";
import { setLiveMode } from "./liveMode";
import "../machines/machines.css";

const machineOf = (id: string): AnyStateMachine | undefined =>
  machineRegistry.find((e) => e.id === id)?.machine;

const show = (value: unknown) => JSON.stringify(maskSecrets(value), null, 2);

function useLiveActors(): LiveActor[] {
  useSyncExternalStore(subscribeLive, liveVersion);
  return liveActors().filter((a) => machineOf(a.machineId));
}

export default function LivePanel() {
  const running = useLiveActors();
  const pickId = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const [chart, setChart] = useState<{ machineId: string; chart: Chart } | null>(null);
  // The chosen actor, else the newest: the screen's own machine starts after the page's services.
  const current = running.find((a) => a.ref.sessionId === picked) ?? running.at(-1) ?? null;
  const machineId = current?.machineId ?? null;

  // The page narrows beside the panel (machines.css) while it is shown.
  useEffect(() => {
    document.body.classList.add("live-mode");
    return () => document.body.classList.remove("live-mode");
  }, []);

  useEffect(() => {
    if (!machineId) return;
    let live = true;
    const machine = machineOf(machineId);
    if (machine) void layoutChart(machine).then((laid) => live && setChart({ machineId, chart: laid }));
    return () => {
      live = false;
    };
  }, [machineId]);

  const snapshot = current?.ref.getSnapshot() as { value: StateValue; context: unknown } | undefined;
  const paths = snapshot ? activePaths(snapshot.value) : [];
  const active = new Set(
    chart?.chart.states.filter((s) => paths.includes(s.path.join("."))).map((s) => s.id) ?? [],
  );

  return (
    <aside className="live-panel" aria-label="Live machines">
      <div className="live-panel-head">
        <h2>Live machines</h2>
        <button type="button" className="button-secondary" onClick={() => setLiveMode(false)}>
          Turn off live mode
        </button>
      </div>
      {current ? (
        <>
          <label htmlFor={pickId}>Running on this screen</label>
          <select
            id={pickId}
            value={current.ref.sessionId}
            onChange={(event) => setPicked(event.target.value)}
          >
            {running.map((a) => (
              <option key={a.ref.sessionId} value={a.ref.sessionId}>
                {a.machineId}
                {a.parentId ? " (child)" : ""}
              </option>
            ))}
          </select>
          <p className="live-panel-state">
            Current state: <strong data-testid="live-state">{paths.at(-1) ?? ""}</strong>
          </p>
          {chart?.machineId === current.machineId ? (
            <StateChart chart={chart.chart} title={current.machineId} active={active} />
          ) : (
            <p aria-busy="true">Laying out the chart…</p>
          )}
          <h3>Last events</h3>
          {current.events.length ? (
            <ol className="live-panel-events" aria-label="Last events">
              {current.events.map((e, i) => (
                // Events have no identity of their own; the newest is first and the list only grows at the top.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={`${i}-${e.type}`}>
                  <code>{e.type}</code>
                  <pre>{JSON.stringify(maskEvent(e.event), null, 2)}</pre>
                </li>
              ))}
            </ol>
          ) : (
            <p>No event yet.</p>
          )}
          <h3 id="live-panel-context">Context</h3>
          <section
            className="live-panel-context"
            aria-labelledby="live-panel-context"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a long context scrolls, and must be reachable by keyboard to scroll it
            tabIndex={0}
          >
            <pre>{show(snapshot?.context)}</pre>
          </section>
        </>
      ) : (
        <p>No machine is running on this screen.</p>
      )}
    </aside>
  );
}
