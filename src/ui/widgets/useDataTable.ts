import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import { type ActorRefFrom, fromCallback } from "xstate";
import { tableQueryFromParams, tableQueryToParams } from "../../domain/shared/table";
import { type DataTableEvent, dataTableMachine } from "../../machines/shared/dataTable";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";

export type DataTableActor = ActorRefFrom<typeof dataTableMachine>;

const TABLE_PARAMS = ["page", "page-size", "ordering", "search"];

/**
 * The table's own part of a URL query: a page with two tables names the second's keys with a
 * prefix ("code-page"), so paging one leaves the other where it is.
 */
function ownParams(search: string, prefix: string): URLSearchParams {
  const own = [...new URLSearchParams(search)].filter(([key]) => key.startsWith(prefix));
  return new URLSearchParams(own.map(([key, value]) => [key.slice(prefix.length), value]));
}

/**
 * A data table actor whose page, size, order and search live in the URL query, so a reload or a
 * shared link shows the same view. Other query parameters of the page are left alone. A list with
 * its own default page size (the recovery table's 50) passes it; a page's second table passes a
 * prefix for its keys.
 */
export function useDataTable(defaultPageSize?: number, prefix = ""): DataTableActor {
  const actor = useLiveActorRef(
    useProvided(dataTableMachine, {
      actors: { addressChanges: tableAddressChanges(defaultPageSize, prefix) },
    }),
    { input: tableQueryFromParams(ownParams(globalThis.location?.search ?? "", prefix), defaultPageSize) },
  );
  useTableAddress(actor, prefix);
  return actor;
}

/** Back and Forward bring the table's page, size, order and search of the address they return to. */
export const tableAddressChanges = (defaultPageSize?: number, prefix = "") =>
  fromCallback(({ sendBack }) => {
    const restore = () =>
      sendBack({
        type: "view.restore",
        query: tableQueryFromParams(ownParams(window.location.search, prefix), defaultPageSize),
      } satisfies DataTableEvent);
    window.addEventListener("popstate", restore);
    return () => window.removeEventListener("popstate", restore);
  });

/**
 * Keeps a table's page, size, order and search in the URL query, written from the state the table
 * reaches; for a table a screen's machine invokes, that machine provides `tableAddressChanges`.
 */
export function useTableAddress(actor: DataTableActor, prefix = ""): void {
  const snapshot = useSelector(actor, (s) => s);
  // The address is left as it is until the table first changes: a list opened bare stays bare.
  const opened = useRef(snapshot);
  useEffect(() => {
    if (snapshot === opened.current) return;
    const { page, pageSize, sort, search } = snapshot.context;
    const url = new URL(window.location.href);
    for (const key of TABLE_PARAMS) url.searchParams.delete(`${prefix}${key}`);
    for (const [key, value] of Object.entries(tableQueryToParams({ page, pageSize, sort, search }))) {
      url.searchParams.set(`${prefix}${key}`, value);
    }
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
  }, [snapshot, prefix]);
}
