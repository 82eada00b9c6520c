import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pathAfterSignIn, returnFor } from "../../src/domain/auth/appStart";
import { outletListPath } from "../../src/domain/outlets/outletListing";
import {
  appliedFilterChips,
  appliedFilterCount,
  chipText,
  EMPTY_FILTERS,
  type FilterValues,
  filterValuesFromParams,
  filterValuesToParams,
  withoutChip,
} from "../../src/domain/shared/filters";

const kinds = { lists: ["status", "region"], ranges: ["created", "invoice_date"], toggles: ["special"] };

const day = fc
  .date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const values: fc.Arbitrary<FilterValues> = fc.record({
  lists: fc.record(
    {
      status: fc.uniqueArray(fc.constantFrom("qc_pending", "qc_rejected", "active")),
      region: fc.uniqueArray(fc.constantFrom("1", "2", "3")),
    },
    { requiredKeys: [] },
  ),
  ranges: fc.record(
    { created: fc.record({ from: fc.option(day, { nil: null }), to: fc.option(day, { nil: null }) }) },
    { requiredKeys: [] },
  ),
  toggles: fc.record({ special: fc.boolean() }, { requiredKeys: [] }),
});

describe("applied filters in the address and as chips", () => {
  it("read back from the address as the chips they were", () => {
    fc.assert(
      fc.property(values, (applied) => {
        const params = new URLSearchParams(filterValuesToParams(applied));
        const read = filterValuesFromParams(params, kinds);
        expect(appliedFilterChips(read)).toEqual(appliedFilterChips(applied));
      }),
    );
  });

  it("count one chip per checked option, set range and toggle on; an untouched range is none", () => {
    const applied: FilterValues = {
      lists: { status: ["qc_pending", "qc_rejected"] },
      ranges: { created: { from: null, to: null }, invoice_date: { from: "2026-01-01", to: null } },
      toggles: { special: true, other: false },
    };
    expect(appliedFilterCount(applied)).toBe(4);
    expect(appliedFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(filterValuesToParams({ ...EMPTY_FILTERS, ranges: { created: { from: null, to: null } } })).toEqual(
      [],
    );
  });

  it("remove exactly the chip's filter", () => {
    fc.assert(
      fc.property(values, (applied) => {
        for (const chip of appliedFilterChips(applied)) {
          const left = appliedFilterChips(withoutChip(applied, chip));
          expect(left).toHaveLength(appliedFilterChips(applied).length - 1);
          expect(left).not.toContainEqual(chip);
        }
      }),
    );
  });

  it("name the filter and its value in words", () => {
    const label = (v: string) => (v === "qc_pending" ? "QC Pending" : v);
    expect(chipText({ kind: "list", key: "status", value: "qc_pending" }, "Status", label)).toBe(
      "Status: QC Pending",
    );
    expect(
      chipText(
        { kind: "range", key: "created", range: { from: "2026-11-22", to: "2026-11-23" } },
        "Created",
        label,
      ),
    ).toBe("Created: 2026-11-22 to 2026-11-23");
    expect(
      chipText({ kind: "range", key: "created", range: { from: "2026-11-22", to: null } }, "Created", label),
    ).toBe("Created: from 2026-11-22");
    expect(chipText({ kind: "toggle", key: "special" }, "Only states with special actions", label)).toBe(
      "Only states with special actions",
    );
  });
});

describe("ways back", () => {
  it("an outlet page leads back to the list it was opened from", () => {
    expect(outletListPath("/dashboard/list-of-outlets/view/RS000001")).toBe("/dashboard/list-of-outlets");
    expect(outletListPath("/dashboard/view/RS000001")).toBe("/dashboard/list-of-outlets");
    expect(outletListPath("/dashboard/projects/view-list/acme/view/acme-main/cycle/view/RS000001")).toBe(
      "/dashboard/projects/view-list/acme/view/acme-main/cycle/list-of-outlets",
    );
    expect(outletListPath("/dashboard/projects/client-portal-view/acme/manage-kyc/view/RS1")).toBe(
      "/dashboard/projects/client-portal-view/acme/manage-kyc/list-of-outlets",
    );
  });

  it("a sign-in returns to a page asked for by a visitor or to the user's own, never to another user's", () => {
    const page = "/dashboard/manage-payout";
    expect(returnFor({ path: page, userName: null }, "payout.executive")).toBe(page);
    expect(returnFor({ path: page, userName: "payout.executive" }, "Payout.Executive ")).toBe(page);
    expect(returnFor({ path: page, userName: "payout.executive" }, "iftu.executive")).toBeNull();
    expect(returnFor({ path: null, userName: null }, "iftu.executive")).toBeNull();
  });

  it("a sign-in returns only to a portal page of this application", () => {
    expect(pathAfterSignIn("/dashboard/list-of-outlets?page=3")).toBe("/dashboard/list-of-outlets?page=3");
    expect(pathAfterSignIn("/dashboard")).toBe("/dashboard");
    for (const elsewhere of [
      null,
      "",
      "//evil.example/dashboard",
      "https://evil.example",
      "/login",
      "/dashboardx",
    ]) {
      expect(pathAfterSignIn(elsewhere)).toBe("/dashboard");
    }
  });
});
