/** The calling tracker machine's side effects, provided by the application (tests provide fakes). */
import { fromPromise } from "xstate";
import type { CallingTrackerList } from "../../domain/outlets/calling";
import { callingTrackers, saveReason } from "../../infra/api/calling";
import { runApi } from "../../infra/http";

export const callingTrackerActors = {
  loadTrackers: fromPromise<CallingTrackerList, { outlet: number }>(({ input, signal }) =>
    runApi(callingTrackers(input.outlet), { signal }),
  ),
  saveReason: fromPromise<void, { tracker: { id: number; phone_number: string }; reason: string }>(
    ({ input, signal }) =>
      runApi(saveReason({ ...input.tracker, id: input.tracker.id as never }, input.reason), { signal }),
  ),
};
