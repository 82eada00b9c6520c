import { useSelector } from "@xstate/react";
import { format } from "date-fns";
import { useId, useRef, useState } from "react";
import type { ActorRefFrom } from "xstate";
import {
  DATE_FILTER_MAX_HEIGHT_PX,
  FILTER_DRAWER_WIDTH_PX,
  FILTER_LIST_MAX_HEIGHT_PX,
  isRangeSet,
} from "../../domain/shared/filters";
import { MSG } from "../../domain/shared/messages";
import { matchesSearch } from "../../domain/shared/table";
import type { filterDrawerMachine } from "../../machines/shared/filterDrawer";
import { trapTab, useFocusInside } from "./focusTrap";

export type FilterDrawerActor = ActorRefFrom<typeof filterDrawerMachine>;

export type FilterDefinition = {
  key: string;
  label: string;
  kind: "list" | "dateRange" | "invoiceRange" | "toggle";
};

/** Options shown at once in a list filter; the search box narrows a longer list (RSIDs). */
const SHOWN_OPTIONS = 100;

/**
 * A checkbox list in a disclosure, so a long list (RSIDs) never pushes the other filters out of
 * reach: the first list starts open, the others open when they have ticks.
 */
function ListFilter({
  actor,
  filter,
  first,
}: {
  actor: FilterDrawerActor;
  filter: FilterDefinition;
  first: boolean;
}) {
  const options = useSelector(actor, (s) => s.context.options[filter.key] ?? []);
  const chosen = useSelector(actor, (s) => s.context.draft.lists[filter.key] ?? []);
  const [search, setSearch] = useState("");
  const searchId = useId();
  const matching = options.filter((o) => matchesSearch(o.label, search));
  const shown = matching.slice(0, SHOWN_OPTIONS);
  return (
    <details className="filter-section" open={first || chosen.length > 0}>
      <summary>
        {filter.label} <span className="badge">{chosen.length}</span>
      </summary>
      <fieldset className="filter">
        <legend className="visually-hidden">{filter.label}</legend>
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
        {matching.length > shown.length && (
          <p className="filter-more">
            {shown.length} of {matching.length} shown: search to find others.
          </p>
        )}
      </fieldset>
    </details>
  );
}

/**
 * A date range. The created-date range is off until the user turns it on, which starts it at the
 * picker's default (yesterday through today); the invoice range applies as soon as a date is set.
 */
function RangeFilter({ actor, filter }: { actor: FilterDrawerActor; filter: FilterDefinition }) {
  const set = useSelector(actor, (s) => s.context.draft.ranges[filter.key]);
  const range = set ?? { from: null, to: null };
  const alert = useSelector(actor, (s) => (filter.kind === "invoiceRange" ? s.context.alert : null));
  const fromId = useId();
  const toId = useId();
  const invoice = filter.kind === "invoiceRange";
  const on = invoice || set !== undefined;
  return (
    <fieldset className="filter" style={{ maxHeight: DATE_FILTER_MAX_HEIGHT_PX }}>
      <legend>{filter.label}</legend>
      {!invoice && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={on}
            onChange={() =>
              actor.send(
                on
                  ? { type: "range.disable", key: filter.key }
                  : { type: "range.enable", key: filter.key, today: format(new Date(), "yyyy-MM-dd") },
              )
            }
          />
          Filter by {filter.label.toLowerCase()} date
        </label>
      )}
      {on && (
        <>
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
        </>
      )}
      {!invoice && on && !isRangeSet(range) && (
        <p className="filter-more">Choose a date to apply this filter.</p>
      )}
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

/**
 * The right-hand filter drawer (spec 000 §2.4): FilterList, Clear All and Apply Filter. By keyboard
 * it behaves as a dialog: focus moves in, Tab stays in, Escape closes and focus returns.
 */
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
  const drawer = useRef<HTMLDivElement>(null);
  const shown = state !== "closed";
  useFocusInside(drawer, shown);
  if (!shown) return null;
  const firstList = filters.find((f) => f.kind === "list")?.key;
  return (
    <div
      ref={drawer}
      role="dialog"
      aria-modal="true"
      className="filter-drawer"
      aria-labelledby={titleId}
      tabIndex={-1}
      style={{ width: FILTER_DRAWER_WIDTH_PX }}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          actor.send({ type: "drawer.close" });
          return;
        }
        trapTab(e, drawer.current);
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
              <ListFilter key={f.key} actor={actor} filter={f} first={f.key === firstList} />
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
    </div>
  );
}
