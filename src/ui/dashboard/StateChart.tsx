/** A horizontal bar chart of outlets by workflow state, drawn in plain SVG. */
import { useId } from "react";
import { stateLabel } from "../../domain/outletStates";

const BAR_HEIGHT = 22;
const GAP = 8;
const LABEL_WIDTH = 230;
const BAR_WIDTH = 420;
const VALUE_WIDTH = 60;

export default function StateChart({ counts }: { counts: Readonly<Record<string, number>> }) {
  const titleId = useId();
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  const max = Math.max(1, ...rows.map(([, n]) => n));
  const height = rows.length * (BAR_HEIGHT + GAP);
  return (
    <figure className="state-chart">
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${LABEL_WIDTH + BAR_WIDTH + VALUE_WIDTH} ${Math.max(height, BAR_HEIGHT)}`}
        width="100%"
      >
        <title id={titleId}>
          Outlets by state: {rows.map(([state, n]) => `${stateLabel(state)} ${n}`).join(", ")}
        </title>
        {rows.map(([state, n], i) => {
          const y = i * (BAR_HEIGHT + GAP);
          const width = Math.max(2, (n / max) * BAR_WIDTH);
          return (
            <g key={state}>
              <text
                x={LABEL_WIDTH - 8}
                y={y + BAR_HEIGHT * 0.72}
                textAnchor="end"
                className="state-chart-label"
              >
                {stateLabel(state)}
              </text>
              <rect
                x={LABEL_WIDTH}
                y={y}
                width={width}
                height={BAR_HEIGHT}
                rx={4}
                className="state-chart-bar"
              />
              <text x={LABEL_WIDTH + width + 6} y={y + BAR_HEIGHT * 0.72} className="state-chart-value">
                {n}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
