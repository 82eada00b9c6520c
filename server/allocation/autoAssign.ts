/**
 * Automatic assignment (docs/allocation.md, "Rules"): called inside the transaction of every write
 * that moves outlets into a state or creates them, it gives each outlet that is now a team's open
 * work, and held by none of the team's active executives, to the executive its rule chooses: the
 * sub-project's rule, else the team-wide one, spread by `planAllocation` within the rule's capacity.
 * Each move is written and logged as a manager's move is, the rule named as the reason.
 */
import {
  ALLOCATION_TEAMS,
  type AllocationTeam,
  allocationAction,
  isOpenWork,
  planAllocation,
  TEAMS,
} from "../../src/domain/allocation/allocation";
import { ruleFor, ruleLogMessage, ruleName } from "../../src/domain/allocation/allocationRules";
import type { Queryable } from "../db/db";
import { insertMany } from "../db/insertMany";
import { rulesOf } from "./rules";
import { executivesOf } from "./work";

type Entered = {
  id: number;
  workflow_state: string;
  type: string;
  sub_project_id: number;
  wo: number;
  assigned_qc_executive: number | null;
  assigned_calling_executive: number | null;
  assigned_iftu_executive: number | null;
};

type Move = { outlet: Entered; to: number; rule: number; reason: string; message: string };

/** Assigns the given outlets by the teams' rules; gives how many were assigned. */
export async function autoAssign(tx: Queryable, outletIds: readonly number[], now: Date): Promise<number> {
  if (outletIds.length === 0) return 0;
  // The workflow objects are locked in outlet id order, as a manager's save locks them.
  const outlets = await tx.query<Entered>(
    `SELECT o.id, o.workflow_state, s.type, o.sub_project_id, w.id AS wo,
       w.assigned_qc_executive, w.assigned_calling_executive, w.assigned_iftu_executive
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN workflow_objects w ON w.outlet_id = o.id
     WHERE o.id = ANY($1::int[]) AND o.status = 'active' AND NOT o.is_temp
     ORDER BY o.id FOR UPDATE OF w`,
    [[...new Set(outletIds)]],
  );
  let assigned = 0;
  for (const team of ALLOCATION_TEAMS) {
    const entering = outlets.filter((o) => isOpenWork(team, o.type, o.workflow_state));
    if (entering.length === 0) continue;
    const moves = await planTeam(tx, team, entering);
    await write(tx, team, moves, now);
    assigned += moves.length;
  }
  return assigned;
}

async function planTeam(tx: Queryable, team: AllocationTeam, entering: readonly Entered[]): Promise<Move[]> {
  // The team's rules are locked so two writes assigning at once count each other's outlets.
  await tx.query("SELECT id FROM allocation_rules WHERE team = $1 ORDER BY id FOR UPDATE", [team]);
  const rules = await rulesOf(tx, team);
  if (!rules.some((r) => r.active)) return [];
  const executives = await executivesOf(tx, team);
  const active = new Map(executives.map((e) => [e.id, e]));
  const field = TEAMS[team].executiveField;
  const open = new Map(executives.map((e) => [e.id, e.open]));
  const byRule = new Map<number, Entered[]>();
  for (const o of entering) {
    const holder = o[field];
    if (holder !== null && active.has(holder)) continue;
    const rule = ruleFor(rules, o.sub_project_id);
    if (rule) byRule.set(rule.id, [...(byRule.get(rule.id) ?? []), o]);
  }
  const moves: Move[] = [];
  for (const rule of rules) {
    const candidates = byRule.get(rule.id);
    if (!candidates) continue;
    const targets = rule.executives.filter((e) => active.has(e.id));
    const plan = planAllocation(
      candidates.map((o) => ({ id: o.id, assignee: null })),
      targets.map((e) => ({ executive: e.id, open: open.get(e.id) ?? 0 })),
      rule.capacity,
    );
    // An executive named by two rules carries the first rule's outlets into the second's count.
    for (const l of plan.loads) open.set(l.executive, l.open);
    const byId = new Map(candidates.map((o) => [o.id, o]));
    for (const m of plan.moves)
      moves.push({
        outlet: byId.get(m.id)!,
        to: m.to,
        rule: rule.id,
        reason: ruleName(rule.sub_project_name),
        message: ruleLogMessage(team, rule.sub_project_name, active.get(m.to)!.name),
      });
  }
  return moves;
}

async function write(tx: Queryable, team: AllocationTeam, moves: readonly Move[], now: Date): Promise<void> {
  if (moves.length === 0) return;
  const column = TEAMS[team].executiveField;
  await tx.query(
    `UPDATE workflow_objects w SET ${column} = m.to_user, allocation_version = w.allocation_version + 1
     FROM unnest($1::int[], $2::int[]) AS m (wo, to_user) WHERE w.id = m.wo`,
    [moves.map((m) => m.outlet.wo), moves.map((m) => m.to)],
  );
  await insertMany(
    tx,
    "outlet_logs",
    [
      "outlet_id",
      "user_id",
      "action",
      "from_state",
      "to_state",
      "reasons",
      "extra_data",
      "message",
      "created",
    ],
    moves.map((m) => [
      m.outlet.id,
      null,
      allocationAction(team),
      m.outlet.workflow_state,
      m.outlet.workflow_state,
      m.reason,
      JSON.stringify({ [column]: { from: m.outlet[column], to: m.to }, allocation_rule: m.rule }),
      m.message,
      now,
    ]),
  );
}
