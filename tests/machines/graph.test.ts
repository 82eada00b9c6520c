// @vitest-environment node
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { machineRegistry } from "../../src/machines/registry";
import { type Coverage, coverageOf, coverageReport } from "./harness";

const results: Coverage[] = [];

describe.each(machineRegistry.map((entry) => [entry.id, entry] as const))("machine %s", (_id, entry) => {
  const { coverage, failures } = coverageOf(entry);
  results.push(coverage);

  it("every generated path reaches the states the graph predicts", () => {
    expect(coverage.paths).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it("covers every state", () => {
    expect(coverage.states.missing).toEqual([]);
  });

  it("covers every transition", () => {
    expect(coverage.transitions.missing).toEqual([]);
  });

  it("describes every state", () => {
    const undescribed = Object.values(entry.machine.root.states).filter((s) => !s.description);
    expect(undescribed.map((s) => s.id)).toEqual([]);
  });
});

afterAll(() => {
  writeFileSync(join(process.cwd(), "docs/coverage/transitions.md"), coverageReport(results));
});
