/**
 * The retailer's mobile pages (spec 002 §2.3-§2.7, docs/retailer-portal.md) at 390 x 844: home,
 * earnings, invoices with the PDF saved and read back as a PDF, statements with the RSID search and
 * the PDF in a new tab; a forwarded link opened on another device is refused; a wide window is asked
 * to switch; staff read the same outlet in the pp views.
 */
import { readFile } from "node:fs/promises";
import { type Download, expect, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { demoMobileSlug } from "../../server/seed/retailerPortal";
import { DESKTOP, expectAccessible, freshPage, PHONE, signInAfresh, signInWithCode } from "./support";

const home = (slug: string) => `/mobile-view/home/slug/${slug}`;

test("a retailer reads earnings, invoices and statements on a phone; a forwarded link is refused", async ({
  browser,
}, testInfo) => {
  const slug = demoMobileSlug(5);
  const page = await freshPage(browser, PHONE);
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(home(slug));
  await expect(page.getByText(/^Hello, /)).toBeVisible();
  await expect(page).toHaveTitle("Mobile home · Retail Scan");
  // The link's own page (mobile.html) and nothing of the portal's entry.
  expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/mobile-[\w-]+\.js$/));
  expect(scripts.filter((s) => /^\/assets\/index-/.test(s))).toEqual([]);
  await expect(page.getByText(/KYC Status: (Successful|Unsuccessful)/)).toBeVisible();
  // The programme logo: the project's image, fetched with the link's token (002 §2.3).
  const logo = page.locator("img.mobile-logo");
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
  for (const tile of ["Earnings", "Invoices", "Target vs Ach", "Form-16"])
    await expect(
      page.getByRole("navigation", { name: "Pages" }).getByText(tile, { exact: true }),
    ).toBeVisible();
  await expect(page.getByText("Powered by")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("mobileAccessToken"))).toMatch(/^[A-Za-z0-9+/]+=*$/);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("mobile-home.png"), fullPage: true });

  // Form-16 opens the Open With sheet; Close leaves it.
  await page.getByRole("button", { name: "Form-16" }).click();
  const sheet = page.getByRole("dialog", { name: "Open With" });
  await expect(sheet).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("mobile-open-with.png") });
  await sheet.getByRole("button", { name: "Close" }).click();
  await expect(sheet).toHaveCount(0);

  await page.getByRole("link", { name: "Earnings" }).click();
  await expect(page.getByRole("heading", { name: "Earnings" })).toBeVisible();
  await expect(page.locator(".mobile-card")).toHaveCount(12);
  await expect(page.locator(".mobile-card").first()).toContainText(/₹[\d,]+\.\d{2}/);
  await expect(page.locator(".mobile-card").first()).toContainText("UTR");
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("mobile-earnings.png"), fullPage: true });

  await page.getByRole("link", { name: "Back" }).click();
  await page.getByRole("link", { name: "Invoices" }).click();
  await expect(page.locator(".mobile-card")).toHaveCount(12);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("mobile-invoices.png"), fullPage: true });
  const download = page.waitForEvent("download");
  await page
    .getByRole("button", { name: /^Download invoice / })
    .first()
    .click();
  const file = await (await download).path();
  const pdf = await PDFDocument.load(await readFile(file));
  expect(pdf.getTitle()).toBe("Payout Invoice");

  await page.getByRole("link", { name: "Back" }).click();
  await page.getByRole("link", { name: "Target vs Ach" }).click();
  const cards = page.locator(".mobile-card");
  await expect(cards).toHaveCount(4);
  const rsid = /RS\d+/.exec((await cards.first().textContent()) ?? "")?.[0] ?? "";
  expect(rsid).toMatch(/^RS/);
  const search = page.getByPlaceholder("Search Statement");
  await search.fill(rsid.slice(-3));
  await expect(cards).toHaveCount(4);
  await search.fill("no-such-rsid");
  await expect(page.getByText("No data available")).toBeVisible();
  await search.fill("rs");
  await expect(cards).toHaveCount(4);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("mobile-statements.png"), fullPage: true });
  // A browser with a PDF viewer shows the statement at its blob address in the new tab; one
  // without (Chromium's headless shell, a phone without a viewer) saves it from that tab instead.
  const saved: Download[] = [];
  const tab = page.context().waitForEvent("page");
  page.context().once("page", (opened) => opened.on("download", (d) => saved.push(d)));
  await cards.first().getByRole("button", { name: "View" }).click();
  const opened = await tab;
  await expect.poll(() => saved.length > 0 || opened.url().startsWith("blob:")).toBe(true);
  if (saved[0]) {
    const bytes = await readFile((await saved[0].path()) as string);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  }

  // The same link forwarded to another phone.
  const forwarded = await freshPage(browser, PHONE);
  await forwarded.goto(home(slug));
  await expect(
    forwarded.getByText(
      "Seems like you have opened the forwarded link. The link is not Accessible. Please contact Retail Scan Team.",
    ),
  ).toBeVisible();
  await expect(forwarded.getByText(/^Hello, /)).toHaveCount(0);
  await expectAccessible(forwarded);
  await forwarded.screenshot({ path: testInfo.outputPath("mobile-forwarded.png") });

  // Staff who see the outlet read the same data in the pp views.
  const staff = await freshPage(browser, DESKTOP);
  await signInAfresh(staff, "admin");
  await staff.goto(`/dashboard/earnings/pp-outlet-earning/${rsid}`);
  await expect(staff.locator(".mobile-card")).toHaveCount(12);
  await staff.goto(`/dashboard/pp-performance-statement-project-view/${rsid}/7`);
  await expect(staff.locator(".mobile-card")).toHaveCount(4);
  await expectAccessible(staff);
  await staff.screenshot({ path: testInfo.outputPath("pp-statements.png"), fullPage: true });
  await staff.request.post("/api/auth/logout/", { data: {} });
});

test("a wide window is asked to switch to a phone, and a retailer without payouts sees the empty texts", async ({
  browser,
}, testInfo) => {
  const slug = demoMobileSlug(9);
  const wide = await freshPage(browser, DESKTOP);
  await wide.goto(home(slug));
  await expect(wide.getByText("Please switch to mobile view for a better experience.")).toBeVisible();
  await expectAccessible(wide);
  await wide.screenshot({ path: testInfo.outputPath("mobile-wide.png") });
  // Narrowed to a phone, the same window opens the page.
  await wide.setViewportSize(PHONE);
  await expect(wide.getByText(/^Hello, /)).toBeVisible();
  await wide.goto(`/mobile-view/earnings/${slug}`);
  await expect(wide.getByText("No Earnings found")).toBeVisible();
  await wide.goto(`/mobile-view/invoices/slug/${slug}`);
  await expect(wide.getByText("No invoice found.")).toBeVisible();
  await wide.goto(`/mobile-view/target-vs-achievement/slug/${slug}`);
  await expect(wide.getByText("No data available")).toBeVisible();
  await expectAccessible(wide);
});

test("a signed-in retailer opens their outlet, its edit requests' decisions and its invoices", async ({
  browser,
}, testInfo) => {
  const page = await freshPage(browser, PHONE);
  await signInWithCode(page, "/retailers/login", "9100000008");
  await expect(page).toHaveURL(/\/retailers\/success$/);
  await page.getByRole("link", { name: "My outlets" }).click();
  await expect(page.getByRole("heading", { name: "My outlets" })).toBeVisible();
  const card = page.locator(".mobile-card").filter({ hasText: "RS000008" });
  await expect(card).toHaveCount(1);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("retailer-outlets.png"), fullPage: true });
  await card.getByRole("link").click();
  await expect(page).toHaveURL(/outlet-information\?rsid=RS000008$/);
  await expect(page.getByRole("heading", { name: "Bank details" })).toBeVisible();
  // Numbers on record show only their last four characters.
  await expect(page.getByText(/^••••\w{4}$/).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Edit requests" })).toBeVisible();
  await expect(
    page.getByText(/^(Accepted|Rejected|Pending: Retail Scan is checking it)$/).first(),
  ).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("retailer-outlet-information.png"), fullPage: true });
  await page.getByRole("link", { name: "Invoices" }).click();
  await expect(page.locator(".mobile-card")).toHaveCount(12);
  const download = page.waitForEvent("download");
  await page
    .getByRole("button", { name: /^Download invoice / })
    .first()
    .click();
  const pdf = await PDFDocument.load(await readFile(await (await download).path()));
  expect(pdf.getTitle()).toBe("Payout Invoice");
  await page.request.post("/api/auth/logout/", { data: {} });
});

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

test("a retailer edits bank details with a proof image, QC accepts it, and the retailer sees it accepted", async ({
  browser,
}, testInfo) => {
  // RS000058 belongs to retailer 9100000058, has an interim status (so QC reviews its requests) and
  // no request yet (docs/demo-data.md).
  const retailer = await freshPage(browser, PHONE);
  await signInWithCode(retailer, "/retailers/login", "9100000058");
  await expect(retailer).toHaveURL(/\/retailers\/success$/);
  await retailer.goto("/retailers/outlets-list/outlet-information?rsid=RS000058");
  await retailer.getByRole("link", { name: "Edit details" }).click();
  const holder = retailer.getByLabel(/^Account Holder Name/);
  await expect(holder).toBeVisible();
  await holder.fill("Farida Traders");
  await retailer
    .getByLabel("Bank Proof")
    .setInputFiles({ name: "cheque.png", mimeType: "image/png", buffer: PNG });
  const proof = retailer.getByAltText("Bank Proof 1");
  await expect(proof).toBeVisible();
  // The preview loads from the retailer's own image call.
  await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(retailer);
  await retailer.screenshot({ path: testInfo.outputPath("retailer-edit.png"), fullPage: true });
  await retailer.getByRole("button", { name: "Submit" }).click();
  await expect(retailer).toHaveURL(/outlet-information\?rsid=RS000058$/);
  const request = retailer.locator(".mobile-card").filter({ hasText: "Bank Details" });
  await expect(request.getByText("Pending: Retail Scan is checking it")).toBeVisible();

  const qc = await freshPage(browser, DESKTOP);
  await signInAfresh(qc, "qc.manager");
  await qc.goto("/dashboard/list-of-outlets/view/RS000058");
  await qc
    .getByRole("navigation", { name: "Outlet sections" })
    .getByRole("button", { name: "Retailer Edit Requests" })
    .click();
  const bank = qc.getByRole("article", { name: "Bank Details Edit Request" });
  await expect(bank.getByRole("cell", { name: "Farida Traders" })).toBeVisible();
  await bank.getByRole("button", { name: "Accept" }).click();
  await expect(qc.getByText("Request accepted.")).toBeVisible();
  await qc.request.post("/api/auth/logout/", { data: {} });

  await retailer.reload();
  await expect(request.getByText("Accepted", { exact: true })).toBeVisible();
  await expect(retailer.getByText("Farida Traders")).toBeVisible();
  await expectAccessible(retailer);
  await retailer.screenshot({ path: testInfo.outputPath("retailer-edit-accepted.png"), fullPage: true });
  await retailer.request.post("/api/auth/logout/", { data: {} });
});
