import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { MIS_COLUMNS } from "../../src/domain/reports/mis";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

/**
 * The MIS report (docs/reports.md): opened from the reports page, narrowed to a month and a
 * sub-project in the address, its CSV run into My Downloads. Other specs move outlets between
 * states, so the figures are read from the server here, never written.
 */
const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "mis-reports");
const CYCLE = "Acme 3P Payout Cycle 1";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);
const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { name, level: 1 });

test("client.manager runs Acme's MIS report for a month and a sub-project into My Downloads", async ({
  page,
}) => {
  await signIn(page, "client.manager");
  await page.goto("/dashboard/reports");
  await expect(page.getByRole("heading", { name: "MIS report" })).toBeVisible();
  await page.getByRole("link", { name: "Open the MIS report" }).click();
  await expect(heading(page, "MIS report")).toBeVisible();
  const table = page.getByRole("table", { name: "MIS by sub-project, All time" });
  await expect(table.getByRole("rowheader", { name: new RegExp(`^${CYCLE}`) })).toBeVisible();
  // Only Acme's sub-projects are listed.
  await expect(table.getByText("Zenith")).toHaveCount(0);
  await expect(page.getByRole("img", { name: /Outlets by state/ })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "mis-report");

  await page.getByLabel("Period", { exact: true }).selectOption("2026-11");
  await expect(page).toHaveURL(/period=2026-11/);
  await page.getByLabel("Sub-project", { exact: true }).selectOption({ label: CYCLE });
  await expect(page).toHaveURL(/sub-project=acme-3p-payout-cycle-1/);
  const month = page.getByRole("table", { name: "MIS by sub-project, November 2026" });
  await expect(month.getByRole("rowheader", { name: new RegExp(`^${CYCLE}`) })).toBeVisible();
  await expect(month.getByRole("rowheader")).toHaveCount(1);
  const answer = await page.request.get(
    "/api/reports/mis/?period=2026-11&sub-project=acme-3p-payout-cycle-1",
  );
  const shown = ((await answer.json()) as { results: { qc: { accepted: number } }[] }).results[0]!;
  const cells = month.getByRole("row").filter({ hasText: CYCLE }).getByRole("cell");
  await expect(cells.nth(1)).toHaveText(String(shown.qc.accepted));
  await page.reload();
  await expect(page.getByLabel("Period", { exact: true })).toHaveValue("2026-11");

  // CSV is the one format, chosen already.
  await expect(page.getByLabel("CSV", { exact: true })).toBeChecked();
  await expect(page.getByLabel("PDF", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Export" }).click();
  await expect(page.getByText("The file is ready. It is also in My Downloads.")).toBeVisible({
    timeout: 20_000,
  });
  await shoot(page, "mis-report-ready");

  await page.getByRole("link", { name: "My Downloads", exact: true }).click();
  const entry = page
    .getByRole("row")
    .filter({ hasText: `MIS report (CSV): November 2026, ${CYCLE}` })
    .first();
  await expect(entry).toContainText("Ready");
  await shoot(page, "my-downloads-mis");
  const download = page.waitForEvent("download");
  await entry.getByRole("link", { name: "Download" }).click();
  const csv = readFileSync(await (await download).path(), "utf8").replace(/^\uFEFF/, "");
  const [header, ...lines] = csv.trim().split("\r\n");
  expect(header).toBe(MIS_COLUMNS.join(","));
  expect(lines).toHaveLength(1);
  expect(lines[0]!.startsWith(`${CYCLE},Acme 3P Payout 2026-27,Acme Beverages,payout_cycle,`)).toBe(true);
});

test("another organisation's sub-project is Page not found in the MIS report", async ({ page }) => {
  await signIn(page, "zenith.manager");
  await page.goto("/dashboard/mis-report?sub-project=acme-3p-payout-cycle-1");
  await expect(heading(page, "Page not found")).toBeVisible();
});
