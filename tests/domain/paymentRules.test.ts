import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { datePairs, extraDataErrors } from "../../src/domain/outlets/extraFields";
import { WORKFLOW_ACTIONS } from "../../src/domain/outlets/workflowActions";
import { calendarDateAt } from "../../src/domain/shared/format";
import {
  endsOnOrAfter,
  isValidUtr,
  moneyProblem,
  TOO_MANY_DECIMALS,
  TOO_MANY_DIGITS,
} from "../../src/domain/shared/validation";

describe("money amounts", () => {
  it("are positive, with at most 2 decimals and 10 digits before the point", () => {
    for (const ok of ["1", "0.01", "1500.50", "+7", "0001.5", "9999999999.99"])
      expect(moneyProblem(ok, "Amount"), ok).toBeNull();
    expect(moneyProblem("-500", "Amount")).toBe("Amount must be greater than zero.");
    expect(moneyProblem("0.00", "Amount")).toBe("Amount must be greater than zero.");
    expect(moneyProblem("-0", "Amount")).toBe("Amount must be greater than zero.");
    expect(moneyProblem("10.505", "Amount")).toBe(TOO_MANY_DECIMALS);
    expect(moneyProblem("12345678901", "Amount")).toBe(TOO_MANY_DIGITS);
    for (const bad of ["ten", "1e5", "0x10", "", "1,000", "Infinity", "1.", ".5"]) {
      expect(moneyProblem(bad, "Amount"), bad).toBe("A valid number is required.");
    }
  });

  it("accept every positive amount written with two decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999_999 }), (paise) => {
        expect(moneyProblem((paise / 100).toFixed(2), "Amount")).toBeNull();
      }),
    );
  });
});

describe("UTR numbers", () => {
  it("take the IMPS/UPI, NEFT and RTGS forms", () => {
    for (const ok of ["123456789012", "HDFCN52026112012", "hdfcn52026112012", "SBINR52026112300000123"]) {
      expect(isValidUtr(ok), ok).toBe(true);
    }
    for (const bad of [
      "x",
      "12345678901",
      "1234567890123",
      "HDFC1234567890",
      "1234N52026112012",
      "HDFCN5202611201!",
      "",
    ]) {
      expect(isValidUtr(bad), bad).toBe(false);
    }
  });
});

describe("dates", () => {
  it("today is the calendar date in India", () => {
    expect(calendarDateAt(Date.parse("2026-11-20T18:29:00Z"))).toBe("2026-11-20");
    expect(calendarDateAt(Date.parse("2026-11-20T18:30:00Z"))).toBe("2026-11-21");
  });

  it("pairs start and end fields and wants the end on or after the start", () => {
    expect(datePairs(["route_plan_start_date", "route_plan_end_date", "remarks"])).toEqual([
      ["route_plan_start_date", "route_plan_end_date"],
    ]);
    expect(datePairs(["start_date"])).toEqual([]);
    expect(endsOnOrAfter("2026-12-10", "2026-12-10")).toBe(true);
    expect(endsOnOrAfter("2026-12-10", "2026-12-01")).toBe(false);
  });

  it("refuse a payment dated after today and a route plan ending before it starts", () => {
    const pay = WORKFLOW_ACTIONS.payment_successful;
    const payment = (payment_date: string) =>
      extraDataErrors(
        "payment_successful",
        pay,
        "payment_successful",
        { utr_number: "123456789012", amount: "10", payment_date },
        [],
        "2026-11-20",
      );
    expect(payment("2026-11-20")).toEqual({});
    expect(payment("2026-11-21")).toEqual({ payment_date: ["Payment date cannot be in the future."] });
    const plan = WORKFLOW_ACTIONS.route_plan_client_confirmed;
    const route = (start: string, end: string) =>
      extraDataErrors(
        "route_plan_client_confirmed",
        plan,
        "route_plan_client_confirmed",
        { route_plan_start_date: start, route_plan_end_date: end },
        [],
        "2026-11-20",
      );
    expect(route("2026-12-01", "2026-12-10")).toEqual({});
    expect(route("2026-12-10", "2026-12-01")).toEqual({
      route_plan_end_date: ["Route plan end date must be on or after the route plan start date."],
    });
  });
});
