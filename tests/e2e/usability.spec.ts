import { expect, type Page, test } from "@playwright/test";
import { enterCode, freshPage, PHONE, requestCode, signIn } from "./support";

// Demo outlets (docs/demo-data.md): RS000001 to RS000016 wait for QC and carry survey answers; each
// test here edits one no other spec moves (survey.spec accepts RS000007).
const view = (rsid: string) => `/dashboard/list-of-outlets/view/${rsid}`;
const answer = (page: Page, name: string) => page.getByLabel(new RegExp(`^${name}( \\*)?$`));
const saveButton = (page: Page) => page.getByRole("button", { name: /^Save( and Next)?$/ });

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("QC Edit History shows a survey save at once, without a reload", async ({ page }) => {
  await signIn(page, "qc.executive");
  await page.goto(view("RS000010"));
  await expect(page.getByRole("heading", { name: "Shop Details", level: 3 })).toBeVisible();
  await answer(page, "Shop name").fill("Joshi Provision Store");
  await answer(page, "Daily footfall").fill("240");
  await answer(page, "Pin code").fill("400036");
  await answer(page, "Date of establishment").fill("2001-05-17");
  await saveButton(page).click();
  await expect(page.getByText("Shop Details: Answers saved.")).toBeVisible();
  await page.getByRole("button", { name: "QC Edit History" }).click();
  const history = page.getByRole("list", { name: "QC Edit History" });
  await expect(history.getByText(/^Shop name changed from .* to Joshi Provision Store$/)).toBeVisible();
});

test("the selected outlet tab survives a reload", async ({ page }) => {
  await signIn(page, "qc.executive");
  await page.goto(view("RS000008"));
  await page.getByRole("button", { name: "QC Edit History" }).click();
  await expect(page).toHaveURL(/\?tab=5$/);
  await page.reload();
  await expect(page.getByRole("heading", { name: "QC Edit History", level: 2 })).toBeVisible();
});

test("a retailer on a phone: no stale FAILED after a right code, the only outlet opened, numbers masked in the edit form", async ({
  browser,
}) => {
  // Retailer 9100000059 holds one outlet, RS000059 (docs/demo-data.md).
  const page = await freshPage(browser, PHONE);
  const mark = await requestCode(page, "/retailers/login", "9100000059");
  await page.getByLabel("OTP").fill("000000");
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page.locator(".notification-failed")).toBeVisible();
  await enterCode(page, "9100000059", mark);
  await expect(page).toHaveURL(/\/retailers\/success$/);
  await expect(page.locator(".notification-failed")).toHaveCount(0);

  await page.goto("/retailers/earnings");
  await expect(page).toHaveURL(/\/retailers\/earnings\?rsid=RS000059$/);
  await page.goto("/retailers/list-of-invoices");
  await expect(page).toHaveURL(/\/retailers\/list-of-invoices\?rsid=RS000059$/);
  await page.screenshot({ path: test.info().outputPath("retailer-invoices-390.png"), fullPage: true });

  await page.goto("/retailers/outlets-list/edit?rsid=RS000059");
  const account = page.getByLabel(/^Account Number/);
  await expect(account).toHaveValue(/^••••\d{4}$/);
  await expect(page.getByLabel(/^PAN Number/)).toHaveValue(/^••••/);
  await page.screenshot({ path: test.info().outputPath("retailer-edit-masked-390.png"), fullPage: true });
  await page.getByRole("button", { name: "Replace Account Number" }).click();
  await expect(account).toHaveValue("");
  await expect(account).toBeFocused();
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("the Machines chart opens fitted to its frame at 1366 px, never below the readable 80%", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, "product.owner");
  await page.goto("/dashboard/machines/surveyGroups");
  const frame = page.locator(".machine-chart-frame").first();
  const chart = frame.locator("svg").first();
  await expect(chart).toBeVisible();
  // The chart is fitted once it has measured its frame, which can come a moment after it shows: its
  // zoom, read with its width, is then 80% or more, and above 80% it fits inside the frame.
  const fitted = async () => {
    const zoom = await page.locator(".machine-chart-tools output").first().textContent();
    const shown = Number.parseInt(zoom ?? "0", 10);
    const frameBox = (await frame.boundingBox())!;
    const chartBox = (await chart.boundingBox())!;
    return shown >= 80 && (shown === 80 || chartBox.width <= frameBox.width);
  };
  await expect.poll(fitted, { message: "the chart fitted to its frame at 80% or more" }).toBe(true);
  await page.screenshot({ path: test.info().outputPath("machines-chart-1366.png"), fullPage: true });
});
