/** The dashboard home's outlet figures: a chart of outlets by state and status counts per project. */
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { stateLabel } from "../../domain/outlets/outletStates";
import { mayReadOutlets } from "../../domain/shared/permissions";
import { outletSummaryQuery } from "../../infra/api/outlets";
import { useCurrentUser } from "../session/SessionGate";
import Loading from "../shell/Loading";
import { StatCard } from "../widgets/Display";
import StateChart from "./StateChart";
import "./dashboard.css";

const projectList = (slug: string) => `/dashboard/projects/client-portal-view/${slug}/list-of-outlets`;

export default function OutletSummarySection() {
  const user = useCurrentUser();
  // Only those who may read outlets are asked for their figures (the server refuses the others).
  const readsOutlets = user !== null && mayReadOutlets(user.permissions);
  const summary = useQuery({ ...outletSummaryQuery(), enabled: readsOutlets });
  if (!readsOutlets) return null;
  if (summary.isPending) return <Loading />;
  if (summary.isError) return null;
  const { by_state, projects } = summary.data;
  const total = Object.values(by_state).reduce((a, b) => a + b, 0);
  return (
    <>
      <section className="card dashboard-section" aria-labelledby="home-by-state">
        <h2 id="home-by-state">Outlets by state</h2>
        <p className="page-lead">{total} active outlets you can see.</p>
        <StateChart counts={by_state} />
      </section>
      {projects.map((p) => (
        <section key={p.slug} className="dashboard-section" aria-labelledby={`project-${p.slug}`}>
          <header className="dashboard-project-header">
            <h2 id={`project-${p.slug}`}>{p.name}</h2>
            <Link href={projectList(p.slug)}>View outlets</Link>
          </header>
          <div className="stat-cards">
            <StatCard
              value={p.total}
              label="Total outlets"
              tooltip={`${p.total} active outlets in ${p.name}`}
            />
            {Object.entries(p.by_state).map(([state, n]) => (
              <StatCard
                key={state}
                value={n}
                label={stateLabel(state)}
                tooltip={`${n} outlets in ${stateLabel(state)}`}
              />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
