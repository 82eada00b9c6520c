/**
 * WhatsApp delivery in the browser (docs/messaging.md): a calling manager confirms a Bulk WhatsApp
 * Message upload; the details page shows its messages moving from queued through sent to delivered
 * (and read), a number the provider refuses failed with its reason, and the summary counts them.
 */
import { expect, type Page, test } from "@playwright/test";
import { writeWorkbook } from "../../server/uploads/excel";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, test.info().outputPath(), name);

const FILE = "delivery-check.xlsx";
/** The simulator refuses a number ending in 0, delivers the others and has odd ones read (docs/demo-data.md). */
const READ = "9876501231";
const DELIVERED = "9876501232";
const REFUSED = "9876501230";

test("a confirmed Bulk WhatsApp Message upload's messages move from queued to delivered; a refused number fails with its reason; the summary counts them", async ({
  page,
}) => {
  await signIn(page, "calling.manager");
  await page.goto("/dashboard/message");
  await expect(page.getByRole("heading", { name: "Bulk WhatsApp Message", level: 2 })).toBeVisible();
  const bytes = writeWorkbook(
    "whatsapp_messaging",
    ["phone_number", "template_name", "message"],
    [READ, DELIVERED, REFUSED].map((p) => [p, "payout_reminder", "Your payout for November is on its way."]),
  );
  await page.locator('input[type="file"]').setInputFiles({
    name: FILE,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(bytes),
  });
  await expect(page.getByText(`${FILE}: Completed`)).toBeVisible();
  await page.getByRole("button", { name: "Merge With List" }).click();
  await expect(page.getByText("Upload confirmed. The rows have been applied.")).toBeVisible();

  const jobs = (await (
    await page.request.get("/api/bulk/upload/?objects_type=whatsapp_messaging")
  ).json()) as {
    results: { id: number; file_name: string }[];
  };
  const job = jobs.results.find((j) => j.file_name === FILE)!.id;

  await page.goto("/dashboard/message/details");
  await expect(page.getByRole("heading", { name: "Message details" })).toBeVisible();
  await page.goto(`/dashboard/message/details?job=${job}`);
  const row = (phone: string) => page.getByRole("row").filter({ hasText: phone });
  // The history shows each message leave the queue, then arrive.
  await expect(row(DELIVERED)).toContainText("Delivered");
  await expect(row(DELIVERED)).toContainText(/Queued .+ → Sent .+ → Delivered /);
  await expect(row(READ)).toContainText(/Queued .+ → Sent .+ → Delivered .+ → Read /);
  await expect(row(REFUSED)).toContainText("Failed");
  await expect(row(REFUSED)).toContainText("The number is not on WhatsApp.");
  await expectAccessible(page);
  await shoot(page, "message-details");

  await page.getByLabel("Status").selectOption("failed");
  await expect(page).toHaveURL(/status=failed/);
  await expect(row(REFUSED)).toBeVisible();
  await expect(row(DELIVERED)).toHaveCount(0);

  await page.getByRole("link", { name: "Message summary" }).last().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/message/summary\\?job=${job}$`));
  const counts = page.getByRole("row").filter({ hasText: "payout_reminder" });
  // Upload, template, day, then Messages, Queued, Sent, Delivered, Read, Failed.
  await expect(counts.getByRole("cell")).toHaveText([
    `${job} (${FILE})`,
    "payout_reminder",
    /^\d{4}-\d{2}-\d{2}$/,
    "3",
    "0",
    "0",
    "1",
    "1",
    "1",
  ]);
  await expectAccessible(page);
  await shoot(page, "message-summary");
});
