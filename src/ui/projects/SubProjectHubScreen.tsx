/**
 * The sub-project hub (000 §2.1, /dashboard/projects/view-list/{projectSlug}/view/{slug}): its
 * active outlets by state (the dashboard's chart, scoped to it), its cycles, and links to every
 * screen under it that is built; a screen that is not built yet is not offered. Loading is the
 * subProjectHub machine.
 */
import { Link, useParams } from "wouter";
import { mayWrite } from "../../domain/admin/resource";
import { RESOURCE_SCREENS } from "../../domain/admin/resourceCatalogue";
import { ASSIGN_INVOICE_SKU } from "../../domain/admin/resources/invoiceSetup";
import { SUB_PROJECT_HUB, subProjects } from "../../domain/admin/resources/projects";
import { maySetUpInvoices } from "../../domain/invoices/invoiceSetup";
import { MOBILE_LINK_DOWNLOAD, mayExportMobileLinks } from "../../domain/mobile/mobileLinks";
import { mayAuditPhotos, PHOTO_AUDIT } from "../../domain/projects/photoAudit";
import { HUB_NOT_FOUND, projectTypeLabel } from "../../domain/projects/projects";
import { mayReadOutlets } from "../../domain/shared/permissions";
import { pathFor } from "../../domain/shared/routePatterns";
import { ROUTES } from "../../domain/shell/routes";
import { SURVEY_OVERVIEW_PATH } from "../../domain/survey/surveyOverview";
import { subProjectHubMachine } from "../../machines/projects/subProjectHub";
import StateChart from "../dashboard/StateChart";
import { isBuilt, opensFor } from "../routes/allBuilt";
import { useCurrentUser } from "../session/SessionGate";
import Loading from "../shell/Loading";
import { StatCard } from "../widgets/Display";
import { subProjectHubActors } from "./projectActors";
import { hubPath, subProjectsPath } from "./projectPaths";
import "../dashboard/dashboard.css";
import "./projects.css";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";

/**
 * The built screens under a hub, in catalogue order, titled as the catalogue titles them; the
 * mobile link download only for those who may export the links.
 */
function hubScreens(permissions: readonly string[], internal: boolean): { title: string; pattern: string }[] {
  return ROUTES.filter((route) => {
    if (route.pattern === MOBILE_LINK_DOWNLOAD && !mayExportMobileLinks(permissions)) return false;
    if (route.pattern === PHOTO_AUDIT && !mayAuditPhotos(permissions, internal)) return false;
    if (route.pattern.startsWith(ASSIGN_INVOICE_SKU) && !maySetUpInvoices(permissions, internal))
      return false;
    if (!route.pattern.startsWith(`${SUB_PROJECT_HUB}/`) || !isBuilt(route.pattern)) return false;
    // A list the user may not read (a sub-project's scoring setup is internal staff's) is not offered.
    if (!opensFor(route.pattern, { permissions, internal })) return false;
    // An outlet or record of a list, and a list's add form, are reached from that list.
    const formOfList = RESOURCE_SCREENS.some((s) => s.pattern === route.pattern && s.kind !== "list");
    return !formOfList && !route.pattern.slice(SUB_PROJECT_HUB.length + 1).includes(":");
  });
}

export default function SubProjectHubScreen({ actors }: { actors?: Partial<typeof subProjectHubActors> }) {
  const params = useParams<{ projectSlug: string; slug: string }>();
  const user = useCurrentUser();
  const [state, send] = useLiveMachine(
    useProvided(subProjectHubMachine, { actors: { ...subProjectHubActors, ...actors } }),
    {
      input: { projectSlug: params.projectSlug, slug: params.slug },
    },
  );
  const { hub, detail } = state.context;
  if (state.hasTag("busy")) return <Loading />;
  if (state.matches("notFound"))
    return (
      <div className="page">
        <h1>Page not found</h1>
        <p role="alert">{HUB_NOT_FOUND}</p>
      </div>
    );
  if (state.matches("failed") || !hub)
    return (
      <div className="page">
        <div className="form-messages form-messages-error" role="alert">
          <p>{detail}</p>
          <button type="button" className="button button-secondary" onClick={() => send({ type: "retry" })}>
            Try again
          </button>
        </div>
      </div>
    );
  const place = { projectSlug: hub.project.slug, slug: hub.sub_project.slug };
  const canEdit = mayWrite(subProjects, user?.permissions ?? []);
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{hub.sub_project.name}</h1>
        {canEdit && (
          <Link
            className="button button-secondary"
            href={pathFor(subProjects.routes.update!, place)}
            aria-label={`Edit ${hub.sub_project.name}`}
          >
            Edit
          </Link>
        )}
      </div>
      <p className="page-lead">
        {projectTypeLabel(hub.sub_project.type)} sub-project of{" "}
        <Link href={subProjectsPath(hub.project.slug)}>{hub.project.name}</Link>
        {hub.sub_project.parent && (
          <>
            , a cycle of{" "}
            <Link href={hubPath(hub.project.slug, hub.sub_project.parent.slug)}>
              {hub.sub_project.parent.name}
            </Link>
          </>
        )}
        {hub.sub_project.add_data_on_fly && ". Data may be added on the fly"}.
      </p>
      <section className="card dashboard-section" aria-labelledby="hub-by-state">
        <h2 id="hub-by-state">Outlets by state</h2>
        <div className="stat-cards">
          <StatCard
            value={hub.total}
            label="Total outlets"
            tooltip={`${hub.total} active outlets in ${hub.sub_project.name}`}
          />
        </div>
        {hub.total === 0 ? <p>No active outlets yet.</p> : <StateChart counts={hub.by_state} />}
      </section>
      {hub.cycles.length > 0 && (
        <section className="card dashboard-section" aria-labelledby="hub-cycles">
          <h2 id="hub-cycles">Cycles</h2>
          <ul className="plain-list">
            {hub.cycles.map((c) => (
              <li key={c.slug}>
                <Link href={hubPath(hub.project.slug, c.slug)}>{c.name}</Link>: {c.outlets_count} active
                outlets
              </li>
            ))}
          </ul>
        </section>
      )}
      <nav className="card dashboard-section" aria-labelledby="hub-screens">
        <h2 id="hub-screens">Screens of this sub-project</h2>
        <ul className="hub-links">
          {hubScreens(user?.permissions ?? [], user?.organisation.kind === "internal").map((l) => (
            <li key={l.pattern}>
              <Link href={pathFor(l.pattern, place)}>{l.title}</Link>
            </li>
          ))}
          {mayReadOutlets(user?.permissions ?? []) && (
            <li>
              <Link href={`${SURVEY_OVERVIEW_PATH}?sub_project=${encodeURIComponent(hub.sub_project.slug)}`}>
                Survey answers overview
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </div>
  );
}
