/**
 * The survey overview (spec 000 §2.1 `/dashboard/survey`, content not shown; docs/survey.md): a
 * sub-project's questions, each with how many of its outlets answered it and what they answered.
 * What a question's answers add up to is decided here; the server reads the answers.
 */
import { Schema } from "effect";
import { QuestionId, SubProjectId } from "../api/ids";
import { choicesOf, isChoiceType, type Validations } from "./survey";

export const SURVEY_OVERVIEW_PATH = "/dashboard/survey";

/**
 * An answer as the overview reads it. Choice questions (`isChoiceType`) are counted by value;
 * values of the other types (names, phone numbers, PAN, bank accounts, images) are personal or
 * unique per outlet: only whether they were given is counted.
 */
export type OverviewAnswer = {
  workflow_object: number;
  single_input: string | null;
  multiple_answers_input: readonly string[];
  latitude_input: number | null;
  image_count: number;
};

/** An answer counts as given when it holds a value, a location or an image. */
export const answerGiven = (a: OverviewAnswer): boolean =>
  (a.single_input !== null && a.single_input.trim() !== "") ||
  a.multiple_answers_input.length > 0 ||
  a.latitude_input !== null ||
  a.image_count > 0;

export const ValueCount = Schema.Struct({ value: Schema.String, count: Schema.Number });
export type ValueCount = typeof ValueCount.Type;

export const NumberSummary = Schema.Struct({
  min: Schema.Number,
  max: Schema.Number,
  average: Schema.Number,
});
export type NumberSummary = typeof NumberSummary.Type;

export const QuestionOverview = Schema.Struct({
  id: QuestionId,
  name: Schema.String,
  group: Schema.String,
  type: Schema.String,
  /** Outlets of the sub-project that answered it (once each, whatever the SKUs of a SKU group). */
  answered: Schema.Number,
  /** Choice questions: each choice (in the question's order, then any other value given) with the answers naming it. */
  values: Schema.Array(ValueCount),
  /** Number questions: the smallest, largest and average value given; null when none was. */
  numbers: Schema.NullOr(NumberSummary),
});
export type QuestionOverview = typeof QuestionOverview.Type;

/** One question's overview from its answers over the sub-project's outlets. */
export function questionOverview(
  question: { id: QuestionId; name: string; group: string; type: string; validations: Validations },
  answers: readonly OverviewAnswer[],
): QuestionOverview {
  const given = answers.filter(answerGiven);
  const answered = new Set(given.map((a) => a.workflow_object)).size;
  const values: ValueCount[] = [];
  if (isChoiceType(question.type)) {
    const counts = new Map<string, number>(choicesOf(question.validations).map((c) => [c, 0]));
    for (const a of given) {
      const picked = question.type === "multiple_choice" ? a.multiple_answers_input : [a.single_input ?? ""];
      for (const v of picked.map((p) => p.trim()).filter((p) => p !== ""))
        counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    for (const [value, count] of counts) values.push({ value, count });
  }
  const numbers =
    question.type === "number"
      ? given.map((a) => Number(a.single_input)).filter((n) => Number.isFinite(n))
      : [];
  return {
    id: question.id,
    name: question.name,
    group: question.group,
    type: question.type,
    answered,
    values,
    numbers:
      numbers.length === 0
        ? null
        : {
            min: Math.min(...numbers),
            max: Math.max(...numbers),
            average: Math.round((numbers.reduce((s, n) => s + n, 0) / numbers.length) * 100) / 100,
          },
  };
}

/** Answered share as the page shows it: "12 of 40 outlets (30%)". */
export function answeredText(answered: number, outlets: number): string {
  const share = outlets === 0 ? 0 : Math.round((answered / outlets) * 100);
  return `${answered} of ${outlets} outlets (${share}%)`;
}

export const OverviewSubProject = Schema.Struct({
  id: SubProjectId,
  slug: Schema.String,
  name: Schema.String,
  project: Schema.String,
  organisation: Schema.String,
});
export type OverviewSubProject = typeof OverviewSubProject.Type;

export const SurveyOverview = Schema.Struct({
  results: Schema.Array(QuestionOverview),
  count: Schema.Number,
  previous: Schema.NullOr(Schema.String),
  next: Schema.NullOr(Schema.String),
  current_page_number: Schema.Number,
  page_size: Schema.Number,
  /** The sub-projects of the caller's organisation (every organisation's for internal users). */
  sub_projects: Schema.Array(OverviewSubProject),
  /** The sub-project shown (the first when none is named); null when the caller sees none. */
  sub_project: Schema.NullOr(OverviewSubProject),
  /** Its outlets, the whole each question's answered count is out of. */
  outlets: Schema.Number,
});
export type SurveyOverview = typeof SurveyOverview.Type;
