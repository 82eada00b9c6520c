/**
 * A team's allocation edit (000 §2.1 the allocation-management /edit pages; docs/allocation.md):
 * outlets ticked in the team's open list (or a rule's filters chosen), executives to receive them
 * and a capacity, a preview of every move, and Save. The lifecycle is the allocationEdit machine's;
 * the lists are read with React Query and read again after every save or reload.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { Link, useLocation, useSearch } from "wouter";
import {
  type AllocationOverview,
  type AllocationTeam,
  allocationPath,
  CAPACITY_HINT,
  previewSummary,
  TEAMS,
  teamOfPath,
} from "../../domain/allocation/allocation";
import { UNASSIGNED } from "../../domain/api/allocation";
import { stateLabel } from "../../domain/outlets/outletStates";
import { allocationKeys, allocationOutlets, allocationOverview } from "../../infra/api/allocation";
import { runApi } from "../../infra/http";
import { type AllocationRuleField, allocationEditMachine } from "../../machines/allocation/allocationEdit";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { Checkbox, LoadingButton, Select, TextInput } from "../widgets/Controls";
import { AllocatorOnly, TeamTabs } from "./AllocatorOnly";
import { allocationActors } from "./allocationActors";
import { assigneeName, OutletTable } from "./OutletTable";
import "./allocation.css";

type Editor = ReturnType<typeof useEditor>;

/** The two ways to choose what moves, as the radio buttons read them. */
const MODES = [
  ["selection", "Choose outlets"],
  ["rule", "By rule"],
] as const;

function useEditor(team: AllocationTeam, executive: string, actors: typeof allocationActors) {
  const queries = useQueryClient();
  const editor = useLiveActorRef(
    useProvided(allocationEditMachine, {
      actors,
      actions: {
        allocationChanged: () => void queries.invalidateQueries({ queryKey: allocationKeys.all }),
      },
    }),
    { input: { team, executive } },
  );
  const state = useSelector(editor, (s) => s);
  return { editor, state };
}

const any = (label: string) => ({ label, value: "" });

function OutletList({
  team,
  overview,
  e,
}: {
  team: AllocationTeam;
  overview: AllocationOverview;
  e: Editor;
}) {
  const { editor, state } = e;
  const ctx = state.context;
  const list = useQuery({
    queryKey: allocationKeys.outlets(team, ctx.filters),
    queryFn: ({ signal }) => runApi(allocationOutlets(team, ctx.filters), { signal }),
  });
  const choosing = state.matches("selecting");
  const filter = (field: "executive" | "sub_project" | "state") => (value: string) =>
    editor.send({ type: "filter.change", field, value });
  const shown = list.data?.outlets ?? [];
  const allShown = shown.length > 0 && shown.every((o) => ctx.selected.includes(o.id));
  return (
    <>
      <fieldset disabled={!choosing}>
        <legend>Outlets</legend>
        <div className="allocation-fields">
          <Select
            label="Executive"
            value={ctx.filters.executive}
            onChange={filter("executive")}
            options={[
              any("Any executive"),
              ...overview.executives.map((x) => ({ label: x.name, value: String(x.id) })),
              { label: "No one", value: UNASSIGNED },
            ]}
          />
          <Select
            label="Sub-project"
            value={ctx.filters.sub_project}
            onChange={filter("sub_project")}
            options={[
              any("Any sub-project"),
              ...overview.sub_projects.map((s) => ({ label: s.name, value: String(s.id) })),
            ]}
          />
          <Select
            label="State"
            value={ctx.filters.state}
            onChange={filter("state")}
            options={[
              any("Any state"),
              ...TEAMS[team].openStates.map((s) => ({ label: stateLabel(s), value: s })),
            ]}
          />
        </div>
      </fieldset>
      {list.isPending ? (
        <p>Reading the open outlets…</p>
      ) : list.isError ? (
        <p role="alert">The open outlets could not be read.</p>
      ) : (
        <>
          <p role="status">
            {shown.length < (list.data?.total ?? 0)
              ? `The first ${shown.length} of ${list.data?.total} open outlets are shown.`
              : `${shown.length} open outlet${shown.length === 1 ? "" : "s"}.`}{" "}
            {ctx.selected.length} chosen.
          </p>
          <OutletTable
            label="Open outlets"
            rows={shown}
            before={[
              {
                key: "choose",
                header: (
                  <input
                    type="checkbox"
                    aria-label="Choose every outlet shown"
                    disabled={!choosing}
                    checked={allShown}
                    onChange={() =>
                      editor.send({ type: "outlets.set", ids: allShown ? [] : shown.map((o) => o.id) })
                    }
                  />
                ),
                cell: (o) => (
                  <input
                    type="checkbox"
                    aria-label={`Choose ${o.rsid}`}
                    disabled={!choosing}
                    checked={ctx.selected.includes(o.id)}
                    onChange={() => editor.send({ type: "outlet.toggle", id: o.id })}
                  />
                ),
              },
            ]}
            after={[
              { key: "region", header: "Region", cell: (o) => o.region },
              { key: "territory", header: "Territory", cell: (o) => o.territory },
              { key: "executive", header: "Executive", cell: assigneeName },
            ]}
          />
        </>
      )}
    </>
  );
}

function RuleFields({ overview, e }: { overview: AllocationOverview; e: Editor }) {
  const { editor, state } = e;
  const rule = state.context.rule;
  const field = (
    name: AllocationRuleField,
    label: string,
    options: readonly { id: number; name: string }[],
  ) => (
    <Select
      label={label}
      value={rule[name] === null ? "" : String(rule[name])}
      onChange={(value) =>
        editor.send({ type: "rule.change", field: name, value: value ? Number(value) : null })
      }
      options={[any("Any"), ...options.map((o) => ({ label: o.name, value: String(o.id) }))]}
    />
  );
  return (
    <fieldset disabled={!state.matches("selecting")}>
      <legend>Rule: the team's open outlets that match</legend>
      <div className="allocation-fields">
        {field("sub_project", "Sub-project", overview.sub_projects)}
        {field("region", "Region", overview.regions)}
        {field("territory", "Territory", overview.territories)}
        {field("from", "Now with", overview.executives)}
      </div>
    </fieldset>
  );
}

function Preview({ e }: { e: Editor }) {
  const { editor, state } = e;
  const preview = state.context.preview;
  if (!preview) return null;
  return (
    <section className="card" aria-labelledby="allocation-preview">
      <h2 id="allocation-preview">Preview</h2>
      <p role="status">{previewSummary(preview)}</p>
      <ul className="plain-list" aria-label="Open outlets after the moves">
        {preview.loads.map((l) => (
          <li key={l.executive.id}>
            {l.executive.name}: {l.before} → {l.after} open outlets
          </li>
        ))}
      </ul>
      {preview.moves.length > 0 && (
        <OutletTable
          label="Moves"
          rows={preview.moves}
          after={[
            { key: "from", header: "From", cell: assigneeName },
            { key: "to", header: "To", cell: (m) => m.to.name },
          ]}
        />
      )}
      {(state.matches("previewed") || state.matches("saving")) && (
        <div className="allocation-actions">
          <LoadingButton
            loading={state.hasTag("busy")}
            disabled={!state.can({ type: "save" })}
            onClick={() => editor.send({ type: "save" })}
          >
            Save moves
          </LoadingButton>
          <button
            type="button"
            className="button button-secondary"
            disabled={!state.can({ type: "back" })}
            onClick={() => editor.send({ type: "back" })}
          >
            Back
          </button>
        </div>
      )}
    </section>
  );
}

function Outcome({ team, e }: { team: AllocationTeam; e: Editor }) {
  const { editor, state } = e;
  const ctx = state.context;
  if (state.matches("done"))
    return (
      <section className="card" aria-label="Saved">
        <p role="status">{ctx.message}</p>
        <div className="allocation-actions">
          <button type="button" className="button" onClick={() => editor.send({ type: "again" })}>
            Reassign more
          </button>
          <Link href={allocationPath(team)}>Back to {TEAMS[team].label} allocation</Link>
        </div>
      </section>
    );
  if (state.matches("conflict"))
    return (
      <section className="card" aria-label="Not saved">
        <div role="alert">
          <p className="allocation-refused">{ctx.message}</p>
          <ul>
            {ctx.conflict.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <button type="button" className="button" onClick={() => editor.send({ type: "reload" })}>
          Reload
        </button>
      </section>
    );
  if (state.matches("failed"))
    return (
      <section className="card" aria-label="Not saved">
        <p role="alert" className="allocation-refused">
          {ctx.message}
        </p>
        <div className="allocation-actions">
          <button type="button" className="button" onClick={() => editor.send({ type: "retry" })}>
            Try again
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => editor.send({ type: "back" })}
          >
            Back
          </button>
        </div>
      </section>
    );
  return null;
}

/** The editor over a team's overview: choosing, the preview and the outcome. */
export function AllocationEditor({
  team,
  executive,
  overview,
  actors = allocationActors,
}: {
  team: AllocationTeam;
  executive: string;
  overview: AllocationOverview;
  /** The preview and save calls; a view test passes its own. */
  actors?: typeof allocationActors;
}) {
  const e = useEditor(team, executive, actors);
  const { editor, state } = e;
  const ctx = state.context;
  const choosing = state.matches("selecting");
  return (
    <>
      <section className="card" aria-labelledby="allocation-choose">
        <h2 id="allocation-choose">Choose what moves</h2>
        <fieldset disabled={!choosing}>
          <legend>How</legend>
          {MODES.map(([mode, label]) => (
            <label key={mode} className="checkbox">
              <input
                type="radio"
                name="allocation-mode"
                checked={ctx.mode === mode}
                onChange={() => editor.send({ type: "mode.choose", mode })}
              />
              {label}
            </label>
          ))}
        </fieldset>
        {ctx.mode === "selection" ? (
          <OutletList team={team} overview={overview} e={e} />
        ) : (
          <RuleFields overview={overview} e={e} />
        )}
        <fieldset disabled={!choosing}>
          <legend>Move to</legend>
          <div className="allocation-targets">
            {overview.executives.map((x) => (
              <Checkbox
                key={x.id}
                label={`${x.name} (${x.open} open)`}
                checked={ctx.to.includes(x.id)}
                onChange={() => editor.send({ type: "target.toggle", id: x.id })}
              />
            ))}
          </div>
          <TextInput
            label="Capacity"
            inputMode="numeric"
            maxLength={6}
            placeholder={CAPACITY_HINT}
            value={ctx.capacity}
            onChange={(event) => editor.send({ type: "capacity.change", value: event.target.value })}
          />
        </fieldset>
        {choosing && ctx.message && (
          <p role="alert" className="allocation-refused">
            {ctx.message}
          </p>
        )}
        <div className="allocation-actions">
          <LoadingButton
            loading={state.matches("previewing")}
            disabled={!state.can({ type: "preview" })}
            onClick={() => editor.send({ type: "preview" })}
          >
            Preview
          </LoadingButton>
        </div>
      </section>
      <Preview e={e} />
      <Outcome team={team} e={e} />
    </>
  );
}

function EditPage({ team }: { team: AllocationTeam }) {
  const search = new URLSearchParams(useSearch());
  const overview = useQuery({
    queryKey: allocationKeys.overview(team),
    queryFn: ({ signal }) => runApi(allocationOverview(team), { signal }),
  });
  if (overview.isPending) return <p>Reading the team's executives…</p>;
  if (overview.isError || !overview.data)
    return (
      <p role="alert">
        The team's executives could not be read.{" "}
        <button type="button" className="button button-secondary" onClick={() => void overview.refetch()}>
          Try again
        </button>
      </p>
    );
  return <AllocationEditor team={team} executive={search.get("executive") ?? ""} overview={overview.data} />;
}

export default function AllocationEditScreen() {
  const [path] = useLocation();
  const team = teamOfPath(path) ?? "qc";
  const title = `Edit ${TEAMS[team].label} allocation`;
  return (
    <AllocatorOnly team={team} title={title}>
      <div className="page">
        <h1>{title}</h1>
        <p className="page-lead">
          <Link href={allocationPath(team)}>Back to {TEAMS[team].label} allocation</Link>
        </p>
        <TeamTabs team={team} edit />
        {/* A team's editor starts afresh when the tab changes team. */}
        <EditPage key={team} team={team} />
      </div>
    </AllocatorOnly>
  );
}
