/**
 * Bytes on the wire, as a user receives them, part of `npm run bench` (alone: `npm run bench -- --wire`).
 * The client is built as `npm run build` builds it and served by the real server (demo mode, a new
 * data folder); each entry page is opened in headless Chromium with an empty cache on a throttled
 * "slow 4G" profile (CPU 4x slower, 1.6 Mbps down, 750 kbps up, 150 ms round trip), and the
 * Chrome DevTools Protocol counts the requests and the bytes received (Network.loadingFinished's
 * encodedDataLength: compressed bodies and headers). Beside them, in the same run, a bare React 19
 * page (scripts/wire-baseline) built by the same Vite and served by the same static file code.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import type { Browser, CDPSession, Page } from "@playwright/test";
import react from "@vitejs/plugin-react";
import { Hono } from "hono";
import { build } from "vite";
import { securityHeaders } from "../server/http/security";
import { serveClient } from "../server/http/static";
import { startServer } from "./bench-server";
import { precompress } from "./precompress-plugin";

const DEMO_PASSWORD = "Demo@12345";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 800 };
/** A loaded two-core machine can take long under 4x CPU throttling: wait this long for a page. */
const USABLE_LIMIT_MS = 120_000;

/** Slow 4G as Lighthouse and Chrome's own presets take it. */
export const SLOW_4G = { cpuSlowdown: 4, downKbps: 1600, upKbps: 750, rttMs: 150 };

/** Budgets on what a first visit receives (docs/benchmarks.md). */
export const WIRE_BUDGETS = { staffLoginKb: 100, phoneLinkKb: 110, requestsBeforeLogin: 8 };

type Entry = {
  name: string;
  path: string;
  /** The account signed in beforehand (unthrottled; the page is then loaded anew, cache disabled). */
  user?: string;
  /** Resolves once the page can be used: its form or content is on screen and enabled. */
  usable: (page: Page) => Promise<void>;
  /** The retailer's and the field auditor's pages are phone pages: a wide window is asked to switch. */
  phone?: boolean;
  budgetKb?: number;
  requestBudget?: number;
};

export type WireRow = {
  name: string;
  path: string;
  requestsBeforeUsable: number;
  kbBeforeUsable: number;
  requests: number;
  kb: number;
  usableMs: number;
  budgetKb?: number;
  requestBudget?: number;
};

const ENTRIES: Entry[] = [
  {
    name: "staff login",
    path: "/login",
    usable: async (page) => {
      await page.getByLabel("Username").waitFor();
      await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    },
    budgetKb: WIRE_BUDGETS.staffLoginKb,
    requestBudget: WIRE_BUDGETS.requestsBeforeLogin,
  },
  {
    name: "dashboard, signed in",
    path: "/dashboard",
    user: "admin",
    usable: (page) =>
      page
        .getByRole("main")
        .getByText(/welcome/i)
        .first()
        .waitFor(),
  },
  {
    name: "outlet review",
    path: "/dashboard/list-of-outlets/view/RS000004",
    user: "qc.manager",
    usable: (page) => page.getByRole("button", { name: "Update Status" }).waitFor(),
  },
  {
    name: "retailer phone link",
    // docs/demo-data.md: the retailer RS000001's link.
    path: "/mobile-view/home/slug/fc53ab61616735930159",
    usable: (page) => page.getByText(/^Hello, /).waitFor(),
    phone: true,
    budgetKb: WIRE_BUDGETS.phoneLinkKb,
    requestBudget: WIRE_BUDGETS.requestsBeforeLogin,
  },
  {
    name: "eMyTrack login",
    path: "/eMyTrack/login",
    usable: (page) => page.getByLabel("Mobile number").waitFor(),
    phone: true,
    requestBudget: WIRE_BUDGETS.requestsBeforeLogin,
  },
];

const BASELINE: Entry = {
  name: "bare React 19 page (baseline)",
  path: "/",
  usable: (page) => page.getByRole("button", { name: /Pressed/ }).waitFor(),
};

const LOCAL_URL = /^(?:data|blob):/;

/** Counts what the page receives from the moment the CDP session listens. */
function recorder(cdp: CDPSession) {
  const started = new Map<string, number>();
  let requests = 0;
  let bytes = 0;
  const sent: string[] = [];
  cdp.on("Network.requestWillBeSent", (e) => {
    // An image inlined in a script (data:) or made from a fetched answer (blob:) is no round trip.
    if (started.has(e.requestId) || LOCAL_URL.test(e.request.url)) return;
    started.set(e.requestId, performance.now());
    requests += 1;
    sent.push(e.request.url);
  });
  cdp.on("Network.loadingFinished", (e) => {
    bytes += e.encodedDataLength;
  });
  cdp.on("Network.loadingFailed", () => undefined);
  return { now: () => ({ requests, bytes }), sent };
}

async function throttle(cdp: CDPSession) {
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: SLOW_4G.rttMs,
    downloadThroughput: (SLOW_4G.downKbps * 1000) / 8,
    uploadThroughput: (SLOW_4G.upKbps * 1000) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_4G.cpuSlowdown });
}

/** The page is quiet once nothing new was requested or received for this long. */
const QUIET_MS = 2000;

async function quiet(read: () => { requests: number; bytes: number }) {
  let last = read();
  let since = performance.now();
  while (performance.now() - since < QUIET_MS) {
    await new Promise((r) => setTimeout(r, 100));
    const now = read();
    if (now.requests !== last.requests || now.bytes !== last.bytes) {
      last = now;
      since = performance.now();
    }
  }
}

/** Signs in through the login form, unthrottled, as a user would before opening the page. */
async function signIn(page: Page, url: string, user: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel("Username").fill(user);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
}

async function measure(browser: Browser, url: string, entry: Entry): Promise<WireRow> {
  const context = await browser.newContext({ viewport: entry.phone ? PHONE : DESKTOP });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(USABLE_LIMIT_MS);
    if (entry.user) await signIn(page, url, entry.user);
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    const seen = recorder(cdp);
    const start = performance.now();
    await page.goto(`${url}${entry.path}`, { waitUntil: "commit" });
    await entry.usable(page);
    const usableMs = performance.now() - start;
    const atUsable = seen.now();
    await quiet(seen.now);
    const total = seen.now();
    return {
      name: entry.name,
      path: entry.path,
      requestsBeforeUsable: atUsable.requests,
      kbBeforeUsable: atUsable.bytes / 1024,
      requests: total.requests,
      kb: total.bytes / 1024,
      usableMs,
      budgetKb: entry.budgetKb,
      requestBudget: entry.requestBudget,
    };
  } finally {
    await context.close();
  }
}

/** The bare React page, built by the same Vite (with the same compressed copies) into a new folder. */
async function buildBaseline(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), "wire-baseline-"));
  await build({
    configFile: false,
    root: join(import.meta.dirname, "wire-baseline"),
    logLevel: "warn",
    plugins: [react(), precompress()],
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/** The baseline served by the server's own static file code, on a port of its own. */
async function serveBaseline(dir: string) {
  const app = new Hono();
  app.use(securityHeaders);
  app.get("*", serveClient(dir));
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise<void>((r) => server.once("listening", () => r()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

export async function benchWire(): Promise<{ rows: WireRow[]; lines: string[]; withinBudgets: boolean }> {
  // The client as `npm run build` makes it, compressed copies included (vite.config.ts).
  await build({ logLevel: "warn" });
  const baselineDir = await buildBaseline();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-wire-"));
  const server = await startServer(dataDir, 8800 + Math.floor(process.pid % 100));
  const baseline = await serveBaseline(baselineDir);
  const { chromium } = await import("@playwright/test");
  const executablePath = ["/usr/bin/chromium", process.env.CHROMIUM_PATH].find((p) => p && existsSync(p));
  const browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  const rows: WireRow[] = [];
  const loads = [loadavg()[0]!];
  try {
    rows.push(await measure(browser, baseline.url, BASELINE));
    for (const entry of ENTRIES) {
      rows.push(await measure(browser, server.url, entry));
      console.log(wireLines(rows).at(-2));
    }
  } finally {
    loads.push(loadavg()[0]!);
    await browser.close();
    await baseline.stop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(baselineDir, { recursive: true, force: true });
  }
  const over = (r: WireRow) =>
    (r.budgetKb !== undefined && r.kb > r.budgetKb) ||
    (r.requestBudget !== undefined && r.requestsBeforeUsable > r.requestBudget);
  return { rows, lines: wireLines(rows, loads, over), withinBudgets: !rows.some(over) };
}

export const WIRE_HEADING = "## Bytes on the wire (Chromium, slow 4G)";

const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** The rows as a table; the machine's load is named since the times depend on it. */
export function wireLines(
  rows: WireRow[],
  loads: number[] = [],
  over: (r: WireRow) => boolean = () => false,
): string[] {
  const budget = (r: WireRow) =>
    [
      r.budgetKb === undefined ? "" : `≤ ${r.budgetKb} KB`,
      r.requestBudget === undefined ? "" : `≤ ${r.requestBudget} requests until usable`,
    ]
      .filter(Boolean)
      .join(", ") || "–";
  const load = loads.length
    ? [
        "",
        `The machine (${cpus().length} cores) was shared while measuring: load average ${loads.map((l) => fmt(l)).join(" at the start, ")} at the end. Bytes and requests do not depend on it; times do.`,
      ]
    : [];
  return [
    WIRE_HEADING,
    "",
    "A first visit (empty cache) to each entry page in headless Chromium over the real server (demo",
    "mode, built client, brotli copies sent), on a slow 4G profile: CPU 4x slower, 1.6 Mbps down,",
    "750 kbps up, 150 ms round trip. Bytes are what the browser received (Chrome DevTools Protocol,",
    "encodedDataLength: compressed bodies and headers), counted until the page is usable (its form or",
    `content on screen) and until it is quiet (nothing new for ${QUIET_MS / 1000} s), which includes what the page`,
    "fetches once shown. Requests are those that go over the network: an image inlined in a script",
    "(data:) or made from a fetched answer (blob:) is not one. The bare React 19 page is built and",
    "served the same way in the same run.",
    "",
    "| page | requests until usable | KB until usable | requests in all | KB received in all | time to usable, slow 4G (ms) | budget |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ...rows.map(
      (r) =>
        `| ${r.name} (\`${r.path}\`) | ${r.requestsBeforeUsable} | ${fmt(r.kbBeforeUsable)} | ${r.requests} | ${fmt(r.kb)} | ${fmt(r.usableMs, 0)} | ${budget(r)}${over(r) ? ": **over**" : ""} |`,
    ),
    ...load,
    "",
  ];
}
