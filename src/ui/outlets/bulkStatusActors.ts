/** The bulk status modal's side effects, provided by the application (tests provide fakes). */
import { fromPromise } from "xstate";
import { OutletId } from "../../domain/api/ids";
import type { BulkUpdateOutcome, BulkUpdateRequest, ChainOutlet } from "../../domain/outlets/bulkUpdate";
import { bulkUpdate, outletChain } from "../../infra/api/outlets";
import { runApi } from "../../infra/http";

export const bulkStatusActors = {
  loadChain: fromPromise<readonly ChainOutlet[], { ids: readonly number[] }>(async ({ input, signal }) => {
    const { results } = await runApi(outletChain(input.ids.map((id) => OutletId.make(id))), { signal });
    return results;
  }),
  saveStatus: fromPromise<BulkUpdateOutcome, BulkUpdateRequest>(({ input, signal }) =>
    runApi(bulkUpdate(input), { signal }),
  ),
};
