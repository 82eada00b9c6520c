// @vitest-environment node
/** A calculated parameter's expression: parsed, checked with named problems, evaluated by walking its tree. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EXPRESSION_EMPTY,
  EXPRESSION_MAX_LENGTH,
  EXPRESSION_TOO_DEEP,
  EXPRESSION_TOO_LONG,
  evaluate,
  formatExpression,
  namesIn,
  parseExpression,
} from "../../src/domain/survey/scoringExpression";

const points: Readonly<Record<string, number>> = { in_stock: 7.5, facings: 4, board_visible: 20, zero: 0 };
const pointsOf = (name: string) => (Object.hasOwn(points, name) ? points[name] : undefined);

function worked(text: string) {
  const parsed = parseExpression(text);
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return evaluate(parsed.expr, pointsOf);
}
const problemOf = (text: string) => {
  const parsed = parseExpression(text);
  return parsed.ok ? null : parsed.problem;
};

describe("an expression's value", () => {
  it.each([
    ["in_stock * facings / 10", 3],
    ["(in_stock + facings) / 2", 5.75],
    ["in_stock + facings / 2", 9.5],
    ["10 - 2 - 3", 5],
    ["24 / 4 / 2", 3],
    ["-facings + 10", 6],
    ["- -facings", 4],
    ["min(board_visible, 12)", 12],
    ["max(in_stock, facings, 2)", 7.5],
    ["round(in_stock)", 8],
    ["round(in_stock * 0.5)", 4],
    ["  .5 * board_visible  ", 10],
    ["-(in_stock - facings)", -3.5],
  ])("%s is %d", (text, expected) => {
    expect(worked(text)).toEqual({ ok: true, value: expected });
  });

  it("names each code it reads once, in order", () => {
    const parsed = parseExpression("min(in_stock, facings) + in_stock * board_visible");
    expect(parsed.ok && namesIn(parsed.expr)).toEqual(["in_stock", "facings", "board_visible"]);
  });

  it("says a division by zero, and a code without points, instead of giving NaN", () => {
    expect(worked("in_stock / zero")).toEqual({
      ok: false,
      problem: { code: "divisionByZero", message: "divides by zero" },
    });
    expect(worked("in_stock / (facings - 4)")).toMatchObject({
      ok: false,
      problem: { code: "divisionByZero" },
    });
    expect(worked("shelf_share + 1")).toEqual({
      ok: false,
      problem: {
        code: "unknownName",
        message: "No scoring or calculated parameter of this sub-project has the code “shelf_share”.",
      },
    });
  });
});

describe("a problem with an expression is named, with where it is", () => {
  it.each([
    ["", "empty", EXPRESSION_EMPTY],
    ["   ", "empty", EXPRESSION_EMPTY],
    [
      "in_stock % 2",
      "badCharacter",
      "“%” at character 10 cannot be used: write numbers, parameter codes, + - * / ( ) and min, max or round.",
    ],
    ["in_stock +", "missingValue", "A number, a parameter code or “(” is missing after “+” at the end."],
    ["(in_stock + 2", "unclosed", "The “(” at character 1 is not closed."],
    ["in_stock + 2)", "unexpected", "“)” at character 13 is not expected here."],
    ["in_stock facings", "unexpected", "“facings” at character 10 is not expected here."],
    ["2x + 1", "badNumber", "“2x” at character 1 is not a number."],
    ["1.2.3", "badNumber", "“1.2.3” at character 1 is not a number."],
    ["sqrt(in_stock)", "unknownFunction", "There is no function “sqrt”: use min, max or round."],
    ["round(in_stock, 2)", "arity", "round takes one value, such as round(a / 2)."],
    ["min(in_stock)", "arity", "min takes two or more values, such as min(a, 5)."],
    ["max()", "unexpected", "“)” at character 5 is not expected here."],
    ["max(1,", "missingValue", "A number, a parameter code or “(” is missing after “,” at the end."],
    ["* in_stock", "unexpected", "“*” at character 1 is not expected here."],
    ["in_stock + , 2", "unexpected", "“,” at character 12 is not expected here."],
  ])("%j: %s", (text, code, message) => {
    expect(problemOf(text)).toEqual({ code, message });
  });

  it("refuses an expression over 500 characters, and one nested too deep", () => {
    expect(problemOf(`${"1+".repeat(EXPRESSION_MAX_LENGTH / 2)}1`)).toEqual({
      code: "tooLong",
      message: EXPRESSION_TOO_LONG,
    });
    expect(problemOf(`${"(".repeat(41)}1${")".repeat(41)}`)).toEqual({
      code: "tooDeep",
      message: EXPRESSION_TOO_DEEP,
    });
    expect(parseExpression(`${"(".repeat(40)}1${")".repeat(40)}`).ok).toBe(true);
  });
});

// --- Properties ---

/** An expression as text with the value it must have, built together so the test never evaluates text itself. */
type Sample = { text: string; value: number };
const NAMES = Object.keys(points).filter((n) => n !== "zero");

const leaf: fc.Arbitrary<Sample> = fc.oneof(
  fc.integer({ min: 0, max: 1000 }).map((n) => ({ text: String(n), value: n })),
  fc.integer({ min: 0, max: 999 }).map((n) => ({ text: `${n / 100}`, value: n / 100 })),
  fc.constantFrom(...NAMES).map((n) => ({ text: n, value: points[n]! })),
);

const { sample } = fc.letrec<{ sample: Sample }>((tie) => ({
  sample: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.tuple(tie("sample"), fc.constantFrom("+", "-", "*"), tie("sample")).map(([a, op, b]) => ({
      text: `(${a.text}) ${op} (${b.text})`,
      value: op === "+" ? a.value + b.value : op === "-" ? a.value - b.value : a.value * b.value,
    })),
    fc
      .tuple(tie("sample"), tie("sample"))
      .filter(([, b]) => b.value !== 0)
      .map(([a, b]) => ({ text: `(${a.text}) / (${b.text})`, value: a.value / b.value })),
    tie("sample").map((a) => ({ text: `-(${a.text})`, value: -a.value })),
    fc.tuple(tie("sample"), tie("sample")).map(([a, b]) => ({
      text: `min(${a.text}, ${b.text})`,
      value: Math.min(a.value, b.value),
    })),
    fc.tuple(tie("sample"), tie("sample")).map(([a, b]) => ({
      text: `max(${a.text},${b.text})`,
      value: Math.max(a.value, b.value),
    })),
    tie("sample").map((a) => ({ text: `round(${a.text})`, value: Math.round(a.value) })),
  ),
}));
/** A tree without the places its parts were written at (the written form spaces them anew). */
const tree = (e: unknown) =>
  JSON.parse(JSON.stringify(e, (key, value) => (key === "at" ? undefined : value)));
const fits = (s: Sample) => s.text.length <= EXPRESSION_MAX_LENGTH && Number.isFinite(s.value);

describe("expressions, for any expression", () => {
  it("evaluate to the value they were built with", () => {
    fc.assert(
      fc.property(sample.filter(fits), (s) => {
        const result = worked(s.text);
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.value).toBeCloseTo(s.value === 0 ? 0 : s.value, 6);
      }),
    );
  });

  it("read back the same from their written form", () => {
    fc.assert(
      fc.property(sample.filter(fits), (s) => {
        const parsed = parseExpression(s.text);
        if (!parsed.ok) throw new Error(parsed.problem.message);
        const written = formatExpression(parsed.expr);
        const again = parseExpression(written);
        expect(again.ok && tree(again.expr)).toEqual(tree(parsed.expr));
        expect(again.ok && formatExpression(again.expr)).toBe(written);
      }),
    );
  });

  it("never throw on any text: a tree, or a named problem with a sentence", () => {
    const symbols = fc.constantFrom(..."abc_019 .+-*/(),%$x".split(""), "min(", "round(", "max(");
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(symbols, { maxLength: 40 }).map((a) => a.join("")),
        ),
        (text) => {
          const parsed = parseExpression(text);
          if (parsed.ok) {
            const value = evaluate(parsed.expr, () => 1);
            expect(value.ok ? Number.isFinite(value.value) : value.problem.message.length > 0).toBe(true);
          } else expect(parsed.problem.message).toMatch(/\S/);
        },
      ),
      { numRuns: 500 },
    );
  });
});
