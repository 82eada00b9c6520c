/**
 * The calling desk's calls (spec 001 §6, §7): the calling-tracker list of an outlet, filtered by
 * linked_outlets. A reason is recorded through the shared update call (object_type
 * workflow_calling_tracker, src/domain/api/survey.ts `updateObjects`).
 */
import { Schema } from "effect";
import { CallingTrackerList } from "../outlets/calling";
import { endpoint } from "./endpoint";
import { IdText } from "./fields";
import { OutletId } from "./ids";

export const callingTrackers = endpoint({
  summary:
    "The calling tracker entries linked to an outlet, with the reasons configuration (calling executive)",
  method: "GET",
  path: "/workflow/calling-trackers/",
  grant: "outletsRead",
  query: Schema.Struct({ linked_outlets: IdText(OutletId) }),
  response: CallingTrackerList,
  refusals: [400, 404],
});
