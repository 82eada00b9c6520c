/**
 * The whole-cycle rescore at 100,000 outlets, measured inside the outlet benchmark's database: every
 * outlet is moved into Acme Retail Audit Cycle 1 and answers every question its scoring reads (five
 * asked once, two asked per SKU of three: 1.1 million answer rows), then the queued rescore is worked
 * as the job runner works it (batches of RESCORE_BATCH outlets, one transaction each), and one outlet
 * is rescored as an answer save does. Destructive: it runs last on its copy of the database.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { AppDeps } from "../server/context";
import { type Db, migrate, openPglite } from "../server/db/db";
import type { RetailAuditFilters } from "../server/reports/retailAudit";
import { retailAuditReport } from "../server/reports/retailAudit";
import { rescoreOutlet } from "../server/scoring/rescore";
import { processNextRescore, queueRescore, RESCORE_BATCH } from "../server/scoring/runs";
import { SCORED_CYCLE } from "../server/seed/scoring";
import { percentile } from "./bench-app";

const SINGLE_ROUNDS = 50;
const fmt = (n: number, digits = 1) => n.toFixed(digits);

export async function benchScoring(db: Db): Promise<string[]> {
  const [cycle] = await db.query<{ id: number }>("SELECT id FROM sub_projects WHERE slug = $1", [
    SCORED_CYCLE,
  ]);
  const prepared = performance.now();
  await db.query("UPDATE outlets SET sub_project_id = $1 WHERE sub_project_id <> $1", [cycle!.id]);
  const [{ outlets } = { outlets: 0 }] = await db.query<{ outlets: number }>(
    "SELECT count(*)::int AS outlets FROM outlets WHERE sub_project_id = $1",
    [cycle!.id],
  );
  // Each scored question answered for every outlet: a general one once, a SKU one per SKU of its group.
  await db.query(
    `INSERT INTO answers (workflow_object_id, question_id, sku_id, single_input, created, modified)
     SELECT w.id, q.id, sku,
       CASE q.type WHEN 'yes_or_no' THEN (ARRAY['Yes', 'No'])[1 + (w.id + q.id) % 2]
         WHEN 'number' THEN ((w.id * 7 + q.id) % 12)::text
         WHEN 'single_choice' THEN (ARRAY['Kirana', 'Supermarket', 'Pharmacy', 'Paan shop'])[1 + w.id % 4]
         ELSE 'answered' END,
       now(), now()
     FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
     CROSS JOIN (SELECT DISTINCT question_id FROM scoring_parameters WHERE sub_project_id = $1) p
     JOIN questions q ON q.id = p.question_id JOIN question_groups g ON g.id = q.question_group_id
     CROSS JOIN LATERAL unnest(CASE WHEN g.type = 'sku_group' THEN g.related_sku_ids ELSE ARRAY[NULL::int] END) sku
     WHERE o.sub_project_id = $1
     ON CONFLICT DO NOTHING`,
    [cycle!.id],
  );
  await db.exec("ANALYZE answers; ANALYZE outlets; ANALYZE outlet_scores");
  const [{ answers } = { answers: 0 }] = await db.query<{ answers: number }>(
    `SELECT count(*)::int AS answers FROM answers a JOIN workflow_objects w ON w.id = a.workflow_object_id
     JOIN outlets o ON o.id = w.outlet_id WHERE o.sub_project_id = $1`,
    [cycle!.id],
  );
  const prepareMs = performance.now() - prepared;

  const deps = { db, clock: () => Date.now() } as unknown as AppDeps;
  await db.transaction((tx) => queueRescore(tx, cycle!.id, null, new Date()));
  const started = performance.now();
  await processNextRescore(deps);
  const rescoreMs = performance.now() - started;
  const [run] = await db.query<{ status: string; outlets_scored: number }>(
    "SELECT status, outlets_scored FROM scoring_runs WHERE sub_project_id = $1 ORDER BY id DESC LIMIT 1",
    [cycle!.id],
  );
  if (run?.status !== "done" || run.outlets_scored !== outlets)
    throw new Error(`the rescore ended ${run?.status} after ${run?.outlets_scored} of ${outlets} outlets`);

  // One outlet, as an answer save rescores it inside its own transaction.
  const sample = await db.query<{ id: number }>(
    `SELECT id FROM outlets WHERE sub_project_id = $1 ORDER BY id LIMIT $2`,
    [cycle!.id, SINGLE_ROUNDS],
  );
  const single: number[] = [];
  for (const { id } of sample) {
    const t = performance.now();
    await db.transaction((tx) => rescoreOutlet(tx, id, new Date()));
    single.push(performance.now() - t);
  }
  single.sort((a, b) => a - b);

  // The retail audit report of a 10,000-outlet cycle: the rest of the outlets leave the cycle.
  await db.query(
    `UPDATE outlets SET sub_project_id = (SELECT parent_id FROM sub_projects WHERE id = $1)
     WHERE sub_project_id = $1 AND id > (SELECT id FROM outlets WHERE sub_project_id = $1 ORDER BY id OFFSET $2 LIMIT 1)`,
    [cycle!.id, REPORT_CYCLE_OUTLETS - 1],
  );
  await db.exec("ANALYZE outlets; ANALYZE outlet_scores");
  const report = await benchRetailAuditReport(db, SCORED_CYCLE);
  return [
    "## Logic scoring (100,000 outlets in one cycle, PGlite)",
    "",
    `Every outlet of the outlet benchmark's database moved into ${SCORED_CYCLE}, answering each question its demo scoring reads (${answers.toLocaleString("en")} answer rows), prepared in ${fmt(prepareMs / 1000)} s.`,
    "",
    "| what | value |",
    "| --- | ---: |",
    `| whole-cycle rescore: ${outlets.toLocaleString("en")} outlets in batches of ${RESCORE_BATCH}, one transaction each | **${fmt(rescoreMs / 1000)} s** |`,
    `| outlets scored per second | ${fmt(outlets / (rescoreMs / 1000), 0)} |`,
    `| one outlet rescored in its own transaction (an answer save's share), ${single.length} outlets: p50 / p95 | ${fmt(percentile(single, 50))} / ${fmt(percentile(single, 95))} ms |`,
    "",
    ...report,
  ];
}

/** Outlets in the cycle the retail audit report is measured on. */
const REPORT_CYCLE_OUTLETS = 10_000;
const REPORT_ROUNDS = 30;
export const REPORT_P95_TARGET_MS = 100;

/** The report's pages a reader asks for: the first, a band, a state, a search, by score, a far page. */
const REPORT_QUERIES: readonly { what: string; filters: Omit<RetailAuditFilters, "cycle">; page: number }[] =
  [
    { what: "first page, by RSID", filters: {}, page: 1 },
    { what: "one score band", filters: { band: "60-80" }, page: 1 },
    { what: "one state", filters: { state: "qc_pending" }, page: 1 },
    { what: "search by RSID", filters: { search: "RS0001" }, page: 1 },
    { what: "highest score first", filters: { order: "score-desc" }, page: 1 },
    { what: "page 200, lowest score first", filters: { order: "score-asc" }, page: 200 },
  ];

/**
 * The retail audit report (page, distribution, funnel, average) of a cycle, as an internal user
 * reads it: p50 and p95 of each query over REPORT_ROUNDS rounds after a warming call.
 */
export async function benchRetailAuditReport(db: Db, cycleSlug: string): Promise<string[]> {
  const [{ outlets } = { outlets: 0 }] = await db.query<{ outlets: number }>(
    "SELECT count(*)::int AS outlets FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id WHERE s.slug = $1",
    [cycleSlug],
  );
  const scope = { internal: true, organisation_id: 0 };
  const load = loadavg()[0]!;
  const all: number[] = [];
  const rows: string[] = [];
  for (const q of REPORT_QUERIES) {
    const page = { number: q.page, size: 25, offset: (q.page - 1) * 25 };
    await retailAuditReport(db, scope, { cycle: cycleSlug, ...q.filters }, page);
    const times: number[] = [];
    for (let i = 0; i < REPORT_ROUNDS; i++) {
      const t = performance.now();
      await retailAuditReport(db, scope, { cycle: cycleSlug, ...q.filters }, page);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push(`| ${q.what} | ${fmt(percentile(times, 50))} | ${fmt(percentile(times, 95))} |`);
  }
  all.sort((a, b) => a - b);
  return [
    `### The retail audit report (${outlets.toLocaleString("en")} outlets in one cycle)`,
    "",
    `Load average (1 minute) ${fmt(load)} when the requests began, ${fmt(loadavg()[0]!)} when they ended.`,
    "",
    "| report | p50 ms | p95 ms |",
    "| --- | ---: | ---: |",
    ...rows,
    `| **all ${all.length} reports** (target p95 under ${REPORT_P95_TARGET_MS} ms) | ${fmt(percentile(all, 50))} | **${fmt(percentile(all, 95))}** |`,
    "",
  ];
}

/**
 * Run alone on a copy of a demo database (BENCH_REPORT_DATA, a server's data folder, stopped), its
 * Acme Retail Audit Cycle 1 filled to 10,000 scored outlets: `npx tsx scripts/bench-scoring.ts`.
 */
async function reportOnDemoCopy(source: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "bench-report-"));
  cpSync(source, dir, { recursive: true });
  const db = await openPglite(dir);
  try {
    await migrate(db);
    const [cycle] = await db.query<{ id: number; n: number }>(
      `SELECT s.id, (SELECT count(*)::int FROM outlets WHERE sub_project_id = s.id) AS n
       FROM sub_projects s WHERE s.slug = $1`,
      [SCORED_CYCLE],
    );
    const columns = (
      await db.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = 'outlets'
           AND column_name NOT IN ('id', 'rsid', 'mobile_slug') AND is_generated = 'NEVER'`,
      )
    )
      .map((c) => `"${c.name}"`)
      .join(", ");
    // Copies of one of the cycle's outlets, in the workflow's states in turn, each with a stored score.
    await db.query(
      `INSERT INTO outlets (${columns}, rsid)
       SELECT ${columns.replaceAll('"workflow_state"', "(ARRAY['qc_pending','qc_accepted','qc_rejected','calling_accepted','wip_client_accepted'])[1 + g % 5]")},
              'RB' || lpad(g::text, 6, '0')
       FROM outlets, generate_series(1, $2::int) g
       WHERE id = (SELECT max(id) FROM outlets WHERE sub_project_id = $1)`,
      [cycle!.id, REPORT_CYCLE_OUTLETS - cycle!.n],
    );
    await db.query(
      `INSERT INTO outlet_scores (outlet_id, sub_project_id, score, max_score, groups, scored_at)
       SELECT id, sub_project_id, (id * 37 % 7501) / 100.0, 75, '[]', now() FROM outlets
       WHERE sub_project_id = $1 AND rsid LIKE 'RB%'`,
      [cycle!.id],
    );
    await db.exec("ANALYZE outlets; ANALYZE outlet_scores");
    return await benchRetailAuditReport(db, SCORED_CYCLE);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const source = process.env.BENCH_REPORT_DATA;
  if (!source) throw new Error("BENCH_REPORT_DATA names the data folder of a stopped demo server");
  console.log((await reportOnDemoCopy(source)).join("\n"));
}
