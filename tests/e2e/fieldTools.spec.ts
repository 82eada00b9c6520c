import { expect, type Page, test } from "@playwright/test";
import { demoDump } from "../../server/seed/fieldAppDump";
import { RECOVERY_MSG } from "../../src/domain/fieldTools/fieldTools";
import { expectAccessible, signIn } from "./support";

// Demo data (docs/demo-data.md): field auditor 3 is Ramesh Singh (9000000003), and an accepted
// recovery request names RS9000301, RS9000302 and RS9000397.
const AUDITOR_3 = "Ramesh Singh";
const RECOVERY = "/dashboard/field-outlet-recovery";
const DUMPS = "/dashboard/field-app-dump";

const isoDay = (daysBack: number) => {
  const d = new Date(Date.now() - daysBack * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const field = (page: Page, name: string) => page.getByLabel(new RegExp(`^${name}( \\*)?$`));
const rowOf = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ page }) => {
  await signIn(page, "field.coordinator");
});
test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

/**
 * A confirmed request stays in processing only while its job runs, a moment too short to click
 * in. So the list's answer shows the seeded accepted request (RS9000397) as processing, and the
 * row must offer Cancel alone; the cancel itself goes to the server, which allows it in both
 * statuses (its cancel of a truly processing request is tested in tests/server/field-tools.test.ts).
 */
test("a processing request offers only Cancel, and is cancelled after its dialog", async ({ page }) => {
  await page.route(/\/api\/outlet-recovery\/(\?.*)?$/, async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { results: { status: string; rsid_list: string[] }[] };
    for (const r of body.results)
      if (r.rsid_list.includes("RS9000397") && r.status === "accepted") r.status = "processing";
    return route.fulfill({ response, json: body });
  });
  await page.goto(RECOVERY);
  const row = rowOf(page, "RS9000397");
  await expect(row.getByRole("cell", { name: "Processing", exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: /^Confirm request/ })).toHaveCount(0);
  await row.getByRole("button", { name: /^Cancel request/ }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel recovery" });
  await dialog.getByRole("button", { name: "Cancel recovery" }).click();
  await expect(page.getByText(RECOVERY_MSG.cancelled)).toBeVisible();
  await expect(row.getByRole("cell", { name: "Cancelled", exact: true })).toBeVisible();
  await expect(row.getByRole("button")).toHaveText(["Report"]);
});

test("every form message is reached", async ({ page }) => {
  await page.goto(RECOVERY);
  await page.getByRole("button", { name: "Submit" }).click();
  for (const message of [
    "Please Select Project First",
    "Please Select Sub Project First",
    "Please Select Auditor First",
    "Please Type RSID",
    "Please Select Date First",
  ])
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByText(RECOVERY_MSG.failed)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("recovery-messages.png"), fullPage: true });

  await field(page, "Project").selectOption({ label: "Acme Retail Audit 2026-27" });
  await field(page, "Sub Project").selectOption({ label: "Acme Retail Audit" });
  await field(page, "Auditor").selectOption({ label: AUDITOR_3 });
  await field(page, "RSID List").fill(" , ");
  await field(page, "Date").fill(isoDay(11));
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("RSID Must be Seleted", { exact: true })).toBeVisible();
  await expect(page.getByText(RECOVERY_MSG.dateWindow, { exact: true })).toBeVisible();

  await field(page, "RSID List").fill("RS1, RS2, RS3, RS4, RS5, RS6");
  await field(page, "Date").fill(isoDay(1));
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Only 5 RSIDs are allowed", { exact: true })).toBeVisible();

  // Without the comma the server cannot read the list: its syntax hint shows.
  await field(page, "RSID List").fill("RS1 RS2");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(RECOVERY_MSG.syntax, { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test("a dump of field auditor 3 is uploaded, two of its outlets recovered, the third RSID reported not found", async ({
  page,
}) => {
  await page.goto(DUMPS);
  const dump = demoDump("9000000003", ["RS8000001", "RS8000002"], {
    subProject: "acme-retail-audit-main",
    surveyDate: isoDay(1),
    cityId: 1,
    territoryId: 1,
  });
  await field(page, "Dump file").setInputFiles({
    name: "ramesh-phone.json",
    mimeType: "application/json",
    buffer: Buffer.from(dump),
  });
  await field(page, "Field App User").selectOption({ label: AUDITOR_3 });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Dump uploaded. It is being checked.")).toBeVisible();
  const dumpRow = rowOf(page, "ramesh-phone.json");
  await expect(dumpRow.getByText("Completed (2 surveys)")).toBeVisible();
  await expect(dumpRow.getByRole("link", { name: "ramesh-phone.json" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("dump-history.png"), fullPage: true });
  await expectAccessible(page);

  await page.getByRole("link", { name: "Outlet Field Recovery" }).click();
  await field(page, "Project").selectOption({ label: "Acme Retail Audit 2026-27" });
  await field(page, "Sub Project").selectOption({ label: "Acme Retail Audit" });
  await field(page, "Auditor").selectOption({ label: AUDITOR_3 });
  await field(page, "RSID List").fill("RS8000001, RS8000002, RS8009999");
  await field(page, "Date").fill(isoDay(1));
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(RECOVERY_MSG.sent)).toBeVisible();
  const row = rowOf(page, "RS8000001, RS8000002, RS8009999");
  await expect(row.getByRole("cell", { name: "Accepted", exact: true })).toBeVisible();

  await row.getByRole("button", { name: /^Confirm request/ }).click();
  await page
    .getByRole("dialog", { name: "Confirm recovery" })
    .getByRole("button", { name: "Confirm recovery" })
    .click();
  await expect(page.getByText(RECOVERY_MSG.started)).toBeVisible();
  await expect(row.getByRole("cell", { name: "Completed", exact: true })).toBeVisible();
  await expect(row.getByText("3 found, 2 recovered").or(row.getByText("2 found, 2 recovered"))).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("recovery-table.png"), fullPage: true });

  const download = page.waitForEvent("download");
  await row.getByRole("button", { name: /^Download report/ }).click();
  const csv = await (await (await download).createReadStream()).toArray();
  const lines = Buffer.concat(csv).toString("utf8").trim().split("\r\n");
  expect(lines[0]).toBe("User,Project Name,Sub-Project Name,Auditor Name,Date Uploaded,RSID,Status");
  expect(lines.slice(1).map((l) => l.split(",").slice(3))).toEqual([
    [AUDITOR_3, isoDay(1), "RS8000001", "Recovered"],
    [AUDITOR_3, isoDay(1), "RS8000002", "Recovered"],
    [AUDITOR_3, isoDay(1), "RS8009999", "Not found in dumps"],
  ]);

  // The two outlets are in the outlet list, in their first state.
  await page.goto("/dashboard/list-of-outlets");
  await page.getByRole("searchbox", { name: "Search Outlets" }).fill("RS800000");
  await expect(page.getByText("Showing 1 - 2 of 2 Record(s)")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "RS8000001" })).toContainText("QC Pending");
  await expect(page.getByRole("row").filter({ hasText: "RS8000002" })).toContainText("QC Pending");
  await page.screenshot({ path: test.info().outputPath("recovered-outlets.png"), fullPage: true });
});

test("a client user is not offered the field tools", async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
  await signIn(page, "client.manager");
  await expect(page.getByRole("link", { name: "Field tools" })).toHaveCount(0);
  await page.goto(RECOVERY);
  await expect(page.getByText(/The field tools are for field coordinators/)).toBeVisible();
});
