/**
 * The edge between a read-only list and the browser: its table (page, size and search, kept in the
 * address by useDataTable) and its filter drawer, whose applied filters are read from the address
 * when the list opens and written back to it (replacing the entry) whenever they change; Apply
 * Filter and a removed chip take the list back to its first page, and Back and Forward within the
 * list restore its filters.
 */
import { useSelector } from "@xstate/react";
import { useEffect, useMemo } from "react";
import { type ActorRefFrom, fromCallback, type PromiseActorLogic } from "xstate";
import {
  type FilterChip,
  type FilterKinds,
  type FilterValues,
  filterParamKeys,
  filterValuesFromParams,
  filterValuesToParams,
  withoutChip,
} from "../../domain/shared/filters";
import {
  type FilterDrawerEvent,
  type FilterOption,
  filterDrawerMachine,
} from "../../machines/shared/filterDrawer";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { type DataTableActor, useDataTable } from "../widgets/useDataTable";

export type FilteredList = {
  table: DataTableActor;
  drawer: ActorRefFrom<typeof filterDrawerMachine>;
  applied: FilterValues;
  removeChip: (chip: FilterChip) => void;
};

const addressFilters = (kinds: FilterKinds): FilterValues =>
  filterValuesFromParams(new URLSearchParams(globalThis.location?.search ?? ""), kinds);

/** Back and Forward within the list bring the filters of the address they return to. */
const addressChanges = (kinds: FilterKinds) =>
  fromCallback(({ sendBack }) => {
    const restore = () =>
      sendBack({ type: "applied.set", values: addressFilters(kinds) } satisfies FilterDrawerEvent);
    window.addEventListener("popstate", restore);
    return () => window.removeEventListener("popstate", restore);
  });

/** The address with these filters in place of the list's old ones, other parameters kept. */
function writeFilters(values: FilterValues, kinds: FilterKinds): void {
  const url = new URL(window.location.href);
  for (const key of filterParamKeys(kinds)) url.searchParams.delete(key);
  for (const [key, value] of filterValuesToParams(values)) url.searchParams.append(key, value);
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
}

export function useFilteredList(
  kinds: FilterKinds,
  loadOptions: PromiseActorLogic<Record<string, readonly FilterOption[]>>,
): FilteredList {
  const table = useDataTable();
  const input = useMemo(() => ({ applied: addressFilters(kinds) }), [kinds]);
  const drawer = useLiveActorRef(
    useProvided(filterDrawerMachine, {
      actors: { loadOptions, addressChanges: addressChanges(kinds) },
      actions: { filtersApplied: () => table.send({ type: "page.go", page: 1 }) },
    }),
    { input },
  );
  const applied = useSelector(drawer, (s) => s.context.applied);
  useEffect(() => writeFilters(applied, kinds), [applied, kinds]);
  const removeChip = (chip: FilterChip) => {
    drawer.send({ type: "applied.set", values: withoutChip(applied, chip) });
    table.send({ type: "page.go", page: 1 });
  };
  return { table, drawer, applied, removeChip };
}
