/**
 * The reports' endpoints (000 §7.6 reports; docs/reports.md): the retail audit cycles a caller may
 * report on, a cycle's report, its images and one outlet's report; the performance report and its
 * PDF or CSV export through My Downloads. Every answer is scoped to the caller's organisation.
 */
import { Schema } from "effect";
import { ExportJob } from "../downloads/downloads";
import { isPeriod, PERIOD_MESSAGE } from "../gamification/gamification";
import { MisReport } from "../reports/mis";
import {
  BAND_KEYS,
  OutletReport,
  PerformanceReport,
  REPORT_FORMATS,
  RETAIL_AUDIT_ORDERS,
  ReportCycles,
  ReportImages,
  RetailAuditReport,
} from "../reports/reports";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import { endpoint } from "./endpoint";
import { Choice, IdText, Text } from "./fields";
import { OutletId } from "./ids";

const Filter = Text(MAX_QUERY_TEXT_LENGTH);
const CYCLE_REQUIRED = "Choose a retail audit cycle.";
const Cycle = Filter.check(Schema.isMinLength(1, { message: CYCLE_REQUIRED })).annotate({
  message: CYCLE_REQUIRED,
});

export const reportCycles = endpoint({
  summary:
    "The retail audit cycles the caller may report on (a project's alone when one is named; another organisation's project is not found)",
  method: "GET",
  path: "/reports/cycles/",
  grant: "retailAuditReport",
  query: Schema.Struct({ project: Schema.optionalKey(Filter) }),
  response: ReportCycles,
  refusals: [400, 404],
});

export const retailAuditReport = endpoint({
  summary:
    "A page of a retail audit cycle's outlets with score and state, filtered by state, score band and RSID or name, with the score distribution and the state funnel",
  method: "GET",
  path: "/reports/retail-audit/",
  grant: "retailAuditReport",
  query: Schema.Struct({
    cycle: Cycle,
    state: Schema.optionalKey(Filter),
    band: Schema.optionalKey(Choice(BAND_KEYS)),
    search: Schema.optionalKey(Filter),
    order: Schema.optionalKey(Choice(RETAIL_AUDIT_ORDERS)),
  }),
  paged: true,
  response: RetailAuditReport,
  refusals: [400, 404],
});

export const retailAuditImages = endpoint({
  summary: "A page of the survey images of a retail audit cycle's outlets, by RSID and question",
  method: "GET",
  path: "/reports/retail-audit/images/",
  grant: "retailAuditReport",
  query: Schema.Struct({ cycle: Cycle, search: Schema.optionalKey(Filter) }),
  paged: true,
  response: ReportImages,
  refusals: [400, 404],
});

export const outletReport = endpoint({
  summary: "One outlet's report: its score and groups, its answers counted by question group, its images",
  method: "GET",
  path: "/reports/outlets/:id/",
  grant: "retailAuditReport",
  params: Schema.Struct({ id: IdText(OutletId) }),
  response: OutletReport,
  refusals: [404],
});

const PerformanceQuery = {
  project: Schema.optionalKey(Filter),
  program: Schema.optionalKey(Filter),
  period: Schema.optionalKey(Filter),
  search: Schema.optionalKey(Filter),
};

export const performanceReport = endpoint({
  summary:
    "A page of target against achievement by outlet and programme per period, with the programmes' totals over every row the filters keep",
  method: "GET",
  path: "/reports/performance/",
  grant: "performanceReport",
  query: Schema.Struct(PerformanceQuery),
  paged: true,
  response: PerformanceReport,
  refusals: [400],
});

export const exportPerformanceReport = endpoint({
  summary:
    "Starts the performance report's PDF or CSV, with the filters given, as an export in My Downloads (201)",
  method: "POST",
  path: "/reports/performance/export/",
  grant: "performanceReport",
  body: Schema.Struct({ format: Choice(REPORT_FORMATS), ...PerformanceQuery }),
  response: ExportJob,
  status: 201,
  refusals: [400],
});

const Period = Text(MAX_QUERY_TEXT_LENGTH).check(
  Schema.makeFilter((s: string) => isPeriod(s) || PERIOD_MESSAGE),
);
const MisQuery = {
  project: Schema.optionalKey(Filter),
  period: Schema.optionalKey(Period),
  "sub-project": Schema.optionalKey(Filter),
};

export const misReport = endpoint({
  summary:
    "The MIS report: per sub-project the caller sees, outlets by workflow state, and for the period QC's and calling's decisions, QC's median turnaround, payouts paid and pending, identity checks' outcomes",
  method: "GET",
  path: "/reports/mis/",
  grant: "misReport",
  query: Schema.Struct(MisQuery),
  response: MisReport,
  refusals: [400, 404],
});

export const exportMisReport = endpoint({
  summary: "Starts the MIS report's CSV, with the filters given, as an export in My Downloads (201)",
  method: "POST",
  path: "/reports/mis/export/",
  grant: "misReport",
  body: Schema.Struct(MisQuery),
  response: ExportJob,
  status: 201,
  refusals: [400, 404],
});
