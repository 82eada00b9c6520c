import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { readSheetTexts, writeWorkbook } from "../../server/uploads/excel";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "field-assign");
const CYCLE = "acme-3p-payout-cycle-1";
const HUB = `/dashboard/projects/view-list/acme-3p-payout/view/${CYCLE}`;
/** auditor.9000000001's mobile number (demo data). */
const AUDITOR = "9000000001";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test("field.manager assigns a field auditor to a cycle's outlets with an upload from its hub", async ({
  page,
}) => {
  await signIn(page, "field.manager");
  const listed = await page.request.get(`/api/outlets/?sub_project=${CYCLE}&page-size=2`);
  const rsids = ((await listed.json()).results as { rsid: string }[]).map((o) => o.rsid);
  expect(rsids).toHaveLength(2);

  await page.goto(HUB);
  const screens = page.getByRole("navigation", { name: "Screens of this sub-project" });
  await screens.getByRole("link", { name: "Bulk field assign", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Bulk field assign", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to list" })).toHaveAttribute("href", HUB);
  await expectAccessible(page);

  const file = writeWorkbook(
    "assign",
    ["rsid", "field_auditor_mobile"],
    [
      [rsids[0]!, AUDITOR],
      [rsids[1]!, AUDITOR],
      ["RS999999", AUDITOR],
    ],
  );
  await page.getByLabel("Excel file (.xlsx or .xls)").setInputFiles({
    name: "assign.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(file),
  });
  await expect(page.getByText("assign.xlsx: Completed")).toBeVisible({ timeout: 20_000 });
  const history = page.getByRole("region", { name: "Upload history rows" });
  const row = history
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "assign.xlsx", exact: true }) });
  await expect(row).toContainText("3 / 2 / 1 / 3");
  const download = page.waitForEvent("download");
  await row.getByRole("link", { name: "Unclean", exact: true }).click();
  const unclean = readSheetTexts(new Uint8Array(readFileSync(await (await download).path())));
  expect(unclean.rows.map((r) => r[0])).toEqual(["RS999999"]);
  await shoot(page, "bulk-field-assign");

  await row.getByRole("button", { name: /^Confirm upload/ }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm upload" });
  await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText("Upload confirmed. The rows have been applied.")).toBeVisible();
  await expect(row).toContainText("Accepted");
  await expectAccessible(page);

  // Both outlets' review records now name the same field auditor.
  const assigned = [];
  for (const rsid of rsids) {
    const outlet = await page.request.get(`/api/outlets/${rsid}/`);
    assigned.push(JSON.stringify((await outlet.json()).assigned_field_auditor ?? null));
  }
  expect(assigned[0]).not.toBe("null");
  expect(assigned[1]).toBe(assigned[0]);
});
