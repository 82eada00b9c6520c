/**
 * Screens as staff use them, at 1366 px and 390 px: the Update Status modal's field lines and
 * date picker, the server's own words on Done, the History table's actions, the cancel dialog's
 * safe button, the home chart, upload headings, the login splash and the side menu's current entry.
 */
import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { ANSWERED_UP_TO } from "../../server/seed/survey";
import { expectAccessible, signInAfresh as signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "screens");
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const ORG = "/dashboard/organization-users-roles/organization-view/acme-beverages";
const REGIONS_UPLOAD = `${ORG}/list-of-regions/bulk-upload`;

// One session per user and platform: each test signs out, so the next can sign the same user in.
test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

type ListedOutlet = {
  rsid: string;
  workflow_state: string;
  interim_status: string | null;
  project: { slug: string };
};

/**
 * The RSID of the first outlet the signed-in user sees in a state (within a project, if given); with
 * `answered`, among those with saved answers, as the move of one outlet needs them (001 §4.5) unless
 * it records a payment.
 */
async function outletIn(page: Page, state: string, project?: string, answered = false): Promise<string> {
  const res = await page.request.get("/api/outlets/?status=active&include_temp=yes&page-size=1000");
  const { results } = (await res.json()) as { results: ListedOutlet[] };
  // Retailer edits, and so the pending requests that block a status change (001 §4.4), are kept
  // only for outlets with an interim status: an outlet without one can always be moved.
  const found = results.find(
    (o) =>
      o.workflow_state === state &&
      o.interim_status === null &&
      (!answered || o.rsid <= ANSWERED_UP_TO) &&
      (!project || o.project.slug === project),
  );
  expect(found, `an outlet in ${state}`).toBeDefined();
  return found!.rsid;
}

/** Finds an outlet by RSID in a list, ticks it and opens Update Status. */
async function updateStatusOf(page: Page, listPath: string, rsid: string): Promise<Locator> {
  await page.goto(listPath);
  await page.getByRole("searchbox", { name: /^Search / }).fill(rsid);
  const row = page.getByRole("row").filter({ hasText: rsid });
  await expect(row).toHaveCount(1);
  await row.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Update Status" }).click();
  const dialog = page.getByRole("dialog", { name: "Update Status" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Chooses a date in a day-month-year picker. */
async function pickDate(group: Locator, day: string, month: string, year: string): Promise<void> {
  await group.getByLabel(/ month$/).selectOption({ label: month });
  await group.getByLabel(/ year$/).selectOption({ label: year });
  await group.getByLabel(/ day$/).selectOption({ label: day });
}

/** The text of the error list linked to a control by aria-describedby. */
async function describedBy(page: Page, control: Locator): Promise<string> {
  const id = await control.getAttribute("aria-describedby");
  expect(id, "the control points at its messages").toBeTruthy();
  return (await page.locator(`[id="${id}"]`).textContent()) ?? "";
}

test("Payment Successful with -500, UTR x and a future date shows each line at its field", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, "iftu.manager");
  const rsid = await outletIn(page, "payouts_plotted");
  const dialog = await updateStatusOf(page, "/dashboard/list-of-outlets", rsid);
  await dialog.getByLabel("Status").selectOption({ label: "Payment Successful" });
  await dialog.getByLabel("Amount").fill("-500");
  await dialog.getByLabel("UTR number").fill("x");
  const nextYear = String(new Date().getFullYear() + 1);
  await pickDate(dialog.getByRole("group", { name: "Payment date" }), "1", "Jan", nextYear);
  await dialog.getByRole("button", { name: "Save" }).click();

  const panel = dialog.getByRole("alert");
  await expect(panel).toContainText("Amount must be greater than zero.");
  await expect(panel).toContainText("UTR number: Enter the bank's UTR");
  await expect(panel).toContainText("Payment date cannot be in the future.");
  // Raw keys are not shown to the user.
  await expect(panel).not.toContainText(/amount:|utr_number|payment_date/);

  const amount = dialog.getByLabel("Amount");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  expect(await describedBy(page, amount)).toBe("Amount must be greater than zero.");
  expect(await describedBy(page, dialog.getByLabel("UTR number"))).toContain("Enter the bank's UTR");
  await expect(dialog.getByRole("group", { name: "Payment date" })).toContainText(
    "Payment date cannot be in the future.",
  );
  // Nothing was saved: the outlet still waits for its payment.
  await expect(dialog.getByLabel("Status")).toHaveValue("payment_successful");
  const detail = await page.request.get(`/api/outlets/${rsid}/`);
  expect(((await detail.json()) as { workflow_state: string }).workflow_state).toBe("payouts_plotted");
  await expectAccessible(page);
  await page.screenshot({ path: join(SHOTS, "payment-lines-1366.png") });

  await page.setViewportSize(PHONE);
  await expect(dialog.getByRole("group", { name: "Payment date" })).toContainText(
    "Payment date cannot be in the future.",
  );
  await page.screenshot({ path: join(SHOTS, "payment-lines-390.png") });
});

test("a route plan ending before it starts is refused at its end date; 31 Feb cannot be chosen", async ({
  page,
}) => {
  await signIn(page, "client.manager");
  const rsid = await outletIn(page, "wip_client_accepted", "acme-retail-audit", true);
  const dialog = await updateStatusOf(
    page,
    "/dashboard/projects/client-portal-view/acme-retail-audit/list-of-outlets",
    rsid,
  );
  await dialog.getByLabel("Status").selectOption({ label: "Confirm Route Plan" });
  const start = dialog.getByRole("group", { name: "Route plan start date" });
  const end = dialog.getByRole("group", { name: "Route plan end date" });
  const year = String(new Date().getFullYear());

  // The day list follows the month and year: no 31 Feb, and a day the month lacks is cleared.
  await end.getByLabel(/ day$/).selectOption({ label: "31" });
  await end.getByLabel(/ month$/).selectOption({ label: "Feb" });
  await expect(end.getByLabel(/ day$/)).toHaveValue("");
  await end.getByLabel(/ year$/).selectOption({ label: "2027" });
  await expect(end.getByLabel(/ day$/).getByRole("option")).toHaveCount(1 + 28);

  await pickDate(start, "10", "Dec", year);
  await pickDate(end, "1", "Dec", year);
  await dialog.getByLabel("Remarks").fill("Visits planned");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(end).toContainText("Route plan end date must be on or after the route plan start date.");
  await expect(start.locator(".field-errors")).toHaveCount(0);
  await expect(dialog.getByRole("alert")).toHaveText(
    "Route plan end date must be on or after the route plan start date.",
  );
  await expectAccessible(page);

  // Corrected, it saves and Done says what the server did.
  await pickDate(end, "20", "Dec", year);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Done", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Updated 1 outlet.")).toBeVisible();
  await dialog.getByRole("button", { name: "Okay" }).click();
  await expect(dialog).toHaveCount(0);
});

/** Uploads the regions file and waits for its History row to complete. */
async function uploadRegions(page: Page): Promise<void> {
  await page
    .getByLabel("Excel file (.xlsx or .xls)")
    .setInputFiles(join(import.meta.dirname, "..", "fixtures", "uploads", "regions_acme.xlsx"));
  await expect(page.getByText("regions_acme.xlsx: Completed")).toBeVisible();
}

/** Whether a button lies wholly inside the viewport and inside the table's scroll area. */
async function fullyInView(page: Page, button: Locator): Promise<boolean> {
  const box = await button.boundingBox();
  const area = await page.locator(".job-history .data-table-scroll").boundingBox();
  const viewport = page.viewportSize()!;
  if (!box || !area) return false;
  return (
    box.x >= area.x &&
    box.x + box.width <= area.x + area.width + 0.5 &&
    box.x >= 0 &&
    box.x + box.width <= viewport.width
  );
}

test("History keeps Confirm and Cancel in view at 1366 px and 390 px; the cancel dialog says Keep upload", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, "admin");
  await page.goto(REGIONS_UPLOAD);
  await uploadRegions(page);
  const row = page
    .getByRole("region", { name: "Upload history rows" })
    .getByRole("row")
    .filter({ hasText: "Completed" })
    .first();
  const confirm = row.getByRole("button", { name: /^Confirm upload/ });
  const cancel = row.getByRole("button", { name: /^Cancel upload/ });
  expect(await fullyInView(page, confirm)).toBe(true);
  expect(await fullyInView(page, cancel)).toBe(true);
  await page.getByRole("heading", { name: "History" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, "history-1366.png") });

  await cancel.click();
  const dialog = page.getByRole("dialog", { name: "Cancel upload" });
  await expect(dialog.getByRole("button")).toHaveText(["×", "Keep upload", "Cancel upload"]);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Keep upload" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cancel).toBeFocused();

  // On a phone (the page opened at that width), the other columns scroll beneath the actions.
  await page.setViewportSize(PHONE);
  await page.reload();
  await row.scrollIntoViewIfNeeded();
  expect(await fullyInView(page, confirm)).toBe(true);
  expect(await fullyInView(page, cancel)).toBe(true);
  await page.screenshot({ path: join(SHOTS, "history-390.png") });

  // Cancelled, so the upload browser tests find only their own completed uploads.
  await cancel.click();
  await page
    .getByRole("dialog", { name: "Cancel upload" })
    .getByRole("button", { name: "Cancel upload" })
    .click();
  await expect(
    page
      .getByRole("region", { name: "Upload history rows" })
      .getByRole("row")
      .filter({ hasText: "Completed" }),
  ).toHaveCount(0);
});

test("the home chart's labels keep a readable size at 390 px", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, "qc.manager");
  const chart = page.getByRole("list", { name: "Outlets by state" });
  await expect(chart.getByRole("listitem").first()).toBeVisible();
  await expect(chart.getByRole("listitem").filter({ hasText: "QC Pending" })).toBeVisible();
  const sizes = await chart
    .locator(".state-chart-label")
    .evaluateAll((labels) => labels.map((l) => Number.parseFloat(getComputedStyle(l).fontSize)));
  expect(sizes.length).toBeGreaterThan(3);
  for (const size of sizes) expect(size).toBeGreaterThanOrEqual(13);
  // Every label fits on the screen.
  for (const label of await chart.locator(".state-chart-label").all()) {
    const box = (await label.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  await expectAccessible(page);
  await chart.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, "home-chart-390.png") });

  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: join(SHOTS, "home-chart-1366.png") });
});

test("an upload heading does not repeat bulk; the side menu marks the area of upload and outlet pages", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, "admin");
  const menu = page.getByRole("navigation", { name: "Dashboard areas" });
  const current = menu.locator('[aria-current="page"]');

  await page.goto("/dashboard/message");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bulk WhatsApp Message");
  await expect(current).toHaveText(/Messaging/);

  await page.goto(REGIONS_UPLOAD);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Regions bulk upload");
  await expect(current).toHaveText(/Organisations/);

  await page.goto("/dashboard/list-of-outlets");
  await page.getByRole("searchbox", { name: "Search Outlets" }).fill("RS000001");
  await page.getByRole("row").filter({ hasText: "RS000001" }).click();
  await expect(page).toHaveURL(/\/dashboard\/list-of-outlets\/view\//);
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText(/Outlets/);
  await expectAccessible(page);
});

test("the login splash lists the services its rotating word names, at 1366 px and 390 px", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/login");
  const splash = page.getByRole("region", { name: "About Retail Scan" });
  const services = splash.getByRole("listitem");
  await expect(services).toHaveText([
    /^Solutions/,
    /^Retail Audit/,
    /^Direct Payout/,
    /^Retail Census/,
    /^Mystery Audit/,
  ]);
  // The marked service is the one the rotating word names, as it rotates. Both are read at once:
  // the word turns every 2 s, so one read after the other could straddle a turn.
  const word = splash.locator(".splash-word");
  const wordAndMarked = () =>
    splash.evaluate((el) =>
      [".splash-word", 'li[data-current="true"] .auth-service-name'].map(
        (selector) => el.querySelector(selector)?.textContent,
      ),
    );
  const [first, markedFirst] = await wordAndMarked();
  expect(first).toBeTruthy();
  expect(markedFirst).toBe(first);
  await expect(word).not.toHaveText("Solutions", { timeout: 5000 });
  const [later, markedLater] = await wordAndMarked();
  expect(markedLater).toBe(later);
  await expectAccessible(page);
  await page.screenshot({ path: join(SHOTS, "login-1366.png") });

  await page.setViewportSize(PHONE);
  await expect(page.getByLabel("Username")).toBeInViewport();
  await expect(services.first()).toBeHidden();
  await page.screenshot({ path: join(SHOTS, "login-390.png") });
});
