import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { readSheetTexts } from "../../server/uploads/excel";
import { MOBILE_LINK_COLUMNS, MOBILE_LINKS_STARTED } from "../../src/domain/mobile/mobileLinks";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "mobile-links");
const HUB = "/dashboard/projects/view-list/acme-3p-payout/view/acme-3p-payout-main";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test("project.manager exports a sub-project's retailer mobile links to My Downloads from its hub", async ({
  page,
}) => {
  await signIn(page, "project.manager");
  await page.goto(HUB);
  const screens = page.getByRole("navigation", { name: "Screens of this sub-project" });
  await screens.getByRole("link", { name: "Mobile link download", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Mobile link download", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "mobile-link-download");

  await page.getByRole("button", { name: "Export", exact: true }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    `${MOBILE_LINKS_STARTED} Open My Downloads`,
  );
  await expectAccessible(page);
  await shoot(page, "mobile-link-download-started");

  await page.getByRole("link", { name: "Open My Downloads" }).click();
  const entry = page.getByRole("row").filter({ hasText: "Mobile links of" }).first();
  await expect(entry).toContainText("Ready", { timeout: 20_000 });
  await shoot(page, "my-downloads-mobile-links");
  const download = page.waitForEvent("download");
  await entry.getByRole("link", { name: "Download" }).click();
  const sheet = readSheetTexts(new Uint8Array(readFileSync(await (await download).path())));
  expect(sheet.header).toEqual([...MOBILE_LINK_COLUMNS]);
  expect(sheet.rows.length).toBeGreaterThan(0);
  const link = new URL(sheet.rows[0]!.at(-1)!);
  expect(link.pathname).toMatch(/^\/mobile-view\/home\/slug\/.+/);
});

test("a QC executive is not offered the mobile link download", async ({ page }) => {
  await signIn(page, "qc.executive");
  await page.goto(HUB);
  const screens = page.getByRole("navigation", { name: "Screens of this sub-project" });
  await expect(screens.getByRole("link", { name: "Outlets", exact: true })).toBeVisible();
  await expect(screens.getByRole("link", { name: "Mobile link download" })).toHaveCount(0);
  await page.goto(`${HUB}/mobile-link-download`);
  await expect(
    page.getByText("Only those who set projects up may export the retailer mobile links."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Export", exact: true })).toHaveCount(0);
});
