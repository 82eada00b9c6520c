/**
 * The planted-mistake check on every machine (`npm test` checks only the machines a change
 * touches, tests/machines/scope.ts): each machine's mistakes planted and its examples run on every
 * one. It rewrites the coverage page and the Machines area's figures with the full results.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  COVERAGE_FIGURES,
  COVERAGE_PAGE,
  coverageFigures,
  coveragePage,
} from "../tests/machines/coverage-page";
import { machineFixtures } from "../tests/machines/fixtures";
import { mutationsOf } from "../tests/machines/results";

export const MUTATIONS_HEADING = "## Planted mistakes (the machine tests' mutation check)";

export function benchMutations(): { lines: string[]; allCaught: boolean } {
  const rows = machineFixtures.map((fixture) => {
    const start = performance.now();
    const results = mutationsOf(fixture, true);
    return {
      id: fixture.id,
      planted: results.length,
      caught: results.filter((r) => r.caught).length,
      ms: performance.now() - start,
    };
  });
  const root = process.cwd();
  writeFileSync(join(root, COVERAGE_PAGE), coveragePage());
  writeFileSync(join(root, COVERAGE_FIGURES), coverageFigures());
  const planted = rows.reduce((n, r) => n + r.planted, 0);
  const caught = rows.reduce((n, r) => n + r.caught, 0);
  const seconds = rows.reduce((n, r) => n + r.ms, 0) / 1000;
  const slowest = [...rows].sort((a, b) => b.ms - a.ms).slice(0, 3);
  const missed = rows.filter((r) => r.caught < r.planted);
  return {
    allCaught: missed.length === 0,
    lines: [
      MUTATIONS_HEADING,
      "",
      `Every machine, ${rows.length} in all: each mistake planted in a copy of the machine, and the machine's`,
      "checks run on it (docs/coverage/transitions.md lists every mistake). `npm test` plants them only in",
      "the machines a change touches since the merge base with main.",
      "",
      "| what | value |",
      "| --- | ---: |",
      `| mistakes planted | ${planted} |`,
      `| caught | ${caught} |`,
      `| seconds for all of them | ${seconds.toFixed(1)} |`,
      ...slowest.map((r) => `| ${r.id} (${r.planted} mistakes), seconds | ${(r.ms / 1000).toFixed(1)} |`),
      "",
      ...(missed.length
        ? [`Not caught: ${missed.map((r) => `${r.id} ${r.planted - r.caught}`).join(", ")}.`, ""]
        : []),
    ],
  };
}
