/**
 * Survey Details' endpoints (spec 001 §7, 002 §7): question groups, a group's answers, answer-linked
 * and all survey images, one answer image, the shared update call (object_type answers) and
 * Refresh QC data.
 */
import { Schema } from "effect";
import { AnswersUpdateResponse, GroupAnswers, LinkedImages, QuestionGroups } from "../survey/survey";
import { ObjectUpdateBody } from "../survey/surveyInput";
import { SurveyOverview } from "../survey/surveyOverview";
import { Download, endpoint } from "./endpoint";
import { FirstOf, IdText, PathText } from "./fields";
import { AnswerId, ONE_RECORD_ID, OutletId, QuestionGroupId, WorkflowObjectId } from "./ids";
import { Detail } from "./retailerRequests";

const workflowObject = IdText(WorkflowObjectId, ONE_RECORD_ID);

export const questionGroups = endpoint({
  summary: "The question groups of a workflow object's survey",
  method: "GET",
  path: "/survey/question-groups/",
  grant: "outletsRead",
  query: Schema.Struct({ workflow_object: workflowObject }),
  response: QuestionGroups,
  refusals: [400, 404],
});

// filter_answers and no-pagination are accepted as the spec sends them: a group is never paged.
export const groupAnswers = endpoint({
  summary: "A question group's questions with the workflow object's answers and earlier answers",
  method: "GET",
  path: "/survey/answers/",
  grant: "outletsRead",
  query: Schema.Struct({
    related_answers__workflow_object: workflowObject,
    question_group: IdText(QuestionGroupId, ONE_RECORD_ID),
    filter_answers: Schema.optionalKey(Schema.String),
    "no-pagination": Schema.optionalKey(Schema.String),
  }),
  response: GroupAnswers,
  refusals: [400, 404],
});

// The spec's call names the workflow object filter twice; the first value is read.
export const answerLinkedImages = endpoint({
  summary: "The images of one question group's answers",
  method: "GET",
  path: "/survey/question-groups/:slug/answer-linked-images/",
  grant: "outletsRead",
  params: Schema.Struct({ slug: PathText }),
  query: Schema.Struct({ related_answers__workflow_object: FirstOf(workflowObject) }),
  response: LinkedImages,
  refusals: [400, 404],
});

export const surveyImages = endpoint({
  summary: "Every image of the outlet's survey answers, in question order",
  method: "GET",
  path: "/survey/images/",
  grant: "outletsRead",
  query: Schema.Struct({ outlet: IdText(OutletId, ONE_RECORD_ID) }),
  response: LinkedImages,
  refusals: [400, 404],
});

export const answerImage = endpoint({
  summary: "One answer image, cacheable (its address carries its version)",
  method: "GET",
  path: "/survey/answer-images/:id/",
  grant: "outletsRead",
  params: Schema.Struct({ id: IdText(AnswerId) }),
  response: Download,
  refusals: [404],
});

/**
 * The shared update call (001 §7 object-create, 002 §7): one body per object_type, each decoded by
 * its own schema: answers (changed ones by id at the version read, new ones created) and
 * workflow_calling_tracker (a phone's reason details, data_to_create null).
 */
export const updateObjects = endpoint({
  summary:
    "Saves objects by object_type: answers (changed ones by id at the version read, new ones created) or workflow_calling_tracker (a phone's reason)",
  method: "POST",
  path: "/update/",
  grant: "outletsWrite",
  body: ObjectUpdateBody,
  nested: true,
  response: AnswersUpdateResponse,
  refusals: [400, 404, 409],
});

// A POST, not the GET the spec shows: it changes the outlet, and a GET would let another site's
// link make that change with the user's cookie.
export const refreshQcData = endpoint({
  summary: "Copies the survey's answers to the outlet and its workflow object (Refresh QC data)",
  method: "POST",
  path: "/outlets/:slug/refresh-qc-data/",
  grant: "outletsWrite",
  params: Schema.Struct({ slug: PathText }),
  response: Detail,
  refusals: [404, 409],
});

export const surveyOverview = endpoint({
  summary:
    "A page of a sub-project's questions (by slug; the first sub-project the caller sees when none is named), each with how many of its outlets answered it, the count of each choice and the range of numbers given; the caller's organisation's sub-projects only",
  method: "GET",
  path: "/survey/overview/",
  grant: "outletsRead",
  query: Schema.Struct({ sub_project: Schema.optionalKey(PathText) }),
  paged: true,
  response: SurveyOverview,
  refusals: [400, 404],
});
