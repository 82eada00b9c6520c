import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { writeWorkbook } from "../../server/uploads/excel";
import { writeZip } from "../../server/uploads/xlsxWriter";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "bulk-kyc");
/** The KYC project's cycle: no other browser test writes its outlets. */
const CYCLE = "acme-kyc-cycle-1";
const HUB = `/dashboard/projects/view-list/acme-kyc/view/${CYCLE}`;
/** A 1 x 1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

type Outlet = { id: number; rsid: string };
async function cycleOutlets(page: Page, offset: number): Promise<Outlet[]> {
  const listed = await page.request.get(`/api/outlets/?sub_project=${CYCLE}&page-size=8`);
  return ((await listed.json()).results as Outlet[]).slice(offset, offset + 2);
}

async function confirmUpload(page: Page, fileName: string, counts: string) {
  await expect(page.getByText(`${fileName}: Completed`)).toBeVisible({ timeout: 20_000 });
  const row = page
    .getByRole("region", { name: "Upload history rows" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: fileName, exact: true }) })
    .first();
  await expect(row).toContainText(counts);
  await row.getByRole("button", { name: /^Confirm upload/ }).click();
  await page
    .getByRole("dialog", { name: "Confirm upload" })
    .getByRole("button", { name: "Confirm", exact: true })
    .click();
  await expect(page.getByText("Upload confirmed. The rows have been applied.")).toBeVisible();
  await expect(row).toContainText("Accepted");
}

test("a bulk KYC data mapping upload writes the outlets' PAN and bank details on Confirm, not verified", async ({
  page,
}) => {
  await signIn(page, "project.manager");
  const [first] = await cycleOutlets(page, 0);
  await page.goto(HUB);
  await page
    .getByRole("navigation", { name: "Screens of this sub-project" })
    .getByRole("link", { name: "Bulk KYC", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Bulk KYC", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Upload type")).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "bulk-kyc");

  await page.goto(`${HUB}/bulk-kyc/bulk-upload-data-mapping`);
  const file = writeWorkbook(
    "kyc",
    ["id", "pan_number", "gst_number", "ifsc_code", "account_number", "pin_code"],
    [[String(first!.id), "KYCPE1234K", "27ABCPK1234F1Z5", "HDFC0001234", "501234567890", "411002"]],
  );
  await page.getByLabel("Excel file (.xlsx or .xls)").setInputFiles({
    name: "kyc-mapping.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(file),
  });
  await confirmUpload(page, "kyc-mapping.xlsx", "1 / 1 / 0 / 1");

  const outlet = await (await page.request.get(`/api/outlets/${first!.rsid}/`)).json();
  expect(outlet).toMatchObject({
    pan_number: "KYCPE1234K",
    pan_number_verification_status: "not_verified_yet",
    gst_number: "27ABCPK1234F1Z5",
  });
  expect(outlet.workflow_object.ifsc_code_verification_status).toBe("not_verified_yet");

  // Follow the value: the outlet review's Survey Details shows the new PAN and IFSC, not verified,
  // and the retailer's performance view no longer says KYC Successful.
  await page.goto(`/dashboard/view/${first!.rsid}`);
  await page.getByRole("button", { name: /Owner and KYC/ }).click();
  await expect(page.getByRole("heading", { name: "Owner and KYC", level: 3 })).toBeVisible();
  for (const [name, value] of [
    [/^PAN( \*)?$/, "KYCPE1234K"],
    [/^IFSC( \*)?$/, "HDFC0001234"],
  ] as const) {
    // Named by its question: a read-only answer is text, which a label does not name.
    const answer = page
      .locator("li.survey-question")
      .filter({ has: page.locator(".survey-question-name label", { hasText: name }) });
    await expect(answer.locator(`input[value="${value}"]`).or(answer.getByText(value))).toBeVisible();
    await expect(answer.getByText("Not verified", { exact: true })).toBeVisible();
  }
  await expectAccessible(page);
  await shoot(page, "kyc-review");
  await page.goto(`/dashboard/pp-outlet-details/${first!.rsid}`);
  await expect(page.getByText(/^KYC Status:/)).toHaveText("KYC Status: Unsuccessful");
  await page.goto(`${HUB}/bulk-kyc/bulk-upload-data-mapping`);
  await page.getByRole("link", { name: "Back to list" }).click();
  await expect(page).toHaveURL(new RegExp(`${HUB}/bulk-kyc$`));
});

test("a zip of KYC images named by RSID attaches them to those outlets, shown in each gallery", async ({
  page,
}) => {
  await signIn(page, "project.manager");
  // A retry attaches to outlets of its own.
  const [a, b] = await cycleOutlets(page, 2 + 2 * test.info().retry);
  await page.goto(`${HUB}/bulk-kyc/bulk-upload-images`);
  await expect(page.getByRole("heading", { name: "KYC images bulk upload", level: 1 })).toBeVisible();
  const zip = writeZip([
    { name: `${a!.rsid}_pan.png`, content: PNG },
    { name: `${a!.rsid}_bank.png`, content: PNG },
    { name: `${b!.rsid}.png`, content: PNG },
    { name: "RS999999.png", content: PNG },
  ]);
  await page.getByLabel("Zip file of images named by RSID (.zip)").setInputFiles({
    name: "kyc-images.zip",
    mimeType: "application/zip",
    buffer: zip,
  });
  await confirmUpload(page, "kyc-images.zip", "4 / 3 / 1 / 4");
  await expectAccessible(page);
  await shoot(page, "kyc-images");

  await page.goto(`/dashboard/outlet-images/${a!.id}/images`);
  const kyc = page.getByRole("region", { name: "KYC Images" });
  await expect(kyc.getByRole("heading", { name: "KYC Images (2)" })).toBeVisible();
  await expect(kyc.getByRole("button", { name: /^KYC Images image/ })).toHaveCount(2);
  await page.goto(`/dashboard/outlet-images/${b!.id}/images`);
  await expect(page.getByRole("region", { name: "KYC Images" }).getByRole("button")).toHaveCount(1);
  await shoot(page, "kyc-gallery");
});
