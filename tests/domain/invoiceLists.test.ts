/** The collected-bills lists' rules: the statuses asked for, the invoice date range, the date shown. */
import { describe, expect, it } from "vitest";
import {
  collectedBillsQuery,
  invoiceDateText,
  invoiceListQuery,
  invoiceRangeErrors,
} from "../../src/domain/invoices/invoiceLists";
import { EMPTY_FILTERS, type FilterValues } from "../../src/domain/shared/filters";

const with_ = (lists: FilterValues["lists"], ranges: FilterValues["ranges"] = {}): FilterValues => ({
  ...EMPTY_FILTERS,
  lists,
  ranges,
});

describe("the collected-bills lists' queries", () => {
  it("send one ticked status, and none when both or neither are ticked", () => {
    expect(collectedBillsQuery(with_({ status: ["pending"] }), "")).toEqual({ status: "pending" });
    expect(collectedBillsQuery(with_({ status: ["pending", "complete"] }), "")).toEqual({});
    expect(collectedBillsQuery(with_({ status: [] }), "")).toEqual({});
  });

  it("send projects and sub-projects as their slugs and a trimmed search", () => {
    expect(
      collectedBillsQuery(with_({ project: ["acme-mi"], sub_project: ["acme-mi-main"] }), " RS000089 "),
    ).toEqual({ project: ["acme-mi"], sub_project: ["acme-mi-main"], search: "RS000089" });
  });

  it("hold the invoice date range to 30 days before asking", () => {
    const range = (from: string, to: string) => with_({}, { invoice_date: { from, to } });
    expect(invoiceListQuery(range("2026-10-01", "2026-10-31"), "")).toEqual({
      ok: true,
      query: { invoice_date_after: "2026-10-01", invoice_date_before: "2026-10-31" },
    });
    expect(invoiceListQuery(range("2026-10-01", "2026-11-01"), "")).toEqual({
      ok: false,
      alert: "To Date must be within 30 days of From Date",
    });
    expect(invoiceListQuery(range("2026-10-05", "2026-10-01"), "")).toEqual({
      ok: false,
      alert: "To Date must be within 30 days of From Date",
    });
    expect(invoiceListQuery(range("01-10-2026", "2026-10-20"), "")).toEqual({
      ok: false,
      alert: "Write the date as YYYY-MM-DD.",
    });
  });

  it("name the field each range problem belongs to, as the server answers", () => {
    expect(invoiceRangeErrors(undefined, undefined)).toEqual({});
    expect(invoiceRangeErrors("2026-10-01", undefined)).toEqual({});
    expect(invoiceRangeErrors("2026-01-01", "2026-03-01")).toEqual({
      invoice_date_before: ["To Date must be within 30 days of From Date"],
    });
    expect(invoiceRangeErrors("2026-02-30", "soon")).toEqual({
      invoice_date_after: ["Write the date as YYYY-MM-DD."],
      invoice_date_before: ["Write the date as YYYY-MM-DD."],
    });
  });

  it("show an invoice date as the product shows dates", () => {
    expect(invoiceDateText("2026-11-22")).toBe("Nov 22, 2026");
    expect(invoiceDateText(null)).toBe("Not given");
  });
});
