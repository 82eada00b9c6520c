/**
 * The signed-in retailer's Form 16, notifications and profile against a faked API: an ended year
 * offers its download, the running year says when it is issued, no taxed payout shows the spec's
 * empty text and a failed call says so; notifications read as payments and decisions; the profile
 * asks for the user name in its address.
 */
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RETAILER_ACCOUNT_MSG } from "../../src/domain/mobile/retailerAccount";
import { FORM16_MSG } from "../../src/domain/tax/form16";
import {
  RetailerForm16,
  RetailerNotifications,
  RetailerOffers,
  RetailerOfferView,
  RetailerProfile,
} from "../../src/ui/mobile/RetailerAccount";
import { queryClient } from "../../src/ui/queryClient";
import { renderRoutes } from "./renderRoutes";

const quarters = (paid: string[], tds: string[]) =>
  paid.map((p, i) => ({ quarter: i + 1, amount_paid: p, tds_deducted: tds[i] }));
const YEARS = {
  results: [
    {
      financial_year: "2026-27",
      amount_paid: "1000.00",
      tds_deducted: "20.00",
      quarters: quarters(["1000.00", "0.00", "0.00", "0.00"], ["20.00", "0.00", "0.00", "0.00"]),
      issued: false,
      file: null,
    },
    {
      financial_year: "2025-26",
      amount_paid: "123456.00",
      tds_deducted: "2469.12",
      quarters: quarters(["0.00", "0.00", "3456.00", "120000.00"], ["0.00", "0.00", "69.12", "2400.00"]),
      issued: true,
      file: "/api/retailer/outlets/RS000008/form16/2025-26/pdf/",
    },
  ],
};
const NOTES = {
  results: [
    {
      event_type: "retailer_edit_rejected",
      rsid: "RS000008",
      at: "2026-11-20T10:00:00Z",
      amount: null,
      program: null,
      request_type: "bank_details",
      rejection_reason: "Proof image is not clear",
    },
    {
      event_type: "payment_successful",
      rsid: "RS000008",
      at: "2026-11-07T00:00:00Z",
      amount: "2125.00",
      program: "Visibility Drive",
      request_type: null,
      rejection_reason: null,
    },
  ],
};

let answers: Record<string, [number, unknown]>;
let asked: string[];
beforeEach(() => {
  asked = [];
  answers = {};
  vi.stubGlobal("fetch", async (input: string) => {
    const path = new URL(input, "http://localhost").pathname;
    asked.push(path);
    const [status, body] = answers[path] ?? [404, { detail: "Not found." }];
    return new Response(JSON.stringify(body), { status });
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const renderAt = (path: string) =>
  renderRoutes(path, {
    "/retailers/form16": RetailerForm16,
    "/retailers/notifications": RetailerNotifications,
    "/retailers/profile/:user_name": RetailerProfile,
    "/retailers/offers": RetailerOffers,
    "/retailers/offers/view/:offerSlug": RetailerOfferView,
  });

describe("Form 16", () => {
  it("shows each year's totals and quarters, the download only for a year that has ended", async () => {
    answers["/api/retailer/outlets/RS000008/form16/"] = [200, YEARS];
    renderAt("/retailers/form16?rsid=RS000008");
    const ended = (await screen.findByText("Financial year 2025-26")).closest("li")!;
    expect(within(ended).getByText("₹1,23,456.00")).toBeTruthy();
    expect(within(ended).getByText("₹2,400.00")).toBeTruthy();
    expect(within(ended).getByRole("button", { name: `${FORM16_MSG.download} 2025-26` })).toBeTruthy();
    const running = screen.getByText("Financial year 2026-27").closest("li")!;
    expect(within(running).queryByRole("button")).toBeNull();
    expect(within(running).getByText(FORM16_MSG.inProgress)).toBeTruthy();
  });

  it("says No data available when no payout had tax deducted, and that it failed when the call fails", async () => {
    answers["/api/retailer/outlets/RS000005/form16/"] = [200, { results: [] }];
    renderAt("/retailers/form16?rsid=RS000005");
    expect(await screen.findByText("No data available")).toBeTruthy();
    cleanup();
    answers["/api/retailer/outlets/RS000009/form16/"] = [403, { detail: "Forbidden" }];
    renderAt("/retailers/form16?rsid=RS000009");
    expect((await screen.findByRole("alert")).textContent).toBe(FORM16_MSG.failed);
  });
});

describe("notifications, profile and offers", () => {
  it("titles each event by its type and says what happened", async () => {
    answers["/api/retailer/notifications/"] = [200, NOTES];
    renderAt("/retailers/notifications");
    expect(await screen.findByText("Retailer Edit Rejected")).toBeTruthy();
    expect(screen.getByText("Bank Details of RS000008 rejected: Proof image is not clear")).toBeTruthy();
    expect(screen.getByText("Payment Successful")).toBeTruthy();
    expect(screen.getByText("₹2,125.00 for Visibility Drive (RS000008)")).toBeTruthy();
  });

  it("says so when there are none", async () => {
    answers["/api/retailer/notifications/"] = [200, { results: [] }];
    renderAt("/retailers/notifications");
    expect(await screen.findByText(RETAILER_ACCOUNT_MSG.noNotifications)).toBeTruthy();
  });

  it("asks for the profile named in the address and shows it", async () => {
    answers["/api/retailer/profile/retailer.9100000008/"] = [
      200,
      { user_name: "retailer.9100000008", name: "Aarav Khan", phone_number: "+919100000008", outlets: 1 },
    ];
    renderAt("/retailers/profile/retailer.9100000008");
    expect(await screen.findByText("Aarav Khan")).toBeTruthy();
    expect(screen.getByText("+919100000008")).toBeTruthy();
    expect(asked).toContain("/api/retailer/profile/retailer.9100000008/");
  });

  it("says the profile could not be loaded for another user's name", async () => {
    renderAt("/retailers/profile/retailer.9100000007");
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(RETAILER_ACCOUNT_MSG.profileFailed),
    );
  });

  it("lists the offers open to the retailer, each opening its page, and says when one is not open", async () => {
    const offer = {
      slug: "acme-beverages-festive-bonus",
      title: "Festive bonus",
      description: "Rs 500 extra on a complete audit with invoices.",
      starts_on: "2026-10-01",
      ends_on: "2026-11-30",
      organisation_name: "Acme Beverages",
    };
    answers["/api/retailer/offers/"] = [200, { results: [offer] }];
    answers["/api/retailer/offers/acme-beverages-festive-bonus/"] = [200, offer];
    renderAt("/retailers/offers");
    fireEvent.click(await screen.findByRole("link", { name: "Festive bonus" }));
    expect(await screen.findByText(offer.description)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Festive bonus" })).toBeTruthy();
    cleanup();
    renderAt("/retailers/offers/view/zenith-foods-festive-bonus");
    expect((await screen.findByRole("alert")).textContent).toBe(RETAILER_ACCOUNT_MSG.offerNotFound);
    cleanup();
    answers["/api/retailer/offers/"] = [200, { results: [] }];
    queryClient.clear();
    renderAt("/retailers/offers");
    expect(await screen.findByText(RETAILER_ACCOUNT_MSG.noOffers)).toBeTruthy();
  });
});
