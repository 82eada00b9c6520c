/**
 * The reports' rules and shapes (000 §2.1 retail-audit-report, performance-report, client-reports;
 * §7.6 reports): the retail audit report's score bands, the answers' shapes, the exports' titles and
 * texts. Who runs which report is in reportCatalogue.ts. docs/reports.md has the design.
 */
import { Schema } from "effect";
import { AnswerImageId, OutletId, SubProjectId, TargetStatementId } from "../api/ids";
import { resultsOf } from "../api/paginated";
import type { ExportJob } from "../downloads/downloads";
import { GroupScore } from "../survey/scoring";
import { RETAIL_AUDIT_REPORT_PATH } from "./reportCatalogue";

// --- the retail audit report ---

/** Outlets with no stored score, or whose score could not be worked out. */
export const NOT_SCORED = { key: "not-scored", label: "Not scored" } as const;
export const BAND_KEYS = ["0-20", "20-40", "40-60", "60-80", "80-100", NOT_SCORED.key] as const;
export type BandKey = (typeof BAND_KEYS)[number];

/**
 * Score bands of the distribution chart and the band filter, on the score as a percentage of its
 * maximum: each band holds `from` and goes up to `to`, the last one including 100.
 */
export const SCORE_BANDS = [
  { key: "0-20", label: "0–20%", from: 0, to: 20 },
  { key: "20-40", label: "20–40%", from: 20, to: 40 },
  { key: "40-60", label: "40–60%", from: 40, to: 60 },
  { key: "60-80", label: "60–80%", from: 60, to: 80 },
  { key: "80-100", label: "80–100%", from: 80, to: 100 },
] as const satisfies readonly { key: BandKey; label: string; from: number; to: number }[];

/** The score as a percentage of its maximum, to one decimal; null for a maximum of 0. */
export const scorePercent = (score: number, max: number): number | null =>
  max > 0 ? Math.round((score / max) * 1000) / 10 : null;

/**
 * The band a score falls in, by its exact share of the maximum (the shown percentage is rounded;
 * the band is not, so 19.96% is in 0–20%). The server's band filter and distribution read the same
 * bounds (`SCORE_BANDS`).
 */
export function bandOf(score: number | null, max: number | null): BandKey {
  if (score === null || max === null || max <= 0) return NOT_SCORED.key;
  const share = (score * 100) / max;
  const band = SCORE_BANDS.find((b) => share >= b.from && (share < b.to || b.to === 100));
  return band?.key ?? NOT_SCORED.key;
}

export const RETAIL_AUDIT_ORDERS = ["rsid", "score-desc", "score-asc"] as const;
export type RetailAuditOrder = (typeof RETAIL_AUDIT_ORDERS)[number];
export const RETAIL_AUDIT_ORDER_LABELS: Readonly<Record<RetailAuditOrder, string>> = {
  rsid: "RSID",
  "score-desc": "Highest score first",
  "score-asc": "Lowest score first",
};

export const ReportCycle = Schema.Struct({
  id: SubProjectId,
  slug: Schema.String,
  name: Schema.String,
  project_slug: Schema.String,
  project_name: Schema.String,
  organisation: Schema.String,
  outlets: Schema.Number,
});
export type ReportCycle = typeof ReportCycle.Type;
export const ReportCycles = resultsOf(ReportCycle);
export type ReportCycles = typeof ReportCycles.Type;

export const RetailAuditRow = Schema.Struct({
  id: OutletId,
  rsid: Schema.String,
  name: Schema.String,
  city: Schema.String,
  workflow_state: Schema.String,
  score: Schema.NullOr(Schema.Number),
  max_score: Schema.NullOr(Schema.Number),
  percent: Schema.NullOr(Schema.Number),
  /** Why the score could not be worked out, when it could not. */
  failure: Schema.NullOr(Schema.String),
});
export type RetailAuditRow = typeof RetailAuditRow.Type;

const BandCount = Schema.Struct({ band: Schema.String, label: Schema.String, count: Schema.Number });
const StateCount = Schema.Struct({ state: Schema.String, label: Schema.String, count: Schema.Number });

const pageOf = <S extends Schema.Top>(row: S) => ({
  results: Schema.Array(row),
  count: Schema.Number,
  previous: Schema.NullOr(Schema.String),
  next: Schema.NullOr(Schema.String),
  current_page_number: Schema.Number,
  page_size: Schema.Number,
});

/** A page of the cycle's outlets, with the charts' figures over every outlet the filters keep. */
export const RetailAuditReport = Schema.Struct({
  ...pageOf(RetailAuditRow),
  cycle: ReportCycle,
  /** Outlets per score band, every band listed (the filters but the band's own applied). */
  distribution: Schema.Array(BandCount),
  /** Outlets per workflow state, in the workflow's order, states with none left out. */
  funnel: Schema.Array(StateCount),
  /** The average of the scored outlets' percentages, or null when none is scored. */
  average_percent: Schema.NullOr(Schema.Number),
});
export type RetailAuditReport = typeof RetailAuditReport.Type;

export const ReportImage = Schema.Struct({
  id: AnswerImageId,
  outlet_id: OutletId,
  rsid: Schema.String,
  outlet_name: Schema.String,
  question: Schema.String,
  image: Schema.String,
});
export type ReportImage = typeof ReportImage.Type;
export const ReportImages = Schema.Struct({ ...pageOf(ReportImage), cycle: ReportCycle });
export type ReportImages = typeof ReportImages.Type;

/** One outlet's report: who it is, its score and groups, how much of the survey is answered, its images. */
export const OutletReport = Schema.Struct({
  outlet: Schema.Struct({
    id: OutletId,
    rsid: Schema.String,
    name: Schema.String,
    city: Schema.String,
    workflow_state: Schema.String,
    sub_project: Schema.Struct({ slug: Schema.String, name: Schema.String, type: Schema.String }),
    project: Schema.Struct({ slug: Schema.String, name: Schema.String }),
  }),
  score: Schema.NullOr(
    Schema.Struct({
      score: Schema.Number,
      max_score: Schema.Number,
      percent: Schema.NullOr(Schema.Number),
      groups: Schema.Array(GroupScore),
      scored_at: Schema.NullOr(Schema.String),
    }),
  ),
  /** Why the score could not be worked out; null when it was, or when the sub-project has no scoring. */
  failure: Schema.NullOr(Schema.String),
  /** Each question group with its questions answered out of those asked. */
  answers: Schema.Array(
    Schema.Struct({ group: Schema.String, answered: Schema.Number, asked: Schema.Number }),
  ),
  images: Schema.Array(Schema.Struct({ id: AnswerImageId, question: Schema.String, image: Schema.String })),
});
export type OutletReport = typeof OutletReport.Type;

// --- the performance report ---

export const PerformanceRow = Schema.Struct({
  id: TargetStatementId,
  outlet_id: OutletId,
  rsid: Schema.String,
  outlet_name: Schema.String,
  program: Schema.String,
  period: Schema.String,
  period_start: Schema.String,
  period_end: Schema.String,
  target: Schema.Number,
  achievement: Schema.Number,
  percent: Schema.NullOr(Schema.Number),
});
export type PerformanceRow = typeof PerformanceRow.Type;

export const ProgramTotal = Schema.Struct({
  program: Schema.String,
  outlets: Schema.Number,
  target: Schema.Number,
  achievement: Schema.Number,
  percent: Schema.NullOr(Schema.Number),
});
export type ProgramTotal = typeof ProgramTotal.Type;

export const PerformanceReport = Schema.Struct({
  ...pageOf(PerformanceRow),
  /** Per programme over every row the filters keep, largest target first. */
  programs: Schema.Array(ProgramTotal),
  /** The filters' choices: the periods and programmes of the statements the caller sees. */
  choices: Schema.Struct({ periods: Schema.Array(Schema.String), programs: Schema.Array(Schema.String) }),
});
export type PerformanceReport = typeof PerformanceReport.Type;

/** Achievement as a percentage of target, to one decimal; null for a target of 0. */
export const achievementPercent = (target: number, achievement: number): number | null =>
  target > 0 ? Math.round((achievement / target) * 1000) / 10 : null;

export const REPORT_FORMATS = ["pdf", "csv"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_FORMAT_LABELS: Readonly<Record<ReportFormat, string>> = { pdf: "PDF", csv: "CSV" };

/** A report's filters as its export request carries them (each report names its own). */
export type ReportFilters = Readonly<Record<string, string | undefined>>;

/** The performance report's filters, as the address and the export request carry them. */
export type PerformanceFilters = {
  /** A project's slug: its outlets' statements only (the client portal's reports). */
  readonly project?: string;
  readonly program?: string;
  readonly period?: string;
  readonly search?: string;
};

/** The export's title in My Downloads: "Performance report (PDF)", with the filters that narrow it. */
export function performanceExportTitle(format: ReportFormat, f: PerformanceFilters): string {
  const narrowed = [f.project, f.program, f.period, f.search ? `“${f.search}”` : undefined].filter(
    (x): x is string => x !== undefined && x !== "",
  );
  const base = `Performance report (${REPORT_FORMAT_LABELS[format]})`;
  return narrowed.length === 0 ? base : `${base}: ${narrowed.join(", ")}`;
}

/** The performance report's columns, in the table, the CSV and the PDF. */
export const PERFORMANCE_COLUMNS = [
  "RSID",
  "Outlet",
  "Programme",
  "Period",
  "From",
  "To",
  "Target",
  "Achievement",
  "Achievement %",
] as const;

export const RUN_MSG = {
  choose: "Choose PDF or CSV.",
  preparing: "Preparing the file. It will also be in My Downloads.",
  ready: "The file is ready. It is also in My Downloads.",
  requestFailed: "The export could not be started. Check your connection and try again.",
  unreadable: "The export's progress could not be read. It goes on in My Downloads; try again to follow it.",
} as const;

/** Why an export that stopped did not finish: the server's message, or its status. */
export const exportStoppedMessage = (job: Pick<ExportJob, "message" | "status">): string =>
  job.message ?? `The export is ${job.status}.`;

// --- where the reports live (000 §2.1; docs/reports.md) ---

export const retailAuditPath = (cycle: string) =>
  `${RETAIL_AUDIT_REPORT_PATH}?cycle=${encodeURIComponent(cycle)}`;
export const retailAuditImagesPath = (cycle: string) =>
  `${RETAIL_AUDIT_REPORT_PATH}/images?cycle=${encodeURIComponent(cycle)}`;
export const outletReportPath = (outletId: number) => `${RETAIL_AUDIT_REPORT_PATH}/view/${outletId}`;
/** The client's own copy of an outlet's report and its images (000 §2.1 client-reports). */
export const clientReportPath = (outletId: number, rsid: string) =>
  `/dashboard/client-reports/${outletId}/${encodeURIComponent(rsid)}`;
export const clientReportImagesPath = (outletId: number) => `/dashboard/client-reports/${outletId}/images`;
/** A cycle's images as the client reads them (000 §2.1 client-image-reports/{id}: the cycle's id). */
export const clientImageReportPath = (cycleId: number) => `/dashboard/client-image-reports/${cycleId}`;
/** The client portal's reports of a project (000 §2.1 client-portal-view/{projectSlug}/reports...). */
const portal = (project: string) =>
  `/dashboard/projects/client-portal-view/${encodeURIComponent(project)}/reports`;
export const portalReportsPath = (project: string) => portal(project);
export const portalOutletReportPath = (project: string, outletId: number) => `${portal(project)}/${outletId}`;
export const portalReportImagesPath = (project: string, outletId: number) =>
  `${portal(project)}/${outletId}/images`;
