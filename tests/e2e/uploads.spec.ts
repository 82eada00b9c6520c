import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { readSheetTexts } from "../../server/uploads/excel";
import { expectAccessible, nextFrames, signInAfresh as signIn } from "./support";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "uploads");
const ORG = "/dashboard/organization-users-roles/organization-view/acme-beverages";
const PAYOUT_CYCLE = "/dashboard/projects/view-list/acme-3p-payout/view/acme-3p-payout-cycle-1";

// One session per user and platform: each test signs out, so the next can sign the same user in.
test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

/**
 * Signs in through the login screen. Browser tests of other areas may have left this user signed in
 * (one session per user and platform), so any such session is ended first, as Logout All Session does.
 */

const history = (page: Page): Locator => page.getByRole("region", { name: "Upload history rows" });

/** The History row of the n-th newest upload of a file (1 = newest). */
const jobRow = (page: Page, fileName: string, nth = 1): Locator =>
  history(page)
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: fileName, exact: true }) })
    .nth(nth - 1);

async function chooseFile(page: Page, fileName: string): Promise<void> {
  await page.getByLabel("Excel file (.xlsx or .xls)").setInputFiles(join(FIXTURES, fileName));
}

/** Downloads a file through its link and reads its first sheet as the server wrote it. */
async function openSheet(page: Page, link: Locator) {
  const download = page.waitForEvent("download");
  await link.click();
  const path = await (await download).path();
  return readSheetTexts(new Uint8Array(readFileSync(path)));
}

test("a real .xlsx of regions: processing, every bad row with its reason, confirm applies and cancels the other upload", async ({
  page,
}) => {
  await signIn(page, "admin");
  await page.goto(`${ORG}/list-of-regions/bulk-upload`);
  await expect(page.getByRole("heading", { name: "Regions bulk upload" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to list" })).toHaveAttribute(
    "href",
    `${ORG}/list-of-regions`,
  );
  await expectAccessible(page);

  await chooseFile(page, "regions_acme.xlsx");
  await expect(page.getByText("regions_acme.xlsx: Completed")).toBeVisible();
  const first = jobRow(page, "regions_acme.xlsx");
  await expect(first).toContainText("5 / 3 / 2 / 5");

  const unclean = await openSheet(page, first.getByRole("link", { name: "Unclean", exact: true }));
  expect(unclean.header).toEqual(["name", "sheet_row", "errors"]);
  expect(unclean.rows).toEqual([
    ["Central", "5", "name: Repeated in this file: first in row 2."],
    ["North", "6", "name: A region North already exists."],
  ]);

  // A second upload of the same kind, left completed.
  await chooseFile(page, "regions_acme.xlsx");
  await expect(history(page).getByRole("row").filter({ hasText: "Completed" })).toHaveCount(2);
  await expect(page.getByText(/^Processing regions_acme/)).toHaveCount(0);

  const older = jobRow(page, "regions_acme.xlsx", 2);
  await older.getByRole("button", { name: /^Confirm upload/ }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm upload" });
  await expect(dialog).toContainText("This cannot be undone.");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText("Upload confirmed. The rows have been applied.")).toBeVisible();
  await expect(jobRow(page, "regions_acme.xlsx", 2)).toContainText("Accepted");
  await expect(jobRow(page, "regions_acme.xlsx", 1)).toContainText("Cancelled");

  // The rows are in the list now: the same file again finds every name taken.
  await chooseFile(page, "regions_acme.xlsx");
  await expect(page.getByText("regions_acme.xlsx: Completed")).toBeVisible();
  const third = jobRow(page, "regions_acme.xlsx", 1);
  await expect(third).toContainText("5 / 0 / 5 / 5");
  await expect(third.getByRole("button", { name: /^Confirm upload/ })).toHaveCount(0);
  const taken = await openSheet(page, third.getByRole("link", { name: "Unclean", exact: true }));
  expect(taken.rows.map((r) => r.at(-1))).toEqual([
    "name: A region Central already exists.",
    "name: A region North East already exists.",
    "name: A region Central already exists.",
    "name: A region North already exists.",
    "name: A region Konkan already exists.",
  ]);
});

test("a real .xls of payout data: every problem of a row named, then the upload cancelled", async ({
  page,
}) => {
  await signIn(page, "iftu.manager");
  await page.goto("/dashboard/manage-payout");
  await page
    .getByLabel("Sub-project")
    .selectOption({ label: "Acme 3P Payout 2026-27: Acme 3P Payout Cycle 1" });
  await expect(page.getByRole("link", { name: "Back to list" })).toHaveAttribute("href", "/dashboard");
  await chooseFile(page, "payout_data.xls");
  await expect(page.getByText("payout_data.xls: Completed")).toBeVisible();
  const row = jobRow(page, "payout_data.xls");
  await expect(row).toContainText("Acme 3P Payout Cycle 1");
  await expect(row).toContainText("6 / 3 / 3 / 6");
  const unclean = await openSheet(page, row.getByRole("link", { name: "Unclean", exact: true }));
  const reasons = Object.fromEntries(unclean.rows.map((r) => [r[0], r.at(-1)]));
  expect(reasons.RS000003?.split("; ")).toEqual([
    "amount: Not a valid amount: a number with at most 2 decimals.",
    "account_number: Account number must be 9 to 18 digits.",
    "ifsc_code: Not a valid IFSC: four letters, a zero, six letters or digits.",
    "pan_number: Not a valid PAN: five capital letters, four digits, one capital letter.",
    "phone_number: Not a valid mobile number: 10 digits starting with 6 to 9.",
  ]);
  expect(reasons.RS999999).toBe("rsid: No outlet RSID named RS999999.");

  await row.getByRole("button", { name: /^Cancel upload/ }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel upload" });
  await expect(dialog).toContainText("This cannot be undone.");
  await dialog.getByRole("button", { name: "Cancel upload" }).click();
  await expect(page.getByText("Upload cancelled.")).toBeVisible();
  await expect(jobRow(page, "payout_data.xls")).toContainText("Cancelled");
  await expect(jobRow(page, "payout_data.xls").getByRole("button")).toHaveCount(0);
  await expectAccessible(page);
});

test("the upload panel and its History row show one copy of the job, even when the panel cannot read it", async ({
  page,
}) => {
  await signIn(page, "project.manager");
  // The panel's own looks at the job fail; the History list still reads it.
  await page.route(/\/api\/bulk\/upload\/\d+\/\?/, (route) =>
    route.request().method() === "GET"
      ? route.fulfill({ status: 503, contentType: "application/json", body: "{}" })
      : route.continue(),
  );
  await page.goto(`${PAYOUT_CYCLE}/bulk-upload`);
  await chooseFile(page, "cycle_init.xls");
  const row = jobRow(page, "cycle_init.xls");
  await expect(row).toContainText("Completed");
  await expect(row).toContainText("5 / 2 / 3 / 5");
  const panel = page.getByRole("region", { name: "Upload" });
  await expect(panel.getByText("cycle_init.xls: Completed")).toBeVisible();
  await expect(panel.getByText("Clean 2")).toBeVisible();
  await expect(panel.getByText(/rows checked/)).toHaveCount(0);
  await expect(panel.getByRole("progressbar")).toHaveCount(0);
});

test("a real .xls of cycle outlets on the sub-project's bulk upload, confirmed", async ({ page }) => {
  await signIn(page, "project.manager");
  await page.goto(`${PAYOUT_CYCLE}/bulk-upload`);
  await expect(page.getByRole("heading", { name: "Cycle outlets bulk upload" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to list" })).toHaveAttribute("href", PAYOUT_CYCLE);
  await chooseFile(page, "cycle_init.xls");
  await expect(page.getByText("cycle_init.xls: Completed")).toBeVisible();
  const row = jobRow(page, "cycle_init.xls");
  await expect(row).toContainText("5 / 2 / 3 / 5");
  const unclean = await openSheet(page, row.getByRole("link", { name: "Unclean", exact: true }));
  expect(unclean.rows.map((r) => [r[0], r.at(-1)])).toEqual([
    ["RS000003", "start_date: Not a valid date: use a date cell, DD/MM/YYYY, DD-MM-YYYY or YYYY-MM-DD."],
    ["RS000005", "target_amount: This field is required."],
    ["RS000001", "rsid: Repeated in this file: first in row 2."],
  ]);
  await row.getByRole("button", { name: /^Confirm upload/ }).click();
  await page
    .getByRole("dialog", { name: "Confirm upload" })
    .getByRole("button", { name: "Confirm", exact: true })
    .click();
  await expect(jobRow(page, "cycle_init.xls")).toContainText("Accepted");
});

test("a real .xlsx of cities with empty rows before the header and between rows is processed with its rows, then confirmed", async ({
  page,
}) => {
  await signIn(page, "admin");
  await page.goto("/dashboard/meta/cities-list/bulk-upload");
  await page.getByText("Template columns").click();
  await expect(page.getByText(/The header is the first row with a value; empty rows/)).toBeVisible();
  await expect(page.getByText(/the name of an existing state, in any case/)).toBeVisible();
  await chooseFile(page, "cities_empty_rows.xlsx");
  await expect(page.getByText("cities_empty_rows.xlsx: Completed")).toBeVisible();
  const row = jobRow(page, "cities_empty_rows.xlsx");
  await expect(row).toContainText("3 / 3 / 0 / 3");
  const clean = await openSheet(page, row.getByRole("link", { name: "Clean", exact: true }));
  expect(clean.rows).toEqual([
    ["Nashik", "Maharashtra"],
    ["Belagavi", "Karnataka"],
    ["Salem", "Tamil Nadu"],
  ]);
  await row.getByRole("button", { name: /^Confirm upload/ }).click();
  await page
    .getByRole("dialog", { name: "Confirm upload" })
    .getByRole("button", { name: "Confirm", exact: true })
    .click();
  await expect(jobRow(page, "cities_empty_rows.xlsx")).toContainText("Accepted");
});

test("a header that does not match fails with the missing, unknown and duplicate columns", async ({
  page,
}) => {
  await signIn(page, "admin");
  await page.goto(`${ORG}/list-of-zones/bulk-upload`);
  await chooseFile(page, "wrong_header.xlsx");
  const reason =
    "The header row does not match the template. Missing columns: region. Unknown columns: region_name, code. Duplicate columns: name. Expected header: name, region.";
  await expect(page.getByRole("alert").filter({ hasText: reason }).first()).toBeVisible();
  await expect(jobRow(page, "wrong_header.xlsx")).toContainText("Failed");
  await expect(page.getByRole("button", { name: "Reupload" })).toBeVisible();
  await expectAccessible(page);
});

test("a file that is not Excel, renamed .xlsx, is refused and Reupload starts again", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto(`${ORG}/list-of-territories/bulk-upload`);
  await chooseFile(page, "not_excel.xlsx");
  await expect(
    page.getByText("Only Excel files (.xlsx, .xls) can be uploaded. This file is not an Excel workbook."),
  ).toBeVisible();
  await expect(history(page)).toContainText("No Data Available");
  await page.getByRole("button", { name: "Reupload" }).click();
  await expect(page.getByLabel("Excel file (.xlsx or .xls)")).toBeVisible();
});

test("the payment view: Pay Now shows the amount in words, then Processing Payment, then Process Completed", async ({
  page,
}) => {
  await signIn(page, "iftu.manager");
  await page.goto("/dashboard/upi-payments-verification");
  await page
    .getByLabel("Sub-project")
    .selectOption({ label: "Acme 3P Payout 2026-27: Acme 3P Payout Cycle 1" });
  await chooseFile(page, "upi_tracker.xlsx");
  await expect(page.getByText("upi_tracker.xlsx: Completed")).toBeVisible();
  const row = jobRow(page, "upi_tracker.xlsx");
  await expect(row.getByRole("button", { name: /^Confirm upload/ })).toHaveCount(0);
  await row.getByRole("button", { name: /^Pay Now upload/ }).click();
  const dialog = page.getByRole("dialog", { name: "Pay Now" });
  await expect(dialog).toContainText(
    "2 UPI IDs, Rupees One Lakh Twenty One Thousand Five Hundred and Fifty Paise Only.",
  );
  await expect(dialog).toContainText("This cannot be undone.");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Pay Now" }).click();
  await expect(row).toContainText("Processing Payment");
  await expect(row).toContainText("Process Completed");
  await expect(row.getByRole("button")).toHaveCount(0);
});

test("the Excel variant: Bulk WhatsApp Message by drag and drop, Merge With List, then back", async ({
  page,
}) => {
  await signIn(page, "project.manager");
  await page.goto("/dashboard/message");
  await expect(page.getByRole("heading", { name: "Bulk WhatsApp Message", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download Sample File" })).toHaveAttribute(
    "href",
    "/api/bulk/upload/sample/?object=whatsapp_messaging",
  );
  await expectAccessible(page);
  // Drop two files: only the first is used.
  const bytes = readFileSync(join(FIXTURES, "whatsapp.xls")).toString("base64");
  const drop = await page.evaluateHandle((data) => {
    const dt = new DataTransfer();
    const raw = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    dt.items.add(new File([raw], "whatsapp.xls"));
    dt.items.add(new File(["ignored"], "second.xlsx"));
    return dt;
  }, bytes);
  await page.locator(".upload-drop").dispatchEvent("drop", { dataTransfer: drop });
  await expect(page.getByText("whatsapp.xls: Completed")).toBeVisible();
  await expect(jobRow(page, "whatsapp.xls")).toContainText("3 / 2 / 1 / 3");
  await expect(history(page).getByRole("link", { name: "second.xlsx" })).toHaveCount(0);
  await page.getByRole("button", { name: "Merge With List" }).click();
  await expect(page.getByText("Upload confirmed. The rows have been applied.")).toBeVisible();
  await page.getByRole("button", { name: "Go back to Messages" }).click();
  await expect(page.getByText("Browse", { exact: true })).toBeVisible();
  await expect(jobRow(page, "whatsapp.xls")).toContainText("Accepted");
});

test("the IFSC sample offers Custom IFSC Update, and the unicorn export runs into My Downloads", async ({
  page,
}) => {
  await signIn(page, "project.manager");
  await page.goto("/dashboard/ifsc-verification");
  await expect(page.getByRole("link", { name: "Custom IFSC Update" })).toHaveAttribute(
    "href",
    "/dashboard/ifsc-change-verification",
  );
  // The page is its own list: nothing to go back to (docs/uploads.md).
  await expect(page.getByText("Back to list")).toHaveCount(0);

  await page.goto("/dashboard/unicorn-image-fetch");
  const myDownloads = page.getByRole("link", { name: "My Downloads", exact: true });
  await expect(myDownloads).toHaveAttribute("target", "_blank");
  await page.locator('input[type="file"]').setInputFiles({
    name: "unicorns.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: readFileSync(join(FIXTURES, "regions_acme.xlsx")),
  });
  // A regions file is not the unicorn template: the header names what is wrong.
  await expect(page.getByText(/Missing columns: rsid\. Unknown columns: name\./).first()).toBeVisible();
  await page.getByRole("button", { name: "Reupload" }).click();
  await page.locator('input[type="file"]').setInputFiles(join(FIXTURES, "unicorn_outlets.xlsx"));
  await expect(page.getByText("unicorn_outlets.xlsx: Completed")).toBeVisible();
  await page.getByRole("button", { name: "Merge With List" }).click();
  const notice = page.getByText(/^Export started\. Check My Downloads for progress\. Job ID \d+$/);
  await expect(notice).toBeVisible();
  const jobId = (await notice.textContent())!.split(" ").at(-1);

  const popup = page.waitForEvent("popup");
  await myDownloads.click();
  const downloads = await popup;
  await expect(downloads.getByRole("heading", { name: "My Downloads" })).toBeVisible();
  const entry = downloads
    .getByRole("row")
    .filter({ has: downloads.getByRole("cell", { name: jobId, exact: true }) });
  await expect(entry).toContainText("Ready");
  const sheet = await openSheet(downloads, entry.getByRole("link", { name: "Download" }));
  expect(sheet.rows.map((r) => r[0])).toEqual(["RS000001", "RS000002", "RS000004"]);
  await expectAccessible(downloads);

  // The notice is shown once per job: coming back does not repeat it. The History's rows are what
  // would show it again, so once the job's row is drawn and the page has rendered what follows it,
  // a repeated notice would be there. Looked at once: a waiting assertion would pass when it hides.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Unicorn outlet export bulk upload" })).toBeVisible();
  await expect(jobRow(page, "unicorn_outlets.xlsx")).toBeVisible();
  await nextFrames(page);
  expect(await notice.count()).toBe(0);
});
