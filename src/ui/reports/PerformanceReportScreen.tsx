/**
 * The performance report (000 §2.1 performance-report and its pdf and csv pages; docs/reports.md):
 * achievement against target by programme as a chart, then each outlet's statement per period,
 * filtered by programme, period and RSID or name and paged in the address; its PDF or CSV (of what
 * it shows) through My Downloads. The pdf and csv pages are the same report with that format chosen.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { REPORTS_PATH } from "../../domain/reports/reportCatalogue";
import {
  PERFORMANCE_COLUMNS,
  type PerformanceFilters,
  type PerformanceReport,
  type ReportFormat,
} from "../../domain/reports/reports";
import { performanceQuery } from "../../infra/api/reports";
import { Loaded } from "../shell/Loaded";
import { DEFAULT_PAGE_SIZE, givenOnly, useAddressQuery } from "./address";
import BarChart from "./BarChart";
import { Pager, ReportFilters } from "./parts";
import ReportRunPanel from "./ReportRunPanel";
import "./reports.css";

const money = (n: number) =>
  n.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const pct = (p: number | null) => (p === null ? "" : `${p}%`);

function Filters({ report }: { report: PerformanceReport }) {
  const choices = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
  return (
    <ReportFilters
      filters={[
        {
          param: "program",
          label: "Programme",
          every: "Every programme",
          options: choices(report.choices.programs),
        },
        { param: "period", label: "Period", every: "Every period", options: choices(report.choices.periods) },
      ]}
    />
  );
}

function Report({
  report,
  filters,
  format,
}: {
  report: PerformanceReport;
  filters: PerformanceFilters;
  format: ReportFormat | null;
}) {
  const address = useAddressQuery();
  return (
    <>
      <div className="report-charts">
        <BarChart
          title="Achievement by programme"
          valueHeader="Achievement of target"
          empty="No statement matches these filters."
          bars={report.programs.map((p) => ({
            key: p.program,
            label: p.program,
            value: p.achievement,
            target: p.target,
            text: `${money(p.achievement)} of ${money(p.target)} (${pct(p.percent)})`,
          }))}
        />
      </div>
      <Filters report={report} />
      <ReportRunPanel filters={filters} format={format} />
      {report.results.length === 0 ? (
        <p className="notice">No statement matches these filters.</p>
      ) : (
        <div className="report-table">
          <table aria-label="Target against achievement by outlet">
            <thead>
              <tr>
                {PERFORMANCE_COLUMNS.map((c, i) => (
                  <th key={c} scope="col" className={i >= 6 ? "number" : undefined}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.results.map((r) => (
                <tr key={r.id}>
                  <th scope="row">{r.rsid}</th>
                  <td>{r.outlet_name}</td>
                  <td>{r.program}</td>
                  <td>{r.period}</td>
                  <td>{r.period_start}</td>
                  <td>{r.period_end}</td>
                  <td className="number">{money(r.target)}</td>
                  <td className="number">{money(r.achievement)}</td>
                  <td className="number">{pct(r.percent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        page={address.page}
        count={report.count}
        pageSize={DEFAULT_PAGE_SIZE}
        hrefOf={(p) => address.hrefWith({ page: String(p) })}
        label="Statement pages"
      />
    </>
  );
}

function Performance({ format }: { format: ReportFormat | null }) {
  const address = useAddressQuery();
  const filters: PerformanceFilters = givenOnly({
    project: address.get("project"),
    program: address.get("program"),
    period: address.get("period"),
    search: address.get("search"),
  });
  const report = useQuery({
    ...performanceQuery(filters, { page: address.page, pageSize: DEFAULT_PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });
  return (
    <div className="page">
      <h1>Performance report{format === null ? "" : ` (${format.toUpperCase()})`}</h1>
      <p className="report-muted">
        Target against achievement by outlet and programme, each period
        {filters.project ? `, of the outlets of project ${filters.project}` : ""}.{" "}
        <Link href={REPORTS_PATH}>All reports</Link>
      </p>
      <Loaded query={report} what="The report">
        {(data) => <Report report={data} filters={filters} format={format} />}
      </Loaded>
    </div>
  );
}

export default function PerformanceReportScreen() {
  return <Performance format={null} />;
}

export function PerformanceReportPdfScreen() {
  return <Performance format="pdf" />;
}

export function PerformanceReportCsvScreen() {
  return <Performance format="csv" />;
}
