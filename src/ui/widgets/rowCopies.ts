/**
 * A table row's machine follows its row as the list is read again: each page React Query reads
 * under the list's key that holds the row hands its copy on.
 */
import { partialMatchKey, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { type EventObject, fromCallback } from "xstate";

type Row = { id: number };

type Page<R> = { results: readonly R[] } | undefined;
const copyIn = <R extends Row>(data: unknown, id: number) =>
  (data as Page<R>)?.results.find((r) => r.id === id);

/**
 * Calls back with each copy of row `id` a page under `key` (a `{ results }` list) reads; returns the
 * unsubscribe. It starts with the newest copy already cached: a row's machine is made with the copy
 * its row rendered, and starts watching only after React commits, so a copy read between the two
 * (the job that completed just then) would otherwise never reach it.
 */
export function watchRowCopies<R extends Row>(
  queryClient: QueryClient,
  key: QueryKey,
  id: number,
  onCopy: (row: R) => void,
): () => void {
  const cache = queryClient.getQueryCache();
  const newest = cache
    .findAll({ queryKey: key })
    .filter((query) => copyIn<R>(query.state.data, id))
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0];
  const cached = newest && copyIn<R>(newest.state.data, id);
  if (cached) onCopy(cached);
  return cache.subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    if (!partialMatchKey(event.query.queryKey, key)) return;
    const copy = copyIn<R>(event.query.state.data, id);
    if (copy) onCopy(copy);
  });
}

/** The callback actor a row's machine invokes (input: its row's id): it sends the row's machine each copy read. */
export const rowCopies = <R extends Row, E extends EventObject>(
  queryClient: QueryClient,
  key: QueryKey,
  copied: (row: R) => E,
) =>
  fromCallback<E, { id: number }>(({ input, sendBack }) =>
    watchRowCopies<R>(queryClient, key, input.id, (row) => sendBack(copied(row))),
  );
