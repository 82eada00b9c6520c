/**
 * The reliability figures, part of `npm run bench`: 20 kill -9 restarts of a server process mid-upload
 * (20,000 rows) plus kills mid-confirm, and 50 concurrent clients on the outlet and job lists for
 * 30 s. Gives the docs/benchmarks.md section and rewrites the figures block of docs/reliability.md.
 * Run alone with `tsx scripts/bench-reliability.ts` (it then also updates its section in
 * docs/benchmarks.md). TEST_DATABASE_URL runs both on PostgreSQL instead of PGlite.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { type FaultReport, runFaults } from "../tests/reliability/faults-harness";
import { type LoadReport, runLoad } from "../tests/reliability/load-harness";

export const BENCH_UPLOAD_KILLS = 20;
export const BENCH_CONFIRM_KILLS = 5;
export const BENCH_ROWS = 20_000;
export const BENCH_CLIENTS = 50;
export const BENCH_LOAD_SECONDS = 30;

const FIGURES_START = "<!-- figures:start (written by npm run bench) -->";
const FIGURES_END = "<!-- figures:end -->";
const SECTION = "## Reliability: faults and load";

const count = (list: { [k: string]: unknown }[], key: string, value: string) =>
  list.filter((x) => x[key] === value).length;

function lines(faults: FaultReport, load: LoadReport, machineLoad: number): string[] {
  const row = (name: string, f: LoadReport["outletList"]) =>
    `| ${name} | ${f.requests} | ${f.errors} | ${f.p50} | ${f.p95} | ${f.p99} |`;
  return [
    SECTION,
    "",
    `On ${faults.backend}; tests/reliability (docs/reliability.md). The machine's load average was`,
    `${machineLoad.toFixed(1)} when the run began (2 cores shared with other work), so times are upper bounds.`,
    "",
    "| fault run | value |",
    "| --- | ---: |",
    `| kill -9 while a ${faults.rows.toLocaleString("en-US")}-row upload was processing, at random points | ${faults.uploads.length} |`,
    `| of which the job was still processing at the kill | ${count(faults.uploads, "atKill", "processing")} |`,
    `| jobs completed / failed after restart | ${count(faults.uploads, "final", "completed")} / ${count(faults.uploads, "final", "failed")} |`,
    `| kill -9 during a confirm (${Math.round(faults.confirmMs)} ms to apply its rows) | ${faults.confirms.length} |`,
    `| of which applied nothing / applied every row | ${count(faults.confirms, "outcome", "nothing applied")} / ${count(faults.confirms, "outcome", "all applied")} |`,
    `| states found half-applied | ${faults.halfApplied.length} |`,
    `| processing time of the upload without a kill | ${(faults.processMs / 1000).toFixed(1)} s |`,
    `| whole fault run | ${Math.round(faults.seconds)} s |`,
    "",
    `${load.clients} concurrent clients for ${load.seconds} s against a server process on 127.0.0.1 (${load.throughput} requests/s in all):`,
    "",
    "| list | requests | errors | p50 ms | p95 ms | p99 ms |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    row("outlet list (pages 1-5 of 20)", load.outletList),
    row("upload job list", load.jobList),
    "",
  ];
}

/** Replaces the text between two markers (or the section up to the next `## `) in a file. */
function replaceBlock(path: string, start: string, end: string | null, block: string[]): void {
  const text = readFileSync(path, "utf8");
  const from = text.indexOf(start);
  if (from < 0) {
    writeFileSync(path, `${text.trimEnd()}\n\n${block.join("\n")}\n`);
    return;
  }
  const stop = end ? text.indexOf(end, from) : text.indexOf("\n## ", from + start.length);
  const tail = stop < 0 ? "" : text.slice(end ? stop : stop + 1);
  writeFileSync(path, `${text.slice(0, from)}${block.join("\n")}${end ? "" : "\n"}${tail}`);
}

export async function benchReliability(log: (line: string) => void = console.log): Promise<string[]> {
  const machineLoad = loadavg()[0] ?? 0;
  const faults = await runFaults({
    uploadKills: BENCH_UPLOAD_KILLS,
    confirmKills: BENCH_CONFIRM_KILLS,
    rows: BENCH_ROWS,
    log,
  });
  if (faults.halfApplied.length > 0) throw new Error(`half-applied states: ${faults.halfApplied.join("; ")}`);
  const load = await runLoad({ clients: BENCH_CLIENTS, seconds: BENCH_LOAD_SECONDS });
  if (load.outletList.errors + load.jobList.errors > 0)
    throw new Error(`load errors: ${load.errorSamples.join("; ")}`);
  const section = lines(faults, load, machineLoad);
  const root = process.cwd();
  replaceBlock(join(root, "docs/reliability.md"), FIGURES_START, FIGURES_END, [
    FIGURES_START,
    "",
    ...section.slice(2),
  ]);
  return section;
}

if (/bench-reliability\.ts$/.test(process.argv[1] ?? "")) {
  const section = await benchReliability();
  replaceBlock(join(process.cwd(), "docs/benchmarks.md"), SECTION, null, section);
  console.log(section.join("\n"));
}
