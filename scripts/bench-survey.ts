/**
 * Survey Details at scale, measured inside the outlet benchmark's 100,000-outlet database: a
 * 40-question group answered for 5,000 outlets (200,000 answer rows beside the demo survey), then
 * the group's answers read for outlets across it (p95 target 30 ms) and a group saved with five
 * changed answers (p95 target 100 ms), each through the app in process.
 */
import type { Db } from "../server/db/db";
import { percentile, type TimedCall } from "./bench-app";

export const ANSWERS_P95_TARGET_MS = 30;
export const SAVE_P95_TARGET_MS = 100;
const QUESTIONS = 40;
const ANSWERED_OUTLETS = 5_000;
const ROUNDS = 60;

const fmt = (n: number) => n.toFixed(1);

export async function benchSurvey(db: Db, call: TimedCall, qc: Record<string, string>) {
  const [sub] = await db.query<{ id: number }>(
    "SELECT id FROM sub_projects WHERE slug = 'acme-retail-audit-main'",
  );
  const [group] = await db.query<{ id: number }>(
    `INSERT INTO question_groups (sub_project_id, name, slug, position) VALUES ($1, 'Bench Audit', 'bench-audit', 99)
     RETURNING id`,
    [sub!.id],
  );
  await db.query(
    `INSERT INTO questions (question_group_id, name, type, validations, position)
     SELECT $1, 'Bench question ' || n, 'text', '{"min_length": 1, "max_length": 200}', n FROM generate_series(1, $2) n`,
    [group!.id, QUESTIONS],
  );
  const started = performance.now();
  await db.query(
    `INSERT INTO answers (workflow_object_id, question_id, single_input, created, modified)
     SELECT w.id, q.id, 'Answer ' || q.position || ' of ' || o.rsid, now(), now()
     FROM (SELECT id, rsid FROM outlets WHERE sub_project_id = $1 AND workflow_state = 'qc_pending' ORDER BY id LIMIT $3) o
     JOIN workflow_objects w ON w.outlet_id = o.id CROSS JOIN questions q WHERE q.question_group_id = $2`,
    [sub!.id, group!.id, ANSWERED_OUTLETS],
  );
  await db.exec("ANALYZE answers");
  const loadMs = performance.now() - started;
  const objects = await db.query<{ wo: number }>(
    `SELECT DISTINCT a.workflow_object_id AS wo FROM answers a JOIN questions q ON q.id = a.question_id
     WHERE q.question_group_id = $1 ORDER BY 1`,
    [group!.id],
  );
  const spread = Array.from(
    { length: ROUNDS },
    (_, i) => objects[Math.floor((i * objects.length) / ROUNDS)]!.wo,
  );
  const path = (wo: number) =>
    `/api/survey/answers/?filter_answers=true&related_answers__workflow_object=${wo}&question_group=${group!.id}&no-pagination`;
  await call("GET", path(spread[0]!), qc);
  const reads: number[] = [];
  const saves: number[] = [];
  const readCpu: number[] = [];
  const saveCpu: number[] = [];
  for (const wo of spread) {
    const read = await call("GET", path(wo), qc);
    reads.push(read.ms);
    readCpu.push(read.cpuMs);
    const questions = read.json.results as { related_answers: { id: number; version: number }[] }[];
    const update = Object.fromEntries(
      questions.slice(0, 5).map((q, i) => {
        const a = q.related_answers[0]!;
        return [String(a.id), { single_input: `Edited ${i}`, version: a.version }];
      }),
    );
    const save = await call("POST", "/api/update/", qc, { object_type: "answers", data_to_update: update });
    saves.push(save.ms);
    saveCpu.push(save.cpuMs);
  }
  for (const list of [reads, saves, readCpu, saveCpu]) list.sort((a, b) => a - b);
  const readP95 = percentile(reads, 95);
  const saveP95 = percentile(saves, 95);
  return {
    withinTargets: readP95 < ANSWERS_P95_TARGET_MS && saveP95 < SAVE_P95_TARGET_MS,
    lines: [
      "| survey details | p50 ms | p95 ms | CPU p50 ms | CPU p95 ms | target p95 |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      `| answers of a ${QUESTIONS}-question group, ${ROUNDS} outlets of ${ANSWERED_OUTLETS.toLocaleString("en")} answered (${(ANSWERED_OUTLETS * QUESTIONS).toLocaleString("en")} rows loaded in ${fmt(loadMs / 1000)} s) | ${fmt(percentile(reads, 50))} | **${fmt(readP95)}** | ${fmt(percentile(readCpu, 50))} | ${fmt(percentile(readCpu, 95))} | ${ANSWERS_P95_TARGET_MS} |`,
      `| saving the group with 5 changed answers (checks, row locks, version check, QC edit history) | ${fmt(percentile(saves, 50))} | **${fmt(saveP95)}** | ${fmt(percentile(saveCpu, 50))} | ${fmt(percentile(saveCpu, 95))} | ${SAVE_P95_TARGET_MS} |`,
      "",
    ],
  };
}
