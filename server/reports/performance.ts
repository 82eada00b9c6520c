/**
 * The performance report (docs/reports.md): target against achievement by outlet and programme per
 * period, from the target statements (the retailer's Target vs Achievement, 002 §3), for the outlets
 * the scope sees; the programmes' totals over every row the filters keep; and the same rows for its
 * PDF and CSV exports.
 */
import { OutletId } from "../../src/domain/api/ids";
import {
  achievementPercent,
  type PerformanceFilters,
  type PerformanceRow,
  type ProgramTotal,
} from "../../src/domain/reports/reports";
import type { Queryable } from "../db/db";
import type { Page } from "../http/pagination";
import type { ReportScope } from "./access";

function whereOf(scope: ReportScope, f: PerformanceFilters) {
  const params: unknown[] = [scope.internal, scope.organisation_id];
  const parts = ["($1::boolean OR p.organisation_id = $2)"];
  const n = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (f.project) parts.push(`p.slug = ${n(f.project)}`);
  if (f.program) parts.push(`t.program = ${n(f.program)}`);
  if (f.period) parts.push(`t.report_name = ${n(f.period)}`);
  if (f.search) {
    const like = n(`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    parts.push(`(o.rsid ILIKE ${like} OR o.name ILIKE ${like})`);
  }
  return { sql: parts.join(" AND "), params };
}

const FROM = `FROM target_statements t JOIN outlets o ON o.id = t.outlet_id
  JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id`;

type RowSql = Omit<PerformanceRow, "outlet_id" | "percent"> & { outlet_id: number };

const toRow = (r: RowSql): PerformanceRow => ({
  ...r,
  outlet_id: OutletId.make(r.outlet_id),
  percent: achievementPercent(r.target, r.achievement),
});

/** The rows, newest period first, then by RSID; a page of them, or all for an export. */
export async function performanceRows(
  db: Queryable,
  scope: ReportScope,
  f: PerformanceFilters,
  page: Page | null,
): Promise<PerformanceRow[]> {
  const where = whereOf(scope, f);
  const at = where.params.length;
  const rows = await db.query<RowSql>(
    `SELECT t.id, o.id AS outlet_id, o.rsid, o.name AS outlet_name, t.program, t.report_name AS period,
            to_char(t.period_start, 'YYYY-MM-DD') AS period_start, to_char(t.period_end, 'YYYY-MM-DD') AS period_end,
            t.target::float8 AS target, t.achievement::float8 AS achievement
     ${FROM} WHERE ${where.sql} ORDER BY t.period_start DESC, o.rsid, t.id
     ${page ? `LIMIT $${at + 1} OFFSET $${at + 2}` : ""}`,
    page ? [...where.params, page.size, page.offset] : where.params,
  );
  return rows.map(toRow);
}

/** Per programme over every row the filters keep, largest target first. */
export async function programTotals(
  db: Queryable,
  scope: ReportScope,
  f: PerformanceFilters,
): Promise<ProgramTotal[]> {
  const where = whereOf(scope, f);
  const rows = await db.query<Omit<ProgramTotal, "percent">>(
    `SELECT t.program, count(DISTINCT t.outlet_id)::int AS outlets, sum(t.target)::float8 AS target,
            sum(t.achievement)::float8 AS achievement
     ${FROM} WHERE ${where.sql} GROUP BY t.program ORDER BY sum(t.target) DESC, t.program`,
    where.params,
  );
  return rows.map((r) => ({ ...r, percent: achievementPercent(r.target, r.achievement) }));
}

export async function performanceReport(
  db: Queryable,
  scope: ReportScope,
  f: PerformanceFilters,
  page: Page,
) {
  const where = whereOf(scope, f);
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n ${FROM} WHERE ${where.sql}`,
    where.params,
  );
  // The choices are those of every statement the caller sees (of the project, when one is named).
  const everything = whereOf(scope, f.project ? { project: f.project } : {});
  const periods = await db.query<{ v: string }>(
    `SELECT t.report_name AS v ${FROM} WHERE ${everything.sql} GROUP BY t.report_name
     ORDER BY max(t.period_start) DESC, t.report_name`,
    everything.params,
  );
  const programs = await db.query<{ v: string }>(
    `SELECT DISTINCT t.program AS v ${FROM} WHERE ${everything.sql} ORDER BY t.program`,
    everything.params,
  );
  return {
    rows: await performanceRows(db, scope, f, page),
    count: n,
    programs: await programTotals(db, scope, f),
    choices: { periods: periods.map((r) => r.v), programs: programs.map((r) => r.v) },
  };
}
