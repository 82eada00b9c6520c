/**
 * The MIS report (000 §7.6 MIS reports; docs/reports.md): per sub-project the user's organisation
 * sees, for all time or a month, the outlets by workflow state (a chart over the sub-projects
 * shown), QC's and calling's decisions with QC's median turnaround, payouts paid and pending, and
 * identity checks verified; the filters live in the address; its CSV goes through My Downloads.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { ALL_TIME, periodLabel } from "../../domain/gamification/gamification";
import type { MisFilters, MisReport, MisRow } from "../../domain/reports/mis";
import { REPORTS_PATH } from "../../domain/reports/reportCatalogue";
import { misQuery } from "../../infra/api/reports";
import NotFound from "../errors/NotFound";
import { isNotFound, LoadFailed } from "../shell/Loaded";
import Loading from "../shell/Loading";
import { givenOnly, useAddressQuery } from "./address";
import BarChart from "./BarChart";
import { FilterSelect } from "./parts";
import ReportRunPanel from "./ReportRunPanel";
import { misRunActors } from "./reportActors";
import "./reports.css";

/** The table's column groups above their columns, in the order each row gives its figures. */
const MIS_GROUPS = [
  { title: "QC", columns: ["Accepted", "Rejected", "Median turnaround"] },
  { title: "Calling", columns: ["Accepted", "Rejected"] },
  { title: "Payouts (count · amount)", columns: ["Paid", "Pending", "Failed"] },
  { title: "Identity checks", columns: ["Verified", "Rate"] },
] as const;

const CSV_ONLY = ["csv"] as const;
const money = (n: number) =>
  n.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const orDash = (n: number | null, unit = "") => (n === null ? "–" : `${n}${unit}`);

function Filters({ report }: { report: MisReport }) {
  const address = useAddressQuery();
  return (
    <form className="report-filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
      <FilterSelect
        label="Period"
        value={address.get("period") ?? ""}
        onChange={(value) => address.set({ period: value === ALL_TIME ? undefined : value })}
        options={[
          { value: "", label: periodLabel(ALL_TIME) },
          ...report.choices.periods.map((p) => ({ value: p, label: periodLabel(p) })),
        ]}
      />
      <FilterSelect
        label="Sub-project"
        value={address.get("sub-project") ?? ""}
        onChange={(value) => address.set({ "sub-project": value })}
        options={[
          { value: "", label: "Every sub-project" },
          ...report.choices.sub_projects.map((s) => ({ value: s.slug, label: s.name })),
        ]}
      />
    </form>
  );
}

function Row({ r }: { r: MisRow }) {
  return (
    <tr>
      <th scope="row">
        {r.sub_project.name}
        <span className="report-muted mis-who">
          {r.project} · {r.organisation}
        </span>
      </th>
      <td className="number">{r.outlets}</td>
      <td className="number">{r.qc.accepted}</td>
      <td className="number">{r.qc.rejected}</td>
      <td className="number">{orDash(r.qc.median_hours, " h")}</td>
      <td className="number">{r.calling.accepted}</td>
      <td className="number">{r.calling.rejected}</td>
      <td className="number">
        {r.payouts.paid} · {money(r.payouts.paid_amount)}
      </td>
      <td className="number">
        {r.payouts.pending} · {money(r.payouts.pending_amount)}
      </td>
      <td className="number">
        {r.payouts.failed} · {money(r.payouts.failed_amount)}
      </td>
      <td className="number">
        {r.verification.verified} of {r.verification.verified + r.verification.failed}
        {r.verification.errors > 0 ? ` (${r.verification.errors} errors)` : ""}
      </td>
      <td className="number">{orDash(r.verification.rate, "%")}</td>
    </tr>
  );
}

function Report({ report, filters }: { report: MisReport; filters: MisFilters }) {
  const shown = report.results.reduce((t, r) => t + r.outlets, 0);
  return (
    <>
      <Filters report={report} />
      <div className="report-charts">
        <BarChart
          title="Outlets by state"
          valueHeader="Outlets"
          empty="No outlet in these sub-projects."
          bars={report.funnel.map((s) => ({
            key: s.state,
            label: s.label,
            value: s.count,
            text: `${s.count} of ${shown}`,
          }))}
        />
      </div>
      <ReportRunPanel filters={filters} format="csv" formats={CSV_ONLY} actors={misRunActors} />
      {report.results.length === 0 ? (
        <p className="notice">No sub-project to report on yet.</p>
      ) : (
        <section
          className="report-table"
          aria-label="The figures by sub-project"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the wide table scrolls; the keyboard must reach it to scroll it
          tabIndex={0}
        >
          <table className="mis-table" aria-label={`MIS by sub-project, ${periodLabel(report.period)}`}>
            <thead>
              <tr>
                <td colSpan={2} />
                {MIS_GROUPS.map((g) => (
                  <th key={g.title} scope="colgroup" colSpan={g.columns.length}>
                    {g.title}
                  </th>
                ))}
              </tr>
              <tr>
                <th scope="col">Sub-project</th>
                <th scope="col" className="number">
                  Outlets
                </th>
                {MIS_GROUPS.flatMap((g) =>
                  g.columns.map((c) => (
                    <th key={`${g.title} ${c}`} scope="col" className="number">
                      {c}
                    </th>
                  )),
                )}
              </tr>
            </thead>
            <tbody>
              {report.results.map((r) => (
                <Row key={r.sub_project.slug} r={r} />
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}

/** /dashboard/mis-report */
export default function MisReportScreen() {
  const address = useAddressQuery();
  const filters: MisFilters = givenOnly({
    project: address.get("project"),
    period: address.get("period"),
    "sub-project": address.get("sub-project"),
  });
  const report = useQuery({ ...misQuery(filters), placeholderData: (previous) => previous });
  return (
    <div className="page">
      <h1>MIS report</h1>
      <p className="report-muted">
        Each sub-project's outlets by state now; QC and calling decisions, payouts and identity checks in the
        period (pending payouts: every one still waiting)
        {filters.project ? `; the sub-projects of project ${filters.project}` : ""}.{" "}
        <Link href={REPORTS_PATH}>All reports</Link>
      </p>
      {report.isPending ? (
        <Loading />
      ) : report.isError ? (
        isNotFound(report.error) ? (
          <NotFound />
        ) : (
          <LoadFailed what="The report" retry={() => void report.refetch()} />
        )
      ) : (
        <Report report={report.data} filters={filters} />
      )}
    </div>
  );
}
