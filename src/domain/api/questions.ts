/**
 * A question's own screen (docs/survey.md, "Reference images"): the question with its reference
 * images, and their save at the version read. Read by those who read the question lists and written
 * by those who write questions (the questions resource's permissions; questions are shared set-up,
 * so internal staff alone write them).
 */
import { Schema } from "effect";
import { questions } from "../admin/resources/questions";
import { QuestionReferenceImages, ReferenceImagesSave } from "../survey/referenceImages";
import { endpoint } from "./endpoint";
import { IdText } from "./fields";
import { QuestionId } from "./ids";

const OfQuestion = Schema.Struct({ id: IdText(QuestionId) });

export const questionReferenceImages = endpoint({
  summary: "A question with its reference images and their version",
  method: "GET",
  path: "/admin/questions/:id/reference-images/",
  grant: "resourceRead",
  resource: questions.name,
  params: OfQuestion,
  response: QuestionReferenceImages,
  refusals: [404],
});

export const saveQuestionReferenceImages = endpoint({
  summary: "Replaces a question's reference images at the version read; 409 when changed meanwhile",
  method: "PUT",
  path: "/admin/questions/:id/reference-images/",
  grant: "resourceWrite",
  resource: questions.name,
  params: OfQuestion,
  body: ReferenceImagesSave,
  response: QuestionReferenceImages,
  refusals: [400, 404, 409],
});
