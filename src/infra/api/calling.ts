/** The calling desk's calls (spec 001 §7), each decoded with the domain's Schema. */
import { Effect } from "effect";
import * as api from "../../domain/api/calling";
import { OutletId } from "../../domain/api/ids";
import * as survey from "../../domain/api/survey";
import { type CallingTracker, type CallingTrackerList, reasonUpdateOf } from "../../domain/outlets/calling";
import { call } from "../endpoint";
import type { ApiError } from "../http";

/** GET the calling-tracker list filtered by linked_outlets. */
export const callingTrackers = (outlet: number): Effect.Effect<CallingTrackerList, ApiError> =>
  call(api.callingTrackers, { query: { linked_outlets: OutletId.make(outlet) } });

/** POST update (object_type workflow_calling_tracker): one phone's reason; the tracker as saved. */
export const saveReason = (
  tracker: Pick<CallingTracker, "id" | "phone_number">,
  reason: string,
): Effect.Effect<void, ApiError> =>
  call(survey.updateObjects, { body: reasonUpdateOf(tracker, reason) }).pipe(Effect.asVoid);
