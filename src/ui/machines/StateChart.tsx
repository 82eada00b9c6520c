import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { type Chart, type ChartState, fitScale, MAX_SCALE, MIN_SCALE, zoomStep } from "./chartLayout";

type Props = {
  chart: Chart;
  /** The machine's name, for the chart's accessible name. */
  title: string;
  /** States to highlight: the ones a running actor is in. */
  active?: ReadonlySet<string>;
};

const pathOf = (points: readonly { x: number; y: number }[]) =>
  points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x},${p.y}`).join(" ");

/**
 * A laid-out state chart drawn as SVG. Each state is a focusable item (arrow keys, Home and End
 * move between them in reading order); hovering or focusing one shows its description. It opens
 * fitted to the frame's width (never below a readable size); zoom with the buttons or Ctrl and the
 * mouse wheel, and pan by dragging or scrolling when the chart is larger than the frame.
 */
export default function StateChart({ chart, title, active }: Props) {
  // null: fitted to the frame's width, followed as the frame resizes.
  const [zoomed, setZoomed] = useState<number | null>(null);
  const [frameWidth, setFrameWidth] = useState(0);
  const [pointed, setPointed] = useState<ChartState | null>(null);
  const [focused, setFocused] = useState<string>(chart.states[0]?.id ?? "");
  const refs = useRef(new Map<string, SVGGElement>());
  const describedBy = useId();
  const fitted = fitScale(frameWidth, chart.width);
  const scale = zoomed ?? fitted;
  // Reading order: top to bottom, then left to right, so arrows follow what the eye sees.
  const order = [...chart.states].sort((a, b) => a.y - b.y || a.x - b.x);

  const move = (event: KeyboardEvent, id: string) => {
    const at = order.findIndex((s) => s.id === id);
    const next =
      event.key === "ArrowDown" || event.key === "ArrowRight"
        ? order[Math.min(at + 1, order.length - 1)]
        : event.key === "ArrowUp" || event.key === "ArrowLeft"
          ? order[Math.max(at - 1, 0)]
          : event.key === "Home"
            ? order[0]
            : event.key === "End"
              ? order.at(-1)
              : undefined;
    if (!next) return;
    event.preventDefault();
    setFocused(next.id);
    refs.current.get(next.id)?.focus();
  };

  // Live mode: keep the state the actor is in within the frame as it moves.
  const frame = useRef<HTMLDivElement>(null);
  const current = chart.states.filter((s) => !s.compound && active?.has(s.id)).at(-1);
  useEffect(() => {
    const box = frame.current;
    if (!box || !current) return;
    box.scrollTo({
      left: (current.x + current.width / 2) * scale - box.clientWidth / 2,
      top: (current.y + current.height / 2) * scale - box.clientHeight / 2,
    });
  }, [current, scale]);

  useEffect(() => {
    const box = frame.current;
    if (!box) return;
    const measure = () => setFrameWidth(box.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  const zoomBy = (step: 1 | -1) => setZoomed(zoomStep(scale, step));
  // Dragging the chart's background pans it.
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const leaving = (id: string) => chart.edges.filter((e) => e.source === id);
  const shown = pointed ?? chart.states.find((s) => s.id === focused) ?? null;
  const stateBox = (s: ChartState) => (
    <StateBox
      key={s.id}
      state={s}
      active={active?.has(s.id) ?? false}
      tabbable={focused === s.id}
      describedBy={describedBy}
      register={(el) => (el ? refs.current.set(s.id, el) : refs.current.delete(s.id))}
      onPoint={setPointed}
      onFocus={() => setFocused(s.id)}
      onKeyDown={(e) => move(e, s.id)}
    />
  );

  return (
    <div className="machine-chart">
      <div className="machine-chart-tools" role="toolbar" aria-label={`Zoom the ${title} chart`}>
        <button
          type="button"
          className="button-secondary"
          onClick={() => zoomBy(-1)}
          disabled={scale <= MIN_SCALE}
        >
          Zoom out
        </button>
        <output aria-live="polite">{Math.round(scale * 100)}%</output>
        <button
          type="button"
          className="button-secondary"
          onClick={() => zoomBy(1)}
          disabled={scale >= MAX_SCALE}
        >
          Zoom in
        </button>
        <button
          type="button"
          className="button-secondary"
          aria-pressed={zoomed === null}
          onClick={() => setZoomed(null)}
        >
          Fit to width
        </button>
        <button type="button" className="button-secondary" onClick={() => setZoomed(1)}>
          Actual size
        </button>
      </div>
      <p className="machine-chart-description" id={describedBy} aria-live="polite">
        {shown ? (
          <>
            <strong>{shown.path.join(".")}</strong>
            {shown.initial ? " (initial)" : ""}
            {shown.final ? " (final)" : ""}: {shown.description}
            {leaving(shown.id).length ? (
              <span className="machine-chart-leaving">
                {" "}
                Leaves by:{" "}
                {leaving(shown.id)
                  .map((e) => `${e.label} → ${e.target}`)
                  .join("; ")}
                .
              </span>
            ) : null}
          </>
        ) : (
          "Point at or focus a state to read what it means."
        )}
      </p>
      <div
        ref={frame}
        className="machine-chart-frame"
        onPointerDown={(event) => {
          const box = frame.current;
          if (!box || event.button !== 0 || (event.target as Element).closest(".machine-chart-state")) return;
          drag.current = { x: event.clientX, y: event.clientY, left: box.scrollLeft, top: box.scrollTop };
          box.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => {
          const box = frame.current;
          const from = drag.current;
          if (!box || !from) return;
          box.scrollTo({
            left: from.left - (event.clientX - from.x),
            top: from.top - (event.clientY - from.y),
          });
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
        onWheel={(event) => {
          if (!event.ctrlKey) return;
          event.preventDefault();
          zoomBy(event.deltaY < 0 ? 1 : -1);
        }}
      >
        {/* biome-ignore lint/a11y/useSemanticElements: an SVG drawing cannot be a fieldset; the group names the chart's states */}
        <svg
          role="group"
          aria-label={`${title} state chart`}
          width={chart.width * scale}
          height={chart.height * scale}
          viewBox={`0 0 ${chart.width} ${chart.height}`}
        >
          <defs>
            <marker
              id={`${describedBy}-arrow`}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L10,5 L0,10 z" className="machine-chart-arrowhead" />
            </marker>
          </defs>
          {/* Compound states first, so their boxes lie under the edges and the states inside them. */}
          {chart.states.filter((s) => s.compound).map(stateBox)}
          {chart.edges.map((e) => (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG group is not focusable; the transitions are read beside the chart
            <g key={e.key} className="machine-chart-edge" aria-hidden="true">
              <path d={pathOf(e.points)} markerEnd={`url(#${describedBy}-arrow)`} />
              {e.labelAt ? (
                <text x={e.labelAt.x + 4} y={e.labelAt.y + e.labelAt.height - 4}>
                  {e.label}
                </text>
              ) : null}
            </g>
          ))}
          {chart.states.filter((s) => !s.compound).map(stateBox)}
        </svg>
      </div>
      {chart.everywhere.length ? (
        <div className="machine-chart-everywhere">
          <h3>Handled in every state</h3>
          <ul>
            {chart.everywhere.map((t) => (
              <li key={`${t.label}→${t.targets}`}>
                {t.label} → {t.targets}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

type BoxProps = {
  state: ChartState;
  active: boolean;
  tabbable: boolean;
  describedBy: string;
  register: (el: SVGGElement | null) => void;
  onPoint: (state: ChartState | null) => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
};

function StateBox({ state, active, tabbable, describedBy, register, onPoint, onFocus, onKeyDown }: BoxProps) {
  const classes = [
    "machine-chart-state",
    state.compound ? "is-compound" : "",
    state.final ? "is-final" : "",
    state.initial ? "is-initial" : "",
    active ? "is-active" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be an HTML button; pressing it shows its description
    <g
      ref={register}
      className={classes}
      role="button"
      tabIndex={tabbable ? 0 : -1}
      aria-label={`${state.path.join(".")}${active ? ", current state" : ""}`}
      aria-describedby={describedBy}
      aria-current={active ? "step" : undefined}
      data-state={state.id}
      onPointerEnter={() => onPoint(state)}
      onPointerLeave={() => onPoint(null)}
      onFocus={onFocus}
      onClick={onFocus}
      onKeyDown={onKeyDown}
    >
      <rect x={state.x} y={state.y} width={state.width} height={state.height} rx={state.compound ? 10 : 18} />
      {state.final ? (
        <rect
          className="machine-chart-final-ring"
          x={state.x + 3}
          y={state.y + 3}
          width={state.width - 6}
          height={state.height - 6}
          rx={15}
        />
      ) : null}
      {state.initial ? (
        <circle className="machine-chart-initial" cx={state.x + 10} cy={state.y + 10} r={4} />
      ) : null}
      <text
        x={state.compound ? state.x + 12 : state.x + state.width / 2}
        y={state.compound ? state.y + 20 : state.y + state.height / 2 + 5}
        textAnchor={state.compound ? "start" : "middle"}
      >
        {state.name}
      </text>
    </g>
  );
}
