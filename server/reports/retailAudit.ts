/**
 * The retail audit report (docs/reports.md): a cycle's outlets with their stored score
 * (`outlet_scores`, kept by the rescore) and workflow state, filtered by state, score band and RSID
 * or name; the score distribution and the state funnel over every outlet the other filters keep; the
 * cycle's survey images; one outlet's report. A cycle or outlet of another organisation is not
 * found, exactly like one that does not exist.
 */
import { OutletId, SubProjectId } from "../../src/domain/api/ids";
import { ALL_OUTLET_STATES, CYCLE_TYPE, stateLabel } from "../../src/domain/outlets/outletStates";
import {
  type BandKey,
  NOT_SCORED,
  type OutletReport,
  type ReportCycle,
  type ReportImage,
  type RetailAuditOrder,
  type RetailAuditRow,
  SCORE_BANDS,
  scorePercent,
} from "../../src/domain/reports/reports";
import { hasScoring, type Score, scoreOutlet } from "../../src/domain/survey/scoring";
import type { Queryable } from "../db/db";
import type { Page } from "../http/pagination";
import { scoringAnswers } from "../scoring/rescore";
import { loadSetup } from "../scoring/setup";
import { answerImageUrl } from "../survey/read";
import type { ReportScope } from "./access";

const RETAIL_AUDIT_CYCLE = CYCLE_TYPE.retail_audit;

type CycleRow = Omit<ReportCycle, "id"> & { id: number };

/**
 * The retail audit cycles the scope sees, a project's alone when one is named, by project and name;
 * null when the named project does not exist or is another organisation's.
 */
export async function reportCycles(
  db: Queryable,
  scope: ReportScope,
  project?: string,
): Promise<ReportCycle[] | null> {
  if (project !== undefined) {
    const [seen] = await db.query<{ id: number }>(
      "SELECT p.id FROM projects p WHERE p.slug = $1 AND ($2::boolean OR p.organisation_id = $3)",
      [project, scope.internal, scope.organisation_id],
    );
    if (!seen) return null;
  }
  const rows = await db.query<CycleRow>(
    `SELECT s.id, s.slug, s.name, p.slug AS project_slug, p.name AS project_name, g.name AS organisation,
            (SELECT count(*)::int FROM outlets o WHERE o.sub_project_id = s.id) AS outlets
     FROM sub_projects s JOIN projects p ON p.id = s.project_id JOIN organisations g ON g.id = p.organisation_id
     WHERE s.type = $1 AND ($2::boolean OR p.organisation_id = $3) AND ($4::text IS NULL OR p.slug = $4)
     ORDER BY g.name, p.name, s.name, s.id`,
    [RETAIL_AUDIT_CYCLE, scope.internal, scope.organisation_id, project ?? null],
  );
  return rows.map((r) => ({ ...r, id: SubProjectId.make(r.id) }));
}

/** A cycle the scope sees; its outlets are counted by the caller that needs them. */
async function cycleBySlug(db: Queryable, scope: ReportScope, slug: string): Promise<ReportCycle | null> {
  const [row] = await db.query<CycleRow>(
    `SELECT s.id, s.slug, s.name, p.slug AS project_slug, p.name AS project_name, g.name AS organisation,
            0 AS outlets
     FROM sub_projects s JOIN projects p ON p.id = s.project_id JOIN organisations g ON g.id = p.organisation_id
     WHERE s.type = $1 AND ($2::boolean OR p.organisation_id = $3) AND s.slug = $4`,
    [RETAIL_AUDIT_CYCLE, scope.internal, scope.organisation_id, slug],
  );
  return row ? { ...row, id: SubProjectId.make(row.id) } : null;
}

export type RetailAuditFilters = {
  cycle: string;
  state?: string;
  band?: BandKey;
  search?: string;
  order?: RetailAuditOrder;
};

/**
 * The score's share of its maximum, in percent; null when unscored: stored with the score
 * (migration 0191), so neither the charts nor the orders work it out per outlet.
 */
const SHARE = "sc.share";

/** Conditions over the cycle's outlets, numbered from `params`' current length. */
class Where {
  readonly parts: string[] = [];
  constructor(readonly params: unknown[]) {}
  add(sql: (n: (value: unknown) => string) => string) {
    this.parts.push(
      sql((value) => {
        this.params.push(value);
        return `$${this.params.length}`;
      }),
    );
  }
  get sql() {
    return this.parts.length === 0 ? "true" : this.parts.join(" AND ");
  }
}

/** The SQL condition of a score band, from the domain's bounds (the last band includes 100). */
function bandCondition(band: BandKey, n: (value: unknown) => string): string {
  if (band === NOT_SCORED.key) return `${SHARE} IS NULL`;
  const b = SCORE_BANDS.find((x) => x.key === band)!;
  const from = `${SHARE} >= ${n(b.from)}::numeric`;
  return b.to === 100 ? `(${from})` : `(${from} AND ${SHARE} < ${n(b.to)}::numeric)`;
}

/** A bound written into the statement: the bands' bounds are the domain's numbers, never input. */
const literal = (value: unknown) => String(value);

const searchCondition = (search: string, n: (value: unknown) => string) => {
  const like = n(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return `(o.rsid ILIKE ${like} OR o.name ILIKE ${like})`;
};

const ORDER_SQL: Readonly<Record<RetailAuditOrder, string>> = {
  rsid: "o.rsid",
  "score-desc": `${SHARE} DESC NULLS LAST, o.rsid`,
  "score-asc": `${SHARE} ASC NULLS LAST, o.rsid`,
};

const FROM = `FROM outlets o LEFT JOIN outlet_scores sc ON sc.outlet_id = o.id`;

/**
 * The filters as SQL, leaving out the state or the band filter when a chart counts by it (each chart
 * shows every bar of its own dimension, with the other filters applied).
 */
function filtersSql(cycle: number, f: RetailAuditFilters, leaveOut: "state" | "band" | null) {
  const where = new Where([]);
  where.add((n) => `o.sub_project_id = ${n(cycle)}`);
  if (f.state && leaveOut !== "state") where.add((n) => `o.workflow_state = ${n(f.state)}`);
  if (f.band && leaveOut !== "band") where.add((n) => bandCondition(f.band!, n));
  if (f.search) where.add((n) => searchCondition(f.search!, n));
  return where;
}

type ReportRowSql = Omit<RetailAuditRow, "id" | "percent"> & { id: number };

/** The band of a share (`share`, a column), from the domain's bounds, highest first. */
const BAND_OF_SHARE = `CASE WHEN share IS NULL THEN '${NOT_SCORED.key}' ${[...SCORE_BANDS]
  .reverse()
  .map((b) => `WHEN share >= ${literal(b.from)} THEN '${b.key}'`)
  .join(" ")} ELSE '${SCORE_BANDS[0].key}' END`;

type Cell = { state: string; band: BandKey; matches: boolean; n: number; share_sum: number | null };

export async function retailAuditReport(
  db: Queryable,
  scope: ReportScope,
  f: RetailAuditFilters,
  page: Page,
) {
  const cycle = await cycleBySlug(db, scope, f.cycle);
  if (!cycle) return null;
  const all = filtersSql(cycle.id, f, null);
  const rowsAt = all.params.length;
  const order = ORDER_SQL[f.order ?? "rsid"];
  const rows = await db.query<ReportRowSql>(
    `SELECT o.id, o.rsid, o.name, c.name AS city, o.workflow_state, sc.score::float8 AS score,
            sc.max_score::float8 AS max_score, sc.failure
     FROM (SELECT o.id ${FROM} WHERE ${all.sql} ORDER BY ${order} LIMIT $${rowsAt + 1} OFFSET $${rowsAt + 2}) pick
     JOIN outlets o ON o.id = pick.id JOIN cities c ON c.id = o.city_id
     LEFT JOIN outlet_scores sc ON sc.outlet_id = o.id
     ORDER BY ${order}`,
    [...all.params, page.size, page.offset],
  );
  // One pass over the cycle: outlets by state, band and whether the search keeps them; the charts,
  // the total and the average are added up from these cells (each chart with every filter but its own).
  const params: unknown[] = [cycle.id];
  const matches = f.search ? searchCondition(f.search, (v) => `$${params.push(v)}`) : "true";
  const cells = await db.query<Cell>(
    `SELECT state, ${BAND_OF_SHARE} AS band, matches, count(*)::int AS n, sum(share)::float8 AS share_sum
     FROM (SELECT o.workflow_state AS state, ${matches} AS matches, ${SHARE} ${FROM}
           WHERE o.sub_project_id = $1) x
     GROUP BY 1, 2, 3`,
    params,
  );
  const inState = (c: Cell) => !f.state || c.state === f.state;
  const inBand = (c: Cell) => !f.band || c.band === f.band;
  const sum = (keep: (c: Cell) => boolean, of: (c: Cell) => number = (c) => c.n) =>
    cells.filter(keep).reduce((t, c) => t + of(c), 0);
  const kept = (c: Cell) => c.matches && inState(c) && inBand(c);
  const scored = sum((c) => kept(c) && c.band !== NOT_SCORED.key);
  const average = scored === 0 ? null : sum(kept, (c) => c.share_sum ?? 0) / scored;
  const states = [...new Set(cells.map((c) => c.state))].map((state) => ({
    state,
    count: sum((c) => c.state === state && c.matches && inBand(c)),
  }));
  return {
    cycle: { ...cycle, outlets: sum(() => true) },
    rows: rows.map(
      (r): RetailAuditRow => ({
        ...r,
        id: OutletId.make(r.id),
        percent: r.score === null || r.max_score === null ? null : scorePercent(r.score, r.max_score),
      }),
    ),
    count: sum(kept),
    distribution: [...SCORE_BANDS, NOT_SCORED].map((b) => ({
      band: b.key,
      label: b.label,
      count: sum((c) => c.band === b.key && c.matches && inState(c)),
    })),
    funnel: funnelOf(states.filter((s) => s.count > 0)),
    average_percent: average === null ? null : Math.round(average * 10) / 10,
  };
}

/** The states in the workflow's order, those no outlet is in left out; states the catalogue lacks last. */
function funnelOf(states: readonly { state: string; count: number }[]) {
  const rank = (s: string) => {
    const i = ALL_OUTLET_STATES.indexOf(s as never);
    return i === -1 ? ALL_OUTLET_STATES.length : i;
  };
  return [...states]
    .sort((a, b) => rank(a.state) - rank(b.state) || a.state.localeCompare(b.state))
    .map((s) => ({ state: s.state, label: stateLabel(s.state), count: s.count }));
}

type ImageRow = Omit<ReportImage, "image" | "outlet_id"> & { outlet_id: number; created: string };

/** A page of the cycle's survey images, by RSID, then question order. */
export async function retailAuditImages(
  db: Queryable,
  scope: ReportScope,
  f: { cycle: string; search?: string },
  page: Page,
) {
  const cycle = await cycleBySlug(db, scope, f.cycle);
  if (!cycle) return null;
  const where = new Where([]);
  where.add((n) => `o.sub_project_id = ${n(cycle.id)}`);
  if (f.search) where.add((n) => searchCondition(f.search!, n));
  const from = `FROM answer_images i JOIN answers a ON a.id = i.answer_id JOIN questions q ON q.id = a.question_id
     JOIN question_groups g ON g.id = q.question_group_id
     JOIN workflow_objects w ON w.id = a.workflow_object_id JOIN outlets o ON o.id = w.outlet_id
     WHERE ${where.sql}`;
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, where.params);
  const at = where.params.length;
  const rows = await db.query<ImageRow>(
    `SELECT i.id, o.id AS outlet_id, o.rsid, o.name AS outlet_name, q.name AS question,
            to_char(i.created AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSMS') AS created
     ${from} ORDER BY o.rsid, g.position, q.position, i.id LIMIT $${at + 1} OFFSET $${at + 2}`,
    [...where.params, page.size, page.offset],
  );
  const [{ outlets } = { outlets: 0 }] = await db.query<{ outlets: number }>(
    "SELECT count(*)::int AS outlets FROM outlets WHERE sub_project_id = $1",
    [cycle.id],
  );
  return {
    cycle: { ...cycle, outlets },
    count: n,
    rows: rows.map(
      ({ created, ...r }): ReportImage => ({
        ...r,
        outlet_id: OutletId.make(r.outlet_id),
        image: answerImageUrl(r.id, created),
      }),
    ),
  };
}

type OutletRow = {
  id: number;
  rsid: string;
  name: string;
  city: string;
  workflow_state: string;
  sub_project_id: number;
  sp_slug: string;
  sp_name: string;
  sp_type: string;
  p_slug: string;
  p_name: string;
  wo: number | null;
};

type StoredScore = {
  score: number | null;
  max_score: number | null;
  groups: Score["scoring_parameter_groups_data"];
  failure: string | null;
  scored_at: Date;
};

/** One outlet's report, or null when the scope does not see the outlet. */
export async function outletReport(
  db: Queryable,
  scope: ReportScope,
  outletId: number,
): Promise<typeof OutletReport.Encoded | null> {
  const [o] = await db.query<OutletRow>(
    `SELECT o.id, o.rsid, o.name, c.name AS city, o.workflow_state, o.sub_project_id,
            s.slug AS sp_slug, s.name AS sp_name, s.type AS sp_type, p.slug AS p_slug, p.name AS p_name,
            w.id AS wo
     FROM outlets o JOIN cities c ON c.id = o.city_id JOIN sub_projects s ON s.id = o.sub_project_id
     JOIN projects p ON p.id = s.project_id LEFT JOIN workflow_objects w ON w.outlet_id = o.id
     WHERE o.id = $1 AND ($2::boolean OR p.organisation_id = $3)`,
    [outletId, scope.internal, scope.organisation_id],
  );
  if (!o) return null;
  const { score, failure } = await scoreOf(db, o);
  const answers = await db.query<{ group: string; answered: number; asked: number }>(
    `SELECT g.name AS group, count(DISTINCT q.id)::int AS asked, count(DISTINCT a.question_id)::int AS answered
     FROM question_groups g JOIN questions q ON q.question_group_id = g.id
     LEFT JOIN answers a ON a.question_id = q.id AND a.workflow_object_id = $2
     WHERE g.sub_project_id = $1 GROUP BY g.id, g.name, g.position ORDER BY g.position, g.id`,
    [o.sub_project_id, o.wo],
  );
  const images =
    o.wo === null
      ? []
      : await db.query<{ id: number; question: string; created: string }>(
          `SELECT i.id, q.name AS question, to_char(i.created AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSMS') AS created
           FROM answer_images i JOIN answers a ON a.id = i.answer_id JOIN questions q ON q.id = a.question_id
           JOIN question_groups g ON g.id = q.question_group_id
           WHERE a.workflow_object_id = $1 ORDER BY g.position, q.position, i.id`,
          [o.wo],
        );
  return {
    outlet: {
      id: o.id,
      rsid: o.rsid,
      name: o.name,
      city: o.city,
      workflow_state: o.workflow_state,
      sub_project: { slug: o.sp_slug, name: o.sp_name, type: o.sp_type },
      project: { slug: o.p_slug, name: o.p_name },
    },
    score,
    failure,
    answers,
    images: images.map((i) => ({ id: i.id, question: i.question, image: answerImageUrl(i.id, i.created) })),
  };
}

/** The stored score; for an outlet no rescore has reached yet, the one its answers give now. */
async function scoreOf(
  db: Queryable,
  o: OutletRow,
): Promise<{ score: OutletReport["score"]; failure: string | null }> {
  const [stored] = await db.query<StoredScore>(
    `SELECT score::float8 AS score, max_score::float8 AS max_score, groups, failure, scored_at
     FROM outlet_scores WHERE outlet_id = $1`,
    [o.id],
  );
  if (stored) {
    if (stored.failure !== null) return { score: null, failure: stored.failure };
    return {
      score: {
        score: stored.score!,
        max_score: stored.max_score!,
        percent: scorePercent(stored.score!, stored.max_score!),
        groups: stored.groups,
        scored_at: stored.scored_at.toISOString(),
      },
      failure: null,
    };
  }
  const setup = await loadSetup(db, o.sub_project_id);
  if (!hasScoring(setup)) return { score: null, failure: null };
  const answers = await scoringAnswers(db, [o.id], setup);
  const scored = scoreOutlet(setup, answers.get(o.id) ?? new Map());
  if (!scored.ok) return { score: null, failure: scored.reason };
  const s = scored.score;
  return {
    score: {
      score: s.score,
      max_score: s.max_score,
      percent: scorePercent(s.score, s.max_score),
      groups: s.scoring_parameter_groups_data,
      scored_at: null,
    },
    failure: null,
  };
}
