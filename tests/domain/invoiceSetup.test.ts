// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assignmentProblem,
  BOUNDS_CROSSED,
  HEADER_TWICE,
  LOWER_ABOVE_UPPER,
  MIN_ABOVE_MAX,
  moveHeader,
  NO_CHOICES,
  SKU_NAME_EMPTY,
  type SkuTemplateField,
  skuFieldProblem,
  skuFieldSetupProblems,
  skuNameProblem,
  skuRowProblems,
  TEMPLATE_OR_HEADERS,
} from "../../src/domain/invoices/invoiceSetup";
import { splitChoices } from "../../src/domain/shared/choices";

const field = (over: Partial<SkuTemplateField>): SkuTemplateField => ({
  id: 1,
  name: "Quantity",
  type: "text",
  validations: {},
  is_mandatory: false,
  ...over,
});

describe("the SKU grid's field rules (002 §5)", () => {
  it("says the spec's words for an empty SKU name and an empty mandatory field", () => {
    expect(skuNameProblem("  ", ["Cola 500 ml"])).toBe("SKU Name cannot be empty.");
    expect(SKU_NAME_EMPTY).toBe("SKU Name cannot be empty.");
    expect(skuFieldProblem(field({ name: "Batch", is_mandatory: true }), "")).toBe("Batch cannot be empty");
    expect(skuFieldProblem(field({ name: "Batch" }), "")).toBeNull();
  });

  it("flags a SKU name not in the sub-project's SKU list, whatever its case", () => {
    expect(skuNameProblem("cola 500 ML", ["Cola 500 ml"])).toBeNull();
    expect(skuNameProblem("Lemonade", ["Cola 500 ml"])).toBe("Lemonade is not in the sub-project's SKU list");
  });

  it("bounds a text by min_length and max_length", () => {
    const batch = field({ name: "Batch", validations: { min_length: 3, max_length: 5 } });
    expect(skuFieldProblem(batch, "AB")).toBe("Batch must be at least 3 characters");
    expect(skuFieldProblem(batch, "ABCDEF")).toBe("Batch must not exceed 5 characters");
    expect(skuFieldProblem(batch, "ABCD")).toBeNull();
  });

  it("takes a number within its limits, whole unless allow_decimals", () => {
    const qty = field({ type: "number", validations: { lower_limit: 1, upper_limit: 100 } });
    expect(skuFieldProblem(qty, "ten")).toBe("Quantity must be a valid number");
    expect(skuFieldProblem(qty, "0")).toBe("Quantity must be at least 1");
    expect(skuFieldProblem(qty, "101")).toBe("Quantity must be at most 100");
    expect(skuFieldProblem(qty, "2.5")).toBe("Quantity must be a whole number");
    expect(
      skuFieldProblem({ ...qty, validations: { ...qty.validations, allow_decimals: true } }, "2.5"),
    ).toBeNull();
  });

  it("takes a dropdown value only from its semicolon-separated choices", () => {
    const pack = field({ name: "Pack", type: "dropdown", validations: { choices: "Box; Strip ;Loose" } });
    expect(skuFieldProblem(pack, "Strip")).toBeNull();
    expect(skuFieldProblem(pack, "Box,Strip")).toBe("Pack must be one of: Box; Strip; Loose");
    expect(splitChoices("a;;b ; ")).toEqual(["a", "b"]);
  });

  it("keeps a date strictly after greater_than and before lower_than; a time the same way", () => {
    const expiry = field({
      name: "Expiry",
      type: "date",
      validations: { greater_than: "2026-01-01", lower_than: "2026-12-31" },
    });
    expect(skuFieldProblem(expiry, "2026-01-01")).toBe("Expiry must be after 2026-01-01");
    expect(skuFieldProblem(expiry, "2026-12-31")).toBe("Expiry must be before 2026-12-31");
    expect(skuFieldProblem(expiry, "2026-02-30")).toBe("Expiry must be a valid date");
    expect(skuFieldProblem(expiry, "2026-06-15")).toBeNull();
    const delivered = field({ name: "Delivered at", type: "time", validations: { greater_than: "09:00" } });
    expect(skuFieldProblem(delivered, "09:00")).toBe("Delivered at must be after 09:00");
    expect(skuFieldProblem(delivered, "9:30")).toBe("Delivered at must be a valid time (HH:MM)");
    expect(skuFieldProblem(delivered, "09:30")).toBeNull();
  });

  it("reports a row's problems by field, the SKU name under sku", () => {
    const fields = [field({ id: 7, is_mandatory: true }), field({ id: 8, type: "number" })];
    expect(skuRowProblems({ sku_name: "", values: { 8: "x" } }, fields, [])).toEqual({
      sku: "SKU Name cannot be empty.",
      7: "Quantity cannot be empty",
      8: "Quantity must be a valid number",
    });
  });

  it("never refuses a number inside whole limits when decimals are allowed", () => {
    const price = field({
      type: "number",
      validations: { lower_limit: -50, upper_limit: 50, allow_decimals: true },
    });
    fc.assert(
      fc.property(fc.double({ min: -50, max: 50, noNaN: true }), (n) => {
        expect(skuFieldProblem(price, String(n))).toBeNull();
      }),
    );
  });
});

describe("a SKU template field's setup", () => {
  it("refuses validations no value could pass", () => {
    expect(skuFieldSetupProblems("text", { min_length: 5, max_length: 2 })).toEqual({
      max_length: MIN_ABOVE_MAX,
    });
    expect(skuFieldSetupProblems("number", { lower_limit: 9, upper_limit: 1 })).toEqual({
      upper_limit: LOWER_ABOVE_UPPER,
    });
    expect(skuFieldSetupProblems("dropdown", { choices: " ; " })).toEqual({ choices: NO_CHOICES });
    expect(skuFieldSetupProblems("time", { greater_than: "18:00", lower_than: "09:00" })).toEqual({
      lower_than: BOUNDS_CROSSED,
    });
    expect(skuFieldSetupProblems("date", { greater_than: "01/02/2026" })).toEqual({
      greater_than: "Write the date as YYYY-MM-DD.",
    });
    expect(skuFieldSetupProblems("dropdown", { choices: "Box;Strip" })).toEqual({});
  });
});

describe("the sub-project's invoice assignment", () => {
  it("uses a template or a header list, never both or neither, each header once", () => {
    expect(assignmentProblem({ template: 3, headers: [] })).toBeNull();
    expect(assignmentProblem({ template: null, headers: [4, 2] })).toBeNull();
    expect(assignmentProblem({ template: 3, headers: [4] })).toBe(TEMPLATE_OR_HEADERS);
    expect(assignmentProblem({ template: null, headers: [] })).toBe(TEMPLATE_OR_HEADERS);
    expect(assignmentProblem({ template: null, headers: [4, 4] })).toBe(HEADER_TWICE);
  });

  it("moves one header and keeps the others in order", () => {
    expect(moveHeader(["a", "b", "c", "d"], 3, 1)).toEqual(["a", "d", "b", "c"]);
    expect(moveHeader(["a", "b"], 0, 5)).toEqual(["a", "b"]);
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 1 }), fc.nat(), fc.nat(), (list, i, j) => {
        const from = i % list.length;
        const to = j % list.length;
        const moved = moveHeader(list, from, to);
        expect(moved[to]).toBe(list[from]);
        expect([...moved].sort()).toEqual([...list].sort());
      }),
    );
  });
});
