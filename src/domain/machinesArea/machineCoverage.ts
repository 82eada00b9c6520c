/**
 * What the graph tests measured for one machine (docs/coverage/transitions.md), as the Machines
 * area shows it. Written by `npm run coverage:machines`; the machine tests fail while it is stale.
 */
export type MachineCoverage = {
  readonly id: string;
  readonly states: { readonly covered: number; readonly total: number };
  readonly transitions: { readonly covered: number; readonly total: number };
  readonly paths: number;
  readonly steps: number;
  readonly contextChecks: number;
  readonly outputChecks: number;
  readonly mutations: { readonly caught: number; readonly total: number };
  /** QA's view: each transition (by its key, src/machines/machinesArea/describe.ts) and how many generated paths take it. */
  readonly pathsPerTransition: Readonly<Record<string, number>>;
};

/** "31 / 31 (100%)": the mutation score as QA reads it. */
export function scoreLabel(caught: number, total: number): string {
  if (total === 0) return "none planted";
  return `${caught} / ${total} (${Math.floor((caught / total) * 100)}%)`;
}
