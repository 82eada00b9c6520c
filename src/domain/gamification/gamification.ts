/**
 * Gamification (spec 000 §2.1, 002 §2.2: routes only, content not shown; docs/gamification.md):
 * points for field auditors from the moves the outlet logs already hold. The points rule is here,
 * once: the server classifies the logs it loads with `scoredEventOf` and adds them up with
 * `pointsOf`; the screens show the same table.
 */
import { Schema } from "effect";
import { slugify } from "../admin/resource";
import { FieldAuditorId, OutletLogId, ProgramId } from "../api/ids";
import { FIELD_RECOVERY_ACTION } from "../fieldTools/fieldTools";
import { OUTLET_STATES } from "../outlets/outletStates";

/** What earns or costs an auditor points. */
export const SCORED_EVENTS = ["accepted", "qc_rejected", "rejected_later", "recovered"] as const;
export type ScoredEvent = (typeof SCORED_EVENTS)[number];

/**
 * Points per event: a survey QC accepts earns 10; a QC rejection costs 5, a rejection after QC
 * (calling, the client) 3, as QC has already passed the survey; a survey recovered from the field
 * app's dump because it never reached the server costs 2.
 */
export const POINTS: Readonly<Record<ScoredEvent, number>> = {
  accepted: 10,
  qc_rejected: -5,
  rejected_later: -3,
  recovered: -2,
};

export const EVENT_LABELS: Readonly<Record<ScoredEvent, string>> = {
  accepted: "Accepted by QC",
  qc_rejected: "Rejected by QC",
  rejected_later: "Rejected after QC",
  recovered: "Recovered from the field app",
};

/** The fields of an outlet log the rule reads. */
export type LogMove = { readonly action: string; readonly from_state: string; readonly to_state: string };

/** The event an outlet log is for its outlet's auditor, or null when it scores nothing. */
export function scoredEventOf(log: LogMove): ScoredEvent | null {
  if (log.action === FIELD_RECOVERY_ACTION) return "recovered";
  // Edits recorded in place (an accepted address, a link reset) are not moves.
  if (log.from_state === log.to_state) return null;
  if (log.to_state === "qc_accepted") return "accepted";
  if (log.to_state === "qc_rejected") return "qc_rejected";
  if (log.to_state.endsWith("_rejected")) return "rejected_later";
  return null;
}

/**
 * The logs that may score, for a loader's WHERE clause: moves into these states, and these actions.
 * Read off `scoredEventOf` over every workflow state, so the SQL holds no second copy of the rule.
 */
export const SCORING_LOGS = {
  toStates: OUTLET_STATES.filter((s) => scoredEventOf({ action: "", from_state: "", to_state: s }) !== null),
  actions: [FIELD_RECOVERY_ACTION],
} as const;

export type EventCounts = Readonly<Record<ScoredEvent, number>>;
export const NO_EVENTS: EventCounts = { accepted: 0, qc_rejected: 0, rejected_later: 0, recovered: 0 };

/** Points for a number of each event. */
export const pointsOf = (counts: EventCounts): number =>
  SCORED_EVENTS.reduce((sum, e) => sum + counts[e] * POINTS[e], 0);

export const addCounts = (a: EventCounts, b: EventCounts): EventCounts =>
  Object.fromEntries(SCORED_EVENTS.map((e) => [e, a[e] + b[e]])) as EventCounts;

/**
 * Ranks by points, most first; equal points share a rank and the next rank skips (1, 2, 2, 4).
 * Within a rank, more accepted surveys, then the name, order the rows.
 */
export function ranked<T extends { name: string; counts: EventCounts }>(
  rows: readonly T[],
): (T & { rank: number; points: number })[] {
  const scored = rows
    .map((r) => ({ ...r, points: pointsOf(r.counts) }))
    .sort(
      (a, b) => b.points - a.points || b.counts.accepted - a.counts.accepted || a.name.localeCompare(b.name),
    );
  let rank = 0;
  return scored.map((r, i) => {
    if (i === 0 || r.points !== scored[i - 1]!.points) rank = i + 1;
    return { ...r, rank };
  });
}

// --- Periods ---

/** "all", or a calendar month written YYYY-MM. */
export const ALL_TIME = "all";
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const PERIOD_MESSAGE = "Choose all or a month written YYYY-MM.";
export const isPeriod = (text: string): boolean => text === ALL_TIME || MONTH.test(text);

/** The period's bounds in UTC (from included, to excluded), or null for all time. */
export function periodBounds(period: string): { from: string; to: string } | null {
  const m = MONTH.exec(period);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
  return { from: `${period}-01T00:00:00Z`, to: `${next}-01T00:00:00Z` };
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
export const periodLabel = (period: string): string => {
  const m = MONTH.exec(period);
  return m ? `${MONTHS[Number(m[2]) - 1]} ${m[1]}` : "All time";
};

// --- Addresses ---

/** A programme or an auditor in an address: its id, then its name ("3-visibility-drive"). */
export const slugOf = (id: number, name: string): string => `${id}-${slugify(name)}`;
/** The id an address names, or null; the name part is only read by people. */
export function idOfSlug(slug: string): number | null {
  const m = /^(\d{1,9})(?:-|$)/.exec(slug);
  return m ? Number(m[1]) : null;
}

export const GAMIFICATION_DASHBOARD = "/gamification/dashboard";
export const programListPath = (slug: string, period: string) =>
  `/gamification/view-list/${slug}${period === ALL_TIME ? "" : `?period=${period}`}`;
export const programLedgerPath = (slug: string, period: string) =>
  `/gamification/view-list-all/${slug}${period === ALL_TIME ? "" : `?period=${period}`}`;
export const auditorReportPath = (slug: string, period: string) =>
  `/gamification/report/${slug}${period === ALL_TIME ? "" : `?period=${period}`}`;

// --- Answers ---

const Counts = Schema.Struct({
  accepted: Schema.Number,
  qc_rejected: Schema.Number,
  rejected_later: Schema.Number,
  recovered: Schema.Number,
});

export const AuditorRow = Schema.Struct({
  rank: Schema.Number,
  id: FieldAuditorId,
  slug: Schema.String,
  name: Schema.String,
  mobile: Schema.String,
  counts: Counts,
  points: Schema.Number,
});
export type AuditorRow = typeof AuditorRow.Type;

export const ProgramSummary = Schema.Struct({
  id: ProgramId,
  slug: Schema.String,
  name: Schema.String,
  sub_project: Schema.String,
  project: Schema.String,
  organisation: Schema.String,
  auditors: Schema.Number,
  points: Schema.Number,
  leader: Schema.NullOr(Schema.String),
});
export type ProgramSummary = typeof ProgramSummary.Type;

/** The dashboard: the leaderboard over every programme, and each programme's figures. */
export const GamificationDashboard = Schema.Struct({
  period: Schema.String,
  /** The months that have scoring events, newest first. */
  periods: Schema.Array(Schema.String),
  leaderboard: Schema.Array(AuditorRow),
  programs: Schema.Array(ProgramSummary),
});
export type GamificationDashboard = typeof GamificationDashboard.Type;

/** A programme's ranking. */
export const ProgramRanking = Schema.Struct({
  period: Schema.String,
  program: ProgramSummary,
  results: Schema.Array(AuditorRow),
});
export type ProgramRanking = typeof ProgramRanking.Type;

export const ScoredLog = Schema.Struct({
  id: OutletLogId,
  created: Schema.String,
  event: Schema.Literals(SCORED_EVENTS),
  points: Schema.Number,
  rsid: Schema.String,
  outlet: Schema.String,
  auditor: Schema.String,
  auditor_slug: Schema.String,
  program: Schema.String,
});
export type ScoredLog = typeof ScoredLog.Type;

export const ProgramLedger = Schema.Struct({
  results: Schema.Array(ScoredLog),
  count: Schema.Number,
  previous: Schema.NullOr(Schema.String),
  next: Schema.NullOr(Schema.String),
  current_page_number: Schema.Number,
  page_size: Schema.Number,
  period: Schema.String,
  program: ProgramSummary,
});
export type ProgramLedger = typeof ProgramLedger.Type;

export const AuditorReport = Schema.Struct({
  period: Schema.String,
  auditor: AuditorRow,
  /** Of how many auditors ranked in the period. */
  of: Schema.Number,
  programs: Schema.Array(
    Schema.Struct({
      slug: Schema.String,
      name: Schema.String,
      sub_project: Schema.String,
      counts: Counts,
      points: Schema.Number,
    }),
  ),
  /** The latest scoring events, newest first. */
  recent: Schema.Array(ScoredLog),
});
export type AuditorReport = typeof AuditorReport.Type;
