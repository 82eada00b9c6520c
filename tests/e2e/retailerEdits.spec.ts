import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, shootWidths, signIn } from "./support";

// Scenario outlets: docs/demo-data.md, "Retailer edits". RS000008 waits for QC with two retailer
// requests pending; RS000208 has an interim status and no request (RS000058, alike, is the retailer
// portal tests' own: they send and decide a request of it).
const view = (rsid: string) => `/dashboard/list-of-outlets/view/${rsid}`;
const PENDING = "Please complete all pending retailer edits before proceeding.";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

// Both widths, waiting for the layout to settle after each resize.
const shoot = (page: Page, name: string) => shootWidths(page, test.info().outputPath(), name);

test("qc.executive meets the pending gate, rejects one retailer request with a reason and accepts another", async ({
  page,
}) => {
  await signIn(page, "qc.executive");
  await page.goto(view("RS000008"));
  await expect(page.getByText(PENDING)).toBeVisible();

  await page.getByRole("button", { name: "Update Status" }).click();
  const popup = page.getByRole("alertdialog");
  await expect(popup).toContainText("There are 2 Pending Retailer Request!");
  await shoot(page, "pending-popup");
  await popup.getByRole("button", { name: "Okay" }).click();

  await page
    .getByRole("navigation", { name: "Outlet sections" })
    .getByRole("button", { name: "Retailer Edit Requests" })
    .click();
  const bank = page.getByRole("article", { name: "Bank Details Edit Request" });
  await expect(bank).toBeVisible();
  await expect(bank.getByRole("cell", { name: "Updated Holder Name" })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "request-review");

  await bank.getByRole("button", { name: "Reject" }).click();
  await expect(bank.getByRole("alert")).toHaveText("Please Choose a Rejection Reason");
  await bank
    .getByRole("combobox", { name: "Rejection reason" })
    .selectOption({ label: "Proof image is not clear" });
  await bank.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Request rejected.")).toBeVisible();
  await expect(bank.getByText("Rejected", { exact: true })).toBeVisible();

  const list = page.getByRole("list", { name: "Retailer requests" });
  await list.getByRole("button", { name: /pending/ }).click();
  const store = page.getByRole("article", { name: "Store Details Edit Request" });
  await store.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText("Request accepted.")).toBeVisible();
  await expect(page.getByText(/45, New Bazaar Road/).first()).toBeVisible();
  await expect(page.getByText(PENDING)).toHaveCount(0);
  await shoot(page, "request-accepted");
});

test("qc.manager's edit form refuses a bad PAN and a renamed text file, stops at 3 images and sends a pending request", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page.goto(view("RS000208"));
  await expect(page.getByText(PENDING)).toHaveCount(0);
  await page
    .getByRole("navigation", { name: "Outlet sections" })
    .getByRole("button", { name: "Edit Outlet Information" })
    .click();

  const panInput = page.getByLabel("PAN Number", { exact: true });
  await panInput.fill("ABC123");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(
    page.getByText("Invalid PAN number. The given PAN number is not in the proper format or invalid."),
  ).toBeVisible();
  await shoot(page, "edit-bad-pan");

  await panInput.fill("ABCPE9876K");
  await expect(page.getByText("Invalid PAN number.", { exact: false })).toHaveCount(0);
  const proof = page.getByLabel("PAN Card");
  await proof.setInputFiles({
    name: "pan.png",
    mimeType: "image/png",
    buffer: Buffer.from("not an image at all"),
  });
  await expect(page.getByText(/Upload a valid image/)).toBeVisible();
  for (let i = 1; i <= 3; i++) {
    await proof.setInputFiles({ name: `pan-${i}.png`, mimeType: "image/png", buffer: PNG });
    await expect(page.getByAltText(`PAN Card ${i}`)).toBeVisible();
  }
  await proof.setInputFiles({ name: "pan-4.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("Max 3 images")).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "edit-max-images");

  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Update request submitted successfully!!")).toBeVisible();
  await expect(page.getByText(PENDING)).toBeVisible();
  await page
    .getByRole("navigation", { name: "Outlet sections" })
    .getByRole("button", { name: "Retailer Edit Requests" })
    .click();
  const tax = page.getByRole("article", { name: "Tax Details Edit Request" });
  await expect(tax.getByRole("cell", { name: "ABCPE9876K" })).toBeVisible();
  await shoot(page, "edit-submitted");
});

test("the outlet's All Images opens its gallery in a new tab: dealer board, proofs and survey images, each zoomable; another organisation finds nothing", async ({
  page,
  browser,
}) => {
  await signIn(page, "qc.manager");
  await page.goto(view("RS000008"));
  const [gallery] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("link", { name: "All Images" }).click(),
  ]);
  await gallery.waitForLoadState();
  await expect(gallery).toHaveURL(/\/dashboard\/outlet-images\/\d+\/images$/);
  await expect(gallery.getByRole("heading", { level: 1, name: "Outlet Images" })).toBeVisible();
  await expect(gallery.getByRole("link", { name: /\(RS000008\)/ })).toBeVisible();
  const survey = gallery.getByRole("region", { name: /^Survey Images: / }).first();
  await expect(survey).toBeVisible();
  const proofs = gallery.getByRole("region", { name: /Proof|Card|Certificate/ }).first();
  await expect(proofs.getByRole("listitem").first()).toBeVisible();
  await expectAccessible(gallery);
  await shoot(gallery, "outlet-gallery");

  await survey.getByRole("button", { name: /image 1$/ }).click();
  const dialog = gallery.getByRole("dialog");
  await expect(dialog.getByRole("img").first()).toBeVisible();
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  await expect(dialog.getByText("460 px")).toBeVisible();
  await shoot(gallery, "outlet-gallery-zoomed");
  const address = gallery.url();
  await gallery.close();

  const other = await browser.newPage();
  await signIn(other, "zenith.manager");
  await other.goto(address);
  await expect(other.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await other.request.post("/api/auth/logout/", { data: {} });
  await other.close();
});
