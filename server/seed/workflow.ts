/**
 * The workflow side of the demo data: programs, panels, outlet flags (inactive, temporary, invoice dates)
 * and, for every outlet past qc_pending, the log of the moves that brought it to its state. The
 * moves come from the workflow machines (the shortest run from qc_pending), taken by the demo
 * account that holds each move's workflow permission.
 */
import { CYCLE_TYPE } from "../../src/domain/outlets/outletStates";
import { transitionLogMessage } from "../../src/domain/outlets/workflowActions";
import { type WorkflowRole, workflowPermission } from "../../src/domain/shared/permissions";
import { pathTo } from "../../src/machines/outlets/outletWorkflowConfig";
import type { Queryable } from "../db/db";
import { insertColumnArrays, insertMany } from "../db/insertMany";

const HOUR = 60 * 60 * 1000;
/** Scenario spacing, documented in docs/demo-data.md. */
export const INACTIVE_EVERY = 61;
export const TEMP_EVERY = 37;
const PROGRAMS = ["Visibility Drive", "Retailer Loyalty"];

/** The roles whose accounts act in the demo logs, most specific first (the project manager last). */
const ACTING_ROLES: readonly WorkflowRole[] = [
  "qc-executive",
  "calling-executive",
  "client-manager",
  "field-coordinator",
  "iftu-executive",
  "iftu-manager",
  "qc-manager",
  "project-manager",
];
const ACTING_PERMISSIONS = ACTING_ROLES.map(workflowPermission);
const PAYOUT_TYPES = ["3p_payout", CYCLE_TYPE["3p_payout"], "off_take", CYCLE_TYPE.off_take];

export async function seedWorkflowData(tx: Queryable): Promise<void> {
  const subProjects = await tx.query<{ id: number; name: string }>(
    "SELECT id, name FROM sub_projects ORDER BY id",
  );
  await insertMany(
    tx,
    "programs",
    ["name", "sub_project_id"],
    subProjects.flatMap((s) => PROGRAMS.map((p) => [p, s.id])),
  );
  // A panel per sub-project for its Panels list (docs/projects.md), also filled by the panels upload.
  await insertMany(
    tx,
    "panels",
    ["name", "description", "sub_project_id"],
    subProjects.map((s) => ["Key accounts", "The outlets the client follows apart", s.id]),
  );
  // Every tenth outlet is on it, so each sub-project's panel outlets list has outlets to open.
  await tx.query(
    `INSERT INTO panel_outlets (panel_id, outlet_id)
     SELECT p.id, o.id FROM outlets o JOIN panels p ON p.sub_project_id = o.sub_project_id
     WHERE o.id % 10 = 3`,
  );
  await tx.query(
    `UPDATE outlets o SET program_id = p.id
     FROM (SELECT id, sub_project_id, row_number() OVER (PARTITION BY sub_project_id ORDER BY id) - 1 AS n
           FROM programs) p
     WHERE p.sub_project_id = o.sub_project_id AND p.n = o.id % 2`,
  );
  await tx.query(
    `UPDATE outlets SET invoice_date = (created + (id % 20) * interval '1 day')::date
     WHERE sub_project_id IN (SELECT id FROM sub_projects WHERE type = ANY($1::text[]))`,
    [PAYOUT_TYPES],
  );
  await tx.query("UPDATE outlets SET status = 'inactive' WHERE id % $1 = 0", [INACTIVE_EVERY]);
  await tx.query("UPDATE outlets SET is_temp = true WHERE id % $1 = 0", [TEMP_EVERY]);
  await seedLogs(tx);
}

/** One log row per move that brought each outlet to its state. */
async function seedLogs(tx: Queryable): Promise<void> {
  const users = await tx.query<{ id: number; name: string; permission: string; organisation_id: number }>(
    `SELECT id, name, considered_workflow_permission AS permission, organisation_id FROM users
     WHERE considered_workflow_permission IS NOT NULL AND username <> 'expired.user' ORDER BY id`,
  );
  const internal = new Map<string, (typeof users)[number]>();
  const byOrg = new Map<string, (typeof users)[number]>();
  for (const u of users) {
    if (!internal.has(u.permission)) internal.set(u.permission, u);
    byOrg.set(`${u.permission}/${u.organisation_id}`, u);
  }
  const outlets = await tx.query<{
    id: number;
    workflow_state: string;
    type: string;
    organisation_id: number;
    created: Date;
  }>(
    `SELECT o.id, o.workflow_state, s.type, p.organisation_id, o.created
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE o.workflow_state <> 'qc_pending' ORDER BY o.id`,
  );
  const paths = new Map<string, ReturnType<typeof pathTo>>();
  const rows: unknown[][] = [];
  for (const o of outlets) {
    const key = `${o.type}/${o.workflow_state}`;
    if (!paths.has(key)) paths.set(key, pathTo(o.type, o.workflow_state, ACTING_PERMISSIONS));
    const path = paths.get(key) ?? [];
    path.forEach((step, i) => {
      // Client moves are taken by the outlet's own client; the others by the internal team.
      const user = byOrg.get(`${step.permission}/${o.organisation_id}`) ?? internal.get(step.permission);
      rows.push([
        o.id,
        user?.id ?? null,
        step.action,
        step.from,
        step.to,
        transitionLogMessage(user?.name ?? "System", step.action, step.from, step.to),
        new Date(o.created.getTime() + (i + 1) * HOUR),
      ]);
    });
  }
  await insertColumnArrays(
    tx,
    "outlet_logs",
    ["outlet_id", "user_id", "action", "from_state", "to_state", "message", "created"],
    rows,
  );
  await tx.query(
    `UPDATE outlets o SET modified = l.last, version = 1 + l.moves
     FROM (SELECT outlet_id, max(created) AS last, count(*)::int AS moves FROM outlet_logs GROUP BY outlet_id) l
     WHERE l.outlet_id = o.id`,
  );
}
