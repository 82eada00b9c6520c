/**
 * The reports each role may run (000 §2.1 reports; docs/reports.md) and where they live: kept free
 * of Schema so the side menu can read it without carrying Effect.
 */
import {
  type DashboardRole,
  dashboardPermission,
  type WorkflowRole,
  workflowPermission,
} from "../shared/permissions";

export const REPORTS_PATH = "/dashboard/reports";
export const RETAIL_AUDIT_REPORT_PATH = "/dashboard/retail-audit-report";
export const PERFORMANCE_REPORT_PATH = "/dashboard/performance-report";

export const MIS_REPORT_PATH = "/dashboard/mis-report";

export const REPORT_IDS = ["retail-audit", "performance", "mis"] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export type ReportEntry = {
  readonly id: ReportId;
  readonly title: string;
  readonly path: string;
  /** What the report answers, as the reports page says it. */
  readonly summary: string;
  /** The permissions that run it (admin holds every permission). */
  readonly readers: readonly string[];
};

const readersOf = (dashboards: readonly DashboardRole[], workflows: readonly WorkflowRole[]) => [
  ...dashboards.map(dashboardPermission),
  ...workflows.map(workflowPermission),
];

/**
 * Who runs which report: the retail audit report is read by those who judge audits (QC managers,
 * project managers, the client's managers and its view-only role); the performance report by those
 * who answer for a programme's money (project managers, the payout team's manager, the client's
 * managers); the MIS report, a programme's running figures, by all of these managers. Field, calling and QC executives work outlet by outlet and have no report.
 */
export const REPORTS: readonly ReportEntry[] = [
  {
    id: "retail-audit",
    title: "Retail audit report",
    path: RETAIL_AUDIT_REPORT_PATH,
    summary:
      "Per retail audit cycle: every outlet with its score and state, how the scores spread, where the outlets stand, their images and each outlet's own report.",
    readers: readersOf(
      ["qc-manager", "project-manager", "client-manager"],
      ["qc-manager", "project-manager", "client-manager", "client-manager-view"],
    ),
  },
  {
    id: "performance",
    title: "Performance report",
    path: PERFORMANCE_REPORT_PATH,
    summary:
      "Target against achievement by outlet and programme for each period, with a PDF or CSV copy through My Downloads.",
    readers: readersOf(
      ["project-manager", "iftu-manager", "client-manager"],
      ["project-manager", "iftu-manager", "client-manager", "client-manager-view"],
    ),
  },
  {
    id: "mis",
    title: "MIS report",
    path: MIS_REPORT_PATH,
    summary:
      "Per sub-project and month: outlets by workflow state, QC and calling decisions with QC's turnaround, payouts paid and pending, and identity checks verified, with a CSV copy through My Downloads.",
    readers: readersOf(
      ["qc-manager", "project-manager", "iftu-manager", "client-manager"],
      ["qc-manager", "project-manager", "iftu-manager", "client-manager", "client-manager-view"],
    ),
  },
];

const reportOf = (id: ReportId): ReportEntry => REPORTS.find((r) => r.id === id)!;

export const mayRunReport = (id: ReportId, permissions: readonly string[]): boolean =>
  reportOf(id).readers.some((p) => permissions.includes(p));

/** The reports a user may run, in the reports page's order. */
export const reportsFor = (permissions: readonly string[]): ReportEntry[] =>
  REPORTS.filter((r) => mayRunReport(r.id, permissions));

/** Every permission that runs some report: the side menu offers Reports to these. */
export const REPORT_READERS: readonly string[] = [...new Set(REPORTS.flatMap((r) => r.readers))];

/** The reports page of a user no report is open to (the menu does not offer it to them). */
export const NO_REPORTS = "No report is open to your role.";
