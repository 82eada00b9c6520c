/** The tax and message delivery rules (docs/tax.md, docs/messaging.md). */
import { describe, expect, it } from "vitest";
import { isStatusChange } from "../../src/domain/messaging/messaging";
import {
  financialYearBounds,
  financialYearChoices,
  lastEndedFinancialYear,
  panYearFigure,
  payoutTotals,
  quarterBounds,
} from "../../src/domain/tax/tax";

describe("financial years and quarters", () => {
  it("run from 1 April to 31 March, Q1 April to June and Q4 January to March", () => {
    expect(financialYearBounds(2025)).toEqual({ from: "2025-04-01", to: "2026-03-31" });
    expect(quarterBounds(2025)).toEqual([
      { quarter: 1, from: "2025-04-01", to: "2025-06-30" },
      { quarter: 2, from: "2025-07-01", to: "2025-09-30" },
      { quarter: 3, from: "2025-10-01", to: "2025-12-31" },
      { quarter: 4, from: "2026-01-01", to: "2026-03-31" },
    ]);
  });

  it("offers the running year and three before it; the last ended is the one before the running", () => {
    expect(financialYearChoices("2026-11-27")).toEqual(["2026-27", "2025-26", "2024-25", "2023-24"]);
    expect(lastEndedFinancialYear("2026-11-27")).toBe("2025-26");
    expect(lastEndedFinancialYear("2026-03-31")).toBe("2024-25");
  });
});

describe("a PAN's figure", () => {
  const payouts = [
    { payment_date: "2025-05-10", amount: "1000.10", tds_amount: "20.01" },
    { payment_date: "2026-02-01", amount: "2000.20", tds_amount: "40.02" },
    { payment_date: "2026-04-01", amount: "500.00", tds_amount: "10.00" },
  ];

  it("sums one financial year in paise, per quarter, issued once the year has ended", () => {
    expect(panYearFigure(payouts, 2025, "2026-11-27")).toEqual({
      financial_year: "2025-26",
      amount_paid: "3000.30",
      tds_deducted: "60.03",
      quarters: [
        { quarter: 1, amount_paid: "1000.10", tds_deducted: "20.01" },
        { quarter: 2, amount_paid: "0.00", tds_deducted: "0.00" },
        { quarter: 3, amount_paid: "0.00", tds_deducted: "0.00" },
        { quarter: 4, amount_paid: "2000.20", tds_deducted: "40.02" },
      ],
      issued: true,
    });
    expect(panYearFigure(payouts, 2026, "2026-11-27")?.issued).toBe(false);
    expect(panYearFigure(payouts, 2024, "2026-11-27")).toBeNull();
  });

  it("a store's totals add its payouts", () => {
    expect(payoutTotals(payouts)).toEqual({ payouts: 3, amount_paid: "3500.30", tds_deducted: "70.03" });
  });
});

describe("a message's status", () => {
  it("only moves forward, and failed and read are final", () => {
    expect(isStatusChange("queued", "sent")).toBe(true);
    expect(isStatusChange("sent", "delivered")).toBe(true);
    expect(isStatusChange("delivered", "read")).toBe(true);
    expect(isStatusChange("sent", "failed")).toBe(true);
    expect(isStatusChange("delivered", "delivered")).toBe(false);
    expect(isStatusChange("read", "delivered")).toBe(false);
    expect(isStatusChange("delivered", "sent")).toBe(false);
    expect(isStatusChange("failed", "delivered")).toBe(false);
  });
});
