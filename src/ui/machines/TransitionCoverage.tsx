import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import type { MachineCoverage } from "../../domain/machinesArea/machineCoverage";
import { type MachinePaths, PATHS_KEPT_PER_TRANSITION } from "../../domain/machinesArea/replayPath";
import { matchesSearch } from "../../domain/shared/table";
import { machineTransitions, type TransitionInfo } from "../../machines/machinesArea/describe";
import DataTable, { type Column } from "../widgets/DataTable";
import { useDataTable } from "../widgets/useDataTable";
import { transitionLabel } from "./chartLayout";
import type { CatalogueEntry } from "./machineCatalogue";
import TransitionPaths from "./TransitionPaths";
import type { PathReplayActor } from "./usePathReplay";

type Row = TransitionInfo & { paths: number | null };

const short = (id: string) => id.split(".").slice(1).join(".") || id;

const COLUMNS: Column<Row>[] = [
  // A transition on the machine itself is handled in every state.
  {
    key: "source",
    header: "From",
    sortable: true,
    render: (r) => (r.source.includes(".") ? short(r.source) : "every state"),
  },
  { key: "event", header: "Event [guard]", sortable: true, render: (r) => transitionLabel(r) },
  { key: "targets", header: "To", render: (r) => r.targets.map(short).join(", ") || "(stays)" },
  {
    key: "paths",
    header: "Generated paths taking it",
    sortable: true,
    render: (r) => (r.paths === null ? "not measured" : r.paths === 0 ? "none: not covered" : r.paths),
  },
];

/**
 * QA's view of one machine: every transition it defines and how many of the generated paths take
 * it. Each of those paths checks, after every step, the state reached, the context fields its
 * fixture names and every actor started or effect run (docs/coverage/transitions.md).
 */
export default function TransitionCoverage({
  found,
  stored,
  pathsMissing,
  replay,
}: {
  found: CatalogueEntry;
  stored: MachinePaths;
  pathsMissing: boolean;
  replay: PathReplayActor;
}) {
  const actor = useDataTable(100);
  const { page, pageSize, sort, search } = useSelector(actor, (s) => s.context);
  const figures: MachineCoverage | null = found.coverage;
  const transitions = useMemo(() => machineTransitions(found.entry.machine), [found]);
  const rows = useMemo(() => {
    const all: Row[] = transitions.map((t) => ({
      ...t,
      paths: figures?.pathsPerTransition[t.key] ?? null,
    }));
    const matching = all.filter(
      (r) => !search || matchesSearch(`${r.source} ${r.event} ${r.guard ?? ""}`, search),
    );
    if (!sort) return matching;
    const value = (r: Row) =>
      sort.key === "paths" ? (r.paths ?? -1) : String(r[sort.key as keyof TransitionInfo]);
    const sorted = [...matching].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    });
    return sort.direction === "desc" ? sorted.reverse() : sorted;
  }, [transitions, figures, search, sort]);
  return (
    <>
      <h2>Transitions and the paths that take them</h2>
      <p>
        {figures
          ? `The graph tests ran ${figures.paths} generated paths (${figures.steps} steps). After every step each path checked the state reached, the context fields its fixture names (${figures.contextChecks} checks in all) and every actor started or effect run (${figures.outputChecks} checks).`
          : "The graph tests have not measured this machine yet."}
      </p>
      <DataTable
        actor={actor}
        caption={`${found.id} transitions`}
        columns={COLUMNS}
        rows={rows.slice((page - 1) * pageSize, page * pageSize)}
        total={rows.length}
        rowId={(r) => r.key}
        showRecordCount
        maxHeight={rows.length * 60}
      />
      <h2>The paths that take each transition</h2>
      <p>
        {pathsMissing
          ? "The paths of this machine have not been written yet (npm run coverage:machines)."
          : `Open a transition to see the shortest of the generated paths that take it (up to ${PATHS_KEPT_PER_TRANSITION} of each), and open a path to read, after the start and each event, what its fixture expects. Replay runs the path on a live actor of the machine, its actors held still so their recorded results are sent as events, and checks each step as the chart follows it.`}
      </p>
      {stored.paths.length > 0 && (
        <TransitionPaths
          stored={stored}
          transitions={transitions}
          counts={figures?.pathsPerTransition ?? null}
          replay={replay}
        />
      )}
    </>
  );
}
