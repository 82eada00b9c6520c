/**
 * Organisation administration end to end (docs/admin.md): an organisation, a region under it, a
 * role with two permissions and a user holding it, who then sees only what the role allows; a
 * duplicate name's field error; the 409 of a region in use; merging two cities.
 */
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, shootWidths, signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "admin");
const ORGS = "/dashboard/organization-users-roles/organization-list";
const ACME = "/dashboard/organization-users-roles/organization-view/acme-beverages";

const menu = (page: Page) => page.getByRole("navigation", { name: "Dashboard areas" });

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

async function save(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

test("admin builds an organisation, a region, a role and a user, who sees only what the role allows", async ({
  page,
  browser,
}) => {
  await signIn(page, "admin");
  await menu(page).getByRole("link", { name: "Organisations" }).click();
  await expect(page).toHaveURL(new RegExp(`${ORGS}`));
  await expect(page.getByRole("link", { name: "Acme Beverages" })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "organisations");

  await page.getByRole("link", { name: "Add organisation" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Orbit Retail");
  await page.getByLabel("Kind").selectOption("client");
  await expectAccessible(page);
  await shoot(page, "organisation-form");
  await save(page);
  await expect(page.getByText("Organisation Orbit Retail was saved.")).toBeVisible();
  await page.getByRole("link", { name: "Orbit Retail" }).click();
  await expect(page.getByRole("heading", { name: "Organisation: Orbit Retail" })).toBeVisible();
  await shoot(page, "organisation-hub");

  // A region under it, then the same name again in another case.
  await page.getByRole("link", { name: "Regions" }).click();
  await page.getByRole("link", { name: "Add region" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Coastal");
  await save(page);
  await expect(page.getByRole("link", { name: "Coastal" })).toBeVisible();
  await page.getByRole("link", { name: "Add region" }).click();
  await page.getByLabel("Name", { exact: true }).fill("coastal");
  await save(page);
  await expect(page.getByText("A region with this name already exists.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");

  // A role with two permissions.
  await page.goto("/dashboard/organization-users-roles/organization-view/orbit-retail/roles-list");
  await page.getByRole("link", { name: "Add role" }).click();
  await page.getByLabel("Name", { exact: true }).fill("orbit-manager");
  await page.getByLabel("Display name").fill("Orbit Manager");
  await page.getByLabel("client-manager-dashboard-permission").check();
  await page.getByLabel("client-manager-workflow-permission").check();
  await shoot(page, "role-form");
  await save(page);
  await expect(page.getByRole("link", { name: "Orbit Manager" })).toBeVisible();

  // A user holding it.
  await page.goto("/dashboard/organization-users-roles/organization-view/orbit-retail/user-list");
  await page.getByRole("link", { name: "Add user" }).click();
  await page.getByLabel("User name").fill("orbit.lead");
  await page.getByLabel("Name", { exact: true }).fill("Nisha Rao");
  await page.getByLabel("Email").fill("nisha@orbit.example");
  await page.getByLabel("Orbit Manager").check();
  await page.getByLabel("Password").fill("Orbit@2026x");
  await save(page);
  await expect(page.getByRole("link", { name: "orbit.lead" })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "users");

  // The new user signs in and is offered what a client manager is, and no administration.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await signIn(theirs, "orbit.lead", "Orbit@2026x");
  await expect(menu(theirs).getByRole("link", { name: "Home" })).toBeVisible();
  await expect(menu(theirs).getByRole("link", { name: "Organisations" })).toHaveCount(0);
  await expect(menu(theirs).getByRole("link", { name: "Invoice and SKU" })).toHaveCount(0);
  const refused = await theirs.request.get("/api/admin/regions/");
  expect(refused.status()).toBe(403);
  await theirs.request.post("/api/auth/logout/", { data: {} });
  await context.close();
});

test("a region in use is not deleted and the list says where it is used", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto(`${ACME}/list-of-regions`);
  await page.getByRole("button", { name: "Delete West" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this record?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "This region is used by 3 zones and" }),
  ).toContainText(/outlets, so it cannot be deleted\./);
  await expect(page.getByRole("link", { name: "West" })).toBeVisible();
  await shoot(page, "regions-in-use");
});

test("two cities are merged: the merged one's outlets move and it is gone", async ({ page }) => {
  await signIn(page, "admin");
  await menu(page).getByRole("link", { name: "States and cities" }).click();
  await page.getByRole("link", { name: "Cities", exact: true }).click();
  await page.getByRole("link", { name: "Merge cities" }).click();
  await page.getByRole("button", { name: "City to merge (it is deleted)" }).click();
  await page.getByRole("button", { name: "Nagpur", exact: true }).click();
  await page.getByRole("button", { name: "City to keep" }).click();
  await page.getByRole("button", { name: "Pune", exact: true }).click();
  await expectAccessible(page);
  await shoot(page, "merge-cities");
  await page.getByRole("button", { name: "Merge", exact: true }).click();
  // It cannot be undone: the dialog says what moves before anything does.
  const ask = page.getByRole("dialog", { name: "Merge these cities?" });
  await expect(
    ask.getByText(/^Nagpur will be deleted and its \d+ outlets? moved to Pune\. This cannot be undone\.$/),
  ).toBeVisible();
  await ask.getByRole("button", { name: "Merge", exact: true }).click();
  await expect(page.getByText(/^Nagpur was merged into Pune; \d+ outlets? moved\.$/)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/meta\/cities-list/);
  await page.getByLabel("Search Cities").fill("Nagpur");
  await expect(page.getByText("Showing 0 - 0 of 0 Record(s)")).toBeVisible();
});

test("a user's profile shows who they are, their sessions, and refuses a wrong current password", async ({
  page,
}) => {
  await signIn(page, "qc.executive");
  await page.getByRole("button", { name: "Rohan Iyer (qc.executive)" }).click();
  await page.getByRole("menuitem", { name: "My profile" }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\/qc\.executive$/);
  await expect(page.getByRole("heading", { name: "Rohan Iyer" })).toBeVisible();
  await expect(page.getByText("qc-executive", { exact: true })).toBeVisible();
  await expect(page.getByText(/\(this session\)$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out my other sessions" })).toBeDisabled();
  const form = page.getByRole("region", { name: "Change password" });
  await form.getByLabel("Current password").fill("not-my-password");
  await form.getByLabel("New password", { exact: true }).fill("Fresh@2026x");
  await form.getByLabel("Confirm new password").fill("Fresh@2026x");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("The current password is not correct.")).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "profile");
});
