// The static checks (lint, types, the layer rule), the unit suite, the reliability suite, the
// browser suite's client build and the server tests on PostgreSQL (when one is configured) first,
// side by side, then the browser suite alone. Each line is prefixed with its suite; the command
// fails when any suite fails, and says which, reprinting the failed suites' last lines at the very
// end: a suite that failed early would otherwise be lost far above the output of one still running.
// The very last lines are the failure's own (error messages, failed test names), since a CI log is
// often read from its end only.
//
// Why in two steps: on two cores the browser suite alone keeps the machine busy (three Chromiums at
// a load average of about 14, 13.7 min), and the unit suite alone takes 3.3 min. All at once, each
// got what the others left: a run took 30 to 33 minutes, every wait in a browser test ran ten times
// slower, and timing-dependent failures came from the load, not the product. The server tests on
// PostgreSQL beside the browser suite took 11 minutes and slowed it; they are CPU work like the
// unit suite's, so they go with it.
//
// With TEST_DATABASE_URL set, the server tests run on that PostgreSQL instead of the embedded
// database. A server test file on PGlite loads a copy of the seeded database (seconds each, 68
// files); on PostgreSQL a copy is a CREATE DATABASE ... TEMPLATE. The embedded database stays
// covered end to end: the browser suite's servers, the reliability suite and its maintenance test
// run on PGlite.

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildArgs } from "./e2e-build.mjs";
import { prefixLines } from "./prefix-lines.mjs";

const postgres = process.env.TEST_DATABASE_URL;
const { TEST_DATABASE_URL: _, ...embedded } = process.env;

// The reliability files run one at a time (each starts servers of its own) and took the unit run's
// last 200 s alone on one core; in a run of their own they start with everything else. Vitest's
// project filter cannot leave out two projects, so the others are named, and a project this list
// does not know stops the run instead of going untested.
const UNIT_PROJECTS = ["domain", "machines", "architecture", "infra", "ui", "ui-mocking"];
const SERVER_PROJECTS = ["server", "server-mocking"];
const declared = [...readFileSync("vitest.config.ts", "utf8").matchAll(/\bname: "([\w-]+)"/g)].map(
  (m) => m[1],
);
const unknown = declared.filter(
  (name) => ![...UNIT_PROJECTS, ...SERVER_PROJECTS, "reliability"].includes(name),
);
if (unknown.length > 0) {
  console.error(`scripts/test.mjs does not run the test project(s) ${unknown.join(", ")}: name them there.`);
  process.exit(1);
}
const projectArgs = (names) => names.flatMap((name) => ["--project", name]);

const checks = {
  name: "checks",
  command: "sh",
  args: ["-c", "npm run lint && npm run typecheck && npm run deps"],
};
const unit = {
  name: "unit",
  command: "node_modules/.bin/vitest",
  args: ["run", ...projectArgs(postgres ? UNIT_PROJECTS : [...UNIT_PROJECTS, ...SERVER_PROJECTS])],
  env: embedded,
};
const reliability = {
  name: "reliability",
  command: "node_modules/.bin/vitest",
  args: ["run", ...projectArgs(["reliability"])],
  env: embedded,
};
// The client the browser suite serves is built in the first step, where the suites leave the
// processor room at their ends, not alone before the browser shards start.
const clientDir = mkdtempSync(join(tmpdir(), "e2e-client-"));
const clientBuild = { name: "build", command: "node_modules/.bin/vite", args: buildArgs(clientDir) };
const browser = {
  name: "browser",
  command: "node",
  args: ["scripts/e2e.mjs"],
  env: { ...embedded, E2E_PREBUILT_CLIENT: clientDir },
};
const onPostgres = {
  name: "postgres",
  command: "sh",
  args: [
    "-c",
    `node scripts/ensure-database.mjs && node_modules/.bin/vitest run ${projectArgs(SERVER_PROJECTS).join(" ")}`,
  ],
  env: process.env,
};

const TAIL_LINES = 80;
const SECTION_LINES = 6;
const CAUSE_LINES = 24;
// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what it removes
const COLOUR = /\x1b\[[0-9;]*m/g;
/** Where a runner's own account of its failures begins: vitest's sections, a browser test's verdict. */
const FAILURES_BEGIN =
  /\u23af (Failed Tests|Failed Suites|Uncaught Exception|Unhandled Rejection)|^\[\w+\] +FAIL |FAILED:|FLAKY, passed on retry/;
const RULE = /^\[\w+\] [\u23af\s]*(\[\d+\/\d+\][\u23af\s]*)?$/;

function run({ name, command, args, env = process.env }) {
  const started = Date.now();
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env });
  const tail = [];
  /** The first lines of each failure section: a failed test's assertion, an uncaught error's message. */
  const causes = [];
  let section = 0;
  const keep = (prefixed) => {
    const line = prefixed.replace(COLOUR, "");
    tail.push(line);
    if (tail.length > TAIL_LINES) tail.shift();
    if (FAILURES_BEGIN.test(line)) section = SECTION_LINES;
    if (section > 0 && !RULE.test(line) && causes.length < CAUSE_LINES) {
      causes.push(line);
      section--;
    }
  };
  prefixLines(child.stdout, `[${name}] `, keep);
  prefixLines(child.stderr, `[${name}] `, keep);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      console.log(`[${name}] ${code === 0 ? "passed" : "FAILED"} in ${minutes} min`);
      resolve({ name, code: code ?? 1, tail, causes });
    }),
  );
}

const first = await Promise.all([
  run(checks),
  run(unit),
  run(reliability),
  run(clientBuild),
  ...(postgres ? [run(onPostgres)] : []),
]);
const built = first.find((r) => r.name === clientBuild.name)?.code === 0;
const results = built ? [...first, await run(browser)] : first;
rmSync(clientDir, { recursive: true, force: true });
const failed = results.filter((r) => r.code !== 0);
for (const { name, tail } of failed) {
  console.error(`\n--- the last ${tail.length} lines of the failed ${name} suite ---`);
  for (const line of tail) console.error(line);
}
for (const { name, causes } of failed) {
  if (causes.length === 0) continue;
  console.error(`\n--- the ${name} suite's own account of its failures, each one's first lines ---`);
  for (const line of causes.slice(0, CAUSE_LINES)) console.error(line.slice(0, 300));
}
if (failed.length > 0) console.error(`Failed: ${failed.map((r) => r.name).join(", ")}`);
process.exit(failed.length > 0 ? 1 : 0);
