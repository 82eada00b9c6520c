import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, shootWidths, signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "view-all");
const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("a project card's View All opens every notification of the user, newest first, by kind, and a notification opens its outlet", async ({
  page,
}) => {
  await signIn(page, "project.manager");
  await page.goto("/dashboard/projects?search=Off%20Take");
  const card = page.getByRole("article").filter({ hasText: "Off Take" }).first();
  await card.getByRole("button", { name: /^Notifications of/ }).click();
  await card.getByRole("link", { name: "View All" }).click();
  await expect(page).toHaveURL(/\/dashboard\/view-all$/);
  await expect(page.getByRole("heading", { name: "All notifications", level: 1 })).toBeVisible();
  const first = page.getByRole("row").nth(1).getByRole("link");
  await expect(first).toBeVisible();
  await expect(page.getByText(/\d+ notifications; \d+ project notifications unread\./)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "view-all");

  await page.getByRole("combobox", { name: "Kind" }).selectOption("project");
  await expect(page).toHaveURL(/\/dashboard\/view-all\?kind=project$/);
  const entry = page.getByRole("row").nth(1);
  await expect(entry.getByRole("cell", { name: "Project notification" })).toBeVisible();
  const detail = (await entry.getByRole("cell").nth(1).textContent()) ?? "";
  const rsid = /RS\d+/.exec(detail)?.[0] ?? "";
  expect(rsid).not.toBe("");
  await entry.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/view/${rsid}`));

  await page.goto("/dashboard/view-all?kind=upload");
  await expect(page.getByRole("combobox", { name: "Kind" })).toHaveValue("upload");
  await expectAccessible(page);
  await shoot(page, "view-all-uploads");
});
