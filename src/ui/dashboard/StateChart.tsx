/**
 * A horizontal bar chart of outlets by workflow state. Drawn as HTML rather than a scaled SVG so its
 * labels keep the page's text size on a phone: at narrow widths each label sits above its bar.
 */
import type { CSSProperties } from "react";
import { stateLabel } from "../../domain/outlets/outletStates";

export default function StateChart({ counts }: { counts: Readonly<Record<string, number>> }) {
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  const max = Math.max(1, ...rows.map(([, n]) => n));
  return (
    <figure className="state-chart">
      <ul className="state-chart-rows" aria-label="Outlets by state">
        {rows.map(([state, n]) => (
          <li key={state} className="state-chart-row">
            <span className="state-chart-label">{stateLabel(state)}</span>
            <span className="state-chart-track" aria-hidden="true">
              <span
                className="state-chart-bar"
                style={{ "--bar-share": `${(n / max) * 100}%` } as CSSProperties}
              />
            </span>
            <span className="state-chart-value">{n}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
