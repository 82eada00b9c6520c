// Runs the browser tests: builds the client, finds a Chromium, and gives the server a fresh
// database folder for this run. Extra arguments go to `playwright test`.
//
// A whole run is split into shards run side by side, each with its own server, database and
// browser: a browser test spends most of its time waiting on the page (one run used 27% of one
// core), so shards side by side share out the waiting. E2E_SHARDS sets their number; a run given
// arguments (one spec, a --grep) is one shard. Spec files are dealt to the shards longest first by
// the seconds tests/e2e/durations.json records (a new spec counts as the average), so the shards
// end together; E2E_RECORD_DURATIONS=1 rewrites that file from the run.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildArgs } from "./e2e-build.mjs";
import { prefixLines } from "./prefix-lines.mjs";

// Chromium's headless shell first: the same engine without the full browser around it, it ran the
// outlet and payout journeys on 15.7 s of processor time where the full browser in its headless
// mode took 28 (the browser suite is bound by the processor on two cores).
function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
  for (const path of candidates) if (path && existsSync(path)) return path;
  return null;
}

async function playwrightBundledChromium() {
  try {
    const { chromium } = await import("@playwright/test");
    const path = chromium.executablePath();
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const browser = findChromium() ?? (await playwrightBundledChromium());
if (!browser) {
  console.error(
    [
      "No Chromium found for the browser tests. Get one of these, then run the tests again:",
      "  - Debian/Ubuntu headless shell:   sudo apt-get install -y chromium-headless-shell",
      "  - Debian/Ubuntu system Chromium:  sudo apt-get install -y chromium   (used from /usr/bin/chromium)",
      "  - Playwright's own download:       npx playwright install chromium",
      "  - Any other Chromium binary:       CHROMIUM_PATH=/path/to/chromium npm test",
    ].join("\n"),
  );
  process.exit(1);
}

// Each run builds into and serves from its own folders, so runs side by side do not disturb each
// other. The test command builds the client beforehand, beside the unit suites, and names its folder.
const prebuilt = process.env.E2E_PREBUILT_CLIENT;
const clientDir = prebuilt ?? mkdtempSync(join(tmpdir(), "e2e-client-"));
if (!prebuilt) {
  const build = spawnSync("node_modules/.bin/vite", buildArgs(clientDir), { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const args = process.argv.slice(2);
const shards = args.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 3));

const DURATIONS = "tests/e2e/durations.json";
const recorded = existsSync(DURATIONS) ? JSON.parse(readFileSync(DURATIONS, "utf8")) : {};

/** The spec files dealt to the shards, longest first, each to the shard with the least so far. */
function dealSpecs() {
  const specs = readdirSync("tests/e2e").filter((f) => f.endsWith(".spec.ts"));
  const known = Object.values(recorded);
  const average = known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  const weight = (spec) => recorded[spec] ?? average;
  const dealt = Array.from({ length: shards }, () => ({ seconds: 0, specs: [] }));
  for (const spec of [...specs].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = dealt.reduce((min, shard) => (shard.seconds < min.seconds ? shard : min));
    lightest.seconds += weight(spec);
    lightest.specs.push(`tests/e2e/${spec}`);
  }
  return dealt.map((shard) => shard.specs);
}

/** Runs one shard to its end; its lines are prefixed with the shard when there are several. */
async function runShard(index, specs) {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-data-"));
  const port = await freePort();
  const report = join(dataDir, "report.json");
  const shardArgs =
    shards > 1 ? [`--output=test-results/shard-${index}`, "--reporter=list,json", ...specs] : [];
  const child = spawn("node_modules/.bin/playwright", ["test", ...shardArgs, ...args], {
    stdio: shards > 1 ? ["ignore", "pipe", "pipe"] : "inherit",
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_DATA_DIR: dataDir,
      E2E_CLIENT_DIR: clientDir,
      E2E_CHROMIUM: browser,
      PLAYWRIGHT_JSON_OUTPUT_FILE: report,
    },
  });
  if (shards > 1) {
    for (const stream of [child.stdout, child.stderr]) prefixLines(stream, `[${index}/${shards}] `);
  }
  const status = await new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
  const parsed = existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : { suites: [] };
  rmSync(dataDir, { recursive: true, force: true });
  return { status, seconds: specSeconds(parsed), failures: failedTests(parsed, index) };
}

/** Every test result (a retry is a second result) in a Playwright JSON report, with its spec and test. */
function* testResults(report) {
  const visit = function* (suite) {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) for (const r of test.results) yield { spec, test, r };
    for (const child of suite.suites ?? []) yield* visit(child);
  };
  for (const suite of report.suites ?? []) yield* visit(suite);
}

/** Each spec file's seconds in a Playwright JSON report: the sum of its tests' run times. */
function specSeconds(report) {
  const seconds = {};
  for (const { spec, r } of testResults(report)) {
    const file = spec.file.split("/").pop();
    seconds[file] = (seconds[file] ?? 0) + r.duration / 1000;
  }
  return seconds;
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/**
 * The failed tests of a report, each with where it stopped and its error's first lines; a test that
 * passed on its retry is listed too, as flaky.
 */
function failedTests(report, shard) {
  const failures = [];
  for (const { spec, test, r } of testResults(report)) {
    if (r.status === "passed" || r.status === "skipped") continue;
    const verdict = test.status === "flaky" ? "FLAKY, passed on retry" : "FAILED";
    const message = (r.error?.message ?? r.status).replace(ANSI, "").split("\n").slice(0, 12);
    const at = r.error?.location
      ? `${r.error.location.file.split("/").pop()}:${r.error.location.line}`
      : spec.file;
    failures.push([
      `[shard ${shard}] ${verdict}: ${spec.file}: ${spec.title} (${r.status} after ${r.duration} ms, at ${at})`,
      ...message,
    ]);
  }
  return failures;
}

const dealt = shards > 1 ? dealSpecs() : [[]];
const results = await Promise.all(dealt.map((specs, i) => runShard(i + 1, specs)));
if (!prebuilt) rmSync(clientDir, { recursive: true, force: true });
if (process.env.E2E_RECORD_DURATIONS === "1") {
  const seconds = Object.assign({ ...recorded }, ...results.map((r) => r.seconds));
  const rounded = Object.fromEntries(
    Object.entries(seconds)
      .sort()
      .map(([f, s]) => [f, Math.round(s)]),
  );
  writeFileSync(DURATIONS, `${JSON.stringify(rounded, null, 2)}\n`);
}
// Shards print side by side, so their failures are gathered here where the run's end shows them.
for (const lines of results.flatMap((r) => r.failures)) console.error(lines.join("\n  "));
const failed = results.findIndex((r) => r.status !== 0);
if (failed >= 0 && shards > 1) console.error(`Browser tests: shard ${failed + 1} of ${shards} failed`);
process.exit(failed >= 0 ? results[failed].status : 0);
