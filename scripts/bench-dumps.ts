/**
 * The field app dump benchmark of `npm run bench`: a dump at the 20 MB limit goes through the real
 * upload endpoint of a server process while another client asks GET /api/health/ every 20 ms, from
 * the upload until the dump is indexed, and for 5 s on the idle server before it (what the machine's
 * load alone costs). The health answer is the server's responsiveness to every other request while
 * it works. Target: p99 under 200 ms. Gives its section of docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { demoSurvey } from "../server/seed/fieldAppDump";
import { DUMP_FORMAT, DUMP_VERSION, MAX_DUMP_BYTES } from "../src/domain/fieldTools/fieldTools";
import { startServer } from "./bench-server";

export const HEALTH_P99_TARGET_MS = 200;
const HEALTH_EVERY_MS = 20;
const BASELINE_MS = 5000;
/** The demo data's field app user 9000000003 is the third field auditor of a new database. */
const AUDITOR = { id: 3, mobile: "9000000003" };
/** Acme Retail Audit's sub-project and, in a new database, a city and an Acme territory. */
const PLACE = { subProject: "acme-retail-audit-main", surveyDate: "2026-11-22", cityId: 1, territoryId: 1 };

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** A dump of as many surveys as fit just under the size limit, in the documented format. */
export function dumpAtLimit(): { text: string; surveys: number } {
  const head = JSON.stringify({
    format: DUMP_FORMAT,
    version: DUMP_VERSION,
    field_app_user: { mobile: AUDITOR.mobile },
    exported_at: `${PLACE.surveyDate}T18:00:00Z`,
  }).slice(0, -1);
  const parts: string[] = [];
  let size = head.length + 20;
  for (let n = 1; ; n++) {
    const survey = demoSurvey(`RSB${String(n).padStart(6, "0")}`, PLACE, n);
    // Most surveys carry the outlet alone and one in ten its answers and photo, as in the dump of
    // about 49,500 surveys that once held the server up.
    const part = JSON.stringify(n % 10 === 0 ? survey : { ...survey, answers: [] });
    if (size + part.length + 1 > MAX_DUMP_BYTES - 1024) break;
    parts.push(part);
    size += part.length + 1;
  }
  return { text: `${head},"surveys":[${parts.join(",")}]}`, surveys: parts.length };
}

const sleepMs = (ms: number) => () => new Promise<void>((r) => setTimeout(r, ms));

type Probe = { sentAt: number; ms: number };

/**
 * One health answer. A kept-alive socket the server closed while it was busy is reset before the
 * request reaches it; the request is then sent again on a new one, and the wait counts in full.
 */
async function healthAnswer(url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await (await fetch(`${url}/api/health/`)).text();
      return;
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || (code !== "ECONNRESET" && code !== "UND_ERR_SOCKET")) throw error;
    }
  }
}

/** GET /api/health/ every HEALTH_EVERY_MS until `work` ends: when each was sent and its time. */
async function probeHealth(url: string, work: () => Promise<void>): Promise<Probe[]> {
  const probes: Probe[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const sentAt = performance.now();
      await healthAnswer(url);
      probes.push({ sentAt, ms: performance.now() - sentAt });
      await sleepMs(HEALTH_EVERY_MS)();
    }
  })();
  probe.catch(() => undefined); // its failure is thrown below, once the work has ended
  try {
    await work();
  } finally {
    done = true;
  }
  await probe;
  return probes;
}

const sortedTimes = (probes: readonly Probe[]) => probes.map((p) => p.ms).sort((a, b) => a - b);

/** p50 / p99 / slowest of some answers, as a table cell. */
const spread = (times: readonly number[], bold = false) => {
  const p99 = fmt(percentile(times, 99));
  return `${fmt(percentile(times, 50))} / ${bold ? `**${p99}**` : p99} / ${fmt(times.at(-1) ?? 0)} ms`;
};

type Status = { id: number; status: string; message: string | null; record_count: number };

export async function benchDumps(): Promise<{ lines: string[]; withinTargets: boolean }> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-dumps-"));
  const server = await startServer(dataDir, 8800 + Math.floor(process.pid % 500));
  try {
    const login = await fetch(`${server.url}/api/auth/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        login_username: "field.coordinator",
        password: "Demo@12345",
        method_of_login: "password",
        platform: "web",
      }),
    });
    const session = ((await login.json()) as { sessionid: string }).sessionid;
    const auth = { authorization: `sessionid ${session}` };
    const dump = dumpAtLimit();
    const bytes = Buffer.byteLength(dump.text);

    // The same probe on the idle server first: what the machine's load alone costs a request.
    const idle = sortedTimes(await probeHealth(server.url, sleepMs(BASELINE_MS)));
    const loadBefore = loadavg()[0] ?? 0;
    let uploadMs = 0;
    let final: Status | undefined;
    const started = performance.now();
    const probes = await probeHealth(server.url, async () => {
      const form = new FormData();
      form.append("uploaded_file", new File([dump.text], "bench-dump.json", { type: "application/json" }));
      form.append("field_app_user", String(AUDITOR.id));
      const created = await fetch(`${server.url}/api/field-app-dumps/`, {
        method: "POST",
        headers: auth,
        body: form,
      });
      uploadMs = performance.now() - started;
      const { id } = (await created.json()) as { id: number };
      while (!final) {
        await sleepMs(250)();
        const list = await fetch(`${server.url}/api/field-app-dumps/`, { headers: auth });
        const found = ((await list.json()) as { results: Status[] }).results.find((d) => d.id === id);
        if (found && found.status !== "processing") final = found;
      }
    });
    const indexedMs = performance.now() - started;
    const loadAfter = loadavg()[0] ?? 0;
    if (final?.status !== "completed" || final.record_count !== dump.surveys)
      throw new Error(`the benchmark dump was not indexed: ${JSON.stringify(final)}`);
    const during = sortedTimes(probes);
    const whileUploaded = sortedTimes(probes.filter((p) => p.sentAt < started + uploadMs));
    const whileIndexed = sortedTimes(probes.filter((p) => p.sentAt >= started + uploadMs));
    const p99 = percentile(during, 99);
    const lines = [
      "## Field app dump indexing (server process, PGlite)",
      "",
      `A dump of ${fmt(bytes / 1024 / 1024)} MB holding ${dump.surveys.toLocaleString("en")} surveys uploaded through the endpoint (scripts/bench-dumps.ts) while another client asked GET /api/health/ every ${HEALTH_EVERY_MS} ms until the dump was indexed. Load average ${fmt(loadBefore)} before and ${fmt(loadAfter)} after (2 cores shared).`,
      "",
      "| what | value | target |",
      "| --- | ---: | ---: |",
      `| upload request answered (file stored, job queued) | ${fmt(uploadMs, 0)} ms | |`,
      `| upload to indexed (completed, ${final.record_count.toLocaleString("en")} surveys) | ${fmt(indexedMs / 1000, 2)} s | |`,
      `| health p50 / p99 / slowest from the upload until indexed (${during.length} answers) | ${spread(during, true)} | p99 ${HEALTH_P99_TARGET_MS} ms |`,
      `| of which while the upload request was answered (${whileUploaded.length}) | ${spread(whileUploaded)} | |`,
      `| of which while the dump was indexed (${whileIndexed.length}) | ${spread(whileIndexed)} | |`,
      `| the same probe on the idle server just before (${idle.length} answers in ${BASELINE_MS / 1000} s): the machine's load alone | ${spread(idle)} | |`,
      "",
      "Before the dump was indexed in steps (the code of 2026-11-26, measured with this script right before the change at a load average of about 16): the server gave 5 health answers from the upload until the dump was indexed (23.2 s), the slowest after 21.8 s, every other request held as long; the idle probe gave p99 76.1 ms. A 100 ms step of work there is about a second of wall time on this shared 2-core machine, so compare the loaded figures with the idle probe beside them; a quiet run settles the 200 ms target.",
      "",
    ];
    return { lines, withinTargets: p99 < HEALTH_P99_TARGET_MS };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run alone with `npx tsx scripts/bench-dumps.ts` to print the section without the rest of the bench.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { lines, withinTargets } = await benchDumps();
  console.log(lines.join("\n"));
  if (!withinTargets) process.exitCode = 1;
}
