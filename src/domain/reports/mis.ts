/**
 * The MIS report (000 §7.6 names MIS reports without their content; docs/reports.md has the
 * design): per sub-project and period, where the outlets stand, what QC and calling decided and how
 * fast, the payouts paid and still pending, and how often the outlets' identities verified. Its
 * shapes, its classifications (each read from the rule that already names it) and its CSV columns.
 */
import { Schema } from "effect";
import { ALL_TIME, periodLabel } from "../gamification/gamification";
import { ALL_OUTLET_STATES, type OutletState, stateLabel } from "../outlets/outletStates";
import { awaitsPayment, isPaymentSuccessful } from "../payouts/payouts";
import { MIS_REPORT_PATH } from "./reportCatalogue";

/**
 * A review decision is a log that moves an outlet into one of these states from another one: QC's
 * accept or reject of a submitted survey, the calling team's accept or reject of a QC-accepted one.
 * The QC turnaround runs from the outlet's latest move into `submitted` to QC's decision.
 */
export const QC_DECISION = {
  submitted: "qc_pending",
  accepted: "qc_accepted",
  rejected: "qc_rejected",
} as const satisfies Record<string, OutletState>;
export const CALLING_DECISION = {
  accepted: "calling_accepted",
  rejected: "calling_rejected",
} as const satisfies Record<string, OutletState>;

export type PayoutStanding = "paid" | "pending" | "failed";

/** A payout's standing from its payment status, by the payouts' own rules (000 §9, 001 §4.6). */
export const payoutStandingOf = (paymentStatus: string): PayoutStanding =>
  isPaymentSuccessful(paymentStatus) ? "paid" : awaitsPayment(paymentStatus) ? "pending" : "failed";

/**
 * Verified checks out of those that gave an answer, in percent to one decimal: a provider's error
 * says nothing about the outlet, so it is left out; null when no check answered.
 */
export const verificationRate = (verified: number, failed: number): number | null =>
  verified + failed > 0 ? Math.round((verified / (verified + failed)) * 1000) / 10 : null;

/** Hours, to one decimal. */
export const hoursOf = (ms: number): number => Math.round(ms / 360_000) / 10;

const Count = Schema.Number;
const Money = Schema.Number;

export const MisStateCount = Schema.Struct({ state: Schema.String, label: Schema.String, count: Count });
export type MisStateCount = typeof MisStateCount.Type;

export const MisRow = Schema.Struct({
  sub_project: Schema.Struct({ slug: Schema.String, name: Schema.String, type: Schema.String }),
  project: Schema.String,
  organisation: Schema.String,
  /** The sub-project's outlets now, and how many are in each state (states with none left out). */
  outlets: Count,
  states: Schema.Array(MisStateCount),
  qc: Schema.Struct({
    accepted: Count,
    rejected: Count,
    /** The median hours from submission to QC's decision, of the period's decisions; null without any. */
    median_hours: Schema.NullOr(Schema.Number),
  }),
  calling: Schema.Struct({ accepted: Count, rejected: Count }),
  payouts: Schema.Struct({
    paid: Count,
    paid_amount: Money,
    pending: Count,
    pending_amount: Money,
    failed: Count,
    failed_amount: Money,
  }),
  verification: Schema.Struct({
    verified: Count,
    failed: Count,
    errors: Count,
    rate: Schema.NullOr(Schema.Number),
  }),
});
export type MisRow = typeof MisRow.Type;

export const MisReport = Schema.Struct({
  period: Schema.String,
  results: Schema.Array(MisRow),
  /** Outlets per state over every sub-project shown, in the workflow's order. */
  funnel: Schema.Array(MisStateCount),
  choices: Schema.Struct({
    /** The months holding review decisions of the outlets the caller sees, newest first. */
    periods: Schema.Array(Schema.String),
    sub_projects: Schema.Array(Schema.Struct({ slug: Schema.String, name: Schema.String })),
  }),
});
export type MisReport = typeof MisReport.Type;

/** The MIS report's filters, as the address and the export request carry them. */
export type MisFilters = {
  /** A project's slug: its sub-projects only (the client portal's reports). */
  readonly project?: string;
  readonly period?: string;
  readonly "sub-project"?: string;
};

/** The export's title in My Downloads: "MIS report (CSV): November 2026, Acme Retail Audit Cycle 1". */
export function misExportTitle(f: MisFilters, subProjectName?: string): string {
  const period = f.period && f.period !== ALL_TIME ? periodLabel(f.period) : undefined;
  const narrowed = [period, subProjectName ?? f["sub-project"] ?? f.project].filter(
    (x) => x !== undefined && x !== "",
  );
  return narrowed.length === 0 ? "MIS report (CSV)" : `MIS report (CSV): ${narrowed.join(", ")}`;
}

/** Outlets per state summed over rows, in the workflow's order; states no outlet is in left out. */
export function funnelOf(rows: readonly { states: readonly MisStateCount[] }[]): MisStateCount[] {
  const counts = new Map<string, number>();
  for (const r of rows) for (const s of r.states) counts.set(s.state, (counts.get(s.state) ?? 0) + s.count);
  return statesInOrder([...counts].map(([state, count]) => ({ state, count })));
}

/** States in the workflow's order (states the catalogue lacks last), labelled. */
export function statesInOrder(states: readonly { state: string; count: number }[]): MisStateCount[] {
  const rank = (s: string) => {
    const i = ALL_OUTLET_STATES.indexOf(s as OutletState);
    return i === -1 ? ALL_OUTLET_STATES.length : i;
  };
  return states
    .filter((s) => s.count > 0)
    .sort((a, b) => rank(a.state) - rank(b.state) || a.state.localeCompare(b.state))
    .map((s) => ({ state: s.state, label: stateLabel(s.state), count: s.count }));
}

const IDENTITY = ["Sub-project", "Project", "Organisation", "Type", "Outlets"] as const;
const FIGURES = [
  "QC accepted",
  "QC rejected",
  "QC turnaround median (hours)",
  "Calling accepted",
  "Calling rejected",
  "Payouts paid",
  "Paid amount",
  "Payouts pending",
  "Pending amount",
  "Payouts failed",
  "Failed amount",
  "Verified",
  "Verification failed",
  "Verification errors",
  "Verification rate %",
] as const;

/** The CSV's columns: who, the outlets, a column per workflow state, then the period's figures. */
export const MIS_COLUMNS: readonly string[] = [...IDENTITY, ...ALL_OUTLET_STATES.map(stateLabel), ...FIGURES];

const amount = (n: number) => n.toFixed(2);
const optional = (n: number | null) => (n === null ? "" : String(n));

/** A row's cells in MIS_COLUMNS' order. */
export function misCells(r: MisRow): string[] {
  const inState = (state: string) => String(r.states.find((s) => s.state === state)?.count ?? 0);
  return [
    r.sub_project.name,
    r.project,
    r.organisation,
    r.sub_project.type,
    String(r.outlets),
    ...ALL_OUTLET_STATES.map(inState),
    String(r.qc.accepted),
    String(r.qc.rejected),
    optional(r.qc.median_hours),
    String(r.calling.accepted),
    String(r.calling.rejected),
    String(r.payouts.paid),
    amount(r.payouts.paid_amount),
    String(r.payouts.pending),
    amount(r.payouts.pending_amount),
    String(r.payouts.failed),
    amount(r.payouts.failed_amount),
    String(r.verification.verified),
    String(r.verification.failed),
    String(r.verification.errors),
    optional(r.verification.rate),
  ];
}

export const misReportPath = (f: MisFilters) => {
  const q = new URLSearchParams();
  if (f.period && f.period !== ALL_TIME) q.set("period", f.period);
  if (f.project) q.set("project", f.project);
  if (f["sub-project"]) q.set("sub-project", f["sub-project"]);
  const s = q.toString();
  return s ? `${MIS_REPORT_PATH}?${s}` : MIS_REPORT_PATH;
};
