/**
 * Location checks' endpoint (docs/verification.md): a sub-project's outlets with the place their
 * survey location falls in, found offline, against the address entered; the mismatches by default.
 * For the identity reviewers, over every organisation's outlets, as their other checks are.
 */
import { Schema } from "effect";
import { LOCATION_SHOWS, LocationChecks } from "../verification/locationChecks";
import { endpoint } from "./endpoint";
import { Choice, IdText } from "./fields";
import { SubProjectId } from "./ids";

export const locationChecks = endpoint({
  summary:
    "A page of a sub-project's outlets (the first sub-project when none is named) with the place their survey location falls in (PIN code, district, state) and the verdict against the entered address, the verdicts shown as asked (outside the entered state by default), with the count of each verdict",
  method: "GET",
  path: "/verification/location-checks/",
  grant: "verifyIdentity",
  query: Schema.Struct({
    sub_project: Schema.optionalKey(IdText(SubProjectId)),
    show: Schema.optionalKey(Choice(LOCATION_SHOWS)),
  }),
  paged: true,
  response: LocationChecks,
  refusals: [400, 404],
});
