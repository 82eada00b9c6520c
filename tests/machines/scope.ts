/**
 * Which machines' planted mistakes a test run checks. `npm test` checks the machines a change
 * touches: compared with the merge base with main, a changed file is one the machine's fixture
 * reaches through its imports (the fixture, the machine, the domain rules both use, the samples) or
 * one the check itself is made of (harness, mutations). When that cannot be told (no git, no main,
 * or MACHINE_MUTATIONS=all) every machine is checked; `npm run bench` always checks every one.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export type MutationScope = {
  /** Whether the planted mistakes of the fixture with this id are checked in this run. */
  covers(id: string): boolean;
  /** How the scope was decided, for the run's log. */
  reason: string;
};

const FIXTURES_DIR = "tests/machines/fixtures";
/** The check itself: a change here may change what any machine's check finds. */
const CHECK_MODULES = [
  "tests/machines/harness.ts",
  "tests/machines/mutations.ts",
  "tests/machines/fixture.ts",
];
const BASE_BRANCHES = ["main", "origin/main"];

/** A fixture's module: fixtures/<id>.ts, or for a machine per variant ("outletWorkflow_kyc") the part before "_". */
export const fixtureModule = (id: string): string => join(FIXTURES_DIR, `${id.split("_")[0]}.ts`);

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

/** The file a relative import names, as TypeScript resolves it here. */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
  return [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find(isFile) ?? null;
}

/** Every file a module reaches through relative imports, itself included (absolute paths). */
export function importClosure(root: string, known = new Map<string, Set<string>>()): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const [, specifier] of text.matchAll(IMPORT)) {
      if (!specifier!.startsWith(".")) continue;
      const target = resolveImport(file, specifier!);
      if (target) visit(target);
    }
  };
  const cached = known.get(root);
  if (cached) return cached;
  visit(root);
  known.set(root, seen);
  return seen;
}

const git = (args: string[]): string =>
  execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();

/** The files changed since the merge base with main (committed, staged, unstaged, untracked), or why that cannot be told. */
function changedFiles(): { files: Set<string>; base: string } | { reason: string } {
  try {
    const top = git(["rev-parse", "--show-toplevel"]);
    const branch = BASE_BRANCHES.find((b) => {
      try {
        git(["rev-parse", "--verify", "--quiet", `${b}^{commit}`]);
        return true;
      } catch {
        return false;
      }
    });
    if (!branch) return { reason: "no main branch to compare with" };
    const base = git(["merge-base", "HEAD", branch]);
    const names = [
      ...git(["diff", "--name-only", "--no-renames", base]).split("\n"),
      ...git(["ls-files", "--others", "--exclude-standard"]).split("\n"),
    ].filter(Boolean);
    return {
      files: new Set(names.map((name) => join(top, name))),
      base: `${branch} at ${base.slice(0, 10)}`,
    };
  } catch {
    return { reason: "git cannot tell what changed" };
  }
}

/** The scope of this run: MACHINE_MUTATIONS=all, or what changed since the merge base with main. */
export function mutationScope(env: Record<string, string | undefined> = process.env): MutationScope {
  if (env.MACHINE_MUTATIONS === "all") return { covers: () => true, reason: "MACHINE_MUTATIONS=all" };
  const changed = changedFiles();
  if ("reason" in changed) return { covers: () => true, reason: `every machine: ${changed.reason}` };
  const root = process.cwd();
  const closures = new Map<string, Set<string>>();
  const touches = (module: string) =>
    [...importClosure(resolve(root, module), closures)].some((file) => changed.files.has(file));
  if (CHECK_MODULES.some(touches)) {
    return { covers: () => true, reason: `every machine: the check itself changed since ${changed.base}` };
  }
  const verdicts = new Map<string, boolean>();
  return {
    covers: (id) => {
      const module = fixtureModule(id);
      if (!verdicts.has(module)) verdicts.set(module, touches(module));
      return verdicts.get(module)!;
    },
    reason: `the machines changed since ${changed.base}`,
  };
}
