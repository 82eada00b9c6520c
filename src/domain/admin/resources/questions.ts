/**
 * Question management of a sub-project (000 §2.1 question-management, sku-questions): the questions
 * of its general groups and those of its SKU groups (asked once per SKU of the group), as read-only
 * lists. Questions are written by the questions upload; the lists read the views of migrations 0063
 * and 0098. Each question opens its own screen, where its reference images are changed.
 */
import { Schema } from "effect";
import { QUESTION_SCREEN } from "../../survey/questionScreen";
import { REFERENCE_IMAGES_LABEL, readReferenceImages } from "../../survey/referenceImages";
import { QUESTION_TYPES, questionTypeLabel } from "../../survey/survey";
import {
  choice,
  type FieldSpec,
  number,
  type ResourceDefinition,
  reference,
  text,
  toggle,
} from "../resource";
import { type AdminCaller, mayWriteShared } from "../resourceRights";
import { SET_UP_PROJECTS, SUB_PROJECT_HUB } from "./projects";

export const QUESTION_MANAGEMENT = `${SUB_PROJECT_HUB}/question-management`;

const questionFields = {
  sub_project: reference("Sub-project", "sub-projects", { fromParent: true }),
  question_group: text("Question group", { max: 200 }),
  name: text("Question", { max: 500 }),
  type: choice("Type", QUESTION_TYPES, { labelOf: questionTypeLabel }),
  is_mandatory: toggle("Mandatory"),
  is_calling_necessary: toggle("Calling necessary"),
  /** The order the survey asks in: the group's place, then the question's within it. */
  place: number("Order", { min: 0 }),
  /** How many reference images the question shows (they are changed on its screen). */
  reference_images: number("Reference images", { min: 0 }),
};

export const questions: ResourceDefinition = {
  name: "questions",
  noun: "Question",
  plural: "Questions",
  table: "question_list",
  fields: questionFields,
  titleField: "name",
  addressBy: "id",
  scope: "global",
  columns: ["name", "question_group", "type", "is_mandatory", "is_calling_necessary", "reference_images"],
  searchKeys: ["name", "question_group"],
  orderKeys: ["place", "name", "question_group"],
  filters: ["sub_project", "type", "is_mandatory"],
  read: SET_UP_PROJECTS,
  write: SET_UP_PROJECTS,
  routes: { list: QUESTION_MANAGEMENT, open: QUESTION_SCREEN },
  related: [
    { label: "SKU questions", path: `${QUESTION_MANAGEMENT}/sku-questions` },
    { label: "Question bulk upload", path: `${QUESTION_MANAGEMENT}/bulk-upload` },
  ],
  parent: { field: "sub_project", param: "slug" },
  writable: false,
};

export const skuQuestions: ResourceDefinition = {
  ...questions,
  name: "sku-questions",
  noun: "SKU question",
  plural: "SKU questions",
  table: "sku_question_list",
  fields: { ...questionFields, skus: number("SKUs asked about", { min: 0 }) },
  columns: ["name", "question_group", "skus", "type", "is_mandatory", "reference_images"],
  routes: { list: `${QUESTION_MANAGEMENT}/sku-questions`, open: QUESTION_SCREEN },
  related: [
    { label: "Questions", path: QUESTION_MANAGEMENT },
    { label: "Question bulk upload", path: `${QUESTION_MANAGEMENT}/bulk-upload` },
    { label: "SKU question bulk upload", path: `${QUESTION_MANAGEMENT}/sku-bulk-upload` },
  ],
};

/**
 * The box of the question screen where its reference images are written, one address per line:
 * checked with the rule the uploads and the server use, every problem at once.
 */
const referenceImagesBox: FieldSpec = {
  label: REFERENCE_IMAGES_LABEL,
  widget: "textarea",
  schema: Schema.String.check(
    Schema.makeFilter((box: string) => {
      const { problems } = readReferenceImages(box);
      return problems.length === 0 ? true : problems;
    }),
  ),
  required: false,
};

/** The question screen's form: a question's reference images, saved by their own call (api/questions.ts). */
export const questionReferenceImages: ResourceDefinition = {
  ...questions,
  name: "question-reference-images",
  noun: "Reference images",
  plural: "Reference images",
  fields: { reference_images: referenceImagesBox },
  titleField: "reference_images",
  columns: [],
  searchKeys: [],
  orderKeys: [],
  filters: [],
  routes: {},
  related: [],
  parent: undefined,
};

/**
 * Who changes a question's reference images: whoever writes questions (their write permission),
 * internal staff alone, as questions are set-up every organisation's work relies on; the server's
 * write grant on the questions resource applies the same two rules.
 */
export const mayChangeReferenceImages = (permissions: readonly string[], caller: AdminCaller): boolean =>
  questions.write.some((p) => permissions.includes(p)) && mayWriteShared(questions, caller);
