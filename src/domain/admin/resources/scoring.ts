/**
 * A sub-project's logic scoring setup (000 §2.1 logic-score, scoring-parameters,
 * calculated-parameters, benchmarks; docs/scoring.md): its parameter groups (the logic score page),
 * its scoring parameters and calculated parameters, and the benchmarks its upload set. The catalogue
 * names no form route, so each form opens on its list's page (`?group=new`, `?parameter=7`).
 */
import type { FieldErrors } from "../../shared/requestInput";
import {
  CODE_PATTERN,
  CODE_PATTERN_MESSAGE,
  codeProblem,
  ruleSettingsProblems,
  SCORING_RULES,
  type ScoringRule,
  scoringRuleLabel,
} from "../../survey/scoring";
import { EXPRESSION_MAX_LENGTH, parseExpression } from "../../survey/scoringExpression";
import { QUESTION_TYPES, questionTypeLabel } from "../../survey/survey";
import {
  choice,
  date,
  type FieldSpec,
  number,
  type ResourceDefinition,
  reference,
  text,
  textarea,
} from "../resource";
import { SET_UP_PROJECTS, SUB_PROJECT_HUB } from "./projects";

export const LOGIC_SCORE = `${SUB_PROJECT_HUB}/logic-score`;

/** Every screen of the area, so each links to the others. */
const AREA = [
  ["Parameter groups", ""],
  ["Scoring parameters", "/scoring-parameters"],
  ["Calculated parameters", "/calculated-parameters"],
  ["Benchmarks", "/benchmarks"],
  ["Benchmark bulk upload", "/benchmarks/bulk-upload"],
] as const;
const areaLinks = (own: string) =>
  AREA.filter(([, segment]) => segment !== own).map(([label, segment]) => ({
    label,
    path: `${LOGIC_SCORE}${segment}`,
  }));

const underSubProject = {
  scope: "global",
  uniqueWithin: "sub_project",
  read: SET_UP_PROJECTS,
  write: SET_UP_PROJECTS,
  // Scoring is the internal project team's setup, as the invoice setup is.
  internalOnly: true,
  parent: { field: "sub_project", param: "slug" },
} as const;

const subProject = () => reference("Sub-project", "sub-projects", { fromParent: true });
const code = (): FieldSpec =>
  text("Code (what expressions call it)", {
    max: 40,
    unique: true,
    pattern: CODE_PATTERN,
    patternMessage: CODE_PATTERN_MESSAGE,
  });
const position = (): FieldSpec => ({ ...number("Position", { min: 1, max: 1000 }), initial: 1 });
const maximum = () => number("Maximum", { min: 0.01, max: 1000, money: true });

/** A code may not be a function's name (min, max, round): an expression could not call it. */
function codeCrossCheck(values: Readonly<Record<string, unknown>>, errors: FieldErrors): FieldErrors {
  const problem = typeof values.code === "string" ? codeProblem(values.code) : null;
  if (problem && !errors.code) errors.code = [problem];
  return errors;
}

/** The logic score page: the groups a sub-project's parameters are scored in. */
export const scoringParameterGroups: ResourceDefinition = {
  ...underSubProject,
  name: "scoring-parameter-groups",
  noun: "Parameter group",
  plural: "Parameter groups",
  table: "scoring_parameter_groups",
  fields: {
    sub_project: subProject(),
    name: text("Name", { max: 120, unique: true }),
    position: position(),
  },
  titleField: "name",
  addressBy: "id",
  columns: ["name", "position"],
  searchKeys: ["name"],
  orderKeys: ["position", "name"],
  filters: ["sub_project"],
  routes: { list: LOGIC_SCORE },
  formQuery: "group",
  related: areaLinks(""),
};

/** Every question of the sub-project, as a scoring parameter's source (read only). */
export const scoringQuestions: ResourceDefinition = {
  ...underSubProject,
  name: "scoring-questions",
  noun: "Question",
  plural: "Questions",
  table: "scoring_question_list",
  fields: {
    sub_project: subProject(),
    title: text("Question", { max: 500 }),
    type: choice("Type", [...QUESTION_TYPES], { labelOf: questionTypeLabel }),
    place: number("Order", { min: 0 }),
  },
  titleField: "title",
  addressBy: "id",
  columns: ["title", "type"],
  searchKeys: ["title"],
  orderKeys: ["place", "title"],
  filters: ["sub_project", "type"],
  routes: {},
  writable: false,
};

export const scoringParameters: ResourceDefinition = {
  ...underSubProject,
  name: "scoring-parameters",
  noun: "Scoring parameter",
  plural: "Scoring parameters",
  table: "scoring_parameters",
  fields: {
    sub_project: subProject(),
    group: reference("Parameter group", scoringParameterGroups.name, { underParent: true }),
    name: text("Name", { max: 120, unique: true }),
    code: code(),
    question: reference("Source question", scoringQuestions.name, { underParent: true }),
    rule: choice("Rule", SCORING_RULES, { labelOf: scoringRuleLabel }),
    target: number("Target (at or above the target, in proportion to the target)", {
      required: false,
      max: 1_000_000,
      money: true,
    }),
    points: text("Points per choice (such as Supermarket=10;Kirana=5)", { max: 2000, required: false }),
    maximum: maximum(),
    weight: { ...number("Weight", { max: 100, money: true }), initial: 1 },
    position: position(),
  },
  titleField: "name",
  addressBy: "id",
  columns: ["name", "code", "group", "question", "rule", "maximum", "weight"],
  searchKeys: ["name", "code"],
  orderKeys: ["position", "name", "code"],
  filters: ["sub_project", "rule"],
  routes: { list: `${LOGIC_SCORE}/scoring-parameters` },
  formQuery: "parameter",
  related: areaLinks("/scoring-parameters"),
  crossCheck: (values) => {
    const rule = values.rule as ScoringRule;
    const errors =
      (SCORING_RULES as readonly string[]).includes(rule) && typeof values.maximum === "number"
        ? ruleSettingsProblems({
            rule,
            target: typeof values.target === "number" ? values.target : null,
            points: typeof values.points === "string" ? values.points : "",
            maximum: values.maximum,
          })
        : {};
    return codeCrossCheck(values, errors);
  },
};

export const calculatedParameters: ResourceDefinition = {
  ...underSubProject,
  name: "calculated-parameters",
  noun: "Calculated parameter",
  plural: "Calculated parameters",
  table: "calculated_parameters",
  fields: {
    sub_project: subProject(),
    group: reference("Parameter group", scoringParameterGroups.name, { underParent: true }),
    name: text("Name", { max: 120, unique: true }),
    code: code(),
    expression: textarea("Expression (codes, numbers, + - * / ( ) and min, max, round)", {
      max: EXPRESSION_MAX_LENGTH,
      required: true,
    }),
    maximum: maximum(),
    position: position(),
  },
  titleField: "name",
  addressBy: "id",
  columns: ["name", "code", "group", "expression", "maximum"],
  searchKeys: ["name", "code", "expression"],
  orderKeys: ["position", "name", "code"],
  filters: ["sub_project"],
  routes: { list: `${LOGIC_SCORE}/calculated-parameters` },
  formQuery: "parameter",
  related: areaLinks("/calculated-parameters"),
  crossCheck: (values) => {
    const errors: FieldErrors = {};
    if (typeof values.expression === "string" && values.expression.trim() !== "") {
      const parsed = parseExpression(values.expression);
      if (!parsed.ok) errors.expression = [parsed.problem.message];
    }
    return codeCrossCheck(values, errors);
  },
};

/** The benchmarks the sub-project's benchmarks upload set (read only: the upload writes them). */
export const scoringBenchmarks: ResourceDefinition = {
  ...underSubProject,
  name: "scoring-benchmarks",
  noun: "Benchmark",
  plural: "Benchmarks",
  table: "scoring_benchmark_list",
  fields: {
    sub_project: subProject(),
    parameter: text("Parameter or group", { max: 200 }),
    benchmark: number("Benchmark", { max: 1_000_000_000_000, money: true }),
    upload: text("Uploaded in", { max: 300 }),
    uploaded_on: date("Uploaded on"),
  },
  titleField: "parameter",
  addressBy: "id",
  columns: ["parameter", "benchmark", "upload", "uploaded_on"],
  searchKeys: ["parameter"],
  orderKeys: ["parameter", "benchmark", "uploaded_on"],
  filters: ["sub_project"],
  routes: { list: `${LOGIC_SCORE}/benchmarks` },
  related: areaLinks("/benchmarks"),
  writable: false,
};
