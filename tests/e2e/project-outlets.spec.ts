/**
 * A new sub-project gets its outlets from a sheet: project.manager creates a project and a
 * sub-project, uploads the outlets from the hub's Bulk upload, confirms, and sees the hub's counts
 * and the project card's No.of Outlets follow.
 */
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { writeWorkbook } from "../../server/uploads/excel";
import { UPLOAD_TYPES } from "../../src/domain/uploads/uploadTypes";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "project-outlets");

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const HEADER = UPLOAD_TYPES.outlets.columns.map((c) => c.name);
const outlet = (rsid: string, name: string, city = "Pune") => [
  rsid,
  name,
  "Ramesh Kumar",
  "9876543210",
  "12 Station Road",
  "411005",
  city,
  "Maharashtra",
  "Pune Central",
  "Maharashtra",
];

test("project.manager uploads a new sub-project's outlets; the hub's counts and the card's No.of Outlets follow", async ({
  page,
}) => {
  await signIn(page, "project.manager");
  await page.goto("/dashboard/projects/project-creation");
  await page.getByLabel("Name", { exact: true }).fill("Acme Winter Census");
  await page.getByRole("button", { name: "Organisation" }).click();
  await page.getByRole("button", { name: "Acme Beverages", exact: true }).click();
  await page.getByLabel("Type").selectOption("census");
  await page.getByLabel("Start date").fill("2026-12-01");
  await page.getByLabel("End date").fill("2027-02-28");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects$/);

  await page.getByLabel("Search projects").fill("Winter Census");
  const card = page.getByRole("article", { name: "Acme Winter Census", exact: true });
  await expect(card.locator("dd").last()).toHaveText("0");
  await card.getByRole("link", { name: "Acme Winter Census", exact: true }).click();
  await page.getByRole("link", { name: "Add sub-project" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Winter Census Main");
  await page.getByLabel("Type").selectOption("census");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("link", { name: "Winter Census Main" }).click();
  await expect(page.getByText("No active outlets yet.")).toBeVisible();

  await page
    .getByRole("navigation", { name: "Screens of this sub-project" })
    .getByRole("link", { name: "Bulk upload", exact: true })
    .click();
  await page.getByLabel("Upload type").selectOption("outlets");
  await expect(page.getByRole("heading", { name: "Outlets bulk upload" })).toBeVisible();
  const sheet = writeWorkbook("outlets", HEADER, [
    outlet("RS710001", "Winter Kirana One"),
    outlet("RS710002", "Winter Kirana Two", "Mumbai"),
    outlet("RS710003", "Winter Kirana Three", "Atlantis"),
  ]);
  await page.getByLabel("Excel file (.xlsx or .xls)").setInputFiles({
    name: "winter_outlets.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(sheet),
  });
  await expect(page.getByText("winter_outlets.xlsx: Completed")).toBeVisible();
  const row = page
    .getByRole("region", { name: "Upload history rows" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "winter_outlets.xlsx", exact: true }) });
  await expect(row).toContainText("3 / 2 / 1");
  await shootWidths(page, SHOTS, "outlets-upload");
  await row.getByRole("button", { name: /^Confirm upload/ }).click();
  await page
    .getByRole("dialog", { name: "Confirm upload" })
    .getByRole("button", { name: "Confirm", exact: true })
    .click();
  await expect(row).toContainText("Accepted");

  await page.getByRole("link", { name: "Back to list" }).click();
  await expect(page.getByRole("heading", { name: "Winter Census Main", level: 1 })).toBeVisible();
  const chart = page.getByRole("list", { name: "Outlets by state" });
  await expect(chart.getByRole("listitem")).toHaveText([/QC Pending\s*2/]);
  await expectAccessible(page);
  await shootWidths(page, SHOTS, "hub-with-outlets");

  await page.goto("/dashboard/projects?search=Winter%20Census");
  await expect(card.locator("dd").last()).toHaveText("2");
});
