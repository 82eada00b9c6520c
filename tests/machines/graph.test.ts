// @vitest-environment node
/**
 * Each machine's literal examples (tests/machines/fixtures) hold on a live actor, together they take
 * every state and transition, the graph of the fixture's events reaches them all too (view tests
 * drive its paths), and planted mistakes make an example fail: on the machines a change touches
 * (scope.ts), on all of them in `npm run bench`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { machineStates } from "../../src/machines/machinesArea/describe";
import { machineRegistry } from "../../src/machines/registry";
import { pathReplayer } from "../../src/ui/machines/pathReplayer";
import { COVERAGE_FIGURES, COVERAGE_PAGE, coverageFigures, coveragePage } from "./coverage-page";
import { machineFixtures } from "./fixtures";
import { graphWalk } from "./harness";
import { machinePaths } from "./qa-paths";
import { checksMutations, mutationsOf, runOf } from "./results";
import { fixtureModule } from "./scope";

describe("machine fixtures", () => {
  it("every machine in the registry has exactly one fixture, on the same machine", () => {
    expect(machineFixtures.map((f) => f.id)).toEqual(machineRegistry.map((e) => e.id));
    for (const entry of machineRegistry) {
      expect(machineFixtures.find((f) => f.id === entry.id)?.machine, entry.id).toBe(entry.machine);
    }
  });

  it("each fixture is in fixtures/<machine>.ts, where the change scope looks for it", () => {
    expect(machineFixtures.map((f) => fixtureModule(f.id)).filter((file) => !existsSync(file))).toEqual([]);
  });
});

describe.each(
  machineFixtures.map((fixture) => [fixture.id, fixture] as const),
)("machine %s", (_id, fixture) => {
  // Paths run inside the tests, once per machine, shared by the tests below.

  it("every example holds what it says after the start and each step", { timeout: 120_000 }, () => {
    const run = runOf(fixture);
    expect(run.paths).toBeGreaterThan(0);
    expect(run.failures.slice(0, 5)).toEqual([]);
  });

  it("covers every state, nested ones included, and every transition", { timeout: 120_000 }, () => {
    const run = runOf(fixture);
    expect(run.states.missing).toEqual([]);
    expect(run.transitions.missing).toEqual([]);
  });

  // A hang guard, not a speed check: the largest machines' walks take seconds alone, but over two
  // minutes on two cores loaded with the browser suite and other work.
  it("the graph of its events reaches every state and transition (view tests drive its paths)", {
    timeout: 300_000,
  }, () => {
    const walk = graphWalk(fixture);
    expect(walk.failures.slice(0, 5)).toEqual([]);
    expect(walk.missing).toEqual([]);
  });

  it("describes every state, nested ones included", () => {
    expect(
      machineStates(fixture.machine)
        .filter((s) => !s.description)
        .map((s) => s.id),
    ).toEqual([]);
  });

  it.runIf(checksMutations(fixture))("catches every planted mistake", { timeout: 300_000 }, () => {
    const mutations = mutationsOf(fixture);
    expect(mutations.length, "mutants planted").toBeGreaterThanOrEqual(3);
    expect(mutations.filter((m) => !m.caught).map((m) => `${m.kind}: ${m.label}`)).toEqual([]);
  });
});

// Last, so it reuses the runs above (a filtered run computes what it needs).
describe("QA's transition coverage page", () => {
  it(`${COVERAGE_PAGE} matches the machines and their fixtures`, { timeout: 300_000 }, () => {
    const written = readFileSync(join(process.cwd(), COVERAGE_PAGE), "utf8");
    expect(written, `${COVERAGE_PAGE} is stale: run npm run coverage:machines`).toBe(coveragePage());
  });

  it(`${COVERAGE_FIGURES} (the Machines area's figures) matches them too`, { timeout: 300_000 }, () => {
    const written = readFileSync(join(process.cwd(), COVERAGE_FIGURES), "utf8");
    expect(written, `${COVERAGE_FIGURES} is stale: run npm run coverage:machines`).toBe(coverageFigures());
  });
});

describe("QA's replay in the Machines area", () => {
  it.each(machineFixtures.map((f) => [f.id, f] as const))(
    "%s: every stored path replays on a live actor with no difference",
    { timeout: 120_000 },
    (_id, fixture) => {
      const stored = machinePaths(fixture);
      const replayer = pathReplayer(fixture.machine, stored);
      const differences = stored.paths.flatMap((path) =>
        [0, ...path.steps.map((_, i) => i + 1)].flatMap((position) =>
          replayer
            .apply({ path: path.id, position })
            .problems.map((p) => `path ${path.id} step ${position}: ${p}`),
        ),
      );
      replayer.stop();
      expect(stored.paths.length).toBeGreaterThan(0);
      expect(differences.slice(0, 5)).toEqual([]);
    },
  );
});
