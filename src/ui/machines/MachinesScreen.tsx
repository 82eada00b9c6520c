/**
 * The Machines area: every machine of the product with its figures, and each one's state chart.
 */
import { useSelector } from "@xstate/react";
import { useEffect, useMemo, useState } from "react";
import { Link, useParams } from "wouter";
import { scoreLabel } from "../../domain/machinesArea/machineCoverage";
import type { MachinePaths } from "../../domain/machinesArea/replayPath";
import { matchesSearch } from "../../domain/shared/table";
import NotFound from "../errors/NotFound";
import DataTable, { type Column } from "../widgets/DataTable";
import { useDataTable } from "../widgets/useDataTable";
import { activeStates, type Chart, layoutChart } from "./chartLayout";
import { type CatalogueEntry, catalogueEntry, MACHINE_CATALOGUE } from "./machineCatalogue";
import ReplayPanel from "./ReplayPanel";
import StateChart from "./StateChart";
import TransitionCoverage from "./TransitionCoverage";
import { useMachinePaths } from "./useMachinePaths";
import { type ReplayerOf, usePathReplay } from "./usePathReplay";
import "./machines.css";

const ratio = (x: { covered: number; total: number } | undefined) =>
  x ? `${x.covered} / ${x.total}` : "not measured";

const sortKey = (m: CatalogueEntry, key: string): string | number =>
  key === "states"
    ? m.states
    : key === "events"
      ? m.events.length
      : key === "transitions"
        ? m.transitions
        : m.id;

function columns(base: string): Column<CatalogueEntry>[] {
  return [
    {
      key: "id",
      header: "Machine",
      sortable: true,
      render: (m) => <Link href={`${base}/${m.id}`}>{m.id}</Link>,
    },
    { key: "description", header: "Description", render: (m) => m.description },
    { key: "states", header: "States", sortable: true, render: (m) => m.states },
    {
      key: "events",
      header: "Events",
      sortable: true,
      render: (m) => <span title={m.events.join(", ")}>{m.events.length}</span>,
    },
    { key: "transitions", header: "Transitions", sortable: true, render: (m) => m.transitions },
    {
      key: "covered",
      header: "Transitions covered",
      render: (m) => ratio(m.coverage?.transitions),
    },
    {
      key: "paths",
      header: "Paths run",
      render: (m) => m.coverage?.paths ?? "not measured",
    },
    {
      key: "mutations",
      header: "Mistakes caught",
      render: (m) =>
        m.coverage ? scoreLabel(m.coverage.mutations.caught, m.coverage.mutations.total) : "not measured",
    },
  ];
}

/** The list of every machine in the registry. */
export function MachineList({ base }: { base: string }) {
  // Every machine on one page: the registry outgrew 50.
  const actor = useDataTable(100);
  const { page, pageSize, sort, search } = useSelector(actor, (s) => s.context);
  const matching = useMemo(() => {
    const found = MACHINE_CATALOGUE.filter(
      (m) => !search || matchesSearch(`${m.id} ${m.description}`, search),
    );
    if (!sort) return found;
    const sorted = [...found].sort((a, b) => {
      const x = sortKey(a, sort.key);
      const y = sortKey(b, sort.key);
      return typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    });
    return sort.direction === "desc" ? sorted.reverse() : sorted;
  }, [search, sort]);
  const rows = matching.slice((page - 1) * pageSize, page * pageSize);
  return (
    <section className="machines" aria-labelledby="machines-title">
      <h1 id="machines-title">Machines</h1>
      <p>
        Every state machine the product runs, from the same registry its charts and tests read. Open one to
        see its state chart: the states, what each means, and the events that move between them.
      </p>
      <DataTable
        actor={actor}
        caption="Machines"
        columns={columns(base)}
        rows={rows}
        total={matching.length}
        rowId={(m) => m.id}
        showRecordCount
        // A few dozen rows whose descriptions wrap: all drawn, the page scrolls rather than the table.
        maxHeight={MACHINE_CATALOGUE.length * 80}
      />
    </section>
  );
}

/** Until a machine's paths load (or for one added since they were written): nothing to replay. */
const noPaths = (id: string): MachinePaths => ({
  id,
  generated: 0,
  texts: [],
  events: [],
  inputs: [],
  paths: [],
  byTransition: {},
});

/** One machine: its figures, its interactive chart, and QA's transitions and paths with the replay. */
export function MachineDetail({ base }: { base: string }) {
  const { id = "" } = useParams<{ id: string }>();
  const found = catalogueEntry(id);
  const [chart, setChart] = useState<{ id: string; chart: Chart } | null>(null);
  const [failed, setFailed] = useState(false);
  const stored = useMachinePaths(id);

  useEffect(() => {
    if (!found) return;
    let live = true;
    layoutChart(found.entry.machine).then(
      (laid) => live && setChart({ id: found.id, chart: laid }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [found]);

  if (!found) return <NotFound />;
  const figures = found.coverage;
  const loaded = stored !== null && stored !== "missing";
  return (
    <section className="machines" aria-labelledby="machine-title">
      <p>
        <Link href={base}>All machines</Link>
      </p>
      <h1 id="machine-title">{found.id}</h1>
      <p>{found.description}</p>
      <dl className="machine-figures">
        <dt>States</dt>
        <dd>{found.states}</dd>
        <dt>Transitions</dt>
        <dd>{found.transitions}</dd>
        <dt>Events</dt>
        <dd>{found.events.join(", ") || "none of its own"}</dd>
        <dt>States covered by the graph tests</dt>
        <dd>{ratio(figures?.states)}</dd>
        <dt>Transitions covered</dt>
        <dd>{ratio(figures?.transitions)}</dd>
        <dt>Paths run (steps)</dt>
        <dd>{figures ? `${figures.paths} (${figures.steps})` : "not measured"}</dd>
        <dt>Checks (context / output)</dt>
        <dd>{figures ? `${figures.contextChecks} / ${figures.outputChecks}` : "not measured"}</dd>
        <dt>Mutation score</dt>
        <dd>{figures ? scoreLabel(figures.mutations.caught, figures.mutations.total) : "not measured"}</dd>
      </dl>
      {/* Keyed so the replay and its live actor start afresh once the paths arrive or the machine changes. */}
      <MachineQa
        key={`${found.id}:${loaded}`}
        found={found}
        chart={failed ? "failed" : chart?.id === found.id ? chart.chart : null}
        stored={loaded ? stored : noPaths(found.id)}
        pathsMissing={stored === "missing"}
      />
    </section>
  );
}

/** The chart, the replay of a chosen path and QA's transitions with their paths. */
export function MachineQa({
  found,
  chart,
  stored,
  pathsMissing,
  replayerOf,
}: {
  found: CatalogueEntry;
  chart: Chart | "failed" | null;
  stored: MachinePaths;
  pathsMissing: boolean;
  replayerOf?: ReplayerOf;
}) {
  const { replay, live } = usePathReplay(found.entry.machine, stored, replayerOf);
  const active =
    live && chart && chart !== "failed" ? activeStates(chart, live.getSnapshot().value) : undefined;
  return (
    <>
      <h2>State chart</h2>
      <ReplayPanel stored={stored} replay={replay} live={live} />
      {chart === "failed" ? (
        <p role="alert">The chart could not be laid out.</p>
      ) : chart ? (
        <StateChart chart={chart} title={found.id} active={active} />
      ) : (
        <p aria-busy="true">Laying out the chart…</p>
      )}
      <TransitionCoverage found={found} stored={stored} pathsMissing={pathsMissing} replay={replay} />
    </>
  );
}
