/**
 * A horizontal bar chart drawn as SVG (docs/reports.md, "Charts"): each bar labelled with its name
 * and value in text, so the figures read without the colours; the whole chart is one image to
 * assistive technology, named by its title and described by every bar's figure in a sentence, and
 * the same figures are a table a screen reader can walk. A bar may carry a pale target behind it
 * (achievement against target). Loaded with the report screens only.
 */
import { useId } from "react";

export type Bar = {
  key: string;
  label: string;
  value: number;
  /** The value as written beside the bar (a count, a percentage, an amount). */
  text: string;
  /** A pale bar behind it: what the value is measured against. */
  target?: number;
};

const ROW = 30;
const LABEL_WIDTH = 230;
const BAR_WIDTH = 340;
const TEXT_GAP = 8;
const WIDTH = LABEL_WIDTH + BAR_WIDTH + 220;

export default function BarChart({
  title,
  bars,
  valueHeader,
  empty,
}: {
  title: string;
  bars: readonly Bar[];
  /** The table's heading for the value column ("Outlets", "Achievement"). */
  valueHeader: string;
  /** What the chart says when there is nothing to draw. */
  empty: string;
}) {
  const id = useId();
  const most = Math.max(1, ...bars.map((b) => Math.max(b.value, b.target ?? 0)));
  const height = Math.max(1, bars.length) * ROW + 6;
  const described = bars.map((b) => `${b.label}: ${b.text}`).join("; ");
  return (
    <figure className="report-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      {bars.length === 0 ? (
        <p className="report-muted">{empty}</p>
      ) : (
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          role="img"
          aria-labelledby={`${id}-svg-title ${id}-desc`}
          preserveAspectRatio="xMinYMin meet"
        >
          <title id={`${id}-svg-title`}>{title}</title>
          <desc id={`${id}-desc`}>{described}</desc>
          {bars.map((b, i) => {
            const y = i * ROW + 4;
            const width = (b.value / most) * BAR_WIDTH;
            return (
              <g key={b.key}>
                <text x={LABEL_WIDTH - TEXT_GAP} y={y + 16} textAnchor="end" className="report-chart-label">
                  {b.label}
                </text>
                {b.target !== undefined && (
                  <rect
                    x={LABEL_WIDTH}
                    y={y}
                    width={(b.target / most) * BAR_WIDTH}
                    height={22}
                    className="report-chart-target"
                  />
                )}
                <rect
                  x={LABEL_WIDTH}
                  y={b.target === undefined ? y : y + 5}
                  width={Math.max(width, b.value > 0 ? 2 : 0)}
                  height={b.target === undefined ? 22 : 12}
                  className="report-chart-bar"
                />
                <text
                  x={LABEL_WIDTH + Math.max(width, ((b.target ?? 0) / most) * BAR_WIDTH) + TEXT_GAP}
                  y={y + 16}
                  className="report-chart-value"
                >
                  {b.text}
                </text>
              </g>
            );
          })}
        </svg>
      )}
      {bars.length > 0 && (
        <details className="report-chart-figures">
          <summary>The figures</summary>
          <table>
            <thead>
              <tr>
                <th scope="col">{title}</th>
                <th scope="col">{valueHeader}</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((b) => (
                <tr key={b.key}>
                  <th scope="row">{b.label}</th>
                  <td>{b.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
}
