/**
 * The outlet's views by role (docs/outlet-review.md, "Views by role") and the survey answers
 * overview (docs/survey.md, "Survey overview"). Both only read: RS000002 (Acme Retail Audit Cycle 1,
 * an intimation call, waiting for QC) is opened, never changed.
 */
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "outlet-views");
const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);
const menu = (page: Page) => page.getByRole("navigation", { name: "Outlet sections" });
const panelTitle = (page: Page) => page.locator("#outlet-panel-title");

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("qc.manager opens RS000002 as its client, its calling executive and its field auditor see it", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page.goto("/dashboard/view/RS000002");
  const views = page.getByRole("navigation", { name: "Views by role" });
  await expect(views.getByRole("link")).toHaveText(["Client's view", "Calling view", "Field view"]);

  await views.getByRole("link", { name: "Client's view" }).click();
  await expect(page).toHaveURL(/\/dashboard\/view\/RS000002\/\d+\/client(\?tab=\d)?$/);
  await expect(page.getByRole("heading", { name: "Client's view", level: 1 })).toBeVisible();
  // The client manager's menu: Score first on a retail audit cycle outlet; no Survey End for clients.
  await expect(menu(page).getByRole("button").first()).toHaveText("Score");
  await expect(page.getByText("Survey End", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Update Status" })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, "client");
  // The view's address without the tab it keeps.
  const outletUrl = new URL(page.url()).pathname;

  await page.getByRole("link", { name: "← The outlet's review" }).click();
  await expect(page).toHaveURL(/\/dashboard\/view\/RS000002(\?tab=\d)?$/);
  await page
    .getByRole("navigation", { name: "Views by role" })
    .getByRole("link", { name: "Calling view" })
    .click();
  await expect(page.getByRole("heading", { name: "Calling view", level: 1 })).toBeVisible();
  // An intimation call: the calling executive works from General Information, and sees QC Status.
  await expect(panelTitle(page)).toHaveText("General Information");
  await expect(page.getByText("QC Status", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Update Status" })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, "calling");

  await page.goto(outletUrl.replace(/\/client$/, "/field"));
  await expect(page.getByRole("heading", { name: "Field view", level: 1 })).toBeVisible();
  await expect(panelTitle(page)).toHaveText("Survey Details");
  await expect(page.getByText("Location Accuracy", { exact: true })).toBeVisible();
  await expect(page.getByText("Survey End", { exact: true })).toBeVisible();
  // Read-only: no answer can be edited and saved from here.
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, "field");

  // A view type the product has not, or another outlet's id, is not a page.
  await page.goto(outletUrl.replace(/\/client$/, "/retailer"));
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.goto(outletUrl.replace(/\/\d+\/client$/, "/999999/client"));
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("client.executive opens the client's view and no other", async ({ page }) => {
  await signIn(page, "client.executive");
  await page.goto("/dashboard/view/RS000002");
  const views = page.getByRole("navigation", { name: "Views by role" });
  await expect(views.getByRole("link")).toHaveText(["Client's view"]);
  await views.getByRole("link", { name: "Client's view" }).click();
  await expect(page.getByRole("heading", { name: "Client's view", level: 1 })).toBeVisible();
  await page.goto(new URL(page.url()).pathname.replace(/\/client$/, "/calling"));
  await expect(page.getByRole("alert")).toHaveText("This view of the outlet is not open to your role.");
});

test("qc.manager reads a sub-project's answers question by question", async ({ page }) => {
  await signIn(page, "qc.manager");
  await page.goto("/dashboard/projects");
  const overview = await page.request.get("/api/survey/overview/");
  const first = ((await overview.json()) as { sub_project: { slug: string; name: string } }).sub_project;
  await page.goto(`/dashboard/survey?sub_project=${first.slug}`);
  await expect(page.getByRole("heading", { name: "Survey", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Sub-project", { exact: true })).toHaveValue(first.slug);
  const questions = page.getByRole("list", { name: "Questions" });
  await expect(questions.getByRole("heading").first()).toBeVisible();
  // A choice question lists its choices with their counts.
  await expect(page.getByRole("list", { name: /^Answers to / }).first()).toBeVisible();
  await expect(questions).toContainText(/Answered by \d+ of \d+ outlets \(\d+%\)/);
  await expectAccessible(page);
  await shoot(page, "survey");
});

test("client.manager reaches the overview from a sub-project's hub and chooses among Acme's sub-projects only", async ({
  page,
}) => {
  await signIn(page, "client.manager");
  await page.goto("/dashboard/projects/view-list/acme-3p-payout/view/acme-3p-payout-main");
  await page.getByRole("link", { name: "Survey answers overview" }).click();
  await expect(page).toHaveURL(/\/dashboard\/survey\?sub_project=acme-3p-payout-main$/);
  await expect(page.getByRole("list", { name: "Questions" }).getByRole("heading").first()).toBeVisible();
  const chooser = page.getByLabel("Sub-project", { exact: true });
  await expect(chooser).toHaveValue("acme-3p-payout-main");
  const labels = await chooser.locator("option").allTextContents();
  expect(labels.length).toBeGreaterThan(1);
  expect(labels.every((l) => l.startsWith("Acme Beverages · "))).toBe(true);
});
