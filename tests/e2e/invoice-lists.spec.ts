import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible, shootWidths, signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "invoice-lists");
const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

/** A date this many days from today, YYYY-MM-DD (the demo invoices are dated within the last 23 days). */
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** How many outlets of the bills list the server counts with this status now. */
async function billCount(page: Page, status: "pending" | "complete"): Promise<number> {
  const res = await page.request.get(`/api/collected-bills/?status=${status}&project=acme-mi&page-size=15`);
  return ((await res.json()) as { count: number }).count;
}

/** "Showing 1 - 9 of 9 Record(s)": how many rows the list has across its pages. */
async function recordCount(page: Page): Promise<number> {
  const text = await page.getByText(/Showing \d+ - \d+ of \d+ Record\(s\)/).textContent();
  return Number(/of (\d+) Record/.exec(text ?? "")?.[1]);
}

async function openFilters(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: /^Filters/ }).click();
  const drawer = page.getByRole("dialog", { name: "FilterList" });
  await expect(drawer.getByRole("button", { name: "Apply Filter" })).toBeVisible();
  await expect(drawer.getByText("Loading…")).toHaveCount(0);
  return drawer;
}

/** Ticks an option in a list filter of the drawer, opening its section first. */
async function tick(drawer: Locator, filter: string, option: string): Promise<void> {
  const group = drawer.getByRole("group", { name: filter });
  if (!(await group.isVisible())) await drawer.locator("summary", { hasText: filter }).click();
  await group.getByLabel(option, { exact: true }).check();
}

async function apply(drawer: Locator): Promise<void> {
  await drawer.getByRole("button", { name: "Apply Filter" }).click();
  await expect(drawer).toHaveCount(0);
}

const billRow = (page: Page, rsid: string) => page.getByRole("row").filter({ hasText: rsid });

test("qc.manager narrows the bills list, opens an outlet and comes back to the list as left", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page
    .getByRole("navigation", { name: "Dashboard areas" })
    .getByRole("link", { name: "Collected bills" })
    .click();
  await expect(page.getByRole("heading", { name: "Collected bills", level: 1 })).toBeVisible();
  // The demo bills: nine Acme MI outlets, RS000089 with three invoices, one pending.
  await expect(page.getByText("Showing 1 - 9 of 9 Record(s)")).toBeVisible();
  const first = billRow(page, "RS000089");
  await expect(first.getByRole("cell")).toHaveText([
    "RS000089",
    /./,
    /Acme/,
    /Acme/,
    /./,
    "3",
    "1",
    "Images",
  ]);
  await expectAccessible(page);
  await shoot(page, "bills-qc-manager");

  let drawer = await openFilters(page);
  await tick(drawer, "Status", "Complete");
  await apply(drawer);
  await expect(page.getByRole("listitem").filter({ hasText: "Status: Complete" })).toBeVisible();
  // RS000137 has every invoice complete (the SKU slider's outlet); a spec before this one may have
  // completed another's, so the count is the server's.
  const complete = await billCount(page, "complete");
  await expect(page.getByText(`Showing 1 - ${complete} of ${complete} Record(s)`)).toBeVisible();
  await expect(billRow(page, "RS000137")).toBeVisible();
  await expect(billRow(page, "RS000089")).toHaveCount(0);
  expect(new URL(page.url()).searchParams.getAll("status")).toEqual(["complete"]);

  // The other status, the project filter and a search on the outlet's RSID.
  await page.getByRole("button", { name: "Remove filter Status: Complete" }).click();
  drawer = await openFilters(page);
  await tick(drawer, "Project", "Acme MI 2026-27");
  await tick(drawer, "Status", "Pending");
  await apply(drawer);
  const pending = await billCount(page, "pending");
  await expect(page.getByText(`Showing 1 - ${pending} of ${pending} Record(s)`)).toBeVisible();
  await page.getByRole("searchbox").fill("RS000089");
  await expect(page.getByText("Showing 1 - 1 of 1 Record(s)")).toBeVisible();
  await shoot(page, "bills-filtered");

  // The outlet's bill images open in a new tab, the list staying as it was.
  const [viewer] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("link", { name: "Bill images of RS000089" }).click(),
  ]);
  await expect(viewer).toHaveURL(/\/dashboard\/collected-bill-image-viewer\/\d+$/);
  await expect(viewer.getByRole("heading", { name: "Collected bill images" })).toBeVisible();
  await expect(viewer.getByRole("region", { name: /^Invoice INV-000089-1/ })).toBeVisible();
  await viewer.close();
  await expect(page.getByText("Showing 1 - 1 of 1 Record(s)")).toBeVisible();

  await billRow(page, "RS000089").getByRole("cell").nth(1).click();
  await expect(page).toHaveURL(/\/dashboard\/list-of-outlets\/view\/RS000089(\?|$)/);
  await expect(page.getByText("RS000089").first()).toBeVisible();
  await page.goBack();
  await expect(page.getByText("Showing 1 - 1 of 1 Record(s)")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Status: Pending" })).toBeVisible();
});

test("qc.manager's invoices list refuses a date range over 30 days and narrows within it", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page
    .getByRole("navigation", { name: "Dashboard areas" })
    .getByRole("link", { name: "Invoices" })
    .click();
  await expect(page.getByRole("heading", { name: "Invoices", level: 1 })).toBeVisible();
  await expect(page.getByText(/Showing 1 - \d+ of \d+ Record\(s\)/)).toBeVisible();
  const all = await recordCount(page);
  expect(all).toBeGreaterThanOrEqual(8);
  // Newest invoice date first.
  const dates = await page.getByRole("row").locator("td:nth-child(1)").allTextContents();
  const times = dates.map((d) => Date.parse(d));
  expect([...times].sort((a, b) => b - a)).toEqual(times);

  const drawer = await openFilters(page);
  const range = drawer.getByRole("group", { name: "Invoice date" });
  await range.getByLabel("From").fill(daysFromToday(-40));
  await range.getByLabel("To").fill(daysFromToday(0));
  await expect(range.getByRole("alert")).toHaveText("To Date must be within 30 days of From Date");
  await expect(range.getByLabel("To")).toHaveValue("");
  await expectAccessible(page);
  await shoot(page, "invoices-range-alert");

  await range.getByLabel("From").fill(daysFromToday(-10));
  await range.getByLabel("To").fill(daysFromToday(0));
  await expect(range.getByRole("alert")).toHaveCount(0);
  await tick(drawer, "Status", "Complete");
  await apply(drawer);
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: `Invoice date: ${daysFromToday(-10)} to ${daysFromToday(0)}` }),
  ).toBeVisible();
  await expect(page.getByText(/Showing 1 - \d+ of \d+ Record\(s\)/)).toBeVisible();
  await expect.poll(() => recordCount(page)).toBeLessThan(all);
  for (const status of await page.getByRole("row").locator("td:nth-child(6)").allTextContents())
    expect(status).toBe("Complete");
  await shoot(page, "invoices-filtered");

  // A range over 30 days written into the address shows the same words, and no rows.
  await page.goto(
    `/dashboard/invoices?invoice_date_from=${daysFromToday(-60)}&invoice_date_to=${daysFromToday(0)}`,
  );
  await expect(page.getByRole("alert")).toHaveText("To Date must be within 30 days of From Date");
  await expect(page.getByText("No Data Available")).toBeVisible();

  // A row opens its outlet.
  await page.goto("/dashboard/invoices?search=RS000089");
  await page.getByRole("cell", { name: "INV-000089-1" }).click();
  await expect(page).toHaveURL(/\/dashboard\/list-of-outlets\/view\/RS000089(\?|$)/);
});

test("client.manager reads both lists of Acme's bills, with nothing to edit, and opens an outlet", async ({
  page,
}) => {
  await signIn(page, "client.manager");
  const menu = page.getByRole("navigation", { name: "Dashboard areas" });
  await expect(menu.getByRole("link", { name: "Invoices" })).toBeVisible();
  await menu.getByRole("link", { name: "Collected bills" }).click();
  await expect(page.getByText("Showing 1 - 9 of 9 Record(s)")).toBeVisible();
  await expect(billRow(page, "RS000089")).toBeVisible();
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Update Status" })).toHaveCount(0);
  const drawer = await openFilters(page);
  await tick(drawer, "Status", "Complete");
  await apply(drawer);
  const complete = await billCount(page, "complete");
  await expect(page.getByText(`Showing 1 - ${complete} of ${complete} Record(s)`)).toBeVisible();
  await expect(billRow(page, "RS000137")).toBeVisible();
  await page.getByRole("button", { name: "Remove filter Status: Complete" }).click();
  await page.getByRole("searchbox").fill("RS000089");
  await expect(page.getByText("Showing 1 - 1 of 1 Record(s)")).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "bills-client-manager");

  await menu.getByRole("link", { name: "Invoices" }).click();
  await expect(page.getByRole("heading", { name: "Invoices", level: 1 })).toBeVisible();
  await expect(page.getByRole("cell", { name: "INV-000089-1" })).toBeVisible();
  const invoices = await openFilters(page);
  const range = invoices.getByRole("group", { name: "Invoice date" });
  await range.getByLabel("From").fill(daysFromToday(-45));
  await range.getByLabel("To").fill(daysFromToday(-1));
  await expect(range.getByRole("alert")).toHaveText("To Date must be within 30 days of From Date");
  await invoices.getByRole("button", { name: "Close filters" }).click();
  await shoot(page, "invoices-client-manager");

  await page.getByRole("cell", { name: "INV-000089-1" }).click();
  await expect(page).toHaveURL(/\/dashboard\/list-of-outlets\/view\/RS000089(\?|$)/);
  // The outlet's review is the client's own (001 §4.5 offers the client manager Update Status there).
  await expect(page.getByRole("heading", { name: "Nair Super Mart", level: 1 })).toBeVisible();
});
