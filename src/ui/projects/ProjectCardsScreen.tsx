/**
 * /dashboard/projects: the project cards the user may see (a client user only its organisation's,
 * decided by the server), searched by name and filtered by type and client organisation; search,
 * filters and page live in the address. Add project and Edit only for those who may set projects up.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { Link, useSearchParams } from "wouter";
import { mayWrite } from "../../domain/admin/resource";
import { organisations } from "../../domain/admin/resources/organisations";
import { projects, subProjects } from "../../domain/admin/resources/projects";
import { PROJECT_TYPES, projectTypeLabel, VIEW_ALL } from "../../domain/projects/projects";
import { VIEW_ALL_PATH } from "../../domain/projects/viewAll";
import { projectCardsQuery } from "../../infra/api/projects";
import { useOptionsQuery } from "../admin/adminQueries";
import { useCurrentUser } from "../session/SessionGate";
import Loading from "../shell/Loading";
import { Select } from "../widgets/Controls";
import { TablePager, TableSearch } from "../widgets/DataTable";
import SearchableSelect from "../widgets/SearchableSelect";
import { useDataTable } from "../widgets/useDataTable";
import { ProjectCardView } from "./ProjectCardView";
import { clientOutletsPath, PROJECT_CREATE_PATH, projectUpdatePath, subProjectsPath } from "./projectPaths";
import "./projects.css";

const TYPE_OPTIONS = [
  { label: "All", value: "" },
  ...PROJECT_TYPES.map((t) => ({ label: projectTypeLabel(t), value: t })),
];

export default function ProjectCardsScreen() {
  const user = useCurrentUser();
  const held = user?.permissions ?? [];
  const table = useDataTable();
  const { page, pageSize, search } = useSelector(table, (s) => s.context);
  const [params, setParams] = useSearchParams();
  const type = params.get("type") ?? "";
  const organisation = params.get("organisation") ?? "";
  const readsOrganisations = organisations.read.some((p) => held.includes(p));
  const orgOptions = useOptionsQuery("organisations", null, readsOrganisations);
  const cards = useQuery({
    ...projectCardsQuery({ page, pageSize, search, type, organisation }),
    placeholderData: keepPreviousData,
  });
  const canEdit = mayWrite(projects, held);
  const opensSubProjects = subProjects.read.some((p) => held.includes(p));

  const setFilter = (key: "type" | "organisation", value: string) => {
    table.send({ type: "page.go", page: 1 });
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  };

  const rows = cards.data?.results ?? [];
  return (
    <div className="page" aria-busy={cards.isFetching}>
      <div className="page-heading">
        <h1>Projects</h1>
        <span className="page-heading-actions">
          <Link href={VIEW_ALL_PATH}>{VIEW_ALL}</Link>
          {canEdit && (
            <Link className="button" href={PROJECT_CREATE_PATH}>
              Add project
            </Link>
          )}
        </span>
      </div>
      <fieldset className="list-filters">
        <legend className="visually-hidden">Filter projects</legend>
        <div className="field">
          <TableSearch actor={table} caption="projects" />
        </div>
        <Select label="Type" options={TYPE_OPTIONS} value={type} onChange={(v) => setFilter("type", v)} />
        {readsOrganisations && orgOptions.data && (
          <SearchableSelect
            label="Client organisation"
            options={[
              { label: "All", value: "" },
              ...orgOptions.data.map((o) => ({ label: o.label, value: String(o.id) })),
            ]}
            value={organisation}
            onChange={(v) => setFilter("organisation", v)}
          />
        )}
      </fieldset>
      {cards.isPending ? (
        <Loading />
      ) : cards.isError ? (
        <p role="alert">The projects could not be loaded. Check your connection and try again.</p>
      ) : rows.length === 0 ? (
        <p>No projects match.</p>
      ) : (
        <div className="project-cards">
          {rows.map((card) => (
            <ProjectCardView
              key={`${card.slug}/${card.notificationCount}/${card.notificationList[0]?.id ?? 0}`}
              card={card}
              opens={opensSubProjects ? subProjectsPath(card.slug) : clientOutletsPath(card.slug)}
              payoutPath={
                opensSubProjects || !card.has_payouts
                  ? null
                  : `/dashboard/projects/client-portal-view/${encodeURIComponent(card.slug)}/payout`
              }
              editPath={card.pro ? projectUpdatePath(card.slug) : null}
            />
          ))}
        </div>
      )}
      <TablePager actor={table} rowsOnPage={rows.length} total={cards.data?.count ?? 0} showRecordCount />
    </div>
  );
}
