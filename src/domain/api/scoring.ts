/**
 * Logic scoring's endpoint (001 §7: scoring details by outlet slug). The setup itself is the
 * resource layer's (src/domain/admin/resources/scoring.ts, declared by adminResources.ts).
 */
import { Schema } from "effect";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import { OutletScore } from "../survey/scoring";
import { endpoint } from "./endpoint";
import { Text } from "./fields";

export const outletScore = endpoint({
  summary:
    "An outlet's score (001 §3 Score: max_score, score, scoring_parameter_groups_data), as its sub-project's scoring works it out; 409 with the reason when it cannot be worked out",
  method: "GET",
  path: "/outlets/:slug/score/",
  grant: "outletsRead",
  params: Schema.Struct({ slug: Text(MAX_QUERY_TEXT_LENGTH) }),
  response: OutletScore,
  refusals: [404, 409],
});
