/**
 * Each fixture's run and mutation check, computed at most once per process and shared. The
 * planted mistakes are checked on the machines in this run's scope (scope.ts); for the others the
 * results of the last full check, as docs/coverage/transitions.md records them, stand.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { MachineFixture } from "./fixture";
import { type MachineRun, runFixture } from "./harness";
import { MUTATION_KINDS, type MutationKind, type MutationResult, mutationCheck } from "./mutations";
import { type MutationScope, mutationScope } from "./scope";

export type FixtureResults = { run: MachineRun; mutations: MutationResult[] };

export const COVERAGE_PAGE = "docs/coverage/transitions.md";

const runs = new Map<string, MachineRun>();
const checked = new Map<string, MutationResult[]>();
let scope: MutationScope | null = null;

export function runOf(fixture: MachineFixture): MachineRun {
  const known = runs.get(fixture.id) ?? runFixture(fixture);
  runs.set(fixture.id, known);
  return known;
}

/** This run's scope, decided once. */
export const currentScope = (): MutationScope => {
  scope ??= mutationScope();
  return scope;
};

/** Whether this run plants the fixture's mistakes itself (or `full`: always). */
export const checksMutations = (fixture: MachineFixture, full = false): boolean =>
  full || checked.has(fixture.id) || currentScope().covers(fixture.id);

/**
 * The fixture's planted mistakes and whether each was caught: checked now when in scope (or
 * `full`), else as the coverage page recorded them, else (a machine the page does not know yet)
 * checked now.
 */
export function mutationsOf(fixture: MachineFixture, full = false): MutationResult[] {
  const known = checked.get(fixture.id);
  if (known) return known;
  if (!checksMutations(fixture, full)) {
    const recorded = recordedMutations().get(fixture.id);
    if (recorded) return recorded;
  }
  const results = mutationCheck(fixture);
  checked.set(fixture.id, results);
  return results;
}

export const fixtureResults = (fixture: MachineFixture): FixtureResults => ({
  run: runOf(fixture),
  mutations: mutationsOf(fixture),
});

let recorded: Map<string, MutationResult[]> | null = null;

/** The "Planted mistakes" table of the coverage page, by machine, in the page's order. */
function recordedMutations(): Map<string, MutationResult[]> {
  if (recorded) return recorded;
  recorded = new Map();
  let text = "";
  try {
    text = readFileSync(join(process.cwd(), COVERAGE_PAGE), "utf8");
  } catch {
    return recorded;
  }
  const table = text.split("\n## Planted mistakes\n")[1]?.split("\n## ")[0] ?? "";
  for (const line of table.split("\n")) {
    // | machine | mistake | where (its "|" escaped) | caught |
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, "|"));
    if (cells.length !== 6) continue;
    const [, id, kind, label, caught] = cells as [string, string, string, string, string];
    if (!MUTATION_KINDS.includes(kind as MutationKind)) continue;
    const list = recorded.get(id) ?? [];
    list.push({ kind: kind as MutationKind, label, caught: caught === "yes" });
    recorded.set(id, list);
  }
  return recorded;
}
