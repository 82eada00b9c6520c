/**
 * The money path's summary pages (docs/payouts.md): a payout sub-project's cycle page (plot
 * payout's Back to list, 000 §2.2) with its targets and the plotted and paid counts and amounts of
 * each cycle, and the client portal's payout and payout cycle pages, which show the client's own
 * organisation's projects only (another's is Page not found, as the server answers 404).
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams, useSearch } from "wouter";
import type { ClientPayout as ClientPayoutPage, CyclePage } from "../../domain/payouts/payouts";
import { clientPayoutQuery, payoutCyclesQuery } from "../../infra/api/payouts";
import { errorStatus, isApiError } from "../../infra/http";
import NotFound from "../errors/NotFound";
import Loading from "../shell/Loading";
import HeldRowsTable from "../widgets/HeldRowsTable";
import "./projects.css";

const notFound = (error: unknown) => isApiError(error) && errorStatus(error) === 404;

function Failed({ retry }: { retry: () => void }) {
  return (
    <div className="page">
      <p role="alert" className="notice">
        The payouts could not be loaded.
      </p>
      <button type="button" className="button" onClick={retry}>
        Retry
      </button>
    </div>
  );
}

/** A money column: ordered as a number, shown as the API gives it. */
const amount = <Row,>(key: string, header: string, of: (row: Row) => string) => ({
  key,
  header,
  sortable: true,
  value: (r: Row) => Number(of(r)),
  render: of,
});
const count = <Row,>(key: string, header: string, of: (row: Row) => number) => ({
  key,
  header,
  sortable: true,
  value: of,
  render: (r: Row) => String(of(r)),
});

type Cycle = CyclePage["cycles"][number];
const CYCLE_COLUMNS = [
  {
    key: "rs_payout_month",
    header: "RS Payout Cycle",
    sortable: true,
    value: (c: Cycle) => c.rs_payout_month,
  },
  {
    key: "client_payout_month",
    header: "Client Payout Cycle",
    sortable: true,
    value: (c: Cycle) => c.client_payout_month,
  },
  count("outlets", "Outlets", (c: Cycle) => c.outlets),
  amount("target_amount", "Target", (c: Cycle) => c.target_amount),
  count("plotted_count", "Plotted", (c: Cycle) => c.plotted_count),
  amount("plotted_amount", "Plotted Amount", (c: Cycle) => c.plotted_amount),
  count("paid_count", "Paid", (c: Cycle) => c.paid_count),
  amount("paid_amount", "Paid Amount", (c: Cycle) => c.paid_amount),
];

function CycleTable({ page }: { page: CyclePage }) {
  return (
    <>
      <dl className="payout-targets">
        <div>
          <dt>Outlets with a target</dt>
          <dd>{page.targets.outlets}</dd>
        </div>
        <div>
          <dt>Target amount</dt>
          <dd>{page.targets.target_amount}</dd>
        </div>
      </dl>
      <HeldRowsTable
        caption="Payout cycles"
        columns={CYCLE_COLUMNS}
        rows={page.cycles}
        rowId={(c) => `${c.rs_payout_month} ${c.client_payout_month}`}
      />
    </>
  );
}

/** `…/view/{slug}/cycle`: where Plot Payout's Back to list leads. */
export function SubProjectCycle() {
  const { projectSlug = "", slug = "" } = useParams<{ projectSlug?: string; slug?: string }>();
  const cycles = useQuery(payoutCyclesQuery(projectSlug, slug));
  if (cycles.isError)
    return notFound(cycles.error) ? <NotFound /> : <Failed retry={() => cycles.refetch()} />;
  if (!cycles.data) return <Loading />;
  const base = `/dashboard/projects/view-list/${encodeURIComponent(projectSlug)}/view/${encodeURIComponent(slug)}`;
  return (
    <div className="page payout-cycle-page">
      <p className="outlet-back">
        <Link href={base}>← Back to {cycles.data.sub_project.name}</Link>
      </p>
      <h1>{cycles.data.sub_project.name}: payout cycles</h1>
      <p className="page-actions">
        <Link className="button" href={`${base}/cycle/plot-payout`}>
          Plot Payout
        </Link>
        <Link className="button button-secondary" href={`${base}/cycle/list-of-outlets`}>
          Cycle outlets
        </Link>
      </p>
      <CycleTable page={cycles.data} />
    </div>
  );
}

type PayoutSubProject = ClientPayoutPage["sub_projects"][number];
/** The sub-projects' columns; each name opens its cycles at `base`. */
const subProjectColumns = (base: string) => [
  {
    key: "name",
    header: "Sub-project",
    sortable: true,
    value: (s: PayoutSubProject) => s.name,
    render: (s: PayoutSubProject) => (
      <Link href={`${base}?sub_project=${encodeURIComponent(s.slug)}`}>{s.name}</Link>
    ),
  },
  count("plotted_count", "Plotted", (s: PayoutSubProject) => s.plotted_count),
  amount("plotted_amount", "Plotted Amount", (s: PayoutSubProject) => s.plotted_amount),
  count("paid_count", "Paid", (s: PayoutSubProject) => s.paid_count),
  amount("paid_amount", "Paid Amount", (s: PayoutSubProject) => s.paid_amount),
];

/** `client-portal-view/{projectSlug}/payout`: the project's payout sub-projects with their totals. */
export function ClientPayout() {
  const { projectSlug = "" } = useParams<{ projectSlug?: string }>();
  const payout = useQuery(clientPayoutQuery(projectSlug));
  if (payout.isError)
    return notFound(payout.error) ? <NotFound /> : <Failed retry={() => payout.refetch()} />;
  if (!payout.data) return <Loading />;
  const base = `/dashboard/projects/client-portal-view/${encodeURIComponent(projectSlug)}/payout/cycle`;
  return (
    <div className="page payout-cycle-page">
      <h1>{payout.data.project.name}: payouts</h1>
      <HeldRowsTable
        caption="Payout sub-projects"
        columns={subProjectColumns(base)}
        rows={payout.data.sub_projects}
        rowId={(r) => r.slug}
      />
    </div>
  );
}

/** `client-portal-view/{projectSlug}/payout/cycle?sub_project={slug}`: one sub-project's cycles. */
export function ClientPayoutCycle() {
  const { projectSlug = "" } = useParams<{ projectSlug?: string }>();
  const slug = new URLSearchParams(useSearch()).get("sub_project") ?? "";
  const cycles = useQuery({ ...payoutCyclesQuery(projectSlug, slug), enabled: slug !== "" });
  if (slug === "" || cycles.isError)
    return slug === "" || notFound(cycles.error) ? <NotFound /> : <Failed retry={() => cycles.refetch()} />;
  if (!cycles.data) return <Loading />;
  return (
    <div className="page payout-cycle-page">
      <p className="outlet-back">
        <Link href={`/dashboard/projects/client-portal-view/${encodeURIComponent(projectSlug)}/payout`}>
          ← Back to payouts
        </Link>
      </p>
      <h1>{cycles.data.sub_project.name}: payout cycles</h1>
      <CycleTable page={cycles.data} />
    </div>
  );
}
