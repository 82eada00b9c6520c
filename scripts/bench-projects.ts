/**
 * The project cards at scale, measured inside the outlet benchmark's database: 2,000 more projects
 * (each with a sub-project) beside the demo ones, then pages of cards (each with its outlet count,
 * newest notifications and unread count) read through the app in process, p95 target 30 ms.
 */
import type { Db } from "../server/db/db";

export const CARDS_P95_TARGET_MS = 30;
export const BENCH_PROJECTS = 2_000;
const ROUNDS = 60;

type Call = (
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) => Promise<{ json: Record<string, unknown>; ms: number; cpuMs: number }>;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const fmt = (n: number) => n.toFixed(1);

/** Adds the benchmark's projects to every organisation in turn, each with one sub-project. */
async function addProjects(db: Db) {
  await db.query(
    `INSERT INTO projects (slug, name, organisation_id, type, start_date, end_date)
     SELECT 'bench-project-' || n, 'Bench Project ' || n,
            (SELECT id FROM organisations ORDER BY id OFFSET (n % (SELECT count(*) FROM organisations)) LIMIT 1),
            (ARRAY['retail_audit', '3p_payout', 'census', 'mi'])[1 + n % 4],
            DATE '2026-01-01' + (n % 300), DATE '2027-01-01' + (n % 300)
     FROM generate_series(1, $1) n`,
    [BENCH_PROJECTS],
  );
  await db.query(
    `INSERT INTO sub_projects (slug, name, project_id, type)
     SELECT p.slug || '-main', p.name, p.id, p.type FROM projects p WHERE p.slug LIKE 'bench-project-%'`,
  );
  await db.exec("ANALYZE projects; ANALYZE sub_projects");
}

export async function benchProjects(db: Db, call: Call, headers: Record<string, string>) {
  await addProjects(db);
  const [counted] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM projects");
  const pages = Math.ceil((counted?.n ?? 0) / 15);
  // Pages across the whole list, the demo projects (busiest, with their notifications) among them.
  const paths = Array.from({ length: ROUNDS }, (_, i) =>
    i % 3 === 0
      ? "/api/projects/?search=acme"
      : i % 3 === 1
        ? `/api/projects/?page=${1 + Math.floor((i * pages) / ROUNDS)}`
        : `/api/projects/?type=3p_payout&page=${1 + (i % 20)}`,
  );
  await call("GET", paths[0]!, headers);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const path of paths) {
    const { ms, cpuMs } = await call("GET", path, headers);
    wall.push(ms);
    cpu.push(cpuMs);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const p95 = percentile(wall, 95);
  return {
    withinTargets: p95 < CARDS_P95_TARGET_MS,
    lines: [
      "| project cards | p50 ms | p95 ms | CPU p50 ms | CPU p95 ms | target p95 |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      `| a page of 15 cards with outlet counts and notifications, ${counted?.n ?? 0} projects (searched, paged, filtered by type; ${ROUNDS} requests) | ${fmt(percentile(wall, 50))} | **${fmt(p95)}** | ${fmt(percentile(cpu, 50))} | ${fmt(percentile(cpu, 95))} | ${CARDS_P95_TARGET_MS} |`,
      "",
    ],
  };
}
