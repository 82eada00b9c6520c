import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { PERFORMANCE_COLUMNS } from "../../src/domain/reports/reports";
import { scoreText } from "../../src/domain/survey/scoring";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "reports");
const ACME_CYCLE = "acme-retail-audit-cycle-1";
const ZENITH_CYCLE = "zenith-retail-audit-cycle-1";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);
const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { name, level: 1 });
const notFound = (page: Page) => expect(heading(page, "Page not found")).toBeVisible();

/**
 * An outlet's score as the report's server gives it ("score / max"): the logic score spec changes
 * the cycle's parameters, so the figures are read, never written here.
 */
async function scoreShown(page: Page, rsid: string): Promise<string> {
  const answer = await page.request.get(`/api/reports/retail-audit/?cycle=${ACME_CYCLE}&search=${rsid}`);
  expect(answer.status()).toBe(200);
  const { results } = (await answer.json()) as {
    results: { rsid: string; score: number | null; max_score: number | null }[];
  };
  const row = results.find((r) => r.rsid === rsid);
  expect(row?.score, rsid).not.toBeNull();
  return `${scoreText(row!.score!)} / ${scoreText(row!.max_score!)}`;
}

test("client.manager opens Reports from the menu and reads Acme's retail audit report, its images and one outlet", async ({
  page,
}) => {
  await signIn(page, "client.manager");
  await page
    .getByRole("navigation", { name: "Dashboard areas" })
    .getByRole("link", { name: "Reports" })
    .click();
  await expect(heading(page, "Reports")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Retail audit report" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Performance report" })).toBeVisible();
  // Only Acme's cycles are offered.
  await expect(page.getByRole("link", { name: "Acme Retail Audit Cycle 1", exact: true })).toBeVisible();
  await expect(page.getByText("Zenith")).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, "reports");

  await page.getByRole("link", { name: "Acme Retail Audit Cycle 1", exact: true }).click();
  await expect(heading(page, "Retail audit report: Acme Retail Audit Cycle 1")).toBeVisible();
  await expect(page.getByRole("img", { name: /Score distribution/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Outlets by state/ })).toBeVisible();
  const table = page.getByRole("table", { name: "Outlets of Acme Retail Audit Cycle 1" });
  await expect(table.getByRole("row").filter({ hasText: "RS000002" })).toContainText(
    await scoreShown(page, "RS000002"),
  );
  await expectAccessible(page);
  await shoot(page, "retail-audit-report");

  // The filters are kept in the address: a band keeps only its outlets, and a reload keeps it.
  await page.getByLabel("Score", { exact: true }).selectOption("80-100");
  await expect(page).toHaveURL(/band=80-100/);
  await expect(table.getByRole("row").filter({ hasText: "RS000018" })).toContainText(
    await scoreShown(page, "RS000018"),
  );
  await expect(table.getByRole("row").filter({ hasText: "RS000002" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel("Score", { exact: true })).toHaveValue("80-100");
  await page.getByLabel("RSID or name").fill("RS000018");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/search=RS000018/);
  await expect(page.getByText("Outlets shown").locator("..")).toContainText("1");

  await page.getByRole("link", { name: "RS000018" }).click();
  await expect(heading(page, /\(RS000018\)$/)).toBeVisible();
  await expect(page.getByText("Total score")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Visibility" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Questions answered by group/ })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "outlet-report");

  await page.goto(`/dashboard/retail-audit-report/images?cycle=${ACME_CYCLE}`);
  await expect(heading(page, "Retail audit images: Acme Retail Audit Cycle 1")).toBeVisible();
  const images = page.getByRole("list", { name: "Images" }).getByRole("img");
  await expect(images.first()).toBeVisible();
  for (const alt of await images.evaluateAll((els) => els.map((e) => e.getAttribute("alt") ?? "")))
    expect(alt).not.toMatch(/Zenith/);
  await expectAccessible(page);
  await shoot(page, "retail-audit-images");
});

test("another organisation's report is Page not found for client.manager", async ({ page }) => {
  await signIn(page, "client.manager");
  await page.goto(`/dashboard/retail-audit-report?cycle=${ZENITH_CYCLE}`);
  await notFound(page);
  await page.goto(`/dashboard/retail-audit-report/images?cycle=${ZENITH_CYCLE}`);
  await notFound(page);
  // RS000015 is Zenith's outlet (its id is 15).
  await page.goto("/dashboard/retail-audit-report/view/15");
  await notFound(page);
  await page.goto("/dashboard/client-reports/15/RS000015");
  await notFound(page);
  await page.goto("/dashboard/projects/client-portal-view/zenith-retail-audit/reports");
  await notFound(page);
  // Acme's own outlet under a wrong RSID is not found either; under its own it is the report.
  await page.goto("/dashboard/client-reports/2/RS000003");
  await notFound(page);
  await page.goto("/dashboard/client-reports/2/RS000002");
  await expect(heading(page, /\(RS000002\)$/)).toBeVisible();
});

test("the performance report's PDF and CSV arrive in My Downloads", async ({ page }) => {
  await signIn(page, "client.manager");
  await page.goto("/dashboard/performance-report");
  await expect(heading(page, "Performance report")).toBeVisible();
  await expect(page.getByRole("img", { name: /Achievement by programme/ })).toBeVisible();
  await page.getByLabel("Programme", { exact: true }).selectOption("Visibility Drive");
  await expect(page).toHaveURL(/program=Visibility/);
  const rows = page.getByRole("table", { name: "Target against achievement by outlet" }).getByRole("row");
  await expect(rows.nth(1)).toContainText("Visibility Drive");
  await expectAccessible(page);
  await shoot(page, "performance-report");

  await page.getByRole("button", { name: "Export" }).click();
  await expect(page.getByText("Choose PDF or CSV.")).toBeVisible();
  await page.getByLabel("PDF", { exact: true }).check();
  await page.getByRole("button", { name: "Export" }).click();
  const ready = page.getByText("The file is ready. It is also in My Downloads.");
  await expect(ready).toBeVisible({ timeout: 20_000 });
  await shoot(page, "performance-report-pdf-ready");
  const pdfDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: /Download Performance report \(PDF\)/ }).click();
  const pdf = readFileSync(await (await pdfDownload).path());
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

  await page.goto("/dashboard/performance-report-csv?program=Visibility%20Drive");
  await expect(heading(page, "Performance report (CSV)")).toBeVisible();
  await expect(page.getByLabel("CSV", { exact: true })).toBeChecked();
  await page.getByRole("button", { name: "Export" }).click();
  await expect(ready).toBeVisible({ timeout: 20_000 });

  await page.getByRole("link", { name: "My Downloads", exact: true }).click();
  const pdfEntry = page
    .getByRole("row")
    .filter({ hasText: "Performance report (PDF): Visibility Drive" })
    .first();
  const csvEntry = page
    .getByRole("row")
    .filter({ hasText: "Performance report (CSV): Visibility Drive" })
    .first();
  await expect(pdfEntry).toContainText("Ready");
  await expect(csvEntry).toContainText("Ready");
  await shoot(page, "my-downloads-performance");
  const csvDownload = page.waitForEvent("download");
  await csvEntry.getByRole("link", { name: "Download" }).click();
  const csv = readFileSync(await (await csvDownload).path(), "utf8").replace(/^\uFEFF/, "");
  const [header, ...lines] = csv.trim().split("\r\n");
  expect(header).toBe(PERFORMANCE_COLUMNS.join(","));
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toContain("Visibility Drive");
});

test("project.manager sees the reports, every organisation's cycles among them", async ({ page }) => {
  await signIn(page, "project.manager");
  await page
    .getByRole("navigation", { name: "Dashboard areas" })
    .getByRole("link", { name: "Reports" })
    .click();
  await expect(heading(page, "Reports")).toBeVisible();
  await expect(page.getByRole("link", { name: "Acme Retail Audit Cycle 1", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /Zenith/ }).first()).toBeVisible();
  await page.goto(`/dashboard/retail-audit-report?cycle=${ZENITH_CYCLE}`);
  await expect(heading(page, /^Retail audit report: /)).toBeVisible();
  await page.goto("/dashboard/performance-report");
  await expect(page.getByRole("img", { name: /Achievement by programme/ })).toBeVisible();
});

test("a QC executive is not offered Reports", async ({ page }) => {
  await signIn(page, "qc.executive");
  await expect(
    page.getByRole("navigation", { name: "Dashboard areas" }).getByRole("link", { name: "Home" }),
  ).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Dashboard areas" }).getByRole("link", { name: "Reports" }),
  ).toHaveCount(0);
});
