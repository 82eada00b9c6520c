/**
 * Question management of a sub-project (000 §2.1 question-management, sku-questions): the questions
 * of its general groups and those of its SKU groups (asked once per SKU of the group), as read-only
 * lists. Questions are written by the questions upload; the lists read the views of migration 0063.
 */
import { choice, number, type ResourceDefinition, reference, text, toggle } from "../resource";
import { QUESTION_TYPES, questionTypeLabel } from "../survey";
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
  columns: ["name", "question_group", "type", "is_mandatory", "is_calling_necessary"],
  searchKeys: ["name", "question_group"],
  orderKeys: ["place", "name", "question_group"],
  filters: ["sub_project", "type", "is_mandatory"],
  read: SET_UP_PROJECTS,
  write: SET_UP_PROJECTS,
  routes: { list: QUESTION_MANAGEMENT },
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
  columns: ["name", "question_group", "skus", "type", "is_mandatory"],
  routes: { list: `${QUESTION_MANAGEMENT}/sku-questions` },
  related: [
    { label: "Questions", path: QUESTION_MANAGEMENT },
    { label: "Question bulk upload", path: `${QUESTION_MANAGEMENT}/bulk-upload` },
    { label: "SKU question bulk upload", path: `${QUESTION_MANAGEMENT}/sku-bulk-upload` },
  ],
};
