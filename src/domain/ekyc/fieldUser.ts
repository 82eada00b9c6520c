/**
 * The field auditor's own area (eMyTrack, spec 002 §2.2: content not shown; docs/field-user.md).
 * Shared by the server, which scopes every answer to the signed-in auditor, and the screens.
 */
import { Schema } from "effect";
import { paginated } from "../api/paginated";
import { OutletDetail, OutletLogEntry } from "../outlets/outletListing";
import { NOT_AVAILABLE } from "../outlets/outletReview";
import { OUTLET_STATES, SUB_PROJECT_KEYS, SUB_PROJECT_TYPES, workflowTypeOf } from "../outlets/outletStates";
import {
  type Answer,
  isImageType,
  type Question,
  QuestionGroup,
  Question as QuestionSchema,
} from "../survey/survey";

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

/** What a list query without a list is told. */
export const CHOOSE_FIELD_LIST = `Choose one of ${FIELD_LISTS.join(", ")}.`;

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

/**
 * One answer as the auditor reads it: the SKU it is about (a sku_group group), the value as text
 * (choices joined, a location as "latitude, longitude"; bank and tax numbers cut to their last four
 * characters) and how many photos it holds. Reviewers' marks (verified, remarks, call checks, the
 * names found for an account or GST) are not part of it.
 */
export const FieldAnswer = Schema.Struct({
  sku: Schema.NullOr(Schema.String),
  value: Schema.NullOr(Schema.String),
  photos: Schema.Number,
});
export type FieldAnswer = typeof FieldAnswer.Type;

export const FieldQuestion = Schema.Struct({
  id: QuestionSchema.fields.id,
  name: QuestionSchema.fields.name,
  type: QuestionSchema.fields.type,
  answers: Schema.Array(FieldAnswer),
});
export type FieldQuestion = typeof FieldQuestion.Type;

export const FieldQuestionGroup = Schema.Struct({
  id: QuestionGroup.fields.id,
  name: QuestionGroup.fields.name,
  questions: Schema.Array(FieldQuestion),
});
export type FieldQuestionGroup = typeof FieldQuestionGroup.Type;

export const FieldSurveyListing = Schema.Struct({
  rsid: Schema.String,
  name: Schema.String,
  survey: FieldSurvey,
  /** The outlet's question groups with their questions and answers; none without a survey record. */
  groups: Schema.Array(FieldQuestionGroup),
  decisions: Schema.Array(FieldDecision),
});
export type FieldSurveyListing = typeof FieldSurveyListing.Type;

/** Whether a survey was recorded at all: started, or noted as not done. */
export const surveyRecorded = (survey: FieldSurvey): boolean =>
  survey.started !== null || survey.not_done_notes !== null;

/** Bank and tax numbers: the area shows only their last four characters (see "Who sees what"). */
const MASKED_TYPES: readonly string[] = ["pan_number", "gst_number", "account_number", "ifsc_code"];
export const maskNumber = (value: string): string => (value.length <= 4 ? "••••" : `••••${value.slice(-4)}`);

const textOrNull = (value: string | null): string | null => (value?.trim() ? value.trim() : null);

/** An answer of a question as the auditor's area carries it. */
export function fieldAnswerOf(question: Pick<Question, "type">, answer: Answer): FieldAnswer {
  const sku = answer.sku_product?.name ?? null;
  if (isImageType(question.type)) return { sku, value: null, photos: answer.images.length };
  let value: string | null;
  if (question.type === "multiple_choice") value = textOrNull(answer.multiple_answers_input.join(", "));
  else if (question.type === "location")
    value =
      answer.latitude_input === null || answer.longitude_input === null
        ? null
        : `${answer.latitude_input}, ${answer.longitude_input}`;
  else {
    value = textOrNull(answer.single_input);
    if (value !== null && MASKED_TYPES.includes(question.type)) value = maskNumber(value);
  }
  return { sku, value, photos: 0 };
}

export const FIELD_NOT_ANSWERED = "Not Answered";
export const FIELD_NOT_AVAILABLE = NOT_AVAILABLE;

/** What the screen shows for one answer, or for a question left unanswered (answer undefined). */
export function fieldAnswerText(type: string, answer: FieldAnswer | undefined): string {
  const empty = !answer || (answer.value === null && answer.photos === 0);
  if (empty) return type === "e_signature" ? FIELD_NOT_ANSWERED : FIELD_NOT_AVAILABLE;
  if (isImageType(type)) return `${answer.photos} photo${answer.photos === 1 ? "" : "s"}`;
  return answer.value ?? FIELD_NOT_AVAILABLE;
}
