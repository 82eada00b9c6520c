/**
 * The signed-in retailer's Form 16, notifications and profile (docs/retailer-portal.md) at 390 x 844:
 * a year that has ended downloads as a real PDF, a year in progress says when it is issued, a
 * retailer with no tax deducted sees the empty text; payments and decisions are listed; the profile
 * is the retailer's own.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { expectAccessible, freshPage, PHONE, signInWithCode } from "./support";

test("a retailer reads notifications and profile, and downloads the Form 16 of a year that has ended", async ({
  browser,
}, testInfo) => {
  const page = await freshPage(browser, PHONE);
  await signInWithCode(page, "/retailers/login", "9100000008");
  await page.getByRole("link", { name: "My outlets" }).click();
  await expect(page.getByRole("heading", { name: "My outlets" })).toBeVisible();

  await page.getByRole("link", { name: "Notifications" }).click();
  await expect(page).toHaveURL(/\/retailers\/notifications$/);
  await expect(page.getByText("Payment Successful")).toHaveCount(12);
  await expect(page.getByText(/^₹[\d,]+\.\d{2} for .+ \(RS000008\)$/).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("retailer-notifications.png"), fullPage: true });
  await page.getByRole("link", { name: "Back" }).click();

  await page.getByRole("link", { name: "My profile" }).click();
  await expect(page).toHaveURL(/\/retailers\/profile\/retailer\.9100000008$/);
  await expect(page.getByText("retailer.9100000008")).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("retailer-profile.png"), fullPage: true });
  await page.getByRole("link", { name: "My outlets" }).click();

  // The demo offers carry fixed dates: the page must show exactly what the server still offers.
  const offered = (await (await page.request.get("/api/retailer/offers/")).json()) as {
    results: { title: string }[];
  };
  await page.getByRole("link", { name: "Offers" }).click();
  await expect(page).toHaveURL(/\/retailers\/offers$/);
  if (offered.results.length === 0) await expect(page.getByText("No offers right now.")).toBeVisible();
  else {
    await expect(page.locator(".mobile-card")).toHaveCount(offered.results.length);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath("retailer-offers.png"), fullPage: true });
    await page.getByRole("link", { name: offered.results[0]!.title }).click();
    await expect(page).toHaveURL(/\/retailers\/offers\/view\/[\w-]+$/);
    await expect(page.getByRole("heading", { name: offered.results[0]!.title })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath("retailer-offer.png"), fullPage: true });
  }
  await page.goto("/retailers/outlets-list");

  await page.locator(".mobile-card").filter({ hasText: "RS000008" }).getByRole("link").click();
  await page.getByRole("link", { name: "Form 16" }).click();
  await expect(page).toHaveURL(/\/retailers\/form16\?rsid=RS000008$/);
  const years = page.locator(".mobile-card");
  await expect(years.first()).toBeVisible();
  // The year in progress is issued once it ends; an ended year downloads.
  await expect(page.getByText("Issued after the year ends")).toHaveCount(1);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("retailer-form16.png"), fullPage: true });
  const download = page.waitForEvent("download");
  await page
    .getByRole("button", { name: /^Download Form 16 / })
    .first()
    .click();
  const pdf = await PDFDocument.load(await readFile(await (await download).path()));
  expect(pdf.getTitle()).toMatch(/^Form 16 \d{4}-\d{2}$/);
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("a retailer with no tax deducted sees Form 16's empty text", async ({ browser }, testInfo) => {
  const page = await freshPage(browser, PHONE);
  await signInWithCode(page, "/retailers/login", "9100000005");
  // Signed in once the retailer's landing page offers its links; going on earlier would find none.
  await expect(page.getByRole("link", { name: "My outlets" })).toBeVisible();
  await page.goto("/retailers/form16?rsid=RS000005");
  await expect(page.getByText("No data available")).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("retailer-form16-empty.png"), fullPage: true });
  await page.request.post("/api/auth/logout/", { data: {} });
});
