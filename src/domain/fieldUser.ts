/**
 * The field auditor's own area (eMyTrack, spec 002 §2.2: content not shown; docs/field-user.md).
 * Shared by the server, which scopes every answer to the signed-in auditor, and the screens.
 */
import { Schema } from "effect";
import { paginated } from "./bulkUpload";
import { OutletDetail, OutletLogEntry } from "./outletListing";
import { OUTLET_STATES, SUB_PROJECT_KEYS, SUB_PROJECT_TYPES, workflowTypeOf } from "./outletStates";

/**
 * Where an outlet's survey stands for the auditor who did it: waiting for Retail Scan's review,
 * turned down at some step, or accepted by every review it goes through inside Retail Scan (QC and
 * calling; QC alone for KYC). What the client or the payout team do afterwards keeps it completed
 * unless they reject it.
 */
export const FIELD_LISTS = ["pending", "rejected", "completed"] as const;
export type FieldList = (typeof FIELD_LISTS)[number];

export const FIELD_LIST_TITLES: Record<FieldList, string> = {
  pending: "Pending",
  rejected: "Rejected",
  completed: "Completed",
};

/** The eMyTrack route of each list (spec 002 §2.2). */
export const FIELD_LIST_PATHS: Record<FieldList, string> = {
  pending: "/eMyTrack/pending-list",
  rejected: "/eMyTrack/rejected-list",
  completed: "/eMyTrack/completed-list",
};

export const isFieldList = (value: unknown): value is FieldList =>
  typeof value === "string" && (FIELD_LISTS as readonly string[]).includes(value);

/** The list an outlet in this state of a sub-project of this type (main or cycle) belongs to. */
export function fieldListOf(subProjectType: string, state: string): FieldList | null {
  const type = workflowTypeOf(subProjectType);
  if (type === null || !(OUTLET_STATES as readonly string[]).includes(state)) return null;
  if (state.endsWith("_rejected")) return "rejected";
  if (state === "qc_pending") return "pending";
  if (state === "qc_accepted") return type === "kyc" ? "completed" : "pending";
  return "completed";
}

/**
 * Every (sub-project type, state) pair of a list, so the server filters with the rule above
 * instead of a second copy of it in SQL.
 */
export function fieldListPairs(list: FieldList): { types: string[]; states: string[] } {
  const types: string[] = [];
  const states: string[] = [];
  for (const type of SUB_PROJECT_TYPES)
    for (const key of SUB_PROJECT_KEYS[type])
      for (const state of OUTLET_STATES)
        if (fieldListOf(key, state) === list) {
          types.push(key);
          states.push(state);
        }
  return { types, states };
}

const ListCounts = Schema.Struct({
  pending: Schema.Number,
  rejected: Schema.Number,
  completed: Schema.Number,
});

/** GET my-track/outlets/summary/: the signed-in auditor's outlets counted by workflow state and list. */
export const FieldOutletSummary = Schema.Struct({
  results: Schema.Array(Schema.Struct({ workflow_state: Schema.String, count: Schema.Number })),
  total: Schema.Number,
  lists: ListCounts,
});
export type FieldOutletSummary = typeof FieldOutletSummary.Type;

/** One row of GET my-track/outlets/?list=: what an auditor needs to recognise the outlet. */
export const FieldOutlet = Schema.Struct({
  rsid: Schema.String,
  slug: Schema.String,
  name: Schema.String,
  owner_name: Schema.String,
  city: Schema.String,
  workflow_state: Schema.String,
  modified: Schema.String,
});
export type FieldOutlet = typeof FieldOutlet.Type;

export const FieldOutletPage = paginated(FieldOutlet);
export type FieldOutletPage = typeof FieldOutletPage.Type;

/** A decision on the outlet's survey, from its log, without who took it. */
const { to_state, reasons, description, created } = OutletLogEntry.fields;
export const FieldDecision = Schema.Struct({ to_state, reasons, description, created });
export type FieldDecision = typeof FieldDecision.Type;

/** GET my-track/outlets/{slug}/: the auditor's own outlet, to find it and see where it stands. */
const { address, pin, phone } = OutletDetail.fields;
export const FieldOutletDetail = Schema.Struct({
  ...FieldOutlet.fields,
  address,
  pin,
  phone,
  state: Schema.String,
  project: Schema.String,
  sub_project: Schema.String,
  program: Schema.NullOr(Schema.String),
  list: Schema.NullOr(Schema.Literals(FIELD_LISTS)),
  last_decision: Schema.NullOr(FieldDecision),
});
export type FieldOutletDetail = typeof FieldOutletDetail.Type;

/** GET my-track/outlets/{slug}/surveys/: the survey recorded on the outlet and every decision on it. */
export const FieldSurvey = Schema.Struct({
  started: Schema.NullOr(Schema.String),
  ended: Schema.NullOr(Schema.String),
  uploaded: Schema.NullOr(Schema.String),
  location_accuracy: Schema.NullOr(Schema.Number),
  app_version: Schema.NullOr(Schema.String),
  pre_survey_remark: Schema.NullOr(Schema.String),
  notes: Schema.NullOr(Schema.String),
  not_done_notes: Schema.NullOr(Schema.String),
});
export type FieldSurvey = typeof FieldSurvey.Type;

export const FieldSurveyListing = Schema.Struct({
  rsid: Schema.String,
  name: Schema.String,
  survey: FieldSurvey,
  decisions: Schema.Array(FieldDecision),
});
export type FieldSurveyListing = typeof FieldSurveyListing.Type;

/** Whether a survey was recorded at all: started, or noted as not done. */
export const surveyRecorded = (survey: FieldSurvey): boolean =>
  survey.started !== null || survey.not_done_notes !== null;
