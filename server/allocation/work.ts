/**
 * A team's open work (docs/allocation.md): the overview by executive, sub-project and state; the
 * open outlets; the preview of a selection or a rule; and the save of previewed moves, all or
 * nothing in one transaction with the outlets locked in id order, refused with a 409 when another
 * move or a state change came first. Internal managers see every organisation's outlets.
 */

import {
  ALLOCATION_CONFLICT,
  ALLOCATION_LIST_LIMIT,
  type AllocationOutlet,
  type AllocationOutlets,
  type AllocationOverview,
  type AllocationPreview,
  type AllocationSaved,
  type AllocationTeam,
  allocationAction,
  allocationChangedLine,
  allocationLeftLine,
  allocationLogMessage,
  allocationSaved,
  isOpenWork,
  MAX_ALLOCATION_MOVES,
  notTeamExecutive,
  planAllocation,
  TEAMS,
  teamSubProjectKeys,
} from "../../src/domain/allocation/allocation";
import type { AllocationPreviewRequest, AllocationSaveRequest } from "../../src/domain/api/allocation";
import { UNASSIGNED } from "../../src/domain/api/allocation";
import type { Queryable } from "../db/db";
import { insertMany } from "../db/insertMany";
import { Problem } from "../http/problem";
import type { Allocator } from "./access";

type Encoded<T extends { Encoded: unknown }> = T["Encoded"];

/** The workflow object's column of the team's executive: one of three fixed names, never input. */
const columnOf = (team: AllocationTeam) => TEAMS[team].executiveField;

/** The team's open outlets: in an open state of a sub-project type the team works on, active. */
export const OPEN_SQL = `o.workflow_state = ANY($1::text[]) AND ($2::text[] IS NULL OR s.type = ANY($2::text[]))
  AND o.status = 'active' AND NOT o.is_temp`;
export const openParams = (team: AllocationTeam) => [TEAMS[team].openStates, teamSubProjectKeys(team)];

type Executive = { id: number; name: string; username: string; open: number };

/** The team's executives: active internal users holding its executive role, with their open outlets. */
export async function executivesOf(db: Queryable, team: AllocationTeam): Promise<Executive[]> {
  const column = columnOf(team);
  return db.query<Executive>(
    `SELECT u.id, u.name, u.username,
       (SELECT count(*)::int FROM workflow_objects w JOIN outlets o ON o.id = w.outlet_id
        JOIN sub_projects s ON s.id = o.sub_project_id WHERE w.${column} = u.id AND ${OPEN_SQL}) AS open
     FROM users u JOIN organisations org ON org.id = u.organisation_id
     WHERE org.kind = 'internal' AND u.is_active
       AND EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                   WHERE ur.user_id = u.id AND r.name = $3)
     ORDER BY u.name, u.id`,
    [...openParams(team), TEAMS[team].executiveRole],
  );
}

export async function allocationOverview(
  db: Queryable,
  team: AllocationTeam,
): Promise<Encoded<typeof AllocationOverview>> {
  const column = columnOf(team);
  const executives = await executivesOf(db, team);
  const counts = await db.query<{
    executive: number | null;
    sub_project: string;
    state: string;
    count: number;
  }>(
    `SELECT w.${column} AS executive, s.name AS sub_project, o.workflow_state AS state, count(*)::int AS count
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN workflow_objects w ON w.outlet_id = o.id
     WHERE ${OPEN_SQL}
     GROUP BY 1, 2, 3 ORDER BY 2, 3`,
    openParams(team),
  );
  const known = new Set(executives.map((e) => e.id));
  // An outlet held by someone no longer on the team counts as no one's: it is the manager's to give.
  const rows = counts.map((r) => ({
    ...r,
    executive: r.executive !== null && known.has(r.executive) ? r.executive : null,
  }));
  const keys = teamSubProjectKeys(team);
  const subProjects = await db.query<{ id: number; name: string }>(
    "SELECT id, name FROM sub_projects WHERE ($1::text[] IS NULL OR type = ANY($1::text[])) ORDER BY name, id",
    [keys],
  );
  const regions = await db.query<{ id: number; name: string }>(
    `SELECT r.id, r.name || ' (' || org.name || ')' AS name FROM regions r
     JOIN organisations org ON org.id = r.organisation_id ORDER BY org.name, r.name, r.id`,
  );
  const territories = await db.query<{ id: number; name: string }>(
    `SELECT t.id, t.name || ' (' || org.name || ')' AS name FROM territories t JOIN zones z ON z.id = t.zone_id
     JOIN regions r ON r.id = z.region_id JOIN organisations org ON org.id = r.organisation_id
     ORDER BY org.name, t.name, t.id`,
  );
  return {
    team,
    executives,
    unassigned: rows.filter((r) => r.executive === null).reduce((n, r) => n + r.count, 0),
    counts: rows,
    sub_projects: subProjects,
    regions,
    territories,
  };
}

type OutletRow = Encoded<typeof AllocationOutlet> & {
  assignee_id: number | null;
  assignee_name: string | null;
};

/** The listed columns of an open outlet, its holder among the team's executives (or no one). */
const outletSelect = (
  column: string,
) => `SELECT o.id, o.rsid, o.name, s.name AS sub_project, o.workflow_state AS state,
    r.name AS region, t.name AS territory, w.allocation_version AS version,
    u.id AS assignee_id, u.name AS assignee_name
  FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN workflow_objects w ON w.outlet_id = o.id
  JOIN regions r ON r.id = o.region_id JOIN territories t ON t.id = o.territory_id
  LEFT JOIN users u ON u.id = w.${column}`;

const listed = ({ assignee_id, assignee_name, ...o }: OutletRow): Encoded<typeof AllocationOutlet> => ({
  ...o,
  assignee: assignee_id === null ? null : { id: assignee_id, name: String(assignee_name) },
});

export async function allocationOutlets(
  db: Queryable,
  team: AllocationTeam,
  query: { executive?: string; sub_project?: number; state?: string },
): Promise<Encoded<typeof AllocationOutlets>> {
  const column = columnOf(team);
  const executive = query.executive === undefined ? null : query.executive;
  const rows = await db.query<OutletRow & { total: number }>(
    `${outletSelect(column)}
     WHERE ${OPEN_SQL}
       AND ($3::text IS NULL OR ($3 = '${UNASSIGNED}' AND w.${column} IS NULL) OR w.${column}::text = $3)
       AND ($4::int IS NULL OR o.sub_project_id = $4) AND ($5::text IS NULL OR o.workflow_state = $5)
     ORDER BY o.rsid LIMIT ${ALLOCATION_LIST_LIMIT}`,
    [...openParams(team), executive, query.sub_project ?? null, query.state ?? null],
  );
  const [counted] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
     JOIN workflow_objects w ON w.outlet_id = o.id
     WHERE ${OPEN_SQL}
       AND ($3::text IS NULL OR ($3 = '${UNASSIGNED}' AND w.${column} IS NULL) OR w.${column}::text = $3)
       AND ($4::int IS NULL OR o.sub_project_id = $4) AND ($5::text IS NULL OR o.workflow_state = $5)`,
    [...openParams(team), executive, query.sub_project ?? null, query.state ?? null],
  );
  return { total: counted?.total ?? 0, outlets: rows.map(listed) };
}

/** The chosen executives, each one of the team's, with their open outlets; else a 400. */
async function targetsOf(db: Queryable, team: AllocationTeam, ids: readonly number[], field: string) {
  const executives = new Map((await executivesOf(db, team)).map((e) => [e.id, e]));
  const chosen = [...new Set(ids)].map((id) => executives.get(id));
  if (chosen.some((e) => e === undefined)) throw new Problem(400, { [field]: [notTeamExecutive(team)] });
  return chosen as Executive[];
}

export async function previewAllocation(
  db: Queryable,
  team: AllocationTeam,
  request: AllocationPreviewRequest,
): Promise<Encoded<typeof AllocationPreview>> {
  const column = columnOf(team);
  const targets = await targetsOf(db, team, request.to, "to");
  const chosen = request.outlet_ids.length > 0;
  const candidates = (
    await db.query<OutletRow>(
      `${outletSelect(column)}
       WHERE ${OPEN_SQL}
         AND (NOT $3::boolean OR o.id = ANY($4::int[]))
         AND ($5::int IS NULL OR o.sub_project_id = $5) AND ($6::int IS NULL OR o.region_id = $6)
         AND ($7::int IS NULL OR o.territory_id = $7) AND ($8::int IS NULL OR w.${column} = $8)
       ORDER BY o.rsid LIMIT ${MAX_ALLOCATION_MOVES + 1}`,
      [
        ...openParams(team),
        chosen,
        request.outlet_ids,
        chosen ? null : request.sub_project,
        chosen ? null : request.region,
        chosen ? null : request.territory,
        chosen ? null : request.from,
      ],
    )
  ).map(listed);
  if (candidates.length > MAX_ALLOCATION_MOVES)
    throw new Problem(400, {
      outlet_ids: [`The rule matches more than ${MAX_ALLOCATION_MOVES} outlets: narrow it down.`],
    });
  if (chosen && candidates.length < new Set(request.outlet_ids).size)
    throw new Problem(400, {
      outlet_ids: [`Some chosen outlets are no longer open ${TEAMS[team].label} work: reload the list.`],
    });
  const plan = planAllocation(
    candidates.map((c) => ({ id: c.id, assignee: c.assignee?.id ?? null })),
    targets.map((t) => ({ executive: t.id, open: t.open })),
    request.capacity,
  );
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const person = new Map(targets.map((t) => [t.id, { id: t.id, name: t.name }]));
  return {
    moves: plan.moves.map((m) => ({ ...byId.get(m.id)!, to: person.get(m.to)! })),
    unchanged: plan.unchanged,
    left: plan.left,
    loads: plan.loads.map((l, i) => ({
      executive: person.get(l.executive)!,
      before: targets[i]!.open,
      after: l.open,
    })),
  };
}

type Locked = {
  id: number;
  rsid: string;
  workflow_state: string;
  type: string;
  wo: number;
  version: number;
  holder: number | null;
  holder_name: string | null;
  moved_by: string | null;
};

export async function saveAllocation(
  tx: Queryable,
  caller: Allocator,
  request: AllocationSaveRequest,
  now: Date,
): Promise<Encoded<typeof AllocationSaved>> {
  const team = caller.team;
  const column = columnOf(team);
  const targets = new Map(
    (
      await targetsOf(
        tx,
        team,
        request.moves.map((m) => m.to),
        "moves",
      )
    ).map((t) => [t.id, t]),
  );
  const wanted = new Map(request.moves.map((m) => [Number(m.outlet_id), m]));
  // Rows are locked in id order, the order every multi-outlet write takes, so this save and a bulk
  // status action (or another manager's save) over the same outlets take turns.
  const locked = await tx.query<Locked>(
    `SELECT o.id, o.rsid, o.workflow_state, s.type, w.id AS wo, w.allocation_version AS version,
       w.${column} AS holder, hu.name AS holder_name,
       (SELECT u.name FROM outlet_logs l LEFT JOIN users u ON u.id = l.user_id
        WHERE l.outlet_id = o.id AND l.action = $2 ORDER BY l.created DESC, l.id DESC LIMIT 1) AS moved_by
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN workflow_objects w ON w.outlet_id = o.id
     LEFT JOIN users hu ON hu.id = w.${column}
     WHERE o.id = ANY($1::int[])
     ORDER BY o.id
     FOR UPDATE OF o, w`,
    [[...wanted.keys()], allocationAction(team)],
  );
  if (locked.length < wanted.size)
    throw new Problem(400, { moves: ["Some outlets do not exist: reload the list."] });
  const lines: string[] = [];
  for (const o of [...locked].sort((a, b) => (a.rsid < b.rsid ? -1 : 1))) {
    const move = wanted.get(o.id)!;
    if (move.version !== o.version) lines.push(allocationChangedLine(o.rsid, o.moved_by, o.holder_name));
    else if (!isOpenWork(team, o.type, o.workflow_state))
      lines.push(allocationLeftLine(o.rsid, team, o.workflow_state));
  }
  if (lines.length) throw new Problem(409, { detail: ALLOCATION_CONFLICT, lines });
  const moving = locked.filter((o) => o.holder !== Number(wanted.get(o.id)!.to));
  if (moving.length) {
    await tx.query(
      `UPDATE workflow_objects w SET ${column} = m.to_user, allocation_version = w.allocation_version + 1
       FROM unnest($1::int[], $2::int[]) AS m (wo, to_user) WHERE w.id = m.wo`,
      [moving.map((o) => o.wo), moving.map((o) => Number(wanted.get(o.id)!.to))],
    );
    const by = caller.user.name;
    await insertMany(
      tx,
      "outlet_logs",
      ["outlet_id", "user_id", "action", "from_state", "to_state", "extra_data", "message", "created"],
      moving.map((o) => {
        const to = targets.get(Number(wanted.get(o.id)!.to))!;
        return [
          o.id,
          caller.user.id,
          allocationAction(team),
          o.workflow_state,
          o.workflow_state,
          JSON.stringify({ [column]: { from: o.holder, to: to.id } }),
          allocationLogMessage(by, team, o.holder_name, to.name),
          now,
        ];
      }),
    );
  }
  return { detail: allocationSaved(moving.length), moved: moving.length };
}
