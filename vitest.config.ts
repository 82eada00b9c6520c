import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { machinePaths } from "./scripts/machine-paths-plugin.ts";

// Only the UI tests need a DOM; everything else runs in plain Node, which is much faster.
export default defineConfig({
  plugins: [react(), machinePaths()],
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
        test: { name: "domain", include: ["tests/domain/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: { name: "machines", include: ["tests/machines/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        // Each test runs the dependency checker as a process: seconds on a busy machine.
        test: {
          name: "architecture",
          include: ["tests/architecture/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
        },
      },
      { extends: true, test: { name: "infra", include: ["tests/infra/**/*.test.ts"], environment: "node" } },
      {
        extends: true,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          // Side by side with the other projects' files: one at a time, the server files ran after
          // every other file had ended, on one core (13 of a loaded run's 36 minutes). Some tests
          // migrate and seed a database of their own, or start a server, hence the long hang guard.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Builds the seeded database once per run; each test file starts from a copy.
          globalSetup: ["tests/server/global-setup.ts"],
        },
      },
      {
        extends: true,
        // The standing reliability and security suite: role matrix, fuzzed decoders, bad uploads,
        // faults, load and concurrency. It starts servers and databases of its own, one file at a time.
        test: {
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          globalSetup: ["tests/server/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "ui",
          include: ["tests/ui/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          // Waiting queries allow 5 s (tests/ui/setup.ts); a test may hold a few of them.
          testTimeout: 20_000,
          setupFiles: ["tests/ui/setup.ts"],
        },
      },
    ],
  },
});
