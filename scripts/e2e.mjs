// Runs the browser tests: builds the client, finds a Chromium, and gives the server a fresh
// database folder for this run. Extra arguments go to `playwright test`.
//
// A whole run is split into shards run side by side, each with its own server, database and
// browser: a browser test spends most of its time waiting on the page (one run used 27% of one
// core), so shards side by side share out the waiting. E2E_SHARDS sets their number; a run given
// arguments (one spec, a --grep) is one shard.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prefixLines } from "./prefix-lines.mjs";

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
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
      "  - Debian/Ubuntu system Chromium:  sudo apt-get install -y chromium   (used from /usr/bin/chromium)",
      "  - Playwright's own download:       npx playwright install chromium",
      "  - Any other Chromium binary:       CHROMIUM_PATH=/path/to/chromium npm test",
    ].join("\n"),
  );
  process.exit(1);
}

// Each run builds into and serves from its own folders, so runs side by side do not disturb each other.
const clientDir = mkdtempSync(join(tmpdir(), "e2e-client-"));
const build = spawnSync(
  "node_modules/.bin/vite",
  ["build", "--logLevel", "warn", "--outDir", clientDir, "--emptyOutDir"],
  {
    stdio: "inherit",
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const args = process.argv.slice(2);
const shards = args.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 3));

/** Runs one shard to its end; its lines are prefixed with the shard when there are several. */
async function runShard(index) {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-data-"));
  const port = await freePort();
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`, `--output=test-results/shard-${index}`] : [];
  const child = spawn("node_modules/.bin/playwright", ["test", ...shardArgs, ...args], {
    stdio: shards > 1 ? ["ignore", "pipe", "pipe"] : "inherit",
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_DATA_DIR: dataDir,
      E2E_CLIENT_DIR: clientDir,
      E2E_CHROMIUM: browser,
    },
  });
  if (shards > 1) {
    for (const stream of [child.stdout, child.stderr]) prefixLines(stream, `[${index}/${shards}] `);
  }
  const status = await new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
  rmSync(dataDir, { recursive: true, force: true });
  return status;
}

const statuses = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
rmSync(clientDir, { recursive: true, force: true });
const failed = statuses.findIndex((status) => status !== 0);
if (failed >= 0 && shards > 1) console.error(`Browser tests: shard ${failed + 1} of ${shards} failed`);
process.exit(failed >= 0 ? statuses[failed] : 0);
