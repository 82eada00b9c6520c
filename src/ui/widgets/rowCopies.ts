/**
 * A table row's machine follows its row as the list is read again: each page React Query reads
 * under the list's key that holds the row hands its copy on.
 */
import { partialMatchKey, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { type EventObject, fromCallback } from "xstate";

type Row = { id: number };

/** Calls back with each copy of row `id` a page under `key` (a `{ results }` list) reads; returns the unsubscribe. */
export function watchRowCopies<R extends Row>(
  queryClient: QueryClient,
  key: QueryKey,
  id: number,
  onCopy: (row: R) => void,
): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    if (!partialMatchKey(event.query.queryKey, key)) return;
    const copy = (event.query.state.data as { results: readonly R[] } | undefined)?.results.find(
      (r) => r.id === id,
    );
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
