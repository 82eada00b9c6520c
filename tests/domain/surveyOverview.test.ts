import { describe, expect, it } from "vitest";
import type { QuestionId } from "../../src/domain/api/ids";
import { mayOpenOutletView, outletViewsFor, outletViewType } from "../../src/domain/outlets/outletViews";
import { answeredText, type OverviewAnswer, questionOverview } from "../../src/domain/survey/surveyOverview";

const answer = (workflow_object: number, fields: Partial<OverviewAnswer>): OverviewAnswer => ({
  workflow_object,
  single_input: null,
  multiple_answers_input: [],
  latitude_input: null,
  image_count: 0,
  ...fields,
});
const question = (type: string, choices: string | null = null) => ({
  id: 1 as QuestionId,
  name: "Shop type",
  group: "Shop Details",
  type,
  validations: { choices },
});

describe("a question's overview", () => {
  it("lists each choice in the question's order with its count, then other values given", () => {
    const o = questionOverview(question("single_choice", "Kirana; Pharmacy; Paan shop"), [
      answer(1, { single_input: "Pharmacy" }),
      answer(2, { single_input: "Pharmacy" }),
      answer(3, { single_input: "Bakery" }),
      answer(4, { single_input: "" }),
    ]);
    expect(o.answered).toBe(3);
    expect(o.values).toEqual([
      { value: "Kirana", count: 0 },
      { value: "Pharmacy", count: 2 },
      { value: "Paan shop", count: 0 },
      { value: "Bakery", count: 1 },
    ]);
  });

  it("counts a multiple-choice answer once per choice, an outlet once", () => {
    const o = questionOverview(question("multiple_choice", "Beverages;Snacks"), [
      answer(1, { multiple_answers_input: ["Beverages", "Snacks"] }),
      answer(2, { multiple_answers_input: ["Snacks"] }),
    ]);
    expect(o.answered).toBe(2);
    expect(o.values).toEqual([
      { value: "Beverages", count: 1 },
      { value: "Snacks", count: 2 },
    ]);
  });

  it("gives a number question's range, and never lists personal values", () => {
    const n = questionOverview(question("number"), [
      answer(1, { single_input: "66" }),
      answer(2, { single_input: "306" }),
      answer(3, { single_input: "194" }),
    ]);
    expect(n.numbers).toEqual({ min: 66, max: 306, average: 188.67 });
    const pan = questionOverview(question("pan_number"), [answer(1, { single_input: "ABCDE1234F" })]);
    expect(pan).toMatchObject({ answered: 1, values: [], numbers: null });
    const photo = questionOverview(question("single_image"), [answer(1, { image_count: 1 }), answer(2, {})]);
    expect(photo.answered).toBe(1);
  });

  it("says the answered share", () => {
    expect(answeredText(7, 33)).toBe("7 of 33 outlets (21%)");
    expect(answeredText(0, 0)).toBe("0 of 0 outlets (0%)");
  });
});

describe("the outlet's views by role", () => {
  it("has the client's, calling and field views, and no other", () => {
    expect(outletViewType("client")).toBe("client");
    expect(outletViewType("retailer")).toBeNull();
  });

  it("opens each view to the role and those who check its work", () => {
    expect(outletViewsFor("qc-manager")).toEqual(["client", "calling", "field"]);
    expect(outletViewsFor("client-manager-view")).toEqual(["client"]);
    expect(outletViewsFor("calling-executive")).toEqual(["calling"]);
    expect(outletViewsFor("qc-executive")).toEqual(["field"]);
    expect(mayOpenOutletView("field", "client-manager")).toBe(false);
    expect(outletViewsFor("iftu-executive")).toEqual([]);
  });
});
