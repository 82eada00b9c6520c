/**
 * A team's automatic assignment rules (docs/allocation.md, "Rules"): listed, added, changed at the
 * version read and removed. Each names one or several of the team's active executives and covers
 * every sub-project of the team's work or one of them; one rule per team and scope.
 */
import {
  type AllocationTeam,
  notTeamExecutive,
  TEAMS,
  teamSubProjectKeys,
} from "../../src/domain/allocation/allocation";
import { RULE_CHANGED, RULE_GONE, RULE_SCOPE_TAKEN } from "../../src/domain/allocation/allocationRules";
import type { AllocationRuleRequest } from "../../src/domain/api/allocation";
import type { Queryable } from "../db/db";
import { NOT_FOUND, Problem } from "../http/problem";
import type { Allocator } from "./access";
import { executivesOf } from "./work";

type RuleOut = {
  id: number;
  sub_project: { id: number; name: string } | null;
  executives: { id: number; name: string; active: boolean }[];
  capacity: number | null;
  active: boolean;
  version: number;
};

type RuleRow = {
  id: number;
  sub_project_id: number | null;
  sub_project_name: string | null;
  capacity: number | null;
  active: boolean;
  version: number;
  executives: { id: number; name: string }[];
};

/** A team's rules with their executives in the order chosen; every sub-project's rule first. */
export async function rulesOf(
  db: Queryable,
  team: AllocationTeam,
  id: number | null = null,
): Promise<RuleRow[]> {
  return db.query<RuleRow>(
    `SELECT r.id, r.sub_project_id, s.name AS sub_project_name, r.capacity, r.active, r.version,
       coalesce((SELECT json_agg(json_build_object('id', u.id, 'name', u.name) ORDER BY e.position)
                 FROM allocation_rule_executives e JOIN users u ON u.id = e.user_id WHERE e.rule_id = r.id),
                '[]'::json) AS executives
     FROM allocation_rules r LEFT JOIN sub_projects s ON s.id = r.sub_project_id
     WHERE r.team = $1 AND ($2::int IS NULL OR r.id = $2)
     ORDER BY r.sub_project_id NULLS FIRST, s.name, r.id`,
    [team, id],
  );
}

function shown(row: RuleRow, active: ReadonlySet<number>): RuleOut {
  return {
    id: row.id,
    sub_project:
      row.sub_project_id === null ? null : { id: row.sub_project_id, name: String(row.sub_project_name) },
    executives: row.executives.map((e) => ({ ...e, active: active.has(e.id) })),
    capacity: row.capacity,
    active: row.active,
    version: row.version,
  };
}

const activeExecutives = async (db: Queryable, team: AllocationTeam) =>
  new Set((await executivesOf(db, team)).map((e) => e.id));

export async function listRules(db: Queryable, team: AllocationTeam): Promise<{ rules: RuleOut[] }> {
  const active = await activeExecutives(db, team);
  return { rules: (await rulesOf(db, team)).map((r) => shown(r, active)) };
}

/** The request's problems: executives not of the team, a sub-project not of its work, a scope taken. */
async function checked(
  tx: Queryable,
  team: AllocationTeam,
  request: AllocationRuleRequest,
  except: number | null,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  const active = await activeExecutives(tx, team);
  if (request.executives.some((id) => !active.has(Number(id)))) errors.executives = [notTeamExecutive(team)];
  if (new Set(request.executives).size < request.executives.length)
    errors.executives = [...(errors.executives ?? []), "Choose each executive once."];
  if (request.sub_project !== null) {
    const [sub] = await tx.query<{ type: string }>("SELECT type FROM sub_projects WHERE id = $1", [
      request.sub_project,
    ]);
    const keys = teamSubProjectKeys(team);
    if (!sub || (keys !== null && !keys.includes(sub.type)))
      errors.sub_project = [`Choose a sub-project of the ${TEAMS[team].label} team's work.`];
  }
  const [taken] = await tx.query<{ id: number }>(
    `SELECT id FROM allocation_rules WHERE team = $1 AND coalesce(sub_project_id, 0) = coalesce($2::int, 0)
       AND ($3::int IS NULL OR id <> $3)`,
    [team, request.sub_project, except],
  );
  if (taken) errors.sub_project = [...(errors.sub_project ?? []), RULE_SCOPE_TAKEN];
  if (Object.keys(errors).length) throw new Problem(400, errors);
}

async function writeExecutives(tx: Queryable, ruleId: number, executives: readonly number[]) {
  await tx.query("DELETE FROM allocation_rule_executives WHERE rule_id = $1", [ruleId]);
  await tx.query(
    `INSERT INTO allocation_rule_executives (rule_id, user_id, position)
     SELECT $1, x.user_id, x.position FROM unnest($2::int[]) WITH ORDINALITY AS x (user_id, position)`,
    [ruleId, executives],
  );
}

async function one(tx: Queryable, team: AllocationTeam, id: number): Promise<RuleOut> {
  const [row] = await rulesOf(tx, team, id);
  if (!row) throw new Problem(404, { ...NOT_FOUND });
  return shown(row, await activeExecutives(tx, team));
}

export async function addRule(
  tx: Queryable,
  caller: Allocator,
  request: AllocationRuleRequest,
  now: Date,
): Promise<RuleOut> {
  // Two managers adding a rule for the same scope take turns here; the second is told it exists.
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('allocation_rules'), hashtext($1))", [caller.team]);
  await checked(tx, caller.team, request, null);
  const [made] = await tx.query<{ id: number }>(
    `INSERT INTO allocation_rules (team, sub_project_id, capacity, active, created_by, created, modified)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [caller.team, request.sub_project, request.capacity, request.active, caller.user.id, now],
  );
  await writeExecutives(tx, made!.id, request.executives);
  return one(tx, caller.team, made!.id);
}

/** The rule locked, at the version the caller read; else 404 or 409. */
async function lockedRule(tx: Queryable, team: AllocationTeam, id: number, version: number) {
  const [row] = await tx.query<{ version: number }>(
    "SELECT version FROM allocation_rules WHERE id = $1 AND team = $2 FOR UPDATE",
    [id, team],
  );
  if (!row) throw new Problem(404, { detail: RULE_GONE });
  if (row.version !== version) throw new Problem(409, { detail: RULE_CHANGED });
}

export async function updateRule(
  tx: Queryable,
  caller: Allocator,
  id: number,
  request: AllocationRuleRequest & { version: number },
  now: Date,
): Promise<RuleOut> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('allocation_rules'), hashtext($1))", [caller.team]);
  await lockedRule(tx, caller.team, id, request.version);
  await checked(tx, caller.team, request, id);
  await tx.query(
    `UPDATE allocation_rules SET sub_project_id = $2, capacity = $3, active = $4, version = version + 1, modified = $5
     WHERE id = $1`,
    [id, request.sub_project, request.capacity, request.active, now],
  );
  await writeExecutives(tx, id, request.executives);
  return one(tx, caller.team, id);
}

export async function removeRule(
  tx: Queryable,
  caller: Allocator,
  id: number,
  version: number,
): Promise<null> {
  await lockedRule(tx, caller.team, id, version);
  await tx.query("DELETE FROM allocation_rules WHERE id = $1", [id]);
  return null;
}
