import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "question-lists");
const HUB = "/dashboard/projects/view-list/acme-3p-payout/view/acme-3p-payout-main";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test("project.manager reads a sub-project's questions and SKU questions from its hub", async ({ page }) => {
  await signIn(page, "project.manager");
  await page.goto(HUB);
  const screens = page.getByRole("navigation", { name: "Screens of this sub-project" });
  await screens.getByRole("link", { name: "Questions", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Questions", level: 1 })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  // Read only: nothing to add, edit or delete.
  await expect(page.getByRole("link", { name: "Add question" })).toHaveCount(0);
  await expect(table.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, "questions");

  const first = (await table.getByRole("row").nth(1).getByRole("cell").nth(0).textContent())!.trim();
  await page.getByLabel("Search Questions").fill(first);
  await expect(page).toHaveURL(/search=/);
  await expect(table.getByRole("cell", { name: first, exact: true }).first()).toBeVisible();

  await page
    .getByRole("navigation", { name: "Beside questions" })
    .getByRole("link", { name: "SKU questions" })
    .click();
  await expect(page.getByRole("heading", { name: "SKU questions", level: 1 })).toBeVisible();
  await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "sku-questions");
});
