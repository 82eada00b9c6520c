/** The Form 16 batch machine's effects, provided at the screen (tests provide fakes). */
import type { QueryClient } from "@tanstack/react-query";
import { partialMatchKey } from "@tanstack/react-query";
import { fromCallback, fromPromise } from "xstate";
import type { Form16Batch, Form16BatchList } from "../../domain/tax/tax";
import { batchesKey, fetchBatch, startBatch } from "../../infra/api/tax";
import type { BatchStart, Form16BatchEvent } from "../../machines/tax/form16Batch";

export function form16BatchActors(queryClient: QueryClient) {
  return {
    startBatch: fromPromise<BatchStart, { financial_year: string }>(({ input, signal }) =>
      startBatch(input.financial_year, signal),
    ),
    fetchJob: fromPromise<Form16Batch, { id: number }>(({ input, signal }) => fetchBatch(input.id, signal)),
    batchCopies: batchCopies(queryClient),
  };
}

/** Each batch a read of the batch list brings is handed to the machine, which keeps the one it follows. */
function batchCopies(queryClient: QueryClient) {
  return fromCallback<Form16BatchEvent>(({ sendBack }) =>
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "success") return;
      if (!partialMatchKey(event.query.queryKey, batchesKey)) return;
      for (const batch of (event.query.state.data as Form16BatchList | undefined)?.results ?? [])
        sendBack({ type: "batch.copied", batch });
    }),
  );
}
