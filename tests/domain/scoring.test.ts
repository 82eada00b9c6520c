// @vitest-environment node
/** Logic scoring's rules, the setup's checks and an outlet's score (001 §2.3, §3; docs/scoring.md). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CalculatedParameter,
  type OutletAnswers,
  parsePoints,
  rulePoints,
  ruleSettingsProblems,
  type ScoredAnswer,
  type ScoringParameter,
  type ScoringSetup,
  scoreOutlet,
  setupProblems,
} from "../../src/domain/survey/scoring";

const answer = (single_input: string | null, more: Partial<ScoredAnswer> = {}): ScoredAnswer => ({
  single_input,
  multiple_answers_input: [],
  latitude_input: null,
  longitude_input: null,
  images: 0,
  ...more,
});

const question = (
  id: number,
  name: string,
  type: string,
  more: { choices?: string[]; skus?: number | null } = {},
) => ({
  id,
  name,
  type,
  choices: more.choices ?? [],
  skus: more.skus ?? null,
});

const parameter = (
  p: Partial<ScoringParameter> & Pick<ScoringParameter, "id" | "code" | "question" | "rule">,
) =>
  ({
    group: 1,
    name: p.code,
    target: null,
    points: "",
    maximum: 10,
    weight: 1,
    position: p.id,
    ...p,
  }) as ScoringParameter;

const BOARD = question(11, "Shop board visible?", "yes_or_no");
const SHOP_TYPE = question(12, "Shop type", "single_choice", {
  choices: ["Kirana", "Supermarket", "Pharmacy", "Paan shop"],
});
const CATEGORIES = question(13, "Categories sold", "multiple_choice", {
  choices: ["Beverages", "Snacks", "Dairy", "Personal care"],
});
const FOOTFALL = question(14, "Daily footfall", "number");
const PHOTO = question(15, "Shop front photo", "single_image");
const IN_STOCK = question(16, "In stock", "yes_or_no", { skus: 3 });
const FACINGS = question(17, "Facings", "number", { skus: 3 });

describe("a rule's points for one answer", () => {
  it.each([
    ["yes", BOARD, answer("Yes"), 10],
    ["yes", BOARD, answer("No"), 0],
    ["yes", BOARD, undefined, 0],
    ["no", BOARD, answer("No"), 10],
    ["answered", PHOTO, answer("", { images: 1 }), 10],
    ["answered", PHOTO, answer(""), 0],
    ["answered", FOOTFALL, answer("0"), 10],
    ["answered", FOOTFALL, answer("  "), 0],
  ] as const)("%s on %j", (rule, q, a, expected) => {
    expect(rulePoints(parameter({ id: 1, code: "p", question: q, rule }), a)).toBe(expected);
  });

  it("points per choice: the chosen choice's, a multiple choice's summed up to the maximum", () => {
    const shopType = parameter({
      id: 1,
      code: "shop_type",
      question: SHOP_TYPE,
      rule: "choice_points",
      points: "Supermarket=10; Kirana=6;pharmacy = 4",
    });
    expect(rulePoints(shopType, answer("Kirana"))).toBe(6);
    expect(rulePoints(shopType, answer("Pharmacy"))).toBe(4);
    expect(rulePoints(shopType, answer("Paan shop"))).toBe(0);
    const categories = parameter({
      id: 2,
      code: "categories",
      question: CATEGORIES,
      rule: "choice_points",
      points: "Beverages=4;Snacks=3;Dairy=5",
      maximum: 10,
    });
    expect(rulePoints(categories, answer(null, { multiple_answers_input: ["Beverages", "Snacks"] }))).toBe(7);
    expect(
      rulePoints(categories, answer(null, { multiple_answers_input: ["Beverages", "Snacks", "Dairy"] })),
    ).toBe(10);
  });

  it("a target: the maximum at or above it, or in proportion to it", () => {
    const atLeast = parameter({
      id: 1,
      code: "footfall",
      question: FOOTFALL,
      rule: "at_least",
      target: 200,
      maximum: 5,
    });
    expect(rulePoints(atLeast, answer("200"))).toBe(5);
    expect(rulePoints(atLeast, answer("199"))).toBe(0);
    expect(rulePoints(atLeast, answer("lots"))).toBe(0);
    const share = parameter({ id: 2, code: "facings", question: FOOTFALL, rule: "proportional", target: 6 });
    expect(rulePoints(share, answer("3"))).toBe(5);
    expect(rulePoints(share, answer("9"))).toBe(10);
    expect(rulePoints(share, answer("-2"))).toBe(0);
  });
});

describe("a rule's settings", () => {
  it("names what a rule needs", () => {
    expect(ruleSettingsProblems({ rule: "at_least", target: null, points: "", maximum: 5 })).toEqual({
      target: ["Give the target this rule compares the answer with."],
    });
    expect(ruleSettingsProblems({ rule: "proportional", target: 0, points: "", maximum: 5 })).toEqual({
      target: ["The target must be more than 0."],
    });
    expect(ruleSettingsProblems({ rule: "choice_points", target: null, points: " ", maximum: 5 })).toEqual({
      points: ["Give the points of each choice, such as Supermarket=10;Kirana=5."],
    });
    expect(
      ruleSettingsProblems({ rule: "choice_points", target: null, points: "Kirana=6", maximum: 5 }),
    ).toEqual({
      points: ["kirana scores 6, more than the maximum 5."],
    });
    expect(ruleSettingsProblems({ rule: "yes", target: null, points: "", maximum: 5 })).toEqual({});
  });

  it("reads points per choice, and says which entry it cannot read", () => {
    expect(parsePoints("Kirana")).toEqual({
      ok: false,
      message: "“Kirana” is not a choice with its points, such as Supermarket=10.",
    });
    expect(parsePoints("Kirana=1;kirana=2")).toEqual({ ok: false, message: "kirana is given points twice." });
    const read = parsePoints("Supermarket=10;Kirana=2.5");
    expect(read.ok && [...read.table]).toEqual([
      ["supermarket", 10],
      ["kirana", 2.5],
    ]);
  });
});

// --- The demo cycle's setup (server/seed/scoring.ts), stated here by value ---

const SETUP: ScoringSetup = {
  groups: [
    { id: 1, name: "Visibility", position: 1 },
    { id: 2, name: "Availability", position: 2 },
    { id: 3, name: "Shop profile", position: 3 },
  ],
  parameters: [
    parameter({
      id: 1,
      group: 1,
      name: "Shop board visible",
      code: "board_visible",
      question: BOARD,
      rule: "yes",
      weight: 2,
    }),
    parameter({
      id: 2,
      group: 1,
      name: "Shop front photo",
      code: "front_photo",
      question: PHOTO,
      rule: "answered",
      maximum: 5,
    }),
    parameter({ id: 3, group: 2, name: "In stock", code: "in_stock", question: IN_STOCK, rule: "yes" }),
    parameter({
      id: 4,
      group: 2,
      name: "Facings",
      code: "facings",
      question: FACINGS,
      rule: "proportional",
      target: 6,
    }),
    parameter({
      id: 5,
      group: 3,
      name: "Shop type",
      code: "shop_type",
      question: SHOP_TYPE,
      rule: "choice_points",
      points: "Supermarket=10;Kirana=6;Pharmacy=4;Paan shop=2",
    }),
  ],
  calculated: [
    {
      id: 1,
      group: 2,
      name: "Availability index",
      code: "availability_index",
      expression: "in_stock * facings / 10",
      maximum: 10,
      position: 9,
    },
  ],
  benchmarks: [
    { parameter: "Visibility", benchmark: 20 },
    { parameter: "in stock", benchmark: 8 },
  ],
};

const answers = (entries: [number, ScoredAnswer[]][]): OutletAnswers => new Map(entries);

describe("an outlet's score", () => {
  it("adds points × weight in each group and the groups up to the total (a worked example)", () => {
    const scored = scoreOutlet(
      SETUP,
      answers([
        [11, [answer("Yes")]],
        [15, [answer("", { images: 2 })]],
        [16, [answer("Yes"), answer("No"), answer("Yes")]],
        [17, [answer("3"), answer("6")]],
        [12, [answer("Kirana")]],
      ]),
    );
    expect(scored).toEqual({
      ok: true,
      score: {
        score: 46.01,
        max_score: 65,
        scoring_parameter_groups_data: [
          {
            id: 1,
            name: "Visibility",
            score: 25,
            max_score: 25,
            benchmark: 20,
            parameters: [
              {
                name: "Shop board visible",
                code: "board_visible",
                kind: "scoring",
                question: "Shop board visible?",
                points: 10,
                maximum: 10,
                weight: 2,
                score: 20,
                max_score: 20,
                benchmark: null,
              },
              {
                name: "Shop front photo",
                code: "front_photo",
                kind: "scoring",
                question: "Shop front photo",
                points: 5,
                maximum: 5,
                weight: 1,
                score: 5,
                max_score: 5,
                benchmark: null,
              },
            ],
          },
          {
            id: 2,
            name: "Availability",
            score: 15.01,
            max_score: 30,
            benchmark: null,
            parameters: [
              {
                name: "In stock",
                code: "in_stock",
                kind: "scoring",
                question: "In stock",
                points: 6.67,
                maximum: 10,
                weight: 1,
                score: 6.67,
                max_score: 10,
                benchmark: 8,
              },
              {
                name: "Facings",
                code: "facings",
                kind: "scoring",
                question: "Facings",
                points: 5,
                maximum: 10,
                weight: 1,
                score: 5,
                max_score: 10,
                benchmark: null,
              },
              {
                name: "Availability index",
                code: "availability_index",
                kind: "calculated",
                question: null,
                points: 3.34,
                maximum: 10,
                weight: 1,
                score: 3.34,
                max_score: 10,
                benchmark: null,
              },
            ],
          },
          {
            id: 3,
            name: "Shop profile",
            score: 6,
            max_score: 10,
            benchmark: null,
            parameters: [
              {
                name: "Shop type",
                code: "shop_type",
                kind: "scoring",
                question: "Shop type",
                points: 6,
                maximum: 10,
                weight: 1,
                score: 6,
                max_score: 10,
                benchmark: null,
              },
            ],
          },
        ],
      },
    });
  });

  it("an outlet without answers scores 0 of the maximum", () => {
    const scored = scoreOutlet(SETUP, new Map());
    expect(scored.ok && [scored.score.score, scored.score.max_score]).toEqual([0, 65]);
  });

  it("a calculated parameter that cannot be worked out fails the score with the reason", () => {
    const setup = {
      ...SETUP,
      calculated: [{ ...SETUP.calculated[0]!, expression: "in_stock / facings" }],
    };
    expect(scoreOutlet(setup, answers([[16, [answer("Yes")]]]))).toEqual({
      ok: false,
      reason: "Availability index divides by zero.",
    });
  });
});

describe("the setup's problems", () => {
  it("a stored setup like the demo's has none", () => {
    expect(setupProblems(SETUP)).toEqual([]);
  });

  it("names the rule that does not fit its question, and a choice the question does not offer", () => {
    const setup = {
      ...SETUP,
      parameters: [
        parameter({ id: 7, name: "Board", code: "board", question: SHOP_TYPE, rule: "yes" }),
        parameter({
          id: 8,
          name: "Shop kind",
          code: "kind",
          question: SHOP_TYPE,
          rule: "choice_points",
          points: "Mall=5",
        }),
      ],
      calculated: [],
    };
    expect(setupProblems(setup)).toEqual([
      {
        resource: "scoring-parameters",
        id: 7,
        name: "Board",
        field: "rule",
        message: "The rule Yes scores the maximum needs a yes or no question; Shop type is single choice.",
      },
      {
        resource: "scoring-parameters",
        id: 8,
        name: "Shop kind",
        field: "points",
        message: "mall is not a choice of Shop type (Kirana, Supermarket, Pharmacy, Paan shop).",
      },
    ]);
  });

  it("names a shared code, an unknown code and a cycle of calculated parameters", () => {
    const calc = (id: number, code: string, expression: string): CalculatedParameter => ({
      id,
      group: 2,
      name: `Calc ${id}`,
      code,
      expression,
      maximum: 10,
      position: id,
    });
    const setup = {
      ...SETUP,
      calculated: [
        calc(1, "in_stock", "1"),
        calc(2, "a", "b + shelf_share"),
        calc(3, "b", "c * 2"),
        calc(4, "c", "a - 1"),
      ],
    };
    expect(setupProblems(setup).map((p) => [p.name, p.field, p.message])).toEqual([
      ["In stock", "code", "Another parameter of this sub-project has the code “in_stock”."],
      ["Calc 1", "code", "Another parameter of this sub-project has the code “in_stock”."],
      [
        "Calc 2",
        "expression",
        "No scoring or calculated parameter of this sub-project has the code “shelf_share”.",
      ],
      ["Calc 2", "expression", "The expression comes back to itself: a → b → c → a."],
    ]);
  });
});

describe("scores, for any answers", () => {
  const yesNo = fc.constantFrom("Yes", "No", "", "maybe");
  const outletAnswers = fc
    .record({
      board: yesNo,
      photos: fc.nat(3),
      inStock: fc.array(yesNo, { maxLength: 4 }),
      facings: fc.array(fc.integer({ min: -3, max: 60 }).map(String), { maxLength: 4 }),
      shopType: fc.constantFrom("Kirana", "Supermarket", "Mall", ""),
    })
    .map((a) =>
      answers([
        [11, [answer(a.board)]],
        [15, [answer("", { images: a.photos })]],
        [16, a.inStock.map((v) => answer(v))],
        [17, a.facings.map((v) => answer(v))],
        [12, [answer(a.shopType)]],
      ]),
    );

  it("keep every parameter between 0 and its maximum, and add up exactly (in hundredths)", () => {
    fc.assert(
      fc.property(outletAnswers, (given) => {
        const scored = scoreOutlet(SETUP, given);
        if (!scored.ok) throw new Error(scored.reason);
        const cents = (n: number) => Math.round(n * 100);
        let total = 0;
        for (const group of scored.score.scoring_parameter_groups_data) {
          for (const p of group.parameters) {
            expect(p.points).toBeGreaterThanOrEqual(0);
            expect(p.points).toBeLessThanOrEqual(p.maximum);
            expect(cents(p.score)).toBe(cents(p.points * p.weight));
          }
          expect(cents(group.score)).toBe(group.parameters.reduce((s, p) => s + cents(p.score), 0));
          total += cents(group.score);
        }
        expect(cents(scored.score.score)).toBe(total);
        expect(scored.score.max_score).toBe(65);
        expect(scored.score.score).toBeLessThanOrEqual(scored.score.max_score);
      }),
    );
  });

  it("never fall when one more SKU is in stock", () => {
    fc.assert(
      fc.property(fc.array(yesNo, { minLength: 3, maxLength: 3 }), fc.nat(2), (stock, i) => {
        const before = scoreOutlet(SETUP, answers([[16, stock.map((v) => answer(v))]]));
        const after = scoreOutlet(SETUP, answers([[16, stock.map((v, j) => answer(j === i ? "Yes" : v))]]));
        expect(before.ok && after.ok && after.score.score >= before.score.score).toBe(true);
      }),
    );
  });
});
