// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  financialQuarterOf,
  financialYearFromLabel,
  financialYearLabel,
  financialYearOf,
  form16Years,
  isForm16Issued,
} from "../../src/domain/tax/form16";

describe("Form 16's financial years", () => {
  it("start in April, with Q1 April to June and Q4 January to March", () => {
    expect(financialYearOf("2026-03-31")).toBe(2025);
    expect(financialYearOf("2026-04-01")).toBe(2026);
    expect(
      [1, 3, 4, 6, 7, 9, 10, 12].map((m) => financialQuarterOf(`2026-${String(m).padStart(2, "0")}-15`)),
    ).toEqual([4, 4, 1, 1, 2, 2, 3, 3]);
  });

  it("are named as the tax forms write them, and only such names are read back", () => {
    expect(financialYearLabel(2025)).toBe("2025-26");
    expect(financialYearLabel(2099)).toBe("2099-00");
    expect(financialYearFromLabel("2025-26")).toBe(2025);
    expect(financialYearFromLabel("2099-00")).toBe(2099);
    expect(financialYearFromLabel("2025-27")).toBeNull();
    expect(financialYearFromLabel("2025")).toBeNull();
  });

  it("are issued the day after 31 March", () => {
    expect(isForm16Issued(2025, "2026-03-31")).toBe(false);
    expect(isForm16Issued(2025, "2026-04-01")).toBe(true);
  });

  it("sum payouts exactly per year and quarter, newest year first", () => {
    const years = form16Years(
      [
        { payment_date: "2026-01-10", amount: "0.10", tds_amount: "0.01" },
        { payment_date: "2026-02-10", amount: "0.20", tds_amount: "0.02" },
        { payment_date: "2026-04-10", amount: "1000.00", tds_amount: "20.00" },
      ],
      "2026-11-20",
    );
    expect(years).toEqual([
      {
        financial_year: "2026-27",
        amount_paid: "1000.00",
        tds_deducted: "20.00",
        quarters: [
          { quarter: 1, amount_paid: "1000.00", tds_deducted: "20.00" },
          { quarter: 2, amount_paid: "0.00", tds_deducted: "0.00" },
          { quarter: 3, amount_paid: "0.00", tds_deducted: "0.00" },
          { quarter: 4, amount_paid: "0.00", tds_deducted: "0.00" },
        ],
        issued: false,
      },
      {
        financial_year: "2025-26",
        amount_paid: "0.30",
        tds_deducted: "0.03",
        quarters: [
          { quarter: 1, amount_paid: "0.00", tds_deducted: "0.00" },
          { quarter: 2, amount_paid: "0.00", tds_deducted: "0.00" },
          { quarter: 3, amount_paid: "0.00", tds_deducted: "0.00" },
          { quarter: 4, amount_paid: "0.30", tds_deducted: "0.03" },
        ],
        issued: true,
      },
    ]);
    expect(form16Years([], "2026-11-20")).toEqual([]);
  });

  it("count every paid payout of a year with tax deducted, and give no year without tax", () => {
    const years = form16Years(
      [
        { payment_date: "2025-05-10", amount: "500.00", tds_amount: "0" },
        { payment_date: "2026-05-10", amount: "1000.00", tds_amount: "20.00" },
        { payment_date: "2026-06-10", amount: "1500.00", tds_amount: "0" },
      ],
      "2026-11-20",
    );
    expect(years.map((y) => [y.financial_year, y.amount_paid, y.tds_deducted])).toEqual([
      ["2026-27", "2500.00", "20.00"],
    ]);
  });
});
