import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, shootWidths, signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "panels");
const HUB = "/dashboard/projects/view-list/acme-retail-audit/view/acme-retail-audit-main";
/** The list, with the sub-project its add and edit forms came back from. */
const LIST = new RegExp(`${HUB}/panel-management(\\?sub_project=\\d+)?$`);
const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("the panels upload's Back to list opens the sub-project's panels, where a panel is added and edited", async ({
  page,
}) => {
  // A retry adds its own panel: the first attempt's may be saved already.
  const name = `Highway Dhabas ${test.info().retry + 1}`;
  await signIn(page, "project.manager");
  await page.goto(`${HUB}/panel-management/bulk-upload`);
  await expect(page.getByRole("heading", { name: "Panels bulk upload", exact: false })).toBeVisible();
  await page.getByRole("link", { name: "Back to list" }).click();
  await expect(page).toHaveURL(LIST);
  await expect(page.getByRole("heading", { name: "Panels", level: 1 })).toBeVisible();

  await page.getByRole("link", { name: "Add panel" }).click();
  await expect(page).toHaveURL(new RegExp(`${HUB}/panel-management/add-form$`));
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description").fill("Outlets on national highways");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(LIST);
  await expect(page.getByRole("link", { name })).toBeVisible();
  await expect(page.getByText("Outlets on national highways")).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "panels");

  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(
    new RegExp(`${HUB}/panel-management/edit-form/highway-dhabas-${test.info().retry + 1}$`),
  );
  await page.getByLabel("Description").fill("Dhabas on national and state highways");
  await expectAccessible(page);
  await shoot(page, "panel-edit");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(LIST);
  await expect(page.getByText("Dhabas on national and state highways")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Dhabas on national and state highways")).toBeVisible();
});
