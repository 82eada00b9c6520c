import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(__dirname, "../..");
const depcruise = join(root, "node_modules/.bin/depcruise");
const config = join(root, ".dependency-cruiser.cjs");

function cruise(cwd: string) {
  const run = spawnSync(depcruise, ["src", "--config", config, "--output-type", "err"], {
    cwd,
    encoding: "utf8",
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the dependency rule", () => {
  it("fails on a deliberate violation and names the broken rules", () => {
    const result = cruise(join(__dirname, "fixtures/violation"));
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("domain-is-pure");
    expect(result.output).toContain("machines-over-domain");
  });

  it("passes on the real source tree", () => {
    const result = cruise(root);
    expect(result.status).toBe(0);
    // Guards against the checker silently cruising nothing (a known failure mode with some compilers).
    const cruised = Number(/\((\d+) modules/.exec(result.output)?.[1] ?? 0);
    expect(cruised).toBeGreaterThan(3);
  });
});

describe("purity rules the import graph cannot see", () => {
  it("keeps wall-clock time and randomness out of the domain", () => {
    for (const file of sourceFiles(join(root, "src/domain"))) {
      const text = readFileSync(file, "utf8");
      expect({ file, clock: /Date\.now\(|new Date\(\s*\)|Math\.random\(/.test(text) }).toEqual({
        file,
        clock: false,
      });
    }
  });

  it("keeps timers and fetch out of the machines (XState delays only)", () => {
    for (const file of sourceFiles(join(root, "src/machines"))) {
      const text = readFileSync(file, "utf8");
      expect({
        file,
        effects: /\b(setTimeout|setInterval|fetch|localStorage)\(|Date\.now\(/.test(text),
      }).toEqual({
        file,
        effects: false,
      });
    }
  });
});
