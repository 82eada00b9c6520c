import { Link } from "wouter";
import { dashboardMenuFor } from "../../domain/shell/menu";
import { findRoute } from "../../domain/shell/routes";
import { isBuiltPath } from "../routes/allBuilt";
import { useCurrentUser } from "../session/SessionGate";
import OutletSummarySection from "./OutletSummarySection";

const KIND_LABEL = { internal: "internal", client: "client" } as const;

/**
 * The dashboard home: who is signed in, the outlets they can see by state (a chart, and status
 * counts per project), their roles, permissions and areas.
 */
export default function DashboardHome() {
  const user = useCurrentUser();
  if (!user) return null;
  const areas = dashboardMenuFor(user, isBuiltPath).filter((entry) => entry.to !== "/dashboard");
  return (
    <div className="page">
      <h1>Welcome, {user.name}</h1>
      <p className="page-lead">
        Signed in as <strong>{user.username}</strong> for {user.organisation.name} (
        {KIND_LABEL[user.organisation.kind]} organisation).
      </p>

      <OutletSummarySection />

      <div className="cards dashboard-section">
        <section className="card" aria-labelledby="home-account">
          <h2 id="home-account">Your account</h2>
          <dl className="facts">
            <dt>Name</dt>
            <dd>{user.name}</dd>
            <dt>Username</dt>
            <dd>{user.username}</dd>
            <dt>Organisation</dt>
            <dd>{user.organisation.name}</dd>
            <dt>Email</dt>
            <dd>{user.email ?? "Not given"}</dd>
            <dt>Phone number</dt>
            <dd>{user.phone_number ?? "Not given"}</dd>
            <dt>Workflow permission used</dt>
            <dd>{user.considered_workflow_permission ?? "None"}</dd>
          </dl>
        </section>

        <section className="card" aria-labelledby="home-roles">
          <h2 id="home-roles">Roles</h2>
          {user.roles.length === 0 ? (
            <p>No roles are assigned to you.</p>
          ) : (
            <ul className="tags">
              {user.roles.map((role) => (
                <li key={role}>{role}</li>
              ))}
            </ul>
          )}
          <h2 id="home-permissions">Permissions</h2>
          {user.permissions.length === 0 ? (
            <p>You hold no permissions.</p>
          ) : (
            <ul className="plain-list" aria-labelledby="home-permissions">
              {user.permissions.map((permission) => (
                <li key={permission}>{permission}</li>
              ))}
            </ul>
          )}
        </section>

        <section className="card" aria-labelledby="home-areas">
          <h2 id="home-areas">Your areas</h2>
          <ul className="plain-list">
            {areas.map((entry) => (
              <li key={entry.to}>
                <Link href={entry.to}>{entry.label}</Link>
                {entry.pages && entry.pages.length > 0 && (
                  <ul className="plain-list">
                    {entry.pages.map((path) => (
                      <li key={path}>
                        <Link href={path}>{findRoute(path)?.route.title ?? path}</Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
