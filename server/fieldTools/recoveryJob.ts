/**
 * The recovery job (docs/field-tools.md): for a confirmed request, each RSID in turn, in its own
 * transaction holding the request's row lock, is looked up in the auditor's completed dumps for the
 * survey date and sub-project, and its outlet is created, or completed when it waits in its first
 * state without the survey, with the answers and images and a log row. The field_recoveries key
 * makes every RSID recovered once, whatever request, retry or server runs it.
 */
import {
  type DumpSurvey,
  FIELD_RECOVERY_ACTION,
  type RsidOutcome,
} from "../../src/domain/fieldTools/fieldTools";
import { firstWorkflowState } from "../../src/machines/outlets/outletWorkflowConfig";
import { autoAssign } from "../allocation/autoAssign";
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { beat, claimJob, type JobQueue, stillWaiting } from "../jobs/queue";
import { rescoreOutlet } from "../scoring/rescore";

const RECOVERY_QUEUE: JobQueue = {
  table: "recovery_requests",
  waiting: "processing",
  staleAfterMs: 60_000,
  maxAttempts: 3,
};
export const RECOVERY_STOPPED = "Recovery stopped several times before finishing; confirm a new request.";

type Job = {
  id: number;
  user_id: number;
  user_name: string;
  sub_project_id: number;
  sub_project_slug: string;
  sub_project_type: string;
  auditor_id: number;
  date_uploaded: string;
};

/** Claims the oldest confirmed (or abandoned) request; true when one was worked on. */
export async function processNextRecovery(deps: AppDeps): Promise<boolean> {
  const now = new Date(deps.clock());
  const job = await deps.db.transaction(async (tx) => {
    const row = await claimJob(tx, RECOVERY_QUEUE, now);
    if (!row) return null;
    if (row.exhausted) {
      await tx.query(
        "UPDATE recovery_requests SET status = 'failed', message = $2, modified = $3 WHERE id = $1",
        [row.id, RECOVERY_STOPPED, now],
      );
      return "done" as const;
    }
    const [found] = await tx.query<Job>(
      `SELECT r.id, r.user_id, u.name AS user_name, r.sub_project_id, s.slug AS sub_project_slug,
              s.type AS sub_project_type, r.auditor_id, to_char(r.date_uploaded, 'YYYY-MM-DD') AS date_uploaded
       FROM recovery_requests r JOIN users u ON u.id = r.user_id JOIN sub_projects s ON s.id = r.sub_project_id
       WHERE r.id = $1`,
      [row.id],
    );
    return found!;
  });
  if (job === null) return false;
  if (job === "done") return true;
  await runRecovery(deps, job);
  return true;
}

async function runRecovery(deps: AppDeps, job: Job): Promise<void> {
  const pending = await deps.db.query<{ position: number; rsid: string }>(
    "SELECT position, rsid FROM recovery_request_rsids WHERE request_id = $1 AND outcome = 'pending' ORDER BY position",
    [job.id],
  );
  for (const { position, rsid } of pending) {
    const goOn = await deps.db.transaction(async (tx) => {
      const now = new Date(deps.clock());
      if (!(await stillWaiting(tx, RECOVERY_QUEUE, job.id))) return false;
      const { outcome, outletId } = await recoverRsid(tx, job, rsid, now);
      await tx.query(
        "UPDATE recovery_request_rsids SET outcome = $3, outlet_id = $4 WHERE request_id = $1 AND position = $2",
        [job.id, position, outcome, outletId],
      );
      await beat(tx, RECOVERY_QUEUE, job.id, now);
      return true;
    });
    if (!goOn) return;
  }
  const now = new Date(deps.clock());
  await deps.db.query(
    "UPDATE recovery_requests SET status = 'completed', claimed_at = NULL, modified = $2 WHERE id = $1 AND status = 'processing'",
    [job.id, now],
  );
}

type Outcome = { outcome: RsidOutcome; outletId: number | null };

/** Advisory lock namespace of recovered RSIDs (the two-key form, apart from the other locks). */
const LOCK_RECOVERED_RSID = 7312;

async function recoverRsid(tx: Queryable, job: Job, rsid: string, now: Date): Promise<Outcome> {
  // Two requests naming the same RSID, run by two servers, take turns here instead of racing to
  // create the same outlet; the second then finds it recovered.
  await tx.query("SELECT pg_advisory_xact_lock($1::int, hashtext($2))", [LOCK_RECOVERED_RSID, rsid]);
  const [earlier] = await tx.query<{ outlet_id: number }>(
    "SELECT outlet_id FROM field_recoveries WHERE rsid = $1",
    [rsid],
  );
  if (earlier) return { outcome: "already_recovered", outletId: earlier.outlet_id };
  const [survey] = await tx.query<{ record: DumpSurvey }>(
    `SELECT s.record FROM field_app_dump_surveys s JOIN field_app_dumps d ON d.id = s.dump_id
     WHERE s.auditor_id = $1 AND s.rsid = $2 AND s.survey_date = $3 AND s.sub_project_slug = $4
       AND d.status = 'completed'
     ORDER BY s.dump_id DESC, s.id DESC LIMIT 1`,
    [job.auditor_id, rsid, job.date_uploaded, job.sub_project_slug],
  );
  if (!survey) return { outcome: "not_found", outletId: null };
  const first = firstWorkflowState(job.sub_project_type);
  if (!first) return { outcome: "other_sub_project", outletId: null };
  const [existing] = await tx.query<{ id: number; sub_project_id: number; workflow_state: string }>(
    "SELECT id, sub_project_id, workflow_state FROM outlets WHERE rsid = $1 FOR UPDATE",
    [rsid],
  );
  if (existing && existing.sub_project_id !== job.sub_project_id)
    return { outcome: "other_sub_project", outletId: existing.id };
  if (existing && existing.workflow_state !== first)
    return { outcome: "already_submitted", outletId: existing.id };
  const outletId = existing ? existing.id : await createOutlet(tx, job, survey.record, first, now);
  if (existing)
    await tx.query("UPDATE outlets SET version = version + 1, modified = $2 WHERE id = $1", [
      existing.id,
      now,
    ]);
  await writeAnswers(tx, job.sub_project_id, outletId, survey.record, now);
  await rescoreOutlet(tx, outletId, now);
  await tx.query(
    `INSERT INTO outlet_logs (outlet_id, user_id, action, from_state, to_state, message, extra_data, created)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7)`,
    [
      outletId,
      job.user_id,
      FIELD_RECOVERY_ACTION,
      first,
      `${job.user_name} recovered the outlet from the field app dump (recovery request ${job.id})`,
      JSON.stringify({ recovery_request: job.id, survey_date: job.date_uploaded }),
      now,
    ],
  );
  await tx.query(
    "INSERT INTO field_recoveries (rsid, request_id, outlet_id, created) VALUES ($1, $2, $3, $4)",
    [rsid, job.id, outletId, now],
  );
  // A new outlet enters its first state here: a team's rule may give it an executive.
  if (!existing) await autoAssign(tx, [outletId], now);
  return { outcome: existing ? "completed" : "recovered", outletId };
}

async function createOutlet(
  tx: Queryable,
  job: Job,
  survey: DumpSurvey,
  state: string,
  now: Date,
): Promise<number> {
  const o = survey.outlet;
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO outlets (rsid, name, owner_name, address, pin, city_id, state_id, territory_id, zone_id, region_id,
       phone, pan, gst, ifsc, account_number, sub_project_id, auditor_id, workflow_state, created, modified)
     SELECT $1, $2, $3, $4, $5, c.id, c.state_id, t.id, z.id, z.region_id, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16
     FROM cities c, territories t JOIN zones z ON z.id = t.zone_id JOIN regions r ON r.id = z.region_id
     WHERE c.id = $6 AND t.id = $7 AND r.organisation_id =
       (SELECT p.organisation_id FROM sub_projects s JOIN projects p ON p.id = s.project_id WHERE s.id = $13)
     RETURNING id`,
    [
      survey.rsid,
      o.name,
      o.owner_name,
      o.address,
      o.pin,
      o.city_id,
      o.territory_id,
      o.phone,
      o.pan,
      o.gst,
      o.ifsc,
      o.account_number,
      job.sub_project_id,
      job.auditor_id,
      state,
      now,
    ],
  );
  // The dump's check names such a survey; this keeps one indexed before that check out as well.
  if (!row)
    throw new Error(
      `recovery ${job.id}: the city or territory of ${survey.rsid} does not exist in the sub-project's organisation`,
    );
  await tx.query("UPDATE workflow_objects SET assigned_field_auditor = $2 WHERE outlet_id = $1", [
    row.id,
    job.auditor_id,
  ]);
  return row.id;
}

/**
 * The survey's answers, each to the sub-project's question of that group and name; a question the
 * sub-project no longer asks is left out, and an answer the outlet already holds is kept.
 */
async function writeAnswers(
  tx: Queryable,
  subProjectId: number,
  outletId: number,
  survey: DumpSurvey,
  now: Date,
) {
  const [wo] = await tx.query<{ id: number }>("SELECT id FROM workflow_objects WHERE outlet_id = $1", [
    outletId,
  ]);
  for (const answer of survey.answers) {
    const [question] = await tx.query<{ id: number }>(
      `SELECT q.id FROM questions q JOIN question_groups g ON g.id = q.question_group_id
       WHERE g.sub_project_id = $1 AND g.name = $2 AND q.name = $3`,
      [subProjectId, answer.question_group, answer.question],
    );
    if (!question) continue;
    const [saved] = await tx.query<{ id: number }>(
      `INSERT INTO answers (workflow_object_id, question_id, single_input, multiple_answers_input, created, modified)
       VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT DO NOTHING RETURNING id`,
      [wo!.id, question.id, answer.single_input, JSON.stringify(answer.multiple_answers_input), now],
    );
    if (!saved) continue;
    for (const image of answer.images)
      await tx.query(
        "INSERT INTO answer_images (answer_id, content_type, content, created) VALUES ($1, $2, decode($3, 'base64'), $4)",
        [saved.id, image.content_type, image.data_base64, now],
      );
  }
}
