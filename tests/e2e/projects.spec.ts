import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, shootWidths, signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "projects");
const menu = (page: Page) => page.getByRole("navigation", { name: "Dashboard areas" });

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test("project.manager creates a project and a sub-project, and reaches the sub-project's hub and its screens", async ({
  page,
}) => {
  await signIn(page, "project.manager");
  await menu(page).getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Zenith Retail Audit 2026-27", exact: true })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "project-cards");

  await page.getByRole("link", { name: "Add project" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Acme Monsoon Census Drive");
  await page.getByRole("button", { name: "Organisation" }).click();
  await page.getByRole("button", { name: "Acme Beverages", exact: true }).click();
  await page.getByLabel("Type").selectOption("census");
  await page.getByLabel("Start date").fill("2026-07-01");
  await page.getByLabel("End date").fill("2026-06-30");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The end date must not be before the start date.")).toBeVisible();
  await page.getByLabel("End date").fill("2026-09-30");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects$/);

  // The card: the name cut at 15 characters with the whole name as its tooltip, no outlets yet.
  await page.getByLabel("Search projects").fill("Monsoon");
  const card = page.getByRole("article", { name: "Acme Monsoon Census Drive", exact: true });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading")).toHaveText("Acme Monsoon Ce…");
  await expect(card.getByRole("heading")).toHaveAttribute("title", "Acme Monsoon Census Drive");
  await expect(card).toContainText("No.of Outlets");
  await expect(card.getByText("Census", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: "Edit Acme Monsoon Census Drive" })).toBeVisible();

  await card.getByRole("link", { name: "Acme Monsoon Census Drive", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Sub-projects", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Add sub-project" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Monsoon Census Main");
  await page.getByLabel("Type").selectOption("census");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("link", { name: "Monsoon Census Main" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Monsoon Census Main" }).click();

  await expect(page.getByRole("heading", { name: "Monsoon Census Main", level: 1 })).toBeVisible();
  await expect(page.getByText("No active outlets yet.")).toBeVisible();
  const screens = page.getByRole("navigation", { name: "Screens of this sub-project" });
  await expect(screens.getByRole("link", { name: "Outlets", exact: true })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "sub-project-hub-new");
  await screens.getByRole("link", { name: "Programs", exact: true }).click();
  await page.getByRole("link", { name: "Add program" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Monsoon Visibility");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("link", { name: "Monsoon Visibility" })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "programs");
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await screens.getByRole("link", { name: "Bulk upload", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Cycle outlets bulk upload" })).toBeVisible();
});

test("a demo sub-project's hub counts its outlets by state and every link it offers opens a screen", async ({
  page,
}) => {
  await signIn(page, "project.manager");
  await page.goto("/dashboard/projects/view-list/acme-3p-payout/view/acme-3p-payout-main");
  await expect(page.getByRole("heading", { name: "Acme 3P Payout", level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Outlets by state" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Acme 3P Payout Cycle 1" })).toBeVisible();
  await shoot(page, "sub-project-hub");
  const links = page.getByRole("navigation", { name: "Screens of this sub-project" }).getByRole("link");
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(3);
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page not found" })).toHaveCount(0);
  }
});

test("a paid payout outlet notifies its project's card; opening the menu reads it and the entry opens the outlet", async ({
  page,
}) => {
  await signIn(page, "iftu.manager");
  const listed = await page.request.get("/api/outlets/?sub_project=acme-3p-payout-main&page-size=500");
  type Listed = { id: number; rsid: string; version: number; workflow_state: string };
  const outlet = ((await listed.json()) as { results: Listed[] }).results.find(
    (o) => o.workflow_state === "payouts_plotted",
  )!;
  const paid = await page.request.post("/api/outlets/bulk-action/", {
    data: {
      action_type: "payment_successful",
      object_ids: [outlet.id],
      object_versions: { [outlet.id]: outlet.version },
      extra_data: { utr_number: "123456789012", amount: "1500", payment_date: "2026-11-23" },
    },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  await page.goto("/dashboard/projects?search=3P");
  const card = page.getByRole("article", { name: "Acme 3P Payout 2026-27", exact: true });
  const bell = card.getByRole("button", { name: /^Notifications of/ });
  const before = Number(await bell.locator(".project-card-count").textContent());
  expect(before).toBeGreaterThan(0);
  await bell.click();
  const entry = card.getByRole("button", { name: new RegExp(`Payment Successful.*${outlet.rsid}`) });
  await expect(entry).toBeVisible();
  await expect(card.getByRole("link", { name: "View All" })).toBeVisible();
  await expect(bell.locator(".project-card-count")).not.toHaveText(String(before));
  await expectAccessible(page);
  await shoot(page, "project-card-menu");
  await entry.click();
  // The outlet opens (its tab joins the address once it has loaded).
  await expect(page).toHaveURL(new RegExp(`/dashboard/view/${outlet.rsid}(\\?tab=\\d)?$`));
  await expect(page.getByText(outlet.rsid).first()).toBeVisible();

  await page.goto("/dashboard/projects/notifications");
  await expect(page.getByRole("link", { name: "Payment Successful" }).first()).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "project-notifications");
});

test("client.manager sees only Acme's projects, without Add project or Edit", async ({ page }) => {
  await signIn(page, "client.manager");
  await menu(page).getByRole("link", { name: "Projects" }).click();
  await expect(page.getByRole("link", { name: "Acme Retail Audit 2026-27", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Zenith Retail Audit 2026-27", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add project" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, "project-cards-client");
});
