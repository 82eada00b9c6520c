/**
 * Gamification's loader (docs/gamification.md): the outlet logs that may score, counted by auditor,
 * programme and move in SQL, then classified and added up by the domain's rule (`scoredEventOf`,
 * `pointsOf`, `ranked`), so the points are worked out in one place.
 */

import { FieldAuditorId, OutletLogId, ProgramId } from "../../src/domain/api/ids";
import {
  type AuditorRow,
  addCounts,
  type EventCounts,
  NO_EVENTS,
  POINTS,
  type ProgramSummary,
  periodBounds,
  pointsOf,
  ranked,
  SCORING_LOGS,
  type ScoredLog,
  scoredEventOf,
  slugOf,
} from "../../src/domain/gamification/gamification";
import type { Queryable } from "../db/db";
import type { Page } from "../http/pagination";

/** The scoring logs of a period: $1 the states, $2 the actions, $3 and $4 the bounds or null. */
const SCORING_WHERE = `
  o.auditor_id IS NOT NULL AND o.program_id IS NOT NULL
  AND ((l.from_state <> l.to_state AND l.to_state = ANY($1)) OR l.action = ANY($2))
  AND ($3::timestamptz IS NULL OR l.created >= $3) AND ($4::timestamptz IS NULL OR l.created < $4)`;

const scoringParams = (period: string): unknown[] => {
  const bounds = periodBounds(period);
  return [SCORING_LOGS.toStates, SCORING_LOGS.actions, bounds?.from ?? null, bounds?.to ?? null];
};

type MoveCount = {
  auditor_id: number;
  program_id: number;
  action: string;
  from_state: string;
  to_state: string;
  n: number;
};

/** Each auditor's event counts per programme in the period (only pairs with some event). */
async function countsByAuditorAndProgram(db: Queryable, period: string, programId: number | null) {
  const rows = await db.query<MoveCount>(
    `SELECT o.auditor_id, o.program_id, l.action, l.from_state, l.to_state, count(*)::int AS n
     FROM outlet_logs l JOIN outlets o ON o.id = l.outlet_id
     WHERE ${SCORING_WHERE} AND ($5::int IS NULL OR o.program_id = $5)
     GROUP BY 1, 2, 3, 4, 5`,
    [...scoringParams(period), programId],
  );
  const counts = new Map<string, { auditor: number; program: number; counts: EventCounts }>();
  for (const r of rows) {
    const event = scoredEventOf(r);
    if (!event) continue;
    const key = `${r.auditor_id}:${r.program_id}`;
    const entry = counts.get(key) ?? { auditor: r.auditor_id, program: r.program_id, counts: NO_EVENTS };
    counts.set(key, { ...entry, counts: addCounts(entry.counts, { ...NO_EVENTS, [event]: r.n }) });
  }
  return [...counts.values()];
}

type Auditor = { id: number; name: string; mobile: string };
const auditorsById = async (db: Queryable, ids: readonly number[]) =>
  new Map(
    (
      await db.query<Auditor>("SELECT id, name, mobile FROM field_auditors WHERE id = ANY($1::int[])", [ids])
    ).map((a) => [a.id, a]),
  );

/** Auditors ranked by their counts summed over the entries given. */
async function rankAuditors(
  db: Queryable,
  entries: readonly { auditor: number; counts: EventCounts }[],
): Promise<AuditorRow[]> {
  const totals = new Map<number, EventCounts>();
  for (const e of entries) totals.set(e.auditor, addCounts(totals.get(e.auditor) ?? NO_EVENTS, e.counts));
  const auditors = await auditorsById(db, [...totals.keys()]);
  return ranked(
    [...totals].map(([id, counts]) => {
      const a = auditors.get(id)!;
      return {
        id: FieldAuditorId.make(id),
        slug: slugOf(id, a.name),
        name: a.name,
        mobile: a.mobile,
        counts,
      };
    }),
  );
}

type ProgramRow = { id: number; name: string; sub_project: string; project: string; organisation: string };
const PROGRAM_SELECT = `
  SELECT g.id, g.name, sp.name AS sub_project, p.name AS project, org.name AS organisation
  FROM programs g JOIN sub_projects sp ON sp.id = g.sub_project_id JOIN projects p ON p.id = sp.project_id
  JOIN organisations org ON org.id = p.organisation_id`;

function summaryOf(program: ProgramRow, board: readonly AuditorRow[]): ProgramSummary {
  return {
    id: ProgramId.make(program.id),
    slug: slugOf(program.id, program.name),
    name: program.name,
    sub_project: program.sub_project,
    project: program.project,
    organisation: program.organisation,
    auditors: board.length,
    points: board.reduce((t, r) => t + r.points, 0),
    leader: board[0]?.name ?? null,
  };
}

/** The months holding scoring events, newest first. */
async function periodsWithEvents(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ month: string }>(
    `SELECT DISTINCT to_char(l.created AT TIME ZONE 'UTC', 'YYYY-MM') AS month
     FROM outlet_logs l JOIN outlets o ON o.id = l.outlet_id WHERE ${SCORING_WHERE} ORDER BY 1 DESC`,
    scoringParams("all"),
  );
  return rows.map((r) => r.month);
}

export async function dashboard(db: Queryable, period: string) {
  const entries = await countsByAuditorAndProgram(db, period, null);
  const leaderboard = await rankAuditors(db, entries);
  const programs = await db.query<ProgramRow>(`${PROGRAM_SELECT} ORDER BY p.name, sp.name, g.name, g.id`);
  const summaries: ProgramSummary[] = [];
  for (const program of programs) {
    const own = entries.filter((e) => e.program === program.id);
    summaries.push(summaryOf(program, own.length ? await rankAuditors(db, own) : []));
  }
  return { period, periods: await periodsWithEvents(db), leaderboard, programs: summaries };
}

const programOf = async (db: Queryable, id: number) =>
  (await db.query<ProgramRow>(`${PROGRAM_SELECT} WHERE g.id = $1`, [id]))[0] ?? null;

export async function programRanking(db: Queryable, programId: number, period: string) {
  const program = await programOf(db, programId);
  if (!program) return null;
  const results = await rankAuditors(db, await countsByAuditorAndProgram(db, period, programId));
  return { period, program: summaryOf(program, results), results };
}

type LogRow = {
  id: string;
  created: Date;
  action: string;
  from_state: string;
  to_state: string;
  rsid: string;
  outlet: string;
  auditor_id: number;
  auditor: string;
  program: string;
};

const LOG_SELECT = `
  SELECT l.id, l.created, l.action, l.from_state, l.to_state, o.rsid, o.name AS outlet,
         a.id AS auditor_id, a.name AS auditor, g.name AS program
  FROM outlet_logs l JOIN outlets o ON o.id = l.outlet_id JOIN field_auditors a ON a.id = o.auditor_id
  JOIN programs g ON g.id = o.program_id`;

function scoredLog(r: LogRow): ScoredLog {
  const event = scoredEventOf(r)!;
  return {
    id: OutletLogId.make(Number(r.id)),
    created: r.created.toISOString(),
    event,
    points: POINTS[event],
    rsid: r.rsid,
    outlet: r.outlet,
    auditor: r.auditor,
    auditor_slug: slugOf(r.auditor_id, r.auditor),
    program: r.program,
  };
}

export async function programLedger(db: Queryable, programId: number, period: string, page: Page) {
  const ranking = await programRanking(db, programId, period);
  if (!ranking) return null;
  const params = [...scoringParams(period), programId];
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM outlet_logs l JOIN outlets o ON o.id = l.outlet_id
     WHERE ${SCORING_WHERE} AND o.program_id = $5`,
    params,
  );
  const rows = await db.query<LogRow>(
    `${LOG_SELECT} WHERE ${SCORING_WHERE} AND o.program_id = $5 ORDER BY l.created DESC, l.id DESC LIMIT $6 OFFSET $7`,
    [...params, page.size, page.offset],
  );
  return { period, program: ranking.program, rows: rows.map(scoredLog), count };
}

/** How many of an auditor's latest events the report lists. */
export const RECENT_EVENTS = 20;

export async function auditorReport(db: Queryable, auditorId: number, period: string) {
  const entries = await countsByAuditorAndProgram(db, period, null);
  const board = await rankAuditors(db, entries);
  let auditor = board.find((r) => r.id === auditorId);
  if (!auditor) {
    const found = (await auditorsById(db, [auditorId])).get(auditorId);
    if (!found) return null;
    // No event in the period: unranked, after everyone ranked.
    auditor = {
      ...found,
      id: FieldAuditorId.make(found.id),
      slug: slugOf(found.id, found.name),
      counts: NO_EVENTS,
      points: 0,
      rank: board.length + 1,
    };
  }
  const own = entries.filter((e) => e.auditor === auditorId);
  const programs = await db.query<ProgramRow>(`${PROGRAM_SELECT} WHERE g.id = ANY($1::int[]) ORDER BY g.id`, [
    own.map((e) => e.program),
  ]);
  const byProgram = programs.map((g) => {
    const counts = own.find((e) => e.program === g.id)!.counts;
    return {
      slug: slugOf(g.id, g.name),
      name: g.name,
      sub_project: g.sub_project,
      counts,
      points: pointsOf(counts),
    };
  });
  const recent = await db.query<LogRow>(
    `${LOG_SELECT} WHERE ${SCORING_WHERE} AND o.auditor_id = $5 ORDER BY l.created DESC, l.id DESC LIMIT $6`,
    [...scoringParams(period), auditorId, RECENT_EVENTS],
  );
  return {
    period,
    auditor,
    of: board.length,
    programs: byProgram.sort((a, b) => b.points - a.points),
    recent: recent.map(scoredLog),
  };
}
