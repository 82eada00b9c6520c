// Runs the browser tests: builds the client, finds a Chromium, and gives the server a fresh
// database folder for this run. Extra arguments go to `playwright test`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

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

const dataDir = mkdtempSync(join(tmpdir(), "e2e-data-"));
const port = await freePort();
const run = spawnSync("node_modules/.bin/playwright", ["test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: {
    ...process.env,
    E2E_PORT: String(port),
    E2E_DATA_DIR: dataDir,
    E2E_CLIENT_DIR: clientDir,
    E2E_CHROMIUM: browser,
  },
});
rmSync(dataDir, { recursive: true, force: true });
rmSync(clientDir, { recursive: true, force: true });
process.exit(run.status ?? 1);
