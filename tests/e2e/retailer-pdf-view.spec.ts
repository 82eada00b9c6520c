/**
 * The retailer area's PDF views and /retailers (docs/retailer-portal.md) at 390 x 844: the portal's
 * root sends a visitor to sign in and a retailer to their outlets; an invoice, a target statement and
 * a Form 16 open inside the area, Download saves the same PDF, Back returns to the list; a document
 * the retailer has not is "not available". At 1366: a QC manager resets a retailer's link on the pp
 * view, and a second phone then opens it while the first is refused.
 */
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { demoMobileSlug } from "../../server/seed/retailerPortal";
import { DESKTOP, expectAccessible, freshPage, PHONE, signInAfresh, signInWithCode } from "./support";

/** Download saves the shown document: its bytes are a PDF with the given title. */
async function downloadedPdfTitle(page: Page): Promise<string | undefined> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^[\w.-]+\.pdf$/);
  const bytes = await readFile(await saved.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return (await PDFDocument.load(bytes)).getTitle();
}

/** The PDF is on the page (a frame of the fetched file), or, where it cannot be, Open offers it. */
async function expectShown(page: Page) {
  await expect(page.getByRole("button", { name: "Download" })).toBeVisible();
  const frame = page.locator("iframe.pdf-view-frame");
  if ((await frame.count()) > 0) expect(await frame.getAttribute("src")).toMatch(/^blob:/);
  else await expect(page.getByRole("button", { name: "Open" })).toBeVisible();
}

test("a retailer opens an invoice, a statement and a Form 16 inside the area and goes back to each list", async ({
  browser,
}, testInfo) => {
  const page = await freshPage(browser, PHONE);
  await page.goto("/retailers");
  // The retailer sign-in, which on a device with no saved number moves straight on to the number
  // entry: the address passes through /retailers/login, so only where it settles is asserted.
  await expect(page).toHaveURL(/\/retailers\/enter-mobile-number$/);
  await expect(page.getByText("Retailer sign-in")).toBeVisible();

  await signInWithCode(page, "/retailers/login", "9100000004");
  await expect(page.getByRole("link", { name: "My outlets" })).toBeVisible();
  await page.goto("/retailers");
  await expect(page).toHaveURL(/\/retailers\/outlets-list$/);
  await page.locator(".mobile-card").filter({ hasText: "RS000004" }).getByRole("link").click();
  const latest = page.getByRole("region", { name: "Latest documents" });
  await expect(latest.getByRole("link", { name: /^View invoice / })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("retailer-latest-documents.png"), fullPage: true });

  // An invoice from the list of invoices.
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Invoices" }).click();
  // The outlet page's own View links are gone once the list is shown.
  await expect(page).toHaveURL(/\/retailers\/list-of-invoices\?rsid=RS000004$/);
  await expect(page.locator(".mobile-card").first()).toBeVisible();
  await page
    .getByRole("link", { name: /^View invoice / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/retailers\/list-of-invoices\/pdf-view\?rsid=RS000004&invoice=\d+$/);
  await expect(page.getByRole("heading", { name: /^Invoice RS\/\d{4}\/\d+$/ })).toBeVisible();
  await expectShown(page);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("retailer-invoice-pdf.png") });
  expect(await downloadedPdfTitle(page)).toBe("Payout Invoice");
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/retailers\/list-of-invoices\?rsid=RS000004$/);

  // A target statement from the earnings details.
  await page.goto("/retailers/earnings/earnings-details?rsid=RS000004");
  await page.getByRole("link", { name: "View" }).first().click();
  await expect(page).toHaveURL(
    /\/retailers\/earnings\/earnings-details\/pdf-view\?rsid=RS000004&statement=\d+$/,
  );
  await expectShown(page);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("retailer-statement-pdf.png") });
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/retailers\/earnings\/earnings-details\?rsid=RS000004$/);

  // A year's Form 16 in the dashboard's PDF view.
  await page.goto("/retailers/form16?rsid=RS000004");
  await page
    .getByRole("link", { name: /^View Form 16 / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/retailers\/pdf-view\?rsid=RS000004&kind=form16&year=\d{4}-\d{2}$/);
  await expect(page.getByRole("heading", { name: /^Form 16 \d{4}-\d{2}$/ })).toBeVisible();
  await expectShown(page);
  expect(await downloadedPdfTitle(page)).toMatch(/^Form 16 \d{4}-\d{2}$/);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/retailers\/form16\?rsid=RS000004$/);

  // Another retailer's invoice, or one that does not exist, is not available.
  await page.goto("/retailers/list-of-invoices/pdf-view?rsid=RS000004&invoice=999999");
  await expect(page.getByRole("alert")).toHaveText("The document is not available.");
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("retailer-pdf-missing.png") });
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("a QC manager resets a retailer's link, and the retailer's new phone opens it", async ({
  browser,
}, testInfo) => {
  // Retailer 9100000012's outlet RS000012 and its link (docs/demo-data.md).
  const slug = demoMobileSlug(11);
  const link = `/mobile-view/home/slug/${slug}`;
  const oldPhone = await freshPage(browser, PHONE);
  await oldPhone.goto(link);
  await expect(oldPhone.getByText(/^Hello, /)).toBeVisible();

  const staff = await freshPage(browser, DESKTOP);
  await signInAfresh(staff, "qc.manager");
  await staff.goto("/dashboard/pp-outlet-details/RS000012");
  const panel = staff.getByRole("region", { name: "Mobile link" });
  await expect(panel.getByText(/^Bound to a phone on /)).toBeVisible();
  await panel.getByRole("button", { name: "Reset mobile link" }).click();
  const dialog = staff.getByRole("dialog", { name: "Reset mobile link?" });
  await expect(dialog.getByText("The link will open on the next phone that opens it.")).toBeVisible();
  await expectAccessible(staff);
  await staff.screenshot({ path: testInfo.outputPath("pp-reset-confirm.png") });
  await dialog.getByRole("button", { name: "Reset mobile link" }).click();
  await expect(
    staff.getByText("Mobile link reset. It will open on the next phone that opens it."),
  ).toBeVisible();
  await expect(panel.getByText(/^Not opened on a phone yet/)).toBeVisible();
  await expect(panel.getByRole("button", { name: "Reset mobile link" })).toHaveCount(0);
  await expectAccessible(staff);
  await staff.screenshot({ path: testInfo.outputPath("pp-reset-done.png"), fullPage: true });

  // A second browser (the new phone) opens the link and is allowed; the old phone is now refused.
  const newPhone = await freshPage(browser, PHONE);
  await newPhone.goto(link);
  await expect(newPhone.getByText(/^Hello, /)).toBeVisible();
  await newPhone.screenshot({ path: testInfo.outputPath("new-phone-home.png") });
  await oldPhone.reload();
  await expect(oldPhone.getByText(/Seems like you have opened the forwarded link/)).toBeVisible();
  await staff.reload();
  await expect(panel.getByText(/^Bound to a phone on /)).toBeVisible();
  await staff.request.post("/api/auth/logout/", { data: {} });
});
