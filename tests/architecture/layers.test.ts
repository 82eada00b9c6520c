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
    for (const folderRule of [
      "domain-shared-is-foundation",
      "contract-primitives-over-shared",
      "domain-rules-below-contract",
      "machines-shared-is-foundation",
      "machines-root-composes",
    ]) {
      expect(result.output).toContain(folderRule);
    }
  });

  it("passes on the real source tree", () => {
    const result = cruise(root);
    expect(result.status).toBe(0);
    // Guards against the checker silently cruising nothing (a known failure mode with some compilers).
    const cruised = Number(/\((\d+) modules/.exec(result.output)?.[1] ?? 0);
    expect(cruised).toBeGreaterThan(3);
  });
});

describe("the feature folders", () => {
  it("hold every domain rule and machine: only the registry and the application sit at the top", () => {
    const loose = (dir: string) =>
      readdirSync(join(root, dir)).filter((name) => statSync(join(root, dir, name)).isFile());
    expect(loose("src/domain")).toEqual([]);
    expect(loose("src/machines").sort()).toEqual(["application.ts", "registry.ts"]);
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

/**
 * Lines that start an actor while the module loads: a top-level statement calling createActor
 * (on its own line or right after a top-level `const x =`). Inside a function the call is indented.
 */
function moduleLevelActors(text: string): string[] {
  const sameLine = text.split("\n").filter((line) => /^(?!import\b)\S.*\bcreateActor\(/.test(line));
  const nextLine = [...text.matchAll(/^(?:export\s+)?(?:const|let|var)\s[^\n]*=\s*\n\s*createActor\(/gm)].map(
    (m) => m[0],
  );
  return [...sameLine, ...nextLine];
}

describe("no actor starts when a module is imported", () => {
  it("finds a module-level actor in a deliberate violation, and none inside a function", () => {
    expect(moduleLevelActors("export const session = createActor(machine).start();")).toHaveLength(1);
    expect(moduleLevelActors("const bar =\n  createActor(machine);")).toHaveLength(1);
    expect(moduleLevelActors("export function make() {\n  return createActor(machine).start();\n}")).toEqual(
      [],
    );
    expect(moduleLevelActors('import { createActor } from "xstate";')).toEqual([]);
  });

  it("creates every actor of src in a function (the composition root, a hook, a test)", () => {
    const found = sourceFiles(join(root, "src")).flatMap((file) =>
      moduleLevelActors(readFileSync(file, "utf8")).map((line) => `${file}: ${line}`),
    );
    expect(found).toEqual([]);
  });
});

/** The file that adds live mode's inspector to every actor src/ui creates (src/ui/live/liveActors.ts). */
const LIVE_ACTORS = join("src", "ui", "live", "liveActors.ts");

/** Calls or imports of XState's own actor constructors: in src/ui they skip live mode's inspector. */
function uninspectedActors(text: string): string[] {
  return [...text.matchAll(/\b(?:createActor|useMachine|useActorRef)\b\s*(?:\(|,|\}|as\b)/g)].map(
    (m) => m[0],
  );
}

describe("every actor of src/ui is seen by live mode", () => {
  it("finds a direct call or import in a deliberate violation, and none through the live helpers", () => {
    expect(uninspectedActors('import { useMachine } from "@xstate/react";')).toHaveLength(1);
    expect(uninspectedActors("const [s] = useMachine(machine, { input });")).toHaveLength(1);
    expect(uninspectedActors("createActor(machine).start();")).toHaveLength(1);
    expect(uninspectedActors('import { createActor as make } from "xstate";')).toHaveLength(1);
    expect(uninspectedActors("const a = useLiveActorRef(machine); createLiveActor(machine);")).toEqual([]);
  });

  it("creates every actor of src/ui through src/ui/live/liveActors.ts", () => {
    const found = sourceFiles(join(root, "src", "ui"))
      .filter((file) => !file.endsWith(LIVE_ACTORS))
      .flatMap((file) => uninspectedActors(readFileSync(file, "utf8")).map((hit) => `${file}: ${hit}`));
    expect(found).toEqual([]);
  });
});
