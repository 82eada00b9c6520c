/**
 * Lays a machine out as a state chart with ELK (layered, nested states as boxes holding their
 * children). Everything comes back in one coordinate space, ready to draw as SVG. Only the
 * Machines area imports this module, so the layout library stays out of every other chunk.
 */
import ELK, { type ElkExtendedEdge, type ElkNode } from "elkjs/lib/elk.bundled.js";
import type { AnyStateMachine, StateValue } from "xstate";
import {
  eventLabel,
  machineStates,
  machineTransitions,
  type StateInfo,
} from "../../machines/machinesArea/describe";

export type ChartState = StateInfo & {
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly compound: boolean;
};

export type ChartEdge = {
  readonly key: string;
  readonly source: string;
  readonly target: string;
  readonly label: string;
  /** The polyline ELK routed, start to end. */
  readonly points: readonly { x: number; y: number }[];
  readonly labelAt: { x: number; y: number; width: number; height: number } | null;
};

export type Chart = {
  readonly width: number;
  readonly height: number;
  readonly states: readonly ChartState[];
  readonly edges: readonly ChartEdge[];
  /** Transitions defined on the machine itself: handled in every state, listed beside the chart. */
  readonly everywhere: readonly { label: string; targets: string }[];
};

const CHAR_WIDTH = 7;
const LEAF_HEIGHT = 36;
const LABEL_HEIGHT = 16;

/** The label of a transition: the event as people read it, then its guard in brackets. */
export const transitionLabel = (t: { event: string; guard: string | null }): string =>
  `${eventLabel(t.event)}${t.guard ? ` [${t.guard}]` : ""}`;

const FIRST = { "elk.layered.layering.layerConstraint": "FIRST" };

const textWidth = (text: string) => Math.ceil(text.length * CHAR_WIDTH) + 8;

/** The ELK graph of a machine: a node per state (nested in its parent), an edge per transition target. */
export function chartGraph(machine: AnyStateMachine): ElkNode {
  const states = machineStates(machine);
  const rootId = machine.root.id;
  // The state the machine starts in leads the chart, so it reads from top to bottom: the initial
  // state and, inside it, each nested initial state down to the first leaf.
  const parentOf = (s: StateInfo) => states.find((p) => p.id === s.id.slice(0, s.id.lastIndexOf(".")));
  const leads = (s: StateInfo): boolean => {
    if (!s.initial) return false;
    const parent = parentOf(s);
    return s.path.length === 1 || (parent !== undefined && leads(parent));
  };
  const nodeOf = (s: StateInfo): ElkNode => {
    const children = states.filter((c) => c.path.length === s.path.length + 1 && c.id.startsWith(`${s.id}.`));
    const name = s.path.at(-1) ?? s.id;
    return children.length
      ? {
          id: s.id,
          labels: [{ text: name, width: textWidth(name), height: LABEL_HEIGHT }],
          layoutOptions: {
            "elk.padding": "[top=32,left=12,bottom=12,right=12]",
            "elk.nodeLabels.placement": "INSIDE V_TOP H_LEFT",
            ...(leads(s) ? FIRST : {}),
          },
          children: children.map(nodeOf),
        }
      : {
          id: s.id,
          width: Math.max(96, textWidth(name) + 24),
          height: LEAF_HEIGHT,
          ...(leads(s) ? { layoutOptions: FIRST } : {}),
        };
  };
  const edges: ElkExtendedEdge[] = machineTransitions(machine)
    .filter((t) => t.source !== rootId)
    .flatMap((t, i) =>
      (t.targets.length ? t.targets : [t.source]).map((target, j) => {
        const text = transitionLabel(t);
        return {
          id: `e${i}_${j}`,
          sources: [t.source],
          targets: [target],
          labels: [{ id: `e${i}_${j}_label`, text, width: textWidth(text), height: LABEL_HEIGHT }],
        };
      }),
    );
  return {
    id: rootId,
    layoutOptions: {
      "elk.algorithm": "layered",
      "elk.direction": "DOWN",
      "elk.hierarchyHandling": "INCLUDE_CHILDREN",
      "elk.json.shapeCoords": "ROOT",
      "elk.json.edgeCoords": "ROOT",
      "elk.edgeLabels.inline": "false",
      "elk.layered.spacing.nodeNodeBetweenLayers": "48",
      "elk.spacing.nodeNode": "32",
      "elk.spacing.edgeLabel": "4",
      "elk.padding": "[top=16,left=16,bottom=16,right=16]",
    },
    children: states.filter((s) => s.path.length === 1).map(nodeOf),
    edges,
  };
}

function flatten(node: ElkNode, into: ElkNode[] = []): ElkNode[] {
  for (const child of node.children ?? []) {
    into.push(child);
    flatten(child, into);
  }
  return into;
}

/** Runs the layout (ELK answers asynchronously) and gives the drawable chart. */
export async function layoutChart(machine: AnyStateMachine): Promise<Chart> {
  const graph = chartGraph(machine);
  const laid = await new ELK().layout(graph);
  const info = new Map(machineStates(machine).map((s) => [s.id, s]));
  const transitions = machineTransitions(machine);
  const states = flatten(laid).map((n): ChartState => {
    const s = info.get(n.id)!;
    return {
      ...s,
      name: s.path.at(-1) ?? s.id,
      x: n.x ?? 0,
      y: n.y ?? 0,
      width: n.width ?? 0,
      height: n.height ?? 0,
      compound: (n.children?.length ?? 0) > 0,
    };
  });
  const edges = (laid.edges ?? []).map((e): ChartEdge => {
    const section = e.sections?.[0];
    const label = e.labels?.[0];
    return {
      key: e.id,
      source: e.sources[0]!,
      target: e.targets[0]!,
      label: label?.text ?? "",
      points: section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint] : [],
      labelAt: label
        ? { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 }
        : null,
    };
  });
  return {
    width: laid.width ?? 0,
    height: laid.height ?? 0,
    states,
    edges,
    everywhere: transitions
      .filter((t) => t.source === machine.root.id)
      .map((t) => ({ label: transitionLabel(t), targets: t.targets.join(", ") || "(stays)" })),
  };
}

/** "editing", or "conflict.loggingOut" for nested states: every active state's dotted path. */
export function activePaths(value: StateValue, prefix: string[] = []): string[] {
  if (typeof value === "string") return [[...prefix, value].join(".")];
  return Object.entries(value).flatMap(([key, child]) => [
    [...prefix, key].join("."),
    ...(child ? activePaths(child as StateValue, [...prefix, key]) : []),
  ]);
}

/** The chart's states a running actor is in, by their ids: what the chart highlights. */
export const activeStates = (chart: Chart, value: StateValue): ReadonlySet<string> => {
  const paths = activePaths(value);
  return new Set(chart.states.filter((s) => paths.includes(s.path.join("."))).map((s) => s.id));
};

/** Labels are drawn at 13 px; below this scale they are too small to read (about 10 px). */
export const READABLE_SCALE = 0.8;
export const MIN_SCALE = 0.25;
export const MAX_SCALE = 3;

/**
 * The chart's opening scale: fitted to the frame's width, never larger than actual size and never
 * so small its labels cannot be read (a wider chart is then panned).
 */
export const fitScale = (frameWidth: number, chartWidth: number): number =>
  chartWidth <= 0 || frameWidth <= 0 ? 1 : Math.min(1, Math.max(READABLE_SCALE, frameWidth / chartWidth));

/** One zoom step in or out from a scale, within the limits. */
export const zoomStep = (scale: number, direction: 1 | -1): number =>
  Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(scale * (direction > 0 ? 1.25 : 0.8) * 100) / 100));
