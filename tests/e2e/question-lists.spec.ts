import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, expectAccessible, signIn as signInThroughForm } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "question-lists");
const HUB = "/dashboard/projects/view-list/acme-3p-payout/view/acme-3p-payout-main";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

/** Ends a session an earlier spec left open for this user (a 451 otherwise), then signs in through the form. */
async function signIn(page: Page, username: string): Promise<void> {
  const login = await page.request.post("/api/auth/login/", {
    data: { login_username: username, password: DEMO_PASSWORD, method_of_login: "password", platform: "web" },
  });
  if (login.status() === 451) await page.request.post("/api/auth/logout/all/", { data: {} });
  else if (login.ok()) await page.request.post("/api/auth/logout/", { data: {} });
  await signInThroughForm(page, username);
}

async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ["1366", { width: 1366, height: 768 }],
    ["390", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

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
