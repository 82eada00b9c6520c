/**
 * The MIS report (docs/reports.md): per sub-project the caller's organisation sees, the outlets by
 * workflow state now, and for the period (all time or a UTC month) QC's and calling's decisions,
 * QC's median turnaround, the payouts paid (by payment date) and pending (now), and the identity
 * checks' outcomes. Each figure is counted in SQL by the stored value and classified here by the
 * domain's rule, so no SQL literal restates a rule.
 */
import { periodBounds } from "../../src/domain/gamification/gamification";
import {
  CALLING_DECISION,
  funnelOf,
  hoursOf,
  MIS_COLUMNS,
  type MisFilters,
  type MisReport,
  type MisRow,
  misCells,
  payoutStandingOf,
  QC_DECISION,
  statesInOrder,
  verificationRate,
} from "../../src/domain/reports/mis";
import type { Queryable } from "../db/db";
import { CSV_CONTENT_TYPE, writeCsv } from "../exports/csv";
import type { ReportScope } from "./access";
import type { ExportFile } from "./performanceFiles";

type SubProjectRow = {
  id: number;
  slug: string;
  name: string;
  type: string;
  project: string;
  organisation: string;
};

const QC_STATES = [QC_DECISION.accepted, QC_DECISION.rejected];
const DECISION_STATES = [...QC_STATES, CALLING_DECISION.accepted, CALLING_DECISION.rejected];

/** The report, or null when the project or sub-project named is not one the scope sees. */
export async function misReport(db: Queryable, scope: ReportScope, f: MisFilters): Promise<MisReport | null> {
  const period = f.period ?? "all";
  const seen = await db.query<SubProjectRow>(
    `SELECT s.id, s.slug, s.name, s.type, p.name AS project, g.name AS organisation
     FROM sub_projects s JOIN projects p ON p.id = s.project_id JOIN organisations g ON g.id = p.organisation_id
     WHERE ($1::boolean OR p.organisation_id = $2) AND ($3::text IS NULL OR p.slug = $3)
     ORDER BY g.name, p.name, s.name, s.id`,
    [scope.internal, scope.organisation_id, f.project ?? null],
  );
  if (f.project && seen.length === 0) {
    const [project] = await db.query(
      "SELECT 1 FROM projects WHERE slug = $1 AND ($2::boolean OR organisation_id = $3)",
      [f.project, scope.internal, scope.organisation_id],
    );
    if (!project) return null;
  }
  const wanted = f["sub-project"];
  const shown = wanted ? seen.filter((s) => s.slug === wanted) : seen;
  if (wanted && shown.length === 0) return null;
  const ids = shown.map((s) => s.id);
  const bounds = periodBounds(period);
  const [from, to] = bounds ? [bounds.from, bounds.to] : [null, null];

  const states = await db.query<{ sub: number; state: string; count: number }>(
    `SELECT sub_project_id AS sub, workflow_state AS state, count(*)::int AS count FROM outlets
     WHERE sub_project_id = ANY($1::int[]) GROUP BY 1, 2`,
    [ids],
  );
  // A decision moves an outlet into a decision state from another state, within the period.
  const decisions = await db.query<{ sub: number; state: string; count: number }>(
    `SELECT o.sub_project_id AS sub, l.to_state AS state, count(*)::int AS count
     FROM outlets o JOIN outlet_logs l ON l.outlet_id = o.id
     WHERE o.sub_project_id = ANY($1::int[]) AND l.to_state = ANY($2::text[]) AND l.from_state <> l.to_state
       AND ($3::timestamptz IS NULL OR l.created >= $3) AND ($4::timestamptz IS NULL OR l.created < $4)
     GROUP BY 1, 2`,
    [ids, DECISION_STATES, from, to],
  );
  // From the outlet's latest move into QC before the decision (or its creation, when it was made there).
  const turnaround = await db.query<{ sub: number; ms: number }>(
    `SELECT o.sub_project_id AS sub,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM l.created - coalesce(s.created, o.created)))
              * 1000 AS ms
     FROM outlets o JOIN outlet_logs l ON l.outlet_id = o.id
     LEFT JOIN LATERAL (
       SELECT e.created FROM outlet_logs e
       WHERE e.outlet_id = l.outlet_id AND e.to_state = $5 AND e.from_state <> e.to_state AND e.created <= l.created
         AND e.id <> l.id
       ORDER BY e.created DESC, e.id DESC LIMIT 1
     ) s ON true
     WHERE o.sub_project_id = ANY($1::int[]) AND l.to_state = ANY($2::text[]) AND l.from_state <> l.to_state
       AND ($3::timestamptz IS NULL OR l.created >= $3) AND ($4::timestamptz IS NULL OR l.created < $4)
     GROUP BY 1`,
    [ids, QC_STATES, from, to, QC_DECISION.submitted],
  );
  // Paid and failed payouts count by their payment date; pending ones all count, as the backlog now.
  const payouts = await db.query<{
    sub: number;
    status: string;
    in_period: boolean;
    count: number;
    amount: number;
  }>(
    `SELECT sub_project_id AS sub, payment_status AS status,
            ($2::date IS NULL OR (payment_date >= $2::date AND payment_date < $3::date)) AS in_period,
            count(*)::int AS count, sum(amount)::float8 AS amount
     FROM outlet_payouts WHERE sub_project_id = ANY($1::int[]) GROUP BY 1, 2, 3`,
    [ids, from, to],
  );
  const checks = await db.query<{ sub: number; status: string; count: number }>(
    `SELECT o.sub_project_id AS sub, v.status, count(*)::int AS count
     FROM outlets o JOIN verification_checks v ON v.outlet_id = o.id
     WHERE o.sub_project_id = ANY($1::int[])
       AND ($2::timestamptz IS NULL OR v.created >= $2) AND ($3::timestamptz IS NULL OR v.created < $3)
     GROUP BY 1, 2`,
    [ids, from, to],
  );
  const periods = await db.query<{ month: string }>(
    `SELECT DISTINCT to_char(l.created AT TIME ZONE 'UTC', 'YYYY-MM') AS month
     FROM outlet_logs l JOIN outlets o ON o.id = l.outlet_id
     WHERE o.sub_project_id = ANY($1::int[]) AND l.to_state = ANY($2::text[]) ORDER BY 1 DESC`,
    [seen.map((s) => s.id), DECISION_STATES],
  );

  const results = shown.map((s): MisRow => {
    const own = <T extends { sub: number }>(rows: readonly T[]) => rows.filter((r) => r.sub === s.id);
    const decided = (state: string) => own(decisions).find((d) => d.state === state)?.count ?? 0;
    const ownStates = own(states);
    const money = { paid: 0, paid_amount: 0, pending: 0, pending_amount: 0, failed: 0, failed_amount: 0 };
    for (const p of own(payouts)) {
      const standing = payoutStandingOf(p.status);
      if (standing !== "pending" && !p.in_period) continue;
      money[standing] += p.count;
      money[`${standing}_amount`] += p.amount;
    }
    const checked = (status: string) => own(checks).find((c) => c.status === status)?.count ?? 0;
    const median = own(turnaround)[0]?.ms;
    return {
      sub_project: { slug: s.slug, name: s.name, type: s.type },
      project: s.project,
      organisation: s.organisation,
      outlets: ownStates.reduce((t, x) => t + x.count, 0),
      states: statesInOrder(ownStates),
      qc: {
        accepted: decided(QC_DECISION.accepted),
        rejected: decided(QC_DECISION.rejected),
        median_hours: median === undefined || median === null ? null : hoursOf(Number(median)),
      },
      calling: { accepted: decided(CALLING_DECISION.accepted), rejected: decided(CALLING_DECISION.rejected) },
      payouts: {
        ...money,
        paid_amount: round2(money.paid_amount),
        pending_amount: round2(money.pending_amount),
        failed_amount: round2(money.failed_amount),
      },
      verification: {
        verified: checked("verified"),
        failed: checked("failed"),
        errors: checked("error"),
        rate: verificationRate(checked("verified"), checked("failed")),
      },
    };
  });
  return {
    period,
    results,
    funnel: funnelOf(results),
    choices: {
      periods: periods.map((p) => p.month),
      sub_projects: seen.map((s) => ({ slug: s.slug, name: s.name })),
    },
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export type MisExportParams = { filters: MisFilters; scope: ReportScope };

/** The CSV of the report as the requester sees it with these filters: a row per sub-project. */
export async function misFile(db: Queryable, p: MisExportParams): Promise<ExportFile> {
  const report = await misReport(db, p.scope, p.filters);
  return {
    name: "mis_report.csv",
    contentType: CSV_CONTENT_TYPE,
    bytes: writeCsv(MIS_COLUMNS, (report?.results ?? []).map(misCells)),
  };
}
