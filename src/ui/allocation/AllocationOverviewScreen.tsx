/**
 * A team's allocation (000 §2.1 qc, calling and iftu allocation-management; docs/allocation.md):
 * the team's executives with the open outlets each holds by state, and the same by sub-project,
 * with the outlets no executive holds; Reassign leads to the edit page.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "wouter";
import {
  type AllocationOverview,
  type AllocationTeam,
  allocationEditPath,
  TEAMS,
  teamOfPath,
} from "../../domain/allocation/allocation";
import { stateLabel } from "../../domain/outlets/outletStates";
import { allocationKeys, allocationOverview } from "../../infra/api/allocation";
import { runApi } from "../../infra/http";
import { AutomaticAssignment } from "./AllocationRules";
import { AllocatorOnly, TeamTabs } from "./AllocatorOnly";
import "./allocation.css";

type Overview = AllocationOverview;

const countOf = (o: Overview, pick: (c: Overview["counts"][number]) => boolean) =>
  o.counts.filter(pick).reduce((n, c) => n + c.count, 0);

function ByExecutive({ team, overview }: { team: AllocationTeam; overview: Overview }) {
  const states = TEAMS[team].openStates;
  const rows = [
    ...overview.executives.map((e) => ({ key: String(e.id), name: e.name, id: e.id as number | null })),
    { key: "none", name: "No one", id: null },
  ];
  // Scrolled within its own box: its columns (a state each, and the reassign links) are wider than a phone.
  return (
    <section
      className="allocation-scroll"
      aria-label="Counts by executive"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be reachable by keyboard to scroll it
      tabIndex={0}
    >
      <table className="allocation-table" aria-labelledby="by-executive">
        <thead>
          <tr>
            <th scope="col">Executive</th>
            <th scope="col" className="number">
              Open outlets
            </th>
            {states.map((s) => (
              <th key={s} scope="col" className="number">
                {stateLabel(s)}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.name}</th>
              <td className="number">{countOf(overview, (c) => c.executive === r.id)}</td>
              {states.map((s) => (
                <td key={s} className="number">
                  {countOf(overview, (c) => c.executive === r.id && c.state === s)}
                </td>
              ))}
              <td>
                <Link href={`${allocationEditPath(team)}?executive=${r.id ?? "none"}`}>
                  Reassign {r.id === null ? "unassigned outlets" : `${r.name}'s outlets`}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function BySubProject({ overview }: { overview: Overview }) {
  const groups = [...new Set(overview.counts.map((c) => `${c.sub_project}\u0000${c.state}`))].map((k) => {
    const [sub_project = "", state = ""] = k.split("\u0000");
    return { key: k, sub_project, state };
  });
  const people = [
    ...overview.executives.map((e) => ({ id: e.id as number | null, name: e.name })),
    { id: null, name: "No one" },
  ];
  if (groups.length === 0) return <p>The team has no open outlets.</p>;
  return (
    <section
      className="allocation-scroll"
      aria-label="Counts by sub-project"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be reachable by keyboard to scroll it
      tabIndex={0}
    >
      <table className="allocation-table" aria-labelledby="by-sub-project">
        <thead>
          <tr>
            <th scope="col">Sub-project</th>
            <th scope="col">State</th>
            {people.map((p) => (
              <th key={p.id ?? "none"} scope="col" className="number">
                {p.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.key}>
              <td>{g.sub_project}</td>
              <td>{stateLabel(g.state)}</td>
              {people.map((p) => (
                <td key={p.id ?? "none"} className="number">
                  {countOf(
                    overview,
                    (c) => c.sub_project === g.sub_project && c.state === g.state && c.executive === p.id,
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Overview({ team }: { team: AllocationTeam }) {
  const overview = useQuery({
    queryKey: allocationKeys.overview(team),
    queryFn: ({ signal }) => runApi(allocationOverview(team), { signal }),
  });
  if (overview.isPending) return <p>Reading the team's open outlets…</p>;
  if (overview.isError || !overview.data)
    return (
      <p role="alert">
        The team's open outlets could not be read.{" "}
        <button type="button" className="button button-secondary" onClick={() => void overview.refetch()}>
          Try again
        </button>
      </p>
    );
  return (
    <>
      <section className="card" aria-labelledby="by-executive">
        <h2 id="by-executive">Open outlets by executive</h2>
        <ByExecutive team={team} overview={overview.data} />
        <div className="allocation-actions">
          <Link className="button" href={allocationEditPath(team)}>
            Reassign outlets
          </Link>
        </div>
      </section>
      <section className="card" aria-labelledby="by-sub-project">
        <h2 id="by-sub-project">By sub-project and state</h2>
        <BySubProject overview={overview.data} />
      </section>
      <AutomaticAssignment team={team} overview={overview.data} />
    </>
  );
}

export default function AllocationOverviewScreen() {
  const [path] = useLocation();
  const team = teamOfPath(path) ?? "qc";
  const title = `${TEAMS[team].label} allocation`;
  return (
    <AllocatorOnly team={team} title={title}>
      <div className="page">
        <h1>{title}</h1>
        <p className="page-lead">
          The {TEAMS[team].label} team's open outlets ({TEAMS[team].openStates.map(stateLabel).join(", ")})
          and the executive each is with.
        </p>
        <TeamTabs team={team} edit={false} />
        <Overview team={team} />
      </div>
    </AllocatorOnly>
  );
}
