import { useSelector } from "@xstate/react";
import { format } from "date-fns";
import { useEffect, useId, useState } from "react";
import type { ActorRefFrom } from "xstate";
import {
  DATE_FILTER_MAX_HEIGHT_PX,
  defaultDateRange,
  FILTER_DRAWER_WIDTH_PX,
  FILTER_LIST_MAX_HEIGHT_PX,
} from "../../domain/filters";
import { MSG } from "../../domain/messages";
import { matchesSearch } from "../../domain/table";
import type { filterDrawerMachine } from "../../machines/filterDrawer";

export type FilterDrawerActor = ActorRefFrom<typeof filterDrawerMachine>;

export type FilterDefinition = {
  key: string;
  label: string;
  kind: "list" | "dateRange" | "invoiceRange" | "toggle";
};

function ListFilter({ actor, filter }: { actor: FilterDrawerActor; filter: FilterDefinition }) {
  const options = useSelector(actor, (s) => s.context.options[filter.key] ?? []);
  const chosen = useSelector(actor, (s) => s.context.draft.lists[filter.key] ?? []);
  const [search, setSearch] = useState("");
  const searchId = useId();
  const shown = options.filter((o) => matchesSearch(o.label, search));
  return (
    <fieldset className="filter">
      <legend>
        {filter.label} <span className="badge">{chosen.length}</span>
      </legend>
      <label htmlFor={searchId} className="visually-hidden">
        Search {filter.label}
      </label>
      <input
        id={searchId}
        type="search"
        placeholder="Search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <ul className="filter-options" style={{ maxHeight: FILTER_LIST_MAX_HEIGHT_PX }}>
        {shown.length === 0 && <li>{MSG.noOptionsFound}</li>}
        {shown.map((o) => (
          <li key={o.value}>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={chosen.includes(o.value)}
                onChange={() => actor.send({ type: "option.toggle", key: filter.key, value: o.value })}
              />
              {o.label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function RangeFilter({ actor, filter }: { actor: FilterDrawerActor; filter: FilterDefinition }) {
  const range = useSelector(actor, (s) => s.context.draft.ranges[filter.key] ?? { from: null, to: null });
  const alert = useSelector(actor, (s) => (filter.kind === "invoiceRange" ? s.context.alert : null));
  const fromId = useId();
  const toId = useId();
  const invoice = filter.kind === "invoiceRange";
  return (
    <fieldset className="filter" style={{ maxHeight: DATE_FILTER_MAX_HEIGHT_PX }}>
      <legend>{filter.label}</legend>
      <label htmlFor={fromId}>From</label>
      <input
        id={fromId}
        type="date"
        value={range.from ?? ""}
        onChange={(e) =>
          actor.send(
            invoice
              ? { type: "invoiceFrom.set", key: filter.key, date: e.target.value }
              : { type: "range.set", key: filter.key, range: { ...range, from: e.target.value || null } },
          )
        }
      />
      <label htmlFor={toId}>To</label>
      <input
        id={toId}
        type="date"
        value={range.to ?? ""}
        onChange={(e) =>
          actor.send(
            invoice
              ? { type: "invoiceTo.set", key: filter.key, date: e.target.value }
              : { type: "range.set", key: filter.key, range: { ...range, to: e.target.value || null } },
          )
        }
      />
      {alert && (
        <p className="filter-alert" role="alert">
          {alert}
        </p>
      )}
    </fieldset>
  );
}

function ToggleFilter({ actor, filter }: { actor: FilterDrawerActor; filter: FilterDefinition }) {
  const on = useSelector(actor, (s) => s.context.draft.toggles[filter.key] === true);
  return (
    <label className="checkbox filter">
      <input
        type="checkbox"
        role="switch"
        aria-checked={on}
        checked={on}
        onChange={() => actor.send({ type: "toggle.flip", key: filter.key })}
      />
      {filter.label}
    </label>
  );
}

/** The right-hand filter drawer (spec 000 §2.4): FilterList, Clear All and Apply Filter. */
export default function FilterDrawer({
  actor,
  filters,
}: {
  actor: FilterDrawerActor;
  filters: readonly FilterDefinition[];
}) {
  const state = useSelector(actor, (s) => s.value);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const titleId = useId();
  // A date range the user has not set starts at yesterday through today (spec 000 §9).
  useEffect(() => {
    if (state !== "open") return;
    const { ranges } = actor.getSnapshot().context.draft;
    const today = format(new Date(), "yyyy-MM-dd");
    for (const f of filters) {
      if (f.kind === "dateRange" && !ranges[f.key]) {
        actor.send({ type: "range.set", key: f.key, range: defaultDateRange(today) });
      }
    }
  }, [state, actor, filters]);
  if (state === "closed") return null;
  return (
    <aside
      className="filter-drawer"
      aria-labelledby={titleId}
      style={{ width: FILTER_DRAWER_WIDTH_PX }}
      onKeyDown={(e) => {
        if (e.key === "Escape") actor.send({ type: "drawer.close" });
      }}
    >
      <header className="filter-drawer-header">
        <h2 id={titleId}>FilterList</h2>
        <button
          type="button"
          className="modal-close"
          aria-label="Close filters"
          onClick={() => actor.send({ type: "drawer.close" })}
        >
          ×
        </button>
      </header>
      {state === "loading" ? (
        <p className="loading" role="status">
          Loading…
        </p>
      ) : (
        <div className="filter-drawer-body">
          {loadError && <p role="alert">{loadError}</p>}
          {filters.map((f) =>
            f.kind === "list" ? (
              <ListFilter key={f.key} actor={actor} filter={f} />
            ) : f.kind === "toggle" ? (
              <ToggleFilter key={f.key} actor={actor} filter={f} />
            ) : (
              <RangeFilter key={f.key} actor={actor} filter={f} />
            ),
          )}
        </div>
      )}
      <footer className="filter-drawer-footer">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => actor.send({ type: "filters.clear" })}
        >
          Clear All
        </button>
        <button type="button" className="button" onClick={() => actor.send({ type: "filters.apply" })}>
          Apply Filter
        </button>
      </footer>
    </aside>
  );
}
