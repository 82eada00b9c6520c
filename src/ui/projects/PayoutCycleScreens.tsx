/**
 * The money path's summary pages (docs/payouts.md): a payout sub-project's cycle page (plot
 * payout's Back to list, 000 §2.2) with its targets and the plotted and paid counts and amounts of
 * each cycle, and the client portal's payout and payout cycle pages, which show the client's own
 * organisation's projects only (another's is Page not found, as the server answers 404).
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams, useSearch } from "wouter";
import type { CyclePage } from "../../domain/payouts";
import { clientPayoutQuery, payoutCyclesQuery } from "../../infra/api/payouts";
import { errorStatus, isApiError } from "../../infra/http";
import NotFound from "../errors/NotFound";
import Loading from "../shell/Loading";
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
      {page.cycles.length === 0 ? (
        <p>No Data Available</p>
      ) : (
        <section
          className="data-table data-table-scroll"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be reachable by keyboard to scroll it
          tabIndex={0}
          aria-label="Payout cycles rows"
        >
          <table aria-label="Payout cycles">
            <thead>
              <tr>
                {[
                  "RS Payout Cycle",
                  "Client Payout Cycle",
                  "Outlets",
                  "Target",
                  "Plotted",
                  "Plotted Amount",
                  "Paid",
                  "Paid Amount",
                ].map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.cycles.map((c) => (
                <tr key={`${c.rs_payout_month} ${c.client_payout_month}`}>
                  <td>{c.rs_payout_month}</td>
                  <td>{c.client_payout_month}</td>
                  <td>{c.outlets}</td>
                  <td>{c.target_amount}</td>
                  <td>{c.plotted_count}</td>
                  <td>{c.plotted_amount}</td>
                  <td>{c.paid_count}</td>
                  <td>{c.paid_amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
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
      {payout.data.sub_projects.length === 0 ? (
        <p>No Data Available</p>
      ) : (
        <section
          className="data-table data-table-scroll"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be reachable by keyboard to scroll it
          tabIndex={0}
          aria-label="Payout sub-projects rows"
        >
          <table aria-label="Payout sub-projects">
            <thead>
              <tr>
                {["Sub-project", "Plotted", "Plotted Amount", "Paid", "Paid Amount"].map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {payout.data.sub_projects.map((s) => (
                <tr key={s.slug}>
                  <td>
                    <Link href={`${base}?sub_project=${encodeURIComponent(s.slug)}`}>{s.name}</Link>
                  </td>
                  <td>{s.plotted_count}</td>
                  <td>{s.plotted_amount}</td>
                  <td>{s.paid_count}</td>
                  <td>{s.paid_amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
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
