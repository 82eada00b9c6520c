/**
 * The reports page (000 §2.1 reports; the client portal's reports): the reports the user's role may
 * run (`reportsFor`), each with where to start: the retail audit cycles to report on, the
 * performance report and its PDF and CSV. In the client portal, the project's own cycles; another
 * organisation's project is Page not found.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "wouter";
import { misReportPath } from "../../domain/reports/mis";
import {
  NO_REPORTS,
  PERFORMANCE_REPORT_PATH,
  type ReportEntry,
  reportsFor,
} from "../../domain/reports/reportCatalogue";
import {
  clientImageReportPath,
  portalOutletReportPath,
  portalReportsPath,
  type ReportCycle,
  retailAuditImagesPath,
  retailAuditPath,
} from "../../domain/reports/reports";
import { scoreText } from "../../domain/survey/scoring";
import { reportCyclesQuery, retailAuditQuery } from "../../infra/api/reports";
import NotFound from "../errors/NotFound";
import { useCurrentUser } from "../session/SessionGate";
import { isNotFound, LoadFailed } from "../shell/Loaded";
import Loading from "../shell/Loading";
import "./reports.css";

function RetailAuditCycles({ project }: { project?: string }) {
  const cycles = useQuery(reportCyclesQuery(project));
  if (cycles.isPending) return <Loading />;
  if (cycles.isError) return <LoadFailed what="The cycles" retry={() => void cycles.refetch()} />;
  const list = cycles.data.results;
  if (list.length === 0) return <p className="report-muted">No retail audit cycle to report on yet.</p>;
  return (
    <ul className="report-cycle-list">
      {list.map((c) => (
        <li key={c.id}>
          <Link href={retailAuditPath(c.slug)}>{c.name}</Link>{" "}
          <span className="report-muted">
            {c.project_name} · {c.organisation} · {c.outlets} outlets
          </span>{" "}
          ·{" "}
          <Link href={retailAuditImagesPath(c.slug)} aria-label={`Images of ${c.name}`}>
            Images
          </Link>
          {" · "}
          <Link href={clientImageReportPath(c.id)} aria-label={`Image report of ${c.name}`}>
            Image report
          </Link>
          {project === undefined ? (
            <>
              {" · "}
              <Link href={portalReportsPath(c.project_slug)} aria-label={`Reports of ${c.project_name}`}>
                Project reports
              </Link>
            </>
          ) : (
            <LowestScores cycle={c} project={project} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** In a project's reports: the cycle's five lowest scores, each opening the outlet's report there. */
function LowestScores({ cycle, project }: { cycle: ReportCycle; project: string }) {
  const lowest = useQuery(
    retailAuditQuery({ cycle: cycle.slug, order: "score-asc" }, { page: 1, pageSize: 5 }),
  );
  if (!lowest.data || lowest.data.results.length === 0) return null;
  return (
    <>
      <h3>Lowest scores</h3>
      <ul>
        {lowest.data.results.map((o) => (
          <li key={o.id}>
            <Link href={portalOutletReportPath(project, o.id)}>{o.rsid}</Link> {o.name}:{" "}
            {o.score === null || o.max_score === null
              ? "Not scored"
              : `${scoreText(o.score)} / ${scoreText(o.max_score)}`}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The performance report, in a project's reports narrowed to that project's outlets' statements. */
function PerformanceLinks({ project }: { project?: string }) {
  const query = project === undefined ? "" : `?project=${encodeURIComponent(project)}`;
  return (
    <p>
      <Link href={`${PERFORMANCE_REPORT_PATH}${query}`} className="button">
        Open the performance report
      </Link>{" "}
      <Link href={`${PERFORMANCE_REPORT_PATH}-pdf${query}`}>Export as PDF</Link> ·{" "}
      <Link href={`${PERFORMANCE_REPORT_PATH}-csv${query}`}>Export as CSV</Link>
    </p>
  );
}

function ReportCard({ report, project }: { report: ReportEntry; project?: string }) {
  return (
    <section className="card report-card" aria-labelledby={`report-${report.id}`}>
      <h2 id={`report-${report.id}`}>{report.title}</h2>
      <p>{report.summary}</p>
      {report.id === "retail-audit" ? (
        <RetailAuditCycles project={project} />
      ) : report.id === "mis" ? (
        <p>
          <Link href={misReportPath({ project })} className="button">
            Open the MIS report
          </Link>
        </p>
      ) : (
        <PerformanceLinks project={project} />
      )}
    </section>
  );
}

function Reports({ project }: { project?: string }) {
  const user = useCurrentUser();
  const reports = reportsFor(user?.permissions ?? []);
  return (
    <div className="page">
      <h1>Reports</h1>
      {reports.length === 0 ? (
        <p className="notice">{NO_REPORTS}</p>
      ) : (
        <div className="report-cards">
          {reports.map((r) => (
            <ReportCard key={r.id} report={r} project={project} />
          ))}
        </div>
      )}
    </div>
  );
}

/** /dashboard/reports */
export default function ReportsScreen() {
  return <Reports />;
}

/** The client portal's reports: its project's cycles, once the project is known to be the caller's. */
export function ClientPortalReportsScreen() {
  const { projectSlug = "" } = useParams<{ projectSlug?: string }>();
  const cycles = useQuery(reportCyclesQuery(projectSlug));
  if (cycles.isPending) return <Loading />;
  if (cycles.isError && isNotFound(cycles.error)) return <NotFound />;
  return <Reports project={projectSlug} />;
}
