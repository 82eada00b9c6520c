/**
 * Logic scoring (spec 001 §2.1, §2.3, §3, §7; 000 §2.1 logic-score; docs/scoring.md): a
 * sub-project's parameter groups, its scoring parameters (a source question, a rule, a maximum and
 * a weight), its calculated parameters (an expression over other parameters' points) and the
 * benchmarks uploaded for it; and an outlet's score worked out from its answers. The server stores
 * what `scoreOutlet` gives; the Score tab shows it.
 */
import { Schema } from "effect";
import { ScoringGroupId } from "../api/ids";
import { addFieldError, type FieldErrors } from "../shared/requestInput";
import {
  cycleProblem,
  type Expr,
  evaluate,
  FUNCTIONS,
  namesIn,
  parseExpression,
  unknownName,
} from "./scoringExpression";
import { isImageType, type QuestionType, questionTypeLabel } from "./survey";

// --- Rules ---

export const SCORING_RULES = ["yes", "no", "answered", "choice_points", "at_least", "proportional"] as const;
export type ScoringRule = (typeof SCORING_RULES)[number];

export const SCORING_RULE_LABEL: Readonly<Record<ScoringRule, string>> = {
  yes: "Yes scores the maximum",
  no: "No scores the maximum",
  answered: "Answered scores the maximum",
  choice_points: "Points per choice",
  at_least: "The maximum at or above the target",
  proportional: "In proportion to the target",
};
export const scoringRuleLabel = (rule: string): string =>
  Object.hasOwn(SCORING_RULE_LABEL, rule) ? SCORING_RULE_LABEL[rule as ScoringRule] : rule;

/** The question types each rule reads; `answered` reads any. */
export const RULE_QUESTION_TYPES: Readonly<Record<ScoringRule, readonly QuestionType[] | "any">> = {
  yes: ["yes_or_no"],
  no: ["yes_or_no"],
  answered: "any",
  choice_points: ["single_choice", "dropdown", "multiple_choice"],
  at_least: ["number"],
  proportional: ["number"],
};

export const ruleFitsQuestion = (rule: ScoringRule, type: string): boolean => {
  const types = RULE_QUESTION_TYPES[rule];
  return types === "any" || (types as readonly string[]).includes(type);
};

export const ruleNeedsTarget = (rule: ScoringRule) => rule === "at_least" || rule === "proportional";

export const TARGET_REQUIRED = "Give the target this rule compares the answer with.";
export const TARGET_ABOVE_ZERO = "The target must be more than 0.";
export const POINTS_REQUIRED = "Give the points of each choice, such as Supermarket=10;Kirana=5.";
export const pointsEntryProblem = (entry: string) =>
  `“${entry}” is not a choice with its points, such as Supermarket=10.`;
export const pointsTwice = (choice: string) => `${choice} is given points twice.`;
export const pointsOverMaximum = (choice: string, points: number, maximum: number) =>
  `${choice} scores ${points}, more than the maximum ${maximum}.`;
export const notAChoice = (choice: string, question: string, choices: readonly string[]) =>
  `${choice} is not a choice of ${question} (${choices.join(", ")}).`;
export const ruleDoesNotFit = (rule: ScoringRule, question: string, type: string) => {
  const types = RULE_QUESTION_TYPES[rule];
  const wanted = types === "any" ? "any" : types.map((t) => questionTypeLabel(t).toLowerCase()).join(" or ");
  return `The rule ${SCORING_RULE_LABEL[rule]} needs a ${wanted} question; ${question} is ${questionTypeLabel(type).toLowerCase()}.`;
};

export type PointsTable = ReadonlyMap<string, number>;

/** "Supermarket=10; Kirana=5" read as choice to points (choices compared without case). */
export function parsePoints(text: string): { ok: true; table: PointsTable } | { ok: false; message: string } {
  const entries = text
    .split(";")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  if (entries.length === 0) return { ok: false, message: POINTS_REQUIRED };
  const table = new Map<string, number>();
  for (const entry of entries) {
    const match = /^(.+?)\s*=\s*(\d+(?:\.\d{1,2})?)$/.exec(entry);
    if (!match) return { ok: false, message: pointsEntryProblem(entry) };
    const key = match[1]!.trim().toLowerCase();
    if (table.has(key)) return { ok: false, message: pointsTwice(match[1]!.trim()) };
    table.set(key, Number(match[2]));
  }
  return { ok: true, table };
}

/** What a scoring parameter's rule needs besides the question: a target, or points per choice. */
export type RuleSettings = {
  readonly rule: ScoringRule;
  readonly target: number | null;
  readonly points: string;
  readonly maximum: number;
};

/** The rule's own settings, checked in the form and again on the server (no question needed). */
export function ruleSettingsProblems(s: RuleSettings): FieldErrors {
  const errors: FieldErrors = {};
  if (ruleNeedsTarget(s.rule)) {
    if (s.target === null) addFieldError(errors, "target", TARGET_REQUIRED);
    else if (s.target <= 0) addFieldError(errors, "target", TARGET_ABOVE_ZERO);
  }
  if (s.rule === "choice_points") {
    const parsed = parsePoints(s.points);
    if (!parsed.ok) addFieldError(errors, "points", parsed.message);
    else
      for (const [choice, points] of parsed.table)
        if (points > s.maximum) addFieldError(errors, "points", pointsOverMaximum(choice, points, s.maximum));
  }
  return errors;
}

// --- The setup ---

export type ParameterGroup = { readonly id: number; readonly name: string; readonly position: number };

/** The question a scoring parameter reads: its type, choices and how many SKUs it is asked for (null: once). */
export type SourceQuestion = {
  readonly id: number;
  readonly name: string;
  readonly type: string;
  readonly choices: readonly string[];
  readonly skus: number | null;
};

export type ScoringParameter = RuleSettings & {
  readonly id: number;
  readonly group: number;
  readonly name: string;
  readonly code: string;
  readonly question: SourceQuestion;
  readonly weight: number;
  readonly position: number;
};

export type CalculatedParameter = {
  readonly id: number;
  readonly group: number;
  readonly name: string;
  readonly code: string;
  readonly expression: string;
  readonly maximum: number;
  readonly position: number;
};

export type Benchmark = { readonly parameter: string; readonly benchmark: number };

export type ScoringSetup = {
  readonly groups: readonly ParameterGroup[];
  readonly parameters: readonly ScoringParameter[];
  readonly calculated: readonly CalculatedParameter[];
  readonly benchmarks: readonly Benchmark[];
};

export const hasScoring = (setup: ScoringSetup) => setup.parameters.length + setup.calculated.length > 0;

export const CODE_PATTERN = /^[a-z][a-z0-9_]*$/;
export const CODE_PATTERN_MESSAGE =
  "Use lower-case letters, digits and underscores, starting with a letter, such as board_visible.";
export const CODE_IS_FUNCTION = "This code is the name of a function (min, max or round); choose another.";
export const codeTaken = (code: string) => `Another parameter of this sub-project has the code “${code}”.`;

/** A code an expression can name: the pattern, and not a function's name. */
export function codeProblem(code: string): string | null {
  if (!CODE_PATTERN.test(code)) return CODE_PATTERN_MESSAGE;
  return (FUNCTIONS as readonly string[]).includes(code) ? CODE_IS_FUNCTION : null;
}

export type SetupRecord = "scoring-parameters" | "calculated-parameters";

/** A problem of the setup as a whole, on one record's field. */
export type SetupProblem = {
  readonly resource: SetupRecord;
  readonly id: number;
  readonly name: string;
  readonly field: string;
  readonly message: string;
  /** An expression's problem naming a code no parameter has: that code. */
  readonly reads?: string;
};

const NOUN_OF: Readonly<Record<SetupRecord, string>> = {
  "scoring-parameters": "Scoring parameter",
  "calculated-parameters": "Calculated parameter",
};

/** A code an expression reads was changed away. */
export const readByExpression = (owner: string, code: string) =>
  `The calculated parameter ${owner} reads “${code}”: change its expression first.`;
/** A parameter an expression reads is being deleted. */
export const deletionReadBy = (noun: string, owner: string, code: string) =>
  `This ${noun.toLowerCase()} is read by the calculated parameter ${owner} (“${code}”), so it cannot be deleted.`;
/** A problem a write would leave on another record of the setup, named with that record. */
export const problemOf = (p: SetupProblem) => `${NOUN_OF[p.resource]} ${p.name}: ${p.message}`;
export const sameProblem = (a: SetupProblem, b: SetupProblem) =>
  a.resource === b.resource && a.id === b.id && a.field === b.field && a.message === b.message;

/** Calculated parameters in an order where each comes after those it reads, or the cycle found. */
function evaluationOrder(
  calculated: readonly CalculatedParameter[],
  reads: ReadonlyMap<string, readonly string[]>,
): { ok: true; order: CalculatedParameter[] } | { ok: false; at: CalculatedParameter; path: string[] } {
  const byCode = new Map(calculated.map((c) => [c.code, c]));
  const done = new Set<string>();
  const order: CalculatedParameter[] = [];
  const visit = (c: CalculatedParameter, path: string[]): string[] | null => {
    if (done.has(c.code)) return null;
    if (path.includes(c.code)) return [...path.slice(path.indexOf(c.code)), c.code];
    for (const name of reads.get(c.code) ?? []) {
      const next = byCode.get(name);
      const cycle = next ? visit(next, [...path, c.code]) : null;
      if (cycle) return cycle;
    }
    done.add(c.code);
    order.push(c);
    return null;
  };
  for (const c of [...calculated].sort((a, b) => a.id - b.id)) {
    const cycle = visit(c, []);
    if (cycle) return { ok: false, at: c, path: cycle };
  }
  return { ok: true, order };
}

/**
 * Everything wrong with a setup as a whole: codes shared by two parameters, a rule that does not fit
 * its question, points for a choice the question does not offer, and an expression that does not
 * parse, names a code no parameter has or comes back to itself. The server refuses a write that
 * adds a problem, so a stored setup always scores.
 */
export function setupProblems(setup: ScoringSetup): SetupProblem[] {
  const problems: SetupProblem[] = [];
  const add = (
    resource: SetupRecord,
    r: { id: number; name: string },
    field: string,
    message: string,
    reads?: string,
  ) => problems.push({ resource, id: r.id, name: r.name, field, message, ...(reads ? { reads } : {}) });
  const owners = new Map<string, number>();
  const all = [
    ...setup.parameters.map((p) => ({ resource: "scoring-parameters" as const, record: p })),
    ...setup.calculated.map((c) => ({ resource: "calculated-parameters" as const, record: c })),
  ];
  for (const { record } of all) owners.set(record.code, (owners.get(record.code) ?? 0) + 1);
  for (const { resource, record } of all) {
    const bad = codeProblem(record.code);
    if (bad) add(resource, record, "code", bad);
    else if ((owners.get(record.code) ?? 0) > 1) add(resource, record, "code", codeTaken(record.code));
  }
  for (const p of setup.parameters) {
    if (!ruleFitsQuestion(p.rule, p.question.type)) {
      add("scoring-parameters", p, "rule", ruleDoesNotFit(p.rule, p.question.name, p.question.type));
      continue;
    }
    for (const [field, lines] of Object.entries(ruleSettingsProblems(p)))
      for (const line of lines) add("scoring-parameters", p, field, line);
    const parsed = p.rule === "choice_points" ? parsePoints(p.points) : null;
    if (parsed?.ok) {
      const offered = new Set(p.question.choices.map((c) => c.toLowerCase()));
      for (const choice of parsed.table.keys())
        if (!offered.has(choice))
          add("scoring-parameters", p, "points", notAChoice(choice, p.question.name, p.question.choices));
    }
  }
  const codes = new Set(all.map((a) => a.record.code));
  const reads = new Map<string, string[]>();
  for (const c of setup.calculated) {
    const parsed = parseExpression(c.expression);
    if (!parsed.ok) {
      add("calculated-parameters", c, "expression", parsed.problem.message);
      continue;
    }
    const names = namesIn(parsed.expr);
    const missing = names.filter((n) => !codes.has(n));
    for (const name of missing) add("calculated-parameters", c, "expression", unknownName(name), name);
    reads.set(c.code, names);
  }
  const order = evaluationOrder(setup.calculated, reads);
  if (!order.ok) add("calculated-parameters", order.at, "expression", cycleProblem(order.path));
  return problems;
}

// --- Scoring an outlet ---

/** One answer as scoring reads it; `images` counts the photos of an image answer. */
export type ScoredAnswer = {
  readonly single_input: string | null;
  readonly multiple_answers_input: readonly string[];
  readonly latitude_input: number | null;
  readonly longitude_input: number | null;
  readonly images: number;
};

/** An outlet's answers by question id: one for a general question, one per SKU for a SKU question. */
export type OutletAnswers = ReadonlyMap<number, readonly ScoredAnswer[]>;

const text = (a: ScoredAnswer | undefined) => (a?.single_input ?? "").trim();

/** An answer holds something: a photo for an image question, else a value, a choice or a location. */
export function isAnswered(type: string, a: ScoredAnswer | undefined): boolean {
  if (!a) return false;
  if (isImageType(type)) return a.images > 0;
  return (
    text(a) !== "" ||
    a.multiple_answers_input.length > 0 ||
    (a.latitude_input !== null && a.longitude_input !== null)
  );
}

const numberOf = (a: ScoredAnswer | undefined): number | null => {
  const t = text(a);
  return /^-?\d+(?:\.\d+)?$/.test(t) ? Number(t) : null;
};

/** A choice_points parameter's points per choice, read once per scoring (null for other rules). */
const pointsTableOf = (p: ScoringParameter): PointsTable | null => {
  if (p.rule !== "choice_points") return null;
  const parsed = parsePoints(p.points);
  return parsed.ok ? parsed.table : new Map();
};

/** The points one answer scores by the parameter's rule, from 0 to its maximum. */
export function rulePoints(
  p: ScoringParameter,
  a: ScoredAnswer | undefined,
  table: PointsTable | null = pointsTableOf(p),
): number {
  switch (p.rule) {
    case "yes":
      return text(a).toLowerCase() === "yes" ? p.maximum : 0;
    case "no":
      return text(a).toLowerCase() === "no" ? p.maximum : 0;
    case "answered":
      return isAnswered(p.question.type, a) ? p.maximum : 0;
    case "choice_points": {
      if (!table || !a) return 0;
      const chosen = p.question.type === "multiple_choice" ? a.multiple_answers_input : [text(a)];
      const sum = chosen.reduce((total, c) => total + (table.get(c.trim().toLowerCase()) ?? 0), 0);
      return Math.min(sum, p.maximum);
    }
    case "at_least": {
      const n = numberOf(a);
      return n !== null && p.target !== null && n >= p.target ? p.maximum : 0;
    }
    case "proportional": {
      const n = numberOf(a);
      if (n === null || p.target === null || p.target <= 0) return 0;
      return Math.min(Math.max(n / p.target, 0), 1) * p.maximum;
    }
  }
}

/**
 * A parameter's points: its rule on the answer, or for a question asked per SKU the average over the
 * SKUs the group asks about (an unanswered SKU scores 0).
 */
export function parameterPoints(
  p: ScoringParameter,
  answers: OutletAnswers,
  table: PointsTable | null = pointsTableOf(p),
): number {
  const given = answers.get(p.question.id) ?? [];
  if (p.question.skus === null) return rulePoints(p, given[0], table);
  if (p.question.skus === 0) return 0;
  const sum = given.slice(0, p.question.skus).reduce((total, a) => total + rulePoints(p, a, table), 0);
  return sum / p.question.skus;
}

/** Hundredths: scores are shown and stored to two decimals, and totals add the shown values. */
const cents = (n: number) => Math.round(n * 100);
const fromCents = (c: number) => c / 100;

export const ParameterScore = Schema.Struct({
  name: Schema.String,
  code: Schema.String,
  kind: Schema.Literals(["scoring", "calculated"]),
  /** The question a scoring parameter reads; null for a calculated one. */
  question: Schema.NullOr(Schema.String),
  points: Schema.Number,
  maximum: Schema.Number,
  weight: Schema.Number,
  /** points × weight, and maximum × weight: what the parameter adds to its group. */
  score: Schema.Number,
  max_score: Schema.Number,
  benchmark: Schema.NullOr(Schema.Number),
});
export type ParameterScore = typeof ParameterScore.Type;

export const GroupScore = Schema.Struct({
  id: ScoringGroupId,
  name: Schema.String,
  score: Schema.Number,
  max_score: Schema.Number,
  benchmark: Schema.NullOr(Schema.Number),
  parameters: Schema.Array(ParameterScore),
});
export type GroupScore = typeof GroupScore.Type;

/** 001 §3 Score: max_score, score, scoring_parameter_groups_data. */
export const Score = Schema.Struct({
  max_score: Schema.Number,
  score: Schema.Number,
  scoring_parameter_groups_data: Schema.Array(GroupScore),
});
export type Score = typeof Score.Type;

export type Scored = { ok: true; score: Score } | { ok: false; reason: string };

const benchmarkOf = (benchmarks: readonly Benchmark[], name: string): number | null =>
  benchmarks.find((b) => b.parameter.trim().toLowerCase() === name.trim().toLowerCase())?.benchmark ?? null;

const inOrder = <T extends { position: number; name: string; id: number }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name) || a.id - b.id);

/**
 * An outlet's score (001 §2.3, §3): each scoring parameter's points from its answers, each
 * calculated parameter's from its expression over other parameters' points (kept between 0 and its
 * maximum), each group the sum of its parameters' points × weight, the total the sum of the groups.
 * A calculated parameter that cannot be worked out for this outlet (a division by zero) makes the
 * whole score fail with the reason, never a wrong total.
 */
export const scoreOutlet = (setup: ScoringSetup, answers: OutletAnswers): Scored => scorerFor(setup)(answers);

/**
 * `scoreOutlet` for many outlets of one setup: the setup's points per choice, expressions and their
 * order are read once, then each outlet's answers are scored.
 */
export function scorerFor(setup: ScoringSetup): (answers: OutletAnswers) => Scored {
  const reads = new Map<string, readonly string[]>();
  const parsed = new Map<string, Expr>();
  for (const c of setup.calculated) {
    const result = parseExpression(c.expression);
    if (!result.ok) return () => ({ ok: false, reason: `${c.name}: ${result.problem.message}` });
    parsed.set(c.code, result.expr);
    reads.set(c.code, namesIn(result.expr));
  }
  const order = evaluationOrder(setup.calculated, reads);
  if (!order.ok) return () => ({ ok: false, reason: `${order.at.name}: ${cycleProblem(order.path)}` });
  const tables = new Map(setup.parameters.map((p) => [p.id, pointsTableOf(p)]));
  // Each group's parameters in the order the Score tab lists them.
  type Row = { kind: "scoring"; p: ScoringParameter } | { kind: "calculated"; c: CalculatedParameter };
  const rows = [
    ...setup.parameters.map((p) => ({ ...p, row: { kind: "scoring", p } as Row })),
    ...setup.calculated.map((c) => ({ ...c, row: { kind: "calculated", c } as Row })),
  ];
  const layout = inOrder(setup.groups).map((g) => ({
    group: g,
    benchmark: benchmarkOf(setup.benchmarks, g.name),
    rows: inOrder(rows.filter((r) => r.group === g.id)).map((r) => ({
      row: r.row,
      benchmark: benchmarkOf(setup.benchmarks, r.name),
    })),
  }));

  return (answers) => {
    const points = new Map<string, number>();
    for (const p of setup.parameters)
      points.set(p.code, fromCents(cents(parameterPoints(p, answers, tables.get(p.id) ?? null))));
    for (const c of order.order) {
      const value = evaluate(parsed.get(c.code)!, (name) => points.get(name));
      if (!value.ok)
        return {
          ok: false,
          reason:
            value.problem.code === "divisionByZero" || value.problem.code === "notFinite"
              ? `${c.name} ${value.problem.message}.`
              : `${c.name}: ${value.problem.message}`,
        };
      points.set(c.code, fromCents(cents(Math.min(Math.max(value.value, 0), c.maximum))));
    }
    const groups = layout.map(({ group, benchmark, rows: groupRows }) => {
      const parameters: ParameterScore[] = groupRows.map(({ row, benchmark: own }) => {
        if (row.kind === "calculated")
          return {
            name: row.c.name,
            code: row.c.code,
            kind: "calculated",
            question: null,
            points: points.get(row.c.code)!,
            maximum: row.c.maximum,
            weight: 1,
            score: points.get(row.c.code)!,
            max_score: row.c.maximum,
            benchmark: own,
          };
        const p = row.p;
        return {
          name: p.name,
          code: p.code,
          kind: "scoring",
          question: p.question.name,
          points: points.get(p.code)!,
          maximum: p.maximum,
          weight: p.weight,
          score: fromCents(cents(points.get(p.code)! * p.weight)),
          max_score: fromCents(cents(p.maximum * p.weight)),
          benchmark: own,
        };
      });
      return {
        id: ScoringGroupId.make(group.id),
        name: group.name,
        score: fromCents(parameters.reduce((sum, p) => sum + cents(p.score), 0)),
        max_score: fromCents(parameters.reduce((sum, p) => sum + cents(p.max_score), 0)),
        benchmark,
        parameters,
      };
    });
    return {
      ok: true,
      score: {
        score: fromCents(groups.reduce((sum, g) => sum + cents(g.score), 0)),
        max_score: fromCents(groups.reduce((sum, g) => sum + cents(g.max_score), 0)),
        scoring_parameter_groups_data: groups,
      },
    };
  };
}

// --- The Score tab's call (001 §7: scoring details by outlet slug) ---

/** The stored score of one outlet, as the Score tab reads it. */
export const OutletScore = Schema.Struct({
  ...Score.fields,
  /** When it was last worked out; null when nothing is stored yet and it was worked out for this answer. */
  scored_at: Schema.NullOr(Schema.String),
  /** The scoring setup changed and the cycle's scores are being worked out again. */
  recalculating: Schema.Boolean,
});
export type OutletScore = typeof OutletScore.Type;

/** What the Score tab reads: the score, or the reason it could not be worked out (a 409's detail). */
export type ScoreOutcome = { type: "scored"; score: OutletScore } | { type: "unscorable"; detail: string };

export const scoreFailure = (rsid: string, reason: string) =>
  `The score of ${rsid} could not be worked out: ${reason}`;
export const NO_SCORING_SETUP = "No scoring parameters are set up for this outlet's sub-project yet.";
export const SCORE_RECALCULATING =
  "The scoring setup changed: the scores of this sub-project are being worked out again.";
export const SCORE_LOAD_FAILED = "The score could not be loaded. Check your connection and try again.";

/** A score as the Score tab writes it: at most two decimals, no trailing zeros (7.5 / 10). */
export const scoreText = (n: number): string => String(Math.round(n * 100) / 100);

/** Whether a value falls short of its benchmark (the Score tab marks it). */
export const belowBenchmark = (value: number, benchmark: number | null): boolean =>
  benchmark !== null && value < benchmark;
