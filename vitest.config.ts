import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { answerShapes } from "./scripts/answer-shapes-plugin.ts";
import { machinePaths } from "./scripts/machine-paths-plugin.ts";

/**
 * The test files of a folder that replace modules (vi.mock): a module a file replaces must not be one
 * another file already loaded in the same worker, so these keep a module graph of their own each.
 */
const mockingIn = (dir: string) =>
  readdirSync(dir)
    .filter((f) => /\.test\.tsx?$/.test(f) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(dir, f), "utf8")))
    .map((f) => `${dir}/${f}`);
const mocking = mockingIn("tests/ui");
const serverMocking = mockingIn("tests/server");

/**
 * The server files' settings, for those that share loaded modules, those that mock, and the
 * reliability files.
 */
const SERVER = {
  environment: "node" as const,
  // Side by side with the other projects' files: one at a time, the server files ran after every
  // other file had ended, on one core (13 of a loaded run's 36 minutes). Some tests migrate and seed
  // a database of their own, or start a server, hence the long hang guard.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // Builds the seeded database once per run; each test file starts from a copy.
  globalSetup: ["tests/server/global-setup.ts"],
  // Each file fails when its servers answered a request with a 500.
  setupFiles: ["tests/server/setup.ts"],
};

// Only the UI tests need a DOM; everything else runs in plain Node, which is much faster. The DOM is
// happy-dom: the same 719 UI tests ran in 140 s where jsdom took 233 s (its environment set-up 77 s
// instead of 190 s, the tests themselves 118 s instead of 271 s), on the same loaded machine.
//
// Files of the pure layers and the UI files that mock nothing share each worker's loaded modules
// (isolate: false): loading React, Effect, XState and the application again for every file was most
// of these files' time (the 41 such UI files took 267 s on a loaded machine one graph each, 103 s
// sharing). Each file still gets its own DOM and its setup file.
export default defineConfig({
  plugins: [react(), machinePaths(), answerShapes()],
  test: {
    // Vitest keeps a core for itself by default, which on a two-core machine runs every file one
    // at a time; its own process mostly waits on the workers.
    maxWorkers: availableParallelism(),
    // A guard against a hung test, not a speed check: the suites run beside the browser tests, and a
    // property test of a few hundred runs took over 5 s on a loaded machine.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: "domain", include: ["tests/domain/**/*.test.ts"], environment: "node", isolate: false },
      },
      {
        extends: true,
        test: {
          name: "machines",
          include: ["tests/machines/**/*.test.ts"],
          environment: "node",
          isolate: false,
        },
      },
      {
        extends: true,
        // Each test runs the dependency checker as a process: seconds alone, over a minute on the
        // whole source tree while the other suites load the machine.
        test: {
          name: "architecture",
          include: ["tests/architecture/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
        },
      },
      { extends: true, test: { name: "infra", include: ["tests/infra/**/*.test.ts"], environment: "node" } },
      {
        extends: true,
        // The server files that mock nothing share each worker's loaded modules: loading the server
        // again for every file, the 67 files took 147 s of processor time on PostgreSQL; sharing, 60.
        test: {
          ...SERVER,
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          exclude: serverMocking,
          isolate: false,
        },
      },
      { extends: true, test: { ...SERVER, name: "server-mocking", include: serverMocking } },
      {
        extends: true,
        // The standing reliability and security suite: role matrix, fuzzed decoders, bad uploads,
        // faults, load and concurrency. It starts servers and databases of its own, one file at a time.
        // Starting a server on a copy of the seeded database takes seconds alone and over two minutes
        // beside the browser suite at a load average of 20: the hang guard allows five.
        test: {
          ...SERVER,
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts"],
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "ui",
          include: ["tests/ui/**/*.test.{ts,tsx}"],
          exclude: mocking,
          environment: "happy-dom",
          isolate: false,
          // Waiting queries allow 10 s (tests/ui/setup.ts); a test may hold a few of them.
          testTimeout: 40_000,
          setupFiles: ["tests/ui/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "ui-mocking",
          include: mocking,
          environment: "happy-dom",
          testTimeout: 40_000,
          setupFiles: ["tests/ui/setup.ts"],
        },
      },
    ],
  },
});
