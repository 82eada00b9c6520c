import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support";

// Demo outlets (docs/demo-data.md): RS000001 to RS000016 wait for QC and carry survey answers.
const view = (rsid: string) => `/dashboard/list-of-outlets/view/${rsid}`;
const answer = (page: Page, name: string) => page.getByLabel(new RegExp(`^${name}( \\*)?$`));
const saveButton = (page: Page) => page.getByRole("button", { name: /^Save( and Next)?$/ });

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("QC Edit History shows a survey save at once, without a reload", async ({ page }) => {
  await signIn(page, "qc.executive");
  await page.goto(view("RS000007"));
  await expect(page.getByRole("heading", { name: "Shop Details", level: 3 })).toBeVisible();
  await answer(page, "Shop name").fill("Joshi Provision Store");
  await answer(page, "Daily footfall").fill("240");
  await answer(page, "Pin code").fill("400036");
  await answer(page, "Date of establishment").fill("2001-05-17");
  await saveButton(page).click();
  await expect(page.getByText("Shop Details: Answers saved.")).toBeVisible();
  await page.getByRole("button", { name: "QC Edit History" }).click();
  const history = page.getByRole("list", { name: "QC Edit History" });
  await expect(history.getByText(/^Shop name changed from .* to Joshi Provision Store$/)).toBeVisible();
});

test("the selected outlet tab survives a reload", async ({ page }) => {
  await signIn(page, "qc.executive");
  await page.goto(view("RS000008"));
  await page.getByRole("button", { name: "QC Edit History" }).click();
  await expect(page).toHaveURL(/\?tab=5$/);
  await page.reload();
  await expect(page.getByRole("heading", { name: "QC Edit History", level: 2 })).toBeVisible();
});
