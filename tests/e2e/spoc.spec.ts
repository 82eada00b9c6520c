/**
 * Single points of contact (docs/spoc.md): the list of each organisation's and project's contacts,
 * a contact added, edited and removed (asked first), and a client's administrator seeing only its
 * own organisation's.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, signInAfresh } from "./support";

const SPOC = "/dashboard/manage-spoc";

const save = (page: Page) => page.getByRole("button", { name: "Save", exact: true }).click();
async function choose(page: Page, label: string, option: string) {
  await page.getByRole("button", { name: label, exact: true }).click();
  await page.getByRole("button", { name: option, exact: true }).click();
}

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("project.manager adds, edits and removes a project's contact", async ({ page }, testInfo) => {
  await signInAfresh(page, "project.manager");
  await page.goto(SPOC);
  await expect(page.getByRole("heading", { name: "Single points of contact", level: 1 })).toBeVisible();
  // Every organisation's contact, and two of Acme's projects' own.
  await expect(page.getByRole("row").filter({ hasText: "Rekha Pillai" })).toContainText("Acme Beverages");
  await expect(page.getByRole("row").filter({ hasText: "Sanjay Rao" })).toContainText(
    "Field visits and outlet access",
  );
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("manage-spoc-1366.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath("manage-spoc-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  const name = `Kiran Shah ${Date.now() % 100000}`;
  await page.getByRole("link", { name: "Add SPOC" }).click();
  await expect(page).toHaveURL(/\/dashboard\/manage-spoc\?spoc=new$/);
  await choose(page, "Organisation", "Zenith Foods");
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Responsible for/).fill("Audit scheduling");
  await page.getByLabel(/^Phone number/).fill("98300");
  await save(page);
  await expect(page.getByText("Enter 10 digits, optionally after +91.")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("manage-spoc-form-1366.png"), fullPage: true });
  await page.getByLabel(/^Phone number/).fill("9830000099");
  await save(page);
  await expect(page.getByText(`SPOC ${name} was saved.`)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Zenith Foods");

  await row.getByRole("link", { name: "Edit", exact: true }).click();
  await page.getByLabel(/^Responsible for/).fill("Audit scheduling and revisits");
  await save(page);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText(
    "Audit scheduling and revisits",
  );

  await page.getByRole("button", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this record?" });
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("a client's administrator sees only its own organisation's contacts", async ({ page }) => {
  await signInAfresh(page, "client.admin");
  await page.goto(SPOC);
  await expect(page.getByRole("row").filter({ hasText: "Rekha Pillai" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Manoj Tiwari" })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: "Nikhil Bose" })).toHaveCount(0);
});
