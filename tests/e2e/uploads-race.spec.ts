import { expect, test } from "@playwright/test";
import { writeWorkbook } from "../../server/uploads/excel";
import { UPLOAD_MSG, uploadCancelledByConfirm } from "../../src/domain/uploads/bulkUpload";
import { signInAfresh as signIn } from "./support";

const ORG = "/dashboard/organization-users-roles/organization-view/zenith-foods";
const LIST = "/api/bulk/upload/?objects_type=regions&organisation=zenith-foods";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const regionsFile = (name: string, regions: string[]) => ({
  name,
  mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  buffer: Buffer.from(
    writeWorkbook(
      "regions",
      ["name"],
      regions.map((r) => [r]),
    ),
  ),
});

test("a confirm that lost the race to another confirm says so in the History row", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto(`${ORG}/list-of-regions/bulk-upload`);
  const input = page.getByLabel("Excel file (.xlsx or .xls)");
  await input.setInputFiles(regionsFile("race_first.xlsx", ["Race East"]));
  await expect(page.getByText("race_first.xlsx: Completed")).toBeVisible();
  await input.setInputFiles(regionsFile("race_second.xlsx", ["Race West"]));
  await expect(page.getByText("race_second.xlsx: Completed")).toBeVisible();

  const history = page.getByRole("region", { name: "Upload history rows" });
  const row = (file: string) =>
    history.getByRole("row").filter({ has: page.getByRole("link", { name: file, exact: true }) });
  await row("race_first.xlsx")
    .getByRole("button", { name: /^Confirm upload/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Confirm upload" });
  await expect(dialog).toBeVisible();

  // Meanwhile someone else confirms the rival upload.
  const jobs = (await (await page.request.get(LIST)).json()) as {
    results: { id: number; file_name: string }[];
  };
  const rival = jobs.results.find((j) => j.file_name === "race_second.xlsx")!;
  const other = await page.request.post(`/api/bulk/upload/${rival.id}/activate/?object=regions`, {
    data: {},
  });
  expect(other.status()).toBe(200);

  await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText(uploadCancelledByConfirm(rival.id)).first()).toBeVisible();
  await expect(row("race_first.xlsx")).toContainText("Cancelled");
  await expect(row("race_second.xlsx")).toContainText("Accepted");
  await expect(page.getByText(UPLOAD_MSG.confirmed)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("lost-race.png"), fullPage: true });
});
