import { useEffect } from "react";
import type { ActorRefFrom } from "xstate";
import { tableQueryFromParams, tableQueryToParams } from "../../domain/table";
import { dataTableMachine } from "../../machines/dataTable";
import { useLiveActorRef } from "../live/liveActors";

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
  const actor = useLiveActorRef(dataTableMachine, {
    input: tableQueryFromParams(ownParams(globalThis.location?.search ?? "", prefix), defaultPageSize),
  });
  useTableAddress(actor, defaultPageSize, prefix);
  return actor;
}

/**
 * Keeps a table's page, size, order and search in the URL query, and restores them on Back and
 * Forward: for a table a screen's machine invokes (it starts from the address too).
 */
export function useTableAddress(actor: DataTableActor, defaultPageSize?: number, prefix = ""): void {
  useEffect(() => {
    const write = () => {
      const { page, pageSize, sort, search } = actor.getSnapshot().context;
      const url = new URL(window.location.href);
      for (const key of TABLE_PARAMS) url.searchParams.delete(`${prefix}${key}`);
      for (const [key, value] of Object.entries(tableQueryToParams({ page, pageSize, sort, search }))) {
        url.searchParams.set(`${prefix}${key}`, value);
      }
      if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
    };
    const subscription = actor.subscribe(write);
    const restore = () =>
      actor.send({
        type: "view.restore",
        query: tableQueryFromParams(ownParams(window.location.search, prefix), defaultPageSize),
      });
    window.addEventListener("popstate", restore);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener("popstate", restore);
    };
  }, [actor, defaultPageSize, prefix]);
}
