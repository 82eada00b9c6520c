import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chooseInvoiceFrom,
  chooseInvoiceTo,
  defaultDateRange,
  INVOICE_RANGE_ALERT,
  optionKeys,
  toFilterOptions,
} from "../../src/domain/shared/filters";
import {
  daysBetween,
  daysInMonth,
  formatDate,
  formatNumber,
  formatTime12,
  parseIsoDate,
  shiftIsoDate,
} from "../../src/domain/shared/format";
import {
  isPageSizeSelectable,
  localTableView,
  matchesSearch,
  nextSort,
  pagerText,
  showingText,
  tableQueryFromParams,
  tableQueryToParams,
} from "../../src/domain/shared/table";

describe("table rules", () => {
  it("shows a list held whole as searched, ordered (numbers as numbers) and paged", () => {
    const cycles = [
      { month: "2026-10", paid: "900.00" },
      { month: "2026-11", paid: "1200.00" },
      { month: "2026-12", paid: "80.00" },
    ];
    const view = (query: Partial<Parameters<typeof localTableView>[1]>) =>
      localTableView(
        cycles,
        { page: 1, pageSize: 15, sort: null, search: "", ...query },
        (c) => `${c.month} ${c.paid}`,
        (c, key) => (key === "paid" ? Number(c.paid) : c.month),
      );
    expect(view({ sort: { key: "paid", direction: "desc" } }).rows.map((c) => c.paid)).toEqual([
      "1200.00",
      "900.00",
      "80.00",
    ]);
    expect(view({ search: " 2026-1" })).toEqual({ rows: cycles, total: 3 });
    expect(view({ search: "2026-12" })).toEqual({ rows: [cycles[2]], total: 1 });
    expect(view({ page: 2, pageSize: 2, sort: { key: "month", direction: "asc" } })).toEqual({
      rows: [cycles[2]],
      total: 3,
    });
  });

  it("sorts ascending first, then toggles", () => {
    const asc = nextSort(null, "name");
    expect(asc).toEqual({ key: "name", direction: "asc" });
    expect(nextSort(asc, "name")).toEqual({ key: "name", direction: "desc" });
    expect(nextSort(nextSort(asc, "name"), "name")).toEqual({ key: "name", direction: "asc" });
    expect(nextSort(asc, "city")).toEqual({ key: "city", direction: "asc" });
  });

  it("pager texts", () => {
    expect(pagerText(2, 95, 15)).toBe("Page 2 of 7");
    expect(pagerText(1, 0, 15)).toBe("Page 1 of 1");
    expect(showingText(2, 15, 95)).toBe("Showing 16 - 30 of 95 Record(s)");
    expect(showingText(7, 15, 95)).toBe("Showing 91 - 95 of 95 Record(s)");
    expect(pagerText(1, 41_667, 15, true)).toBe("Page 1 of about 2778");
    expect(showingText(1, 15, 41_667, true)).toBe("Showing 1 - 15 of about 41667 Record(s)");
    expect(isPageSizeSelectable(14)).toBe(false);
    expect(isPageSizeSelectable(15)).toBe(true);
  });

  it("searches case-insensitively", () => {
    expect(matchesSearch("Sharma General Stores", "GENERAL")).toBe(true);
    expect(matchesSearch("Sharma", "x")).toBe(false);
  });

  it("the URL query round-trips, and bad values fall back to defaults", () => {
    const q = { page: 3, pageSize: 50, sort: { key: "name", direction: "desc" as const }, search: "kirana" };
    expect(tableQueryFromParams(new URLSearchParams(tableQueryToParams(q)))).toEqual(q);
    expect(tableQueryFromParams(new URLSearchParams("page=-2&page-size=17"))).toEqual({
      page: 1,
      pageSize: 15,
      sort: null,
      search: "",
    });
    fc.assert(
      fc.property(fc.string(), (s) => {
        const parsed = tableQueryFromParams(new URLSearchParams(s));
        expect(parsed.page).toBeGreaterThan(0);
      }),
    );
  });
});

describe("formats", () => {
  it("dates as MMM d, yyyy and times on a 12-hour clock", () => {
    expect(formatDate(2026, 11, 22)).toBe("Nov 22, 2026");
    expect(formatTime12(0, 5)).toBe("12:05 AM");
    expect(formatTime12(12, 0)).toBe("12:00 PM");
    expect(formatTime12(15, 30)).toBe("3:30 PM");
  });

  it("numbers with at most two decimals", () => {
    expect(formatNumber(12.3456)).toBe("12.35");
    expect(formatNumber(7)).toBe("7");
    expect(formatNumber(Number.NaN)).toBe("-");
  });

  it("real calendar dates only", () => {
    expect(parseIsoDate("2026-02-29")).toBeNull();
    expect(parseIsoDate("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(daysBetween("2026-01-31", "2026-03-02")).toBe(30);
    // Years 0 to 99 are those years, not 1900 to 1999: year 0 is a leap year, 100 and 1900 are not.
    expect(parseIsoDate("0000-02-29")).toEqual({ year: 0, month: 2, day: 29 });
    expect(parseIsoDate("0004-02-29")).toEqual({ year: 4, month: 2, day: 29 });
    expect(parseIsoDate("0100-02-29")).toBeNull();
    expect(parseIsoDate("1900-02-29")).toBeNull();
    expect(parseIsoDate("2026-13-01")).toBeNull();
    expect(parseIsoDate("2026-00-10")).toBeNull();
    expect(parseIsoDate("2026-1-01")).toBeNull();
    expect(daysBetween("0000-02-28", "0000-03-01")).toBe(2);
    expect(daysBetween("1999-12-31", "2000-01-01")).toBe(1);
    expect(daysInMonth(2, 0)).toBe(29);
    expect(daysInMonth(2, 99)).toBe(28);
    expect(shiftIsoDate("0000-02-28", 1)).toBe("0000-02-29");
    // Every written date of every 4-digit year, against the Gregorian calendar's own leap rule.
    const pad = (n: number, width: number) => String(n).padStart(width, "0");
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
          const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect(parseIsoDate(text)).toEqual(day >= 1 && day <= days ? { year, month, day } : null);
        },
      ),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(() => parseIsoDate(s)).not.toThrow();
      }),
    );
  });
});

describe("filter drawer rules", () => {
  it("option keys: name and id by default, rsid for the RSID filter", () => {
    expect(optionKeys("status")).toEqual({ label: "name", value: "id" });
    expect(optionKeys("workflow_object__outlet__rsid")).toEqual({ label: "name", value: "rsid" });
  });

  it("turns API options into label and value by the filter's keys", () => {
    expect(toFilterOptions("status", [{ id: 3, name: "QC Pending" }])).toEqual([
      { label: "QC Pending", value: "3" },
    ]);
    expect(toFilterOptions("workflow_object__outlet__rsid", [{ rsid: "RS000001" }])).toEqual([
      { label: "RS000001", value: "RS000001" },
    ]);
    expect(
      toFilterOptions("city", [{ slug: "pune", title: "Pune" }, { title: "no value" }], "title", "slug"),
    ).toEqual([{ label: "Pune", value: "pune" }]);
  });

  it("the date picker defaults to yesterday through today", () => {
    expect(defaultDateRange("2026-03-01")).toEqual({ from: "2026-02-28", to: "2026-03-01" });
  });

  it("To must be within 30 days of From, otherwise the alert", () => {
    const range = { from: "2026-01-01", to: null };
    expect(chooseInvoiceTo(range, "2026-01-31")).toEqual({
      range: { from: "2026-01-01", to: "2026-01-31" },
      alert: null,
    });
    expect(chooseInvoiceTo(range, "2026-02-01")).toEqual({ range, alert: INVOICE_RANGE_ALERT });
    expect(INVOICE_RANGE_ALERT).toBe("To Date must be within 30 days of From Date");
  });

  it("a new From clears To unless To is still within 30 days", () => {
    const range = { from: "2026-01-01", to: "2026-01-20" };
    expect(chooseInvoiceFrom(range, "2026-01-05")).toEqual({ from: "2026-01-05", to: "2026-01-20" });
    expect(chooseInvoiceFrom(range, "2025-12-01")).toEqual({ from: "2025-12-01", to: null });
  });
});
