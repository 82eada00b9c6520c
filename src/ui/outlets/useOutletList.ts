/**
 * The edge between an outlet list's machine and the browser: the machine starts from the list's
 * address and the selection this tab remembers, and every change of its query or filters is
 * written back to the address (replacing the entry, so Back leaves the list) and to the tab's
 * memory; the browser's Back and Forward within the list restore the query.
 */
import { useSelector } from "@xstate/react";
import { useEffect, useMemo } from "react";
import { type ActorRefFrom, fromCallback } from "xstate";
import {
  type FilterKinds,
  type FilterValues,
  filterParamKeys,
  filterValuesFromParams,
  filterValuesToParams,
} from "../../domain/shared/filters";
import { type TableQuery, tableQueryFromParams, tableQueryToParams } from "../../domain/shared/table";
import { rememberedList, rememberList } from "../../infra/listMemory";
import {
  type OutletListEffects,
  type OutletListEvent,
  type OutletListInput,
  provideOutletList,
  selectedOutlets,
} from "../../machines/outlets/outletList";
import { useLiveActorRef } from "../live/liveActors";

export type OutletListActor = ActorRefFrom<ReturnType<typeof provideOutletList>>;

const TABLE_PARAMS = ["page", "page-size", "ordering", "search"];

/** The list's query and filters as read from an address query string. */
export function readListAddress(
  search: string,
  kinds: FilterKinds,
): { query: TableQuery; applied: FilterValues } {
  const params = new URLSearchParams(search);
  return { query: tableQueryFromParams(params), applied: filterValuesFromParams(params, kinds) };
}

/** The address query string for a list's query and filters, other parameters of the page kept. */
export function listAddress(
  current: string,
  query: TableQuery,
  applied: FilterValues,
  kinds: FilterKinds,
): string {
  const params = new URLSearchParams(current);
  for (const key of [...TABLE_PARAMS, ...filterParamKeys(kinds)]) params.delete(key);
  for (const [key, value] of Object.entries(tableQueryToParams(query))) params.set(key, value);
  for (const [key, value] of filterValuesToParams(applied)) params.append(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Back and Forward within the list bring the query and filters of the address they return to. */
const addressChanges = (path: string, kinds: FilterKinds) =>
  fromCallback(({ sendBack }) => {
    const restore = () => {
      if (window.location.pathname !== path) return;
      sendBack({
        type: "address.changed",
        ...readListAddress(window.location.search, kinds),
      } satisfies OutletListEvent);
    };
    window.addEventListener("popstate", restore);
    return () => window.removeEventListener("popstate", restore);
  });

export function useOutletList(effects: OutletListEffects, kinds: FilterKinds): OutletListActor {
  const path = window.location.pathname;
  const input = useMemo(
    (): OutletListInput => ({
      ...readListAddress(window.location.search, kinds),
      selection: rememberedList(path).selection,
    }),
    [path, kinds],
  );
  const machine = useMemo(
    () => provideOutletList(effects, addressChanges(path, kinds)),
    [effects, path, kinds],
  );
  const actor = useLiveActorRef(machine, { input });
  const { view, applied, known } = useSelector(actor, (s) => s.context);
  useEffect(() => {
    const search = listAddress(window.location.search, view, applied, kinds);
    if (search !== window.location.search) {
      window.history.replaceState(window.history.state, "", `${path}${search}${window.location.hash}`);
    }
    rememberList(path, { search, selection: selectedOutlets({ view, known }) });
  }, [view, applied, known, path, kinds]);
  return actor;
}
