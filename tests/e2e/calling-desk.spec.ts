import { expect, type Page, test } from "@playwright/test";
import { ANSWERS_INCOMPLETE, REASONS_INCOMPLETE } from "../../src/domain/outlets/calling";
import { expectAccessible, signIn } from "./support";

// Scenario outlets: docs/demo-data.md, "Calling desk" and "Outlet review".
const view = (rsid: string) => `/dashboard/list-of-outlets/view/${rsid}`;
const menu = (page: Page) => page.getByRole("navigation", { name: "Outlet sections" }).getByRole("button");
const panelTitle = (page: Page) => page.locator("#outlet-panel-title");
const phones = (page: Page) => page.getByRole("list", { name: "Phones" }).getByRole("listitem");
const updateStatus = (page: Page) => page.getByRole("button", { name: "Update Status" });

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The phone numbers of the outlet as the server has them, to find them shown 4-3-3. */
async function phoneOf(page: Page, rsid: string): Promise<string> {
  const outlet = await (await page.request.get(`/api/outlets/${rsid}/`)).json();
  return outlet.phone_number1 as string;
}
const as433 = (p: string) => `${p.slice(0, 4)} ${p.slice(4, 7)} ${p.slice(7)}`;

test("calling.executive opens each type of calling on its main tab", async ({ page }) => {
  await signIn(page, "calling.executive");
  // RS000001 validation, RS000002 intimation, RS000003 invoice, RS000004 kyc_update, RS000005 confirmation.
  const main: [string, string][] = [
    ["RS000001", "Calling Details"],
    ["RS000002", "General Information"],
    ["RS000003", "Invoice Guidance"],
    ["RS000004", "Payment Result"],
    ["RS000005", "Details to Inform"],
  ];
  for (const [rsid, tab] of main) {
    await page.goto(view(rsid));
    await expect(menu(page)).toHaveText([tab, "Log Details", "QC Edit History"]);
    await expect(panelTitle(page)).toHaveText(tab);
    await expect(page.getByRole("heading", { name: "Calling Tracker" })).toBeVisible();
  }
  await page.goto(view("RS000003"));
  await expect(page.getByRole("definition").first()).toBeVisible();
  await expect(page.getByText(/An invoice is on file|No invoice is on file yet/)).toBeVisible();
  await shoot(page, "invoice-guidance");
  await page.goto(view("RS000004"));
  // RS000004 has no payout yet: the panel says so rather than that a payment failed.
  await expect(page.getByText("No payment has been recorded for this outlet yet.")).toBeVisible();
  await shoot(page, "payment-result");
  await page.goto(view("RS000005"));
  await expect(page.getByRole("heading", { name: "KYC details" })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "details-to-inform");
});

test("iftu.executive gets Details to Inform on a confirmation call", async ({ page }) => {
  await signIn(page, "iftu.executive");
  await page.goto(view("RS000005"));
  await expect(menu(page).first()).toHaveText("Details to Inform");
  await page.getByRole("button", { name: "Details to Inform" }).click();
  await expect(panelTitle(page)).toHaveText("Details to Inform");
  await expect(page.getByRole("heading", { name: "Calling Tracker" })).toHaveCount(0);
});

for (const user of ["qc.manager", "client.manager", "iftu.manager", "project.manager"]) {
  test(`${user} opens an outlet on a panel of its menu`, async ({ page }) => {
    await signIn(page, user);
    await page.goto(view("RS000004"));
    await expect(menu(page).first()).toBeVisible();
    await expect(panelTitle(page)).toBeVisible();
  });
}

test("the tracker's reasons gate Update Status, survive a reload and show on both outlets of a phone", async ({
  page,
}) => {
  await signIn(page, "calling.executive");
  const shared = await phoneOf(page, "RS000018");
  const own = await phoneOf(page, "RS000023");
  await page.goto(view("RS000023"));
  // RS000023 is served by its own phone and by RS000018's: two phones, no reasons yet.
  await expect(phones(page)).toHaveCount(2);
  await expect(phones(page).filter({ hasText: as433(shared) })).toBeVisible();
  await expect(phones(page).filter({ hasText: as433(own) })).toBeVisible();
  await expect(updateStatus(page)).toBeDisabled();
  await expect(page.getByText(REASONS_INCOMPLETE)).toBeVisible();
  await shoot(page, "tracker-no-reasons");

  // One phone not reachable, the other without a reason: still disabled.
  await page.getByRole("button", { name: `Give a reason for ${as433(own)}` }).click();
  await page.getByLabel(`Reason for ${as433(own)}`).selectOption({ label: "Not reachable" });
  await expect(phones(page).filter({ hasText: as433(own) })).toContainText("Not reachable");
  await expect(updateStatus(page)).toBeDisabled();
  await expect(page.getByText(REASONS_INCOMPLETE)).toBeVisible();

  // Every phone with a reason: offered.
  await page.getByRole("button", { name: `Give a reason for ${as433(shared)}` }).click();
  await page.getByLabel(`Reason for ${as433(shared)}`).selectOption({ label: "Call successful" });
  await expect(phones(page).filter({ hasText: as433(shared) })).toContainText("Call successful");
  await expect(updateStatus(page)).toBeEnabled();
  await expect(page.getByText(REASONS_INCOMPLETE)).toHaveCount(0);
  await shoot(page, "tracker-reasons-given");

  await page.reload();
  await expect(phones(page).filter({ hasText: as433(own) })).toContainText("Not reachable");
  await expect(phones(page).filter({ hasText: as433(shared) })).toContainText(
    "Call successful by Imran Khan",
  );
  await expect(updateStatus(page)).toBeEnabled();

  // The shared phone shows its reason on RS000018 too.
  await page.goto(view("RS000018"));
  await expect(phones(page).filter({ hasText: as433(shared) })).toContainText("Call successful");
  await expectAccessible(page);
  await shoot(page, "tracker-shared-phone");
});

test("one successful reason completes the tracker; an unsuccessful one with a phone left does not", async ({
  page,
}) => {
  await signIn(page, "calling.executive");
  await page.goto(view("RS000019"));
  await expect(phones(page)).toHaveCount(2);
  await expect(updateStatus(page)).toBeEnabled();
  await page.goto(view("RS000025"));
  await expect(updateStatus(page)).toBeDisabled();
  await expect(page.getByText(REASONS_INCOMPLETE)).toBeVisible();
});

test("Update Status is disabled while a question group has no saved answers", async ({ page }) => {
  await signIn(page, "qc.manager");
  // RS000115 waits for QC and has no answers saved.
  await page.goto(view("RS000115"));
  await expect(updateStatus(page)).toBeDisabled();
  await expect(page.getByText(ANSWERS_INCOMPLETE)).toBeVisible();
  await shoot(page, "answers-incomplete");
});

test("the move itself refuses an outlet whose phones lack reasons, in the button's own words", async ({
  page,
}) => {
  await signIn(page, "calling.executive");
  // RS000025: one phone not reachable, the other without a reason. The list's Update Status sends
  // the same move as the review screen's, and the server weighs the same rule (docs/calling.md).
  await page.goto("/dashboard/list-of-outlets");
  await page.getByRole("searchbox", { name: "Search Outlets" }).fill("RS000025");
  const row = page.getByRole("row").filter({ hasText: "RS000025" });
  await expect(row).toHaveCount(1);
  await row.getByRole("checkbox").check();
  await updateStatus(page).click();
  const dialog = page.getByRole("dialog", { name: "Update Status" });
  await dialog.getByLabel("Status").selectOption({ label: "Calling Accept" });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(`Selected outlets: RS000025: ${REASONS_INCOMPLETE}`);
  await expect(dialog.getByRole("button", { name: "Save" })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "move-refused-reasons");
  const outlet = await (await page.request.get("/api/outlets/RS000025/")).json();
  expect(outlet.workflow_state).toBe("qc_accepted");
});
