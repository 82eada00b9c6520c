/**
 * The retail audit report of a cycle (000 §2.1 retail-audit-report; docs/reports.md): how the
 * scores spread and where the outlets stand, as charts with their figures, then the outlets with
 * score and state, filtered by state, score band and RSID or name, ordered and paged, all kept in
 * the address. A cycle the caller may not see is Page not found.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { REPORTS_PATH } from "../../domain/reports/reportCatalogue";
import {
  BAND_KEYS,
  type BandKey,
  clientReportPath,
  NOT_SCORED,
  outletReportPath,
  RETAIL_AUDIT_ORDER_LABELS,
  RETAIL_AUDIT_ORDERS,
  type RetailAuditReport,
  retailAuditImagesPath,
  SCORE_BANDS,
} from "../../domain/reports/reports";
import { scoreText } from "../../domain/survey/scoring";
import { reportCyclesQuery, retailAuditQuery } from "../../infra/api/reports";
import { useCurrentUser } from "../session/SessionGate";
import { Loaded, LoadFailed } from "../shell/Loaded";
import Loading from "../shell/Loading";
import { DEFAULT_PAGE_SIZE, givenOnly, oneOf, useAddressQuery } from "./address";
import BarChart from "./BarChart";
import { Pager, ReportFilters } from "./parts";
import "./reports.css";

const BAND_LABEL: Readonly<Record<BandKey, string>> = {
  ...Object.fromEntries(SCORE_BANDS.map((b) => [b.key, b.label])),
  [NOT_SCORED.key]: NOT_SCORED.label,
} as Record<BandKey, string>;

const outlets = (n: number) => `${n} ${n === 1 ? "outlet" : "outlets"}`;

/** Without a cycle in the address: the cycles to choose from. */
function ChooseCycle() {
  const cycles = useQuery(reportCyclesQuery());
  if (cycles.isPending) return <Loading />;
  if (cycles.isError) return <LoadFailed what="The cycles" retry={() => void cycles.refetch()} />;
  return (
    <div className="page">
      <h1>Retail audit report</h1>
      <p>Choose a retail audit cycle.</p>
      <ul>
        {cycles.data.results.map((c) => (
          <li key={c.id}>
            <Link href={`?cycle=${encodeURIComponent(c.slug)}`}>{c.name}</Link>{" "}
            <span className="report-muted">
              {c.project_name} · {outlets(c.outlets)}
            </span>
          </li>
        ))}
      </ul>
      <p>
        <Link href={REPORTS_PATH}>Back to Reports</Link>
      </p>
    </div>
  );
}

function Filters({ report }: { report: RetailAuditReport }) {
  return (
    <ReportFilters
      filters={[
        {
          param: "state",
          label: "State",
          every: "Every state",
          options: report.funnel.map((s) => ({ value: s.state, label: s.label })),
        },
        {
          param: "band",
          label: "Score",
          every: "Every score",
          options: BAND_KEYS.map((b) => ({ value: b, label: BAND_LABEL[b] })),
        },
        {
          param: "order",
          label: "Order",
          fallback: "rsid",
          options: RETAIL_AUDIT_ORDERS.map((o) => ({ value: o, label: RETAIL_AUDIT_ORDER_LABELS[o] })),
        },
      ]}
    />
  );
}

function Report({ report, page }: { report: RetailAuditReport; page: number }) {
  const address = useAddressQuery();
  // A client's users open their own copy of an outlet's report (000 §2.1 client-reports).
  const client = useCurrentUser()?.organisation.kind === "client";
  const { cycle } = report;
  return (
    <div className="page">
      <h1>Retail audit report: {cycle.name}</h1>
      <p className="report-muted">
        {cycle.project_name} · {cycle.organisation} ·{" "}
        <Link href={retailAuditImagesPath(cycle.slug)}>Images</Link> ·{" "}
        <Link href={REPORTS_PATH}>All reports</Link>
      </p>
      <dl className="report-summary">
        <div>
          <dt>Outlets shown</dt>
          <dd>{report.count}</dd>
        </div>
        <div>
          <dt>Outlets in the cycle</dt>
          <dd>{cycle.outlets}</dd>
        </div>
        <div>
          <dt>Average score</dt>
          <dd>{report.average_percent === null ? "None scored" : `${report.average_percent}%`}</dd>
        </div>
      </dl>
      <div className="report-charts">
        <BarChart
          title="Score distribution"
          valueHeader="Outlets"
          empty="No outlet to chart."
          bars={report.distribution.map((b) => ({
            key: b.band,
            label: b.label,
            value: b.count,
            text: outlets(b.count),
          }))}
        />
        <BarChart
          title="Outlets by state"
          valueHeader="Outlets"
          empty="No outlet to chart."
          bars={report.funnel.map((s) => ({
            key: s.state,
            label: s.label,
            value: s.count,
            text: outlets(s.count),
          }))}
        />
      </div>
      <Filters report={report} />
      {report.results.length === 0 ? (
        <p className="notice">No outlet matches these filters.</p>
      ) : (
        <div className="report-table">
          <table aria-label={`Outlets of ${cycle.name}`}>
            <thead>
              <tr>
                <th scope="col">RSID</th>
                <th scope="col">Outlet</th>
                <th scope="col">City</th>
                <th scope="col">State</th>
                <th scope="col" className="number">
                  Score
                </th>
                <th scope="col" className="number">
                  %
                </th>
              </tr>
            </thead>
            <tbody>
              {report.results.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    <Link href={client ? clientReportPath(r.id, r.rsid) : outletReportPath(r.id)}>
                      {r.rsid}
                    </Link>
                  </th>
                  <td>{r.name}</td>
                  <td>{r.city}</td>
                  <td>
                    {report.funnel.find((s) => s.state === r.workflow_state)?.label ?? r.workflow_state}
                  </td>
                  <td className="number">
                    {r.score === null || r.max_score === null
                      ? r.failure
                        ? "Could not be worked out"
                        : "Not scored"
                      : `${scoreText(r.score)} / ${scoreText(r.max_score)}`}
                  </td>
                  <td className="number">{r.percent === null ? "" : `${r.percent}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        page={page}
        count={report.count}
        pageSize={DEFAULT_PAGE_SIZE}
        hrefOf={(p) => address.hrefWith({ page: String(p) })}
        label="Outlet pages"
      />
    </div>
  );
}

function CycleReport({ cycle }: { cycle: string }) {
  const address = useAddressQuery();
  const defined = {
    cycle,
    ...givenOnly({
      state: address.get("state"),
      band: oneOf(BAND_KEYS, address.get("band")),
      search: address.get("search"),
      order: oneOf(RETAIL_AUDIT_ORDERS, address.get("order")),
    }),
  };
  const report = useQuery({
    ...retailAuditQuery(defined, { page: address.page, pageSize: DEFAULT_PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });
  return (
    <Loaded query={report} what="The report" notFound>
      {(data) => <Report report={data} page={address.page} />}
    </Loaded>
  );
}

export default function RetailAuditReportScreen() {
  const cycle = useAddressQuery().get("cycle");
  return cycle === undefined ? <ChooseCycle /> : <CycleReport cycle={cycle} />;
}
