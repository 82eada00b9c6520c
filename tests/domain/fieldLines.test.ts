// @vitest-environment node
import { describe, expect, it } from "vitest";
import { asksReasonDescription } from "../../src/domain/outlets/extraFields";
import {
  fieldLabel,
  messagesByField,
  readableLine,
  readFieldLine,
} from "../../src/domain/outlets/fieldLines";
import { daysInMonth } from "../../src/domain/shared/format";

describe("the server's 400 lines read back for a form", () => {
  it("splits a line into its field and message, and keeps a line without a field whole", () => {
    expect(readFieldLine("utr_number: Enter the UTR: 12 to 22 letters or digits.")).toEqual({
      field: "utr_number",
      message: "Enter the UTR: 12 to 22 letters or digits.",
    });
    expect(readFieldLine("extra_data.amount: A valid number is required.").field).toBe("extra_data.amount");
    expect(readFieldLine("Something was refused.")).toEqual({
      field: null,
      message: "Something was refused.",
    });
  });

  it("names a field by the form's label, a known label, or its key in words", () => {
    const labels = { amount: "Amount" };
    expect(fieldLabel("amount", labels)).toBe("Amount");
    expect(fieldLabel("chain_rsids", labels)).toBe("Chain RSIDs");
    expect(fieldLabel("related_workflow_reasons_description", labels)).toBe("Reason description");
    expect(fieldLabel("route_plan_end_date", labels)).toBe("Route plan end date");
    expect(readableLine(readFieldLine("amount: Too small."), labels)).toBe("Amount: Too small.");
    expect(readableLine(readFieldLine("Refused."), labels)).toBe("Refused.");
    expect(readableLine(readFieldLine("payment_date: Payment date cannot be in the future."), {})).toBe(
      "Payment date cannot be in the future.",
    );
  });

  it("groups the messages by field", () => {
    const lines = ["amount: a", "amount: b", "utr_number: c", "loose"].map(readFieldLine);
    expect(messagesByField(lines)).toEqual({ amount: ["a", "b"], utr_number: ["c"] });
  });
});

describe("the date picker's days and the reason description", () => {
  it("gives each month its days, February by the year (29 before a year is chosen)", () => {
    expect(daysInMonth(1, 2027)).toBe(31);
    expect(daysInMonth(4, 2027)).toBe(30);
    expect(daysInMonth(2, 2027)).toBe(28);
    expect(daysInMonth(2, 2028)).toBe(29);
    expect(daysInMonth(2, 1900)).toBe(28);
    expect(daysInMonth(2, null)).toBe(29);
  });

  it("asks for a reason description when an action has a reason field", () => {
    expect(asksReasonDescription(["related_workflow_reasons"])).toBe(true);
    expect(asksReasonDescription(["amount", "utr_number", "payment_date", "payment_remarks"])).toBe(false);
  });
});
