/**
 * `npm run bench`: measures what docs/benchmarks.md records and rewrites that file.
 * `npm run bench -- --bundle`: measures the client bundle only and rewrites just that section.
 * - gzipped JS of the login route, the phone pages and each lazily loaded area, with what each is
 *   made of (scripts/bench-bundle.ts)
 * - server cold start (new data folder: migrations and demo data) and warm start (reopen)
 * - login request latency against a running server
 * - the outlet list and bulk action at 100,000 outlets (scripts/bench-outlets.ts), and the whole-cycle
 *   rescore of logic scoring at 100,000 outlets (scripts/bench-scoring.ts)
 * - the administration lists with 10,000 users (scripts/bench-admin.ts)
 * - the project cards with 2,000 projects (scripts/bench-projects.ts)
 * - the health answer's latency while a 20 MB field app dump is indexed (scripts/bench-dumps.ts)
 * - kill -9 restarts mid-upload and mid-confirm, and 50 clients for 30 s (scripts/bench-reliability.ts)
 * - the planted-mistake check on every machine, which rewrites docs/coverage/transitions.md
 *   (scripts/bench-mutations.ts)
 * `npm run bench -- --mutations`: only the planted-mistake check, rewriting just its section.
 * - bytes on the wire: each entry page opened in Chromium on slow 4G over the real server, beside a
 *   bare React page (scripts/bench-wire.ts)
 * `npm run bench -- --wire`: only the bytes on the wire, rewriting just its section.
 * - with BENCH_DATABASE_URL set (a PostgreSQL database to seed and measure in): the outlet list,
 *   search, detail, Survey Details, bulk action and project cards at 1,000,000 outlets, and the list
 *   under 50 clients (scripts/bench-outlets-pg.ts), written to docs/scaling.md
 * `npm run bench -- --postgres`: only that section.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchAdmin } from "./bench-admin";
import { type BundleSizes, bundleLines, bundleSizes } from "./bench-bundle";
import { benchDumps } from "./bench-dumps";
import { benchMutations, MUTATIONS_HEADING } from "./bench-mutations";
import { benchOutlets } from "./bench-outlets";
import { benchOutletsPg, PG_HEADING } from "./bench-outlets-pg";
import { benchProjects } from "./bench-projects";
import { benchReliability } from "./bench-reliability";
import { startServer } from "./bench-server";
import { benchUploads } from "./bench-uploads";
import { benchWire, WIRE_HEADING } from "./bench-wire";

const root = process.cwd();
/** The login route: the entry and the login screen (the entry carries no Effect, docs/architecture.md). */
const LOGIN_BUDGET_KB = 105;
/** The retailer's phone pages (spec 002 §2.3-§2.6): what mobile.html loads for /mobile-view. */
const PHONE_PAGES_BUDGET_KB = 120;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function loginLatency(url: string, rounds: number) {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    const res = await fetch(`${url}/api/auth/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        login_username: "admin",
        password: "Demo@12345",
        method_of_login: "password",
        platform: "web",
      }),
    });
    times.push(performance.now() - t);
    const body = (await res.json()) as { sessionid?: string };
    if (!res.ok || !body.sessionid) throw new Error(`login failed: ${res.status}`);
    await fetch(`${url}/api/auth/logout/`, {
      method: "POST",
      headers: { authorization: `sessionid ${body.sessionid}` },
    });
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), rounds };
}

/** Time, in Chromium, from choosing 1000 rows per page in the widget catalogue's table to the page showing. */
async function tableRenderMs(url: string, rounds: number): Promise<number[]> {
  const { chromium } = await import("@playwright/test");
  const executablePath = ["/usr/bin/chromium", process.env.CHROMIUM_PATH].find((p) => p && existsSync(p));
  const browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  const times: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const page = await browser.newPage();
      await page.goto(`${url}/dev/widgets`);
      await page.getByText("Page 1 of 67").waitFor();
      const start = await page.evaluate(() => performance.now());
      await page.getByLabel("Show").selectOption("1000");
      await page.getByText("Page 1 of 1", { exact: true }).waitFor();
      // Wait for the frame that shows the rows, then read the clock.
      const end = await page.evaluate(
        () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))),
      );
      times.push(end - start);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return times.sort((a, b) => a - b);
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

const BUDGETS = { loginKb: LOGIN_BUDGET_KB, phoneKb: PHONE_PAGES_BUDGET_KB };

function checkBundleBudgets(sizes: BundleSizes) {
  if (sizes.loginKb > LOGIN_BUDGET_KB) {
    console.error(`Login route is ${fmt(sizes.loginKb)} KB gz, over the ${LOGIN_BUDGET_KB} KB budget`);
    process.exitCode = 1;
  }
  if (sizes.phoneKb > PHONE_PAGES_BUDGET_KB) {
    console.error(
      `The phone pages are ${fmt(sizes.phoneKb)} KB gz, over the ${PHONE_PAGES_BUDGET_KB} KB budget`,
    );
    process.exitCode = 1;
  }
}

/** Only the bundle: a few seconds instead of the whole run; the other sections are kept as they are. */
async function bundleOnly() {
  const sizes = await bundleSizes();
  const path = join(root, "docs/benchmarks.md");
  const doc = readFileSync(path, "utf8");
  const start = doc.indexOf("## Client bundle");
  const end = doc.indexOf("## Server");
  if (start < 0 || end < start) throw new Error("docs/benchmarks.md has no client bundle section to replace");
  const section = bundleLines(sizes, BUDGETS);
  writeFileSync(path, `${doc.slice(0, start)}${section.join("\n")}\n${doc.slice(end)}`);
  console.log(section.join("\n"));
  checkBundleBudgets(sizes);
}

/** Only the planted-mistake check: its section is replaced (or added before the hand-measured times). */
function mutationsOnly() {
  const { lines, allCaught } = benchMutations();
  const path = join(root, "docs/benchmarks.md");
  const doc = readFileSync(path, "utf8");
  const start = doc.indexOf(MUTATIONS_HEADING);
  const section = `${lines.join("\n")}\n`;
  let next: string;
  if (start >= 0) {
    const end = doc.indexOf("\n## ", start + MUTATIONS_HEADING.length);
    next = `${doc.slice(0, start)}${section}${end < 0 ? "" : doc.slice(end + 1)}`;
  } else {
    const at = doc.indexOf("## Test suite times");
    next = at < 0 ? `${doc.trimEnd()}\n\n${section}` : `${doc.slice(0, at)}${section}\n${doc.slice(at)}`;
  }
  writeFileSync(path, next);
  console.log(lines.join("\n"));
  if (!allCaught) {
    console.error("A machine's examples miss a planted mistake (see docs/coverage/transitions.md)");
    process.exitCode = 1;
  }
}

/** Only the bytes on the wire: its section is replaced (or added before the client bundle). */
async function wireOnly() {
  const wire = await benchWire();
  const path = join(root, "docs/benchmarks.md");
  const doc = readFileSync(path, "utf8");
  const section = `${wire.lines.join("\n")}\n`;
  const start = doc.indexOf(WIRE_HEADING);
  let next: string;
  if (start >= 0) {
    const end = doc.indexOf("\n## ", start + WIRE_HEADING.length);
    next = `${doc.slice(0, start)}${section}${end < 0 ? "" : doc.slice(end + 1)}`;
  } else {
    const at = doc.indexOf("## Client bundle");
    next = at < 0 ? `${doc.trimEnd()}\n\n${section}` : `${doc.slice(0, at)}${section}\n${doc.slice(at)}`;
  }
  writeFileSync(path, next);
  console.log(wire.lines.join("\n"));
  if (!wire.withinBudgets) {
    console.error("An entry page is over its bytes-on-the-wire budget (see docs/benchmarks.md)");
    process.exitCode = 1;
  }
}

/**
 * The 1,000,000-outlet PostgreSQL section of docs/scaling.md, replaced (or added at the end); only
 * with BENCH_DATABASE_URL, so `npm run bench` without a PostgreSQL to spare skips it.
 */
async function postgresSection(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log("BENCH_DATABASE_URL is not set: the 1,000,000-outlet PostgreSQL section is not measured");
    return;
  }
  const { lines, withinTargets } = await benchOutletsPg(url);
  const path = join(root, "docs/scaling.md");
  const doc = readFileSync(path, "utf8");
  const section = `${lines.join("\n").trimEnd()}\n`;
  const start = doc.indexOf(PG_HEADING);
  let next: string;
  if (start >= 0) {
    const end = doc.indexOf("\n## ", start + PG_HEADING.length);
    next = `${doc.slice(0, start)}${section}${end < 0 ? "" : `\n${doc.slice(end + 1)}`}`;
  } else next = `${doc.trimEnd()}\n\n${section}`;
  writeFileSync(path, next);
  console.log(lines.join("\n"));
  if (!withinTargets) {
    console.error("An outlet figure at 1,000,000 outlets is over its target (see docs/scaling.md)");
    process.exitCode = 1;
  }
}

/** The test suite times are measured by hand (whole test projects), so a rewrite keeps their section. */
function handMeasured(doc: string): string[] {
  const start = doc.indexOf("## Test suite times");
  return start < 0 ? [] : ["", doc.slice(start).trimEnd(), ""];
}

async function main() {
  const sizes = await bundleSizes();
  const wire = await benchWire();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-data-"));
  const port = 8300 + Math.floor(process.pid % 500);
  const cold = await startServer(dataDir, port);
  await cold.stop();
  const warm = await startServer(dataDir, port);
  const latency = await loginLatency(warm.url, 30);
  const tableTimes = await tableRenderMs(warm.url, 5);
  await warm.stop();
  rmSync(dataDir, { recursive: true, force: true });
  const outlets = await benchOutlets();
  const uploads = await benchUploads();
  const admin = await benchAdmin();
  const projects = await benchProjects();
  const dumps = await benchDumps();
  const reliability = await benchReliability();
  const mutations = benchMutations();
  await postgresSection();

  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    "# Benchmarks",
    "",
    "Written by `npm run bench`; do not edit by hand. Measured on the development machine",
    `(${process.platform}, Node ${process.version}, 2 cores) on ${date}.`,
    "",
    ...wire.lines,
    ...bundleLines(sizes, BUDGETS),
    "## Server",
    "",
    "| what | ms |",
    "| --- | ---: |",
    `| cold start: new data folder, migrations and demo data, until /api/health/ answers | ${fmt(cold.ms, 0)} |`,
    `| warm start: reopen the data folder | ${fmt(warm.ms, 0)} |`,
    `| login request p50 (${latency.rounds} sequential logins, scrypt included) | ${fmt(latency.p50)} |`,
    `| login request p95 | ${fmt(latency.p95)} |`,
    "",
    "## Client rendering (Chromium, headless)",
    "",
    "| what | ms |",
    "| --- | ---: |",
    `| data table: switch to a 1000-row page until it is painted, median of ${tableTimes.length} | ${fmt(percentile(tableTimes, 50), 0)} |`,
    `| same, slowest | ${fmt(tableTimes.at(-1) ?? 0, 0)} |`,
    "",
    "The table renders only the rows in view (about 20 of the 1000), so the page stays smooth while scrolling.",
    "",
    ...uploads,
    ...outlets.lines,
    ...admin.lines,
    ...projects.lines,
    ...dumps.lines,
    ...reliability,
    "",
    ...mutations.lines,
  ];
  lines.push(...handMeasured(readFileSync(join(root, "docs/benchmarks.md"), "utf8")));
  writeFileSync(join(root, "docs/benchmarks.md"), lines.join("\n"));
  console.log(lines.join("\n"));
  checkBundleBudgets(sizes);
  if (!wire.withinBudgets) {
    console.error("An entry page is over its bytes-on-the-wire budget (see the Bytes on the wire section)");
    process.exitCode = 1;
  }
  if (!admin.withinTargets) {
    console.error("An administration list is over its target (see the Administration lists section)");
    process.exitCode = 1;
  }
  if (!projects.withinTargets) {
    console.error("The project cards are over their target (see the Project cards section)");
    process.exitCode = 1;
  }
  if (!dumps.withinTargets) {
    console.error(
      "The health answer was slow while a dump was indexed (see the Field app dump indexing section)",
    );
    process.exitCode = 1;
  }
  if (!mutations.allCaught) {
    console.error("A machine's examples miss a planted mistake (see docs/coverage/transitions.md)");
    process.exitCode = 1;
  }
  if (!outlets.withinTargets) {
    console.error("The outlet list or bulk action is over its target (see the Outlets section)");
    process.exitCode = 1;
  }
}

if (process.argv.includes("--bundle")) await bundleOnly();
else if (process.argv.includes("--wire")) await wireOnly();
else if (process.argv.includes("--mutations")) mutationsOnly();
else if (process.argv.includes("--postgres")) await postgresSection();
else await main();
