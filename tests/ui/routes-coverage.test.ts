// @vitest-environment node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTES_COVERAGE_PATH, routesCoverageMarkdown } from "../../scripts/routes-coverage-generator";
import { ROUTES } from "../../src/domain/shell/routes";
import { BUILT_PATTERNS } from "../../src/ui/routes/allBuilt";

const root = join(__dirname, "../..");

describe("docs/coverage/routes.md", () => {
  it("is up to date with the catalogue and the built screens (run `npm run routes`)", () => {
    const onDisk = readFileSync(join(root, ROUTES_COVERAGE_PATH), "utf8");
    expect(onDisk).toBe(routesCoverageMarkdown());
  });

  it("lists every catalogue route once with its status and the totals", () => {
    const text = routesCoverageMarkdown();
    for (const r of ROUTES) expect(text).toContain(`| \`${r.pattern}\` | ${r.area} |`);
    expect(text).toContain(
      `**${BUILT_PATTERNS.length} of ${ROUTES.length} catalogue routes have their screen`,
    );
    const rows = text.split("\n").filter((l) => l.startsWith("| `"));
    expect(rows).toHaveLength(ROUTES.length);
    expect(rows.filter((l) => l.endsWith("| built |"))).toHaveLength(BUILT_PATTERNS.length);
  });
});
