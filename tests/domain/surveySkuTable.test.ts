// @vitest-environment node
/**
 * 001 §2.2, §4.2: a sku_group group's SKU table: the SKUs its answers name in the group's order, the
 * rows Add New Sku may add, the slots a Save checks and sends, and the rule the server holds a
 * created answer's SKU to.
 */
import { describe, expect, it } from "vitest";
import { QuestionId, SkuId } from "../../src/domain/api/ids";
import {
  answerLabel,
  answerSkuProblem,
  answersUpdate,
  groupSlots,
  type Question,
  SKU_NOT_IN_GROUP,
  skusToAdd,
  skuTableSkus,
} from "../../src/domain/survey/survey";
import { sampleAnswer } from "../machines/fixtures/surveyGroups";

const cola = { id: SkuId.make(1), sku_code: "SKU-COLA-250", name: "Cola 250 ml" };
const lemon = { id: SkuId.make(2), sku_code: "SKU-LEMON-500", name: "Lemon drink 500 ml" };
const chips = { id: SkuId.make(3), sku_code: "SKU-CHIPS-50", name: "Salted chips 50 g" };
const related = [cola, lemon, chips];

const facings = (answeredFor: readonly (typeof cola)[]): Question => ({
  id: QuestionId.make(40),
  name: "Facings",
  type: "number",
  is_mandatory: true,
  validations: { lower_limit: 0, upper_limit: 50 },
  reference_images: [],
  is_calling_necessary: false,
  related_answers: answeredFor.map((sku, i) => ({ ...sampleAnswer(400 + i, "4"), sku_product: sku })),
});
const stockGroup = { type: "sku_group" as const, related_sku_products: related };

describe("the SKU table of a sku_group group", () => {
  it("lists the SKUs answered in the group's order, then those added; Add New Sku offers the rest", () => {
    const questions = [facings([lemon, cola])];
    expect(skuTableSkus(questions, related).map((s) => s.name)).toEqual([
      "Cola 250 ml",
      "Lemon drink 500 ml",
    ]);
    expect(skusToAdd(related, skuTableSkus(questions, related))).toEqual([chips]);
    expect(skuTableSkus(questions, related, [chips]).map((s) => s.name)).toEqual([
      "Cola 250 ml",
      "Lemon drink 500 ml",
      "Salted chips 50 g",
    ]);
    expect(skusToAdd(related, skuTableSkus(questions, related, [chips]))).toEqual([]);
    // A SKU answered that the group no longer lists stays in the table, after the listed ones.
    expect(skuTableSkus(questions, [lemon]).map((s) => s.name)).toEqual([
      "Lemon drink 500 ml",
      "Cola 250 ml",
    ]);
  });

  it("checks and sends one slot per question and SKU of the table; none while it is empty", () => {
    expect(groupSlots(stockGroup, [facings([])])).toEqual([]);
    const slots = groupSlots(stockGroup, [facings([cola])], [chips]);
    expect(slots.map((s) => [s.key, s.answer?.id ?? null])).toEqual([
      ["40:1", 400],
      ["40:3", null],
    ]);
    // The added row's answer is created with its SKU; the unchanged one is not sent.
    const request = answersUpdate(
      77,
      [facings([cola])],
      {
        "40:3": {
          single_input: "7",
          multiple_answers_input: [],
          latitude_input: "",
          longitude_input: "",
          other_phone_number: "",
          other_ifsc_code: "",
        },
      },
      slots,
    );
    expect(request.data_to_update).toEqual({});
    expect(request.data_to_create).toEqual([
      expect.objectContaining({ question: 40, workflow_object: 77, sku_product: 3, single_input: "7" }),
    ]);
  });

  it("holds a created answer to its group's SKUs, and names it with its SKU", () => {
    const group = { type: "sku_group", related_sku_ids: [1, 2, 3] };
    expect(answerSkuProblem(group, 3)).toBeNull();
    expect(answerSkuProblem(group, 9)).toBe(SKU_NOT_IN_GROUP);
    expect(answerSkuProblem(group, null)).toBe("Not a SKU of this question's group.");
    expect(answerSkuProblem({ type: "general", related_sku_ids: [] }, null)).toBeNull();
    expect(answerSkuProblem({ type: "general", related_sku_ids: [] }, 1)).toBe(SKU_NOT_IN_GROUP);
    expect(answerLabel("Facings", "Salted chips 50 g")).toBe("Facings (Salted chips 50 g)");
    expect(answerLabel("Shop name", null)).toBe("Shop name");
  });
});
