/**
 * The retailer's mobile pages' rules (spec 002 §2.3-§2.7, §4, §9): the token's digits, the access
 * verdict, devices and stores, rupees, N/A and the RSID search.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accessTokenDigits,
  deviceOf,
  formatRupees,
  isMissingToken,
  isWideScreen,
  MOBILE_MSG,
  matchesStatementSearch,
  mobileAccessVerdict,
  mobilePagePath,
  orNotAvailable,
  paymentDuration,
  RETAILER_APP,
  storeFor,
  TOKEN_VALIDITY_MS,
  tokenMinute,
} from "../../src/domain/mobile/mobile";

describe("the access token", () => {
  it("is the year, month, day, hour and minute digits, and reads back as that minute", () => {
    expect(accessTokenDigits({ year: 2026, month: 11, day: 3, hour: 9, minute: 5 })).toBe("202611030905");
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        (d) => {
          const minute = Date.UTC(
            d.getUTCFullYear(),
            d.getUTCMonth(),
            d.getUTCDate(),
            d.getUTCHours(),
            d.getUTCMinutes(),
          );
          const digits = accessTokenDigits({
            year: d.getUTCFullYear(),
            month: d.getUTCMonth() + 1,
            day: d.getUTCDate(),
            hour: d.getUTCHours(),
            minute: d.getUTCMinutes(),
          });
          expect(tokenMinute(digits)).toBe(minute);
        },
      ),
    );
  });

  it("is missing when empty, null or the text null (002 §4)", () => {
    for (const missing of [null, undefined, "", "  ", "null"]) expect(isMissingToken(missing)).toBe(true);
    expect(isMissingToken("abc=")).toBe(false);
  });

  it("does not read back from text that is not a real minute", () => {
    for (const bad of ["", "2026113", "202613010000", "202602300000", "202611032460", "abcdefghijkl"])
      expect(tokenMinute(bad)).toBeNull();
  });
});

describe("the access verdict", () => {
  const now = Date.UTC(2026, 10, 20, 10, 0);
  it("binds an unbound link to a fresh token, allows that token again and refuses any other", () => {
    expect(mobileAccessVerdict({ minute: now, now, tokenHash: "a", boundHash: null })).toBe("bound");
    expect(mobileAccessVerdict({ minute: now, now, tokenHash: "a", boundHash: "a" })).toBe("allowed");
    expect(mobileAccessVerdict({ minute: now, now, tokenHash: "b", boundHash: "a" })).toBe("forwarded");
  });
  it("refuses to bind a token far from now, and a token that is not one", () => {
    expect(
      mobileAccessVerdict({ minute: now - TOKEN_VALIDITY_MS - 1, now, tokenHash: "a", boundHash: null }),
    ).toBe("expired");
    expect(
      mobileAccessVerdict({ minute: now + TOKEN_VALIDITY_MS, now, tokenHash: "a", boundHash: null }),
    ).toBe("bound");
    expect(mobileAccessVerdict({ minute: null, now, tokenHash: "a", boundHash: "a" })).toBe("malformed");
  });
  it("keeps allowing the bound device long after its token's minute", () => {
    expect(mobileAccessVerdict({ minute: now - 400 * 86_400_000, now, tokenHash: "a", boundHash: "a" })).toBe(
      "allowed",
    );
  });
});

describe("devices, stores and the page guard", () => {
  it("sends Android Chrome to the app first, iOS to the App Store and others to the Play Store", () => {
    expect(
      deviceOf(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36",
      ),
    ).toBe("androidChrome");
    expect(
      deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"),
    ).toBe("ios");
    expect(deviceOf("Mozilla/5.0 (Linux; Android 14) SamsungBrowser/25.0 Chrome/121.0 Mobile")).toBe("other");
    expect(deviceOf("Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0")).toBe("other");
    expect(storeFor("ios")).toBe(RETAILER_APP.appStore);
    expect(storeFor("other")).toBe(RETAILER_APP.playStore);
    expect(storeFor("androidChrome")).toBe(RETAILER_APP.playStore);
  });
  it("asks for a phone above 600 px only", () => {
    expect(isWideScreen(600)).toBe(false);
    expect(isWideScreen(601)).toBe(true);
  });
  it("has the spec's texts word for word", () => {
    expect(MOBILE_MSG.forwardedLink).toBe(
      "Seems like you have opened the forwarded link. The link is not Accessible. Please contact Retail Scan Team.",
    );
    expect(MOBILE_MSG.switchToMobile).toBe("Please switch to mobile view for a better experience.");
    expect([
      MOBILE_MSG.noEarnings,
      MOBILE_MSG.earningsFailed,
      MOBILE_MSG.noInvoices,
      MOBILE_MSG.invoicesFailed,
    ]).toEqual([
      "No Earnings found",
      "Failed to fetch earnings data",
      "No invoice found.",
      "Error fetching invoices",
    ]);
  });
});

describe("what the cards show", () => {
  it("writes rupees with Indian grouping and two decimals", () => {
    expect(formatRupees("123456.5")).toBe("₹1,23,456.50");
    expect(formatRupees(1000)).toBe("₹1,000.00");
    expect(formatRupees("x")).toBe("N/A");
  });
  it("writes N/A for what is missing, and a duration from start to end", () => {
    expect(orNotAvailable(null)).toBe("N/A");
    expect(orNotAvailable(" ")).toBe("N/A");
    expect(orNotAvailable("Target met")).toBe("Target met");
    expect(paymentDuration("2026-10-01", "2026-10-31")).toBe("Oct 1, 2026 to Oct 31, 2026");
    expect(paymentDuration(null, null)).toBe("N/A");
  });
  it("searches statements by RSID only, case-insensitive contains (002 §2.6)", () => {
    expect(matchesStatementSearch("rs0001", "RS000123")).toBe(true);
    expect(matchesStatementSearch("", null)).toBe(true);
    expect(matchesStatementSearch("Target", "RS000123")).toBe(false);
    expect(matchesStatementSearch("1", null)).toBe(false);
  });
  it("addresses a page by the link's slug or, for staff, by RSID", () => {
    expect(mobilePagePath("earnings", { slug: "ab12" })).toBe("/mobile-view/earnings/slug/ab12");
    expect(mobilePagePath("earnings", { rsid: "RS000001" })).toBe(
      "/dashboard/earnings/pp-outlet-earning/RS000001",
    );
  });
});
