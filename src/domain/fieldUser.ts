/** The field auditor's own area (eMyTrack, spec 002 §2.2: content not shown; docs/auth.md). */
import { Schema } from "effect";

/** GET my-track/outlets/summary/: the signed-in auditor's outlets counted by workflow state. */
export const FieldOutletSummary = Schema.Struct({
  results: Schema.Array(Schema.Struct({ workflow_state: Schema.String, count: Schema.Number })),
  total: Schema.Number,
});
export type FieldOutletSummary = typeof FieldOutletSummary.Type;
