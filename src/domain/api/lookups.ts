/**
 * The multi-object lookup (spec 001 §7, 002 §7): several named lists in one call. Each object is
 * opened by the grant of the screens that ask for it: the field auditors to the field tools, the
 * payout list's filter options (Payout Details) to whoever reviews outlets. An object the caller is
 * not granted is a 403, one the lookup does not know a 400.
 */
import { Schema } from "effect";
import { endpoint } from "./endpoint";
import { Choice, NamedList } from "./fields";
import type { Grant } from "./grants";
import { FieldAuditorId } from "./ids";

/** Each object the lookup answers, with the grant that opens it. */
export const LOOKUP_OBJECTS = {
  workflow_field_auditors: "fieldTools",
  programs: "outletsRead",
  workflow_object_client_payout_months: "outletsRead",
  workflow_object_rs_payout_months: "outletsRead",
} as const satisfies Record<string, Grant>;
export type LookupObject = keyof typeof LOOKUP_OBJECTS;

export const LOOKUP_OBJECT_NAMES = Object.keys(LOOKUP_OBJECTS) as [LookupObject, ...LookupObject[]];

const Values = Schema.Array(Schema.String);
export const LookupAnswer = Schema.Struct({
  workflow_field_auditors: Schema.optionalKey(NamedList(FieldAuditorId)),
  programs: Schema.optionalKey(Values),
  workflow_object_client_payout_months: Schema.optionalKey(Values),
  workflow_object_rs_payout_months: Schema.optionalKey(Values),
});
export type LookupAnswer = typeof LookupAnswer.Type;

export const objectLookup = endpoint({
  summary:
    "Several named lists at once: the field auditors, and the payout list's programs and client and RS payout months",
  method: "POST",
  path: "/lookups/objects/",
  grant: "lookupObjects",
  body: Schema.Struct({
    objects: Schema.Array(Choice(LOOKUP_OBJECT_NAMES)).check(
      Schema.isMinLength(1),
      Schema.isMaxLength(LOOKUP_OBJECT_NAMES.length),
    ),
  }),
  response: LookupAnswer,
  refusals: [400],
});
