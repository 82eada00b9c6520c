import { expect, type Locator, type Page, test } from "@playwright/test";
import { ANSWERED_UP_TO } from "../../server/seed/survey";
import { DEMO_PASSWORD, expectAccessible, fillLogin, signIn } from "./support";

// One session per user and platform: each test signs out, so the next can sign the same user in.
test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

/** Opens the filter drawer, ticks the given statuses and applies (an untouched date filter stays off). */
async function filterByStatus(page: Page, labels: readonly string[]): Promise<void> {
  await page
    .getByRole("button", { name: /^Filters/ })
    .first()
    .click();
  const drawer = page.getByRole("dialog", { name: "FilterList" });
  const status = drawer.getByRole("group", { name: "Status" });
  for (const label of labels) await status.getByLabel(label, { exact: true }).check();
  await drawer.getByRole("button", { name: "Apply Filter" }).click();
  await expect(drawer).toHaveCount(0);
  // The list keeps showing the unfiltered rows until the filtered ones arrive: wait for those, or a
  // row read next may be one the filter drops.
  let others = page.getByRole("row").filter({ has: page.getByRole("checkbox", { name: /^Select row / }) });
  for (const label of labels) others = others.filter({ hasNot: page.getByText(label, { exact: true }) });
  await expect(others).toHaveCount(0);
}

const rowsIn = (page: Page, state: string): Locator =>
  page.getByRole("row").filter({ has: page.getByText(state, { exact: true }) });

async function rsidOf(row: Locator): Promise<string> {
  return (await row.getByRole("cell").nth(1).textContent())!.trim();
}

/**
 * The first row in a state whose outlet has saved answers: the move of one outlet needs them
 * (001 §4.5, docs/calling.md), and the demo outlets past ANSWERED_UP_TO have none.
 */
async function answeredRowIn(page: Page, state: string): Promise<Locator> {
  for (const row of await rowsIn(page, state).all()) {
    if ((await rsidOf(row)) <= ANSWERED_UP_TO) return row;
  }
  throw new Error(`no outlet with saved answers in ${state} on this page`);
}

async function openUpdateStatus(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Update Status" }).click();
  const dialog = page.getByRole("dialog", { name: "Update Status" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function finish(dialog: Locator): Promise<void> {
  await expect(dialog.getByText("Done", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Okay" }).click();
  await expect(dialog).toHaveCount(0);
}

test("a duplicate outlet is rejected after confirming its chain RSIDs", async ({ page }) => {
  await signIn(page, "qc.manager");
  await page.goto("/dashboard/list-of-outlets");
  // RS000002 shares its PAN with RS000001 (docs/demo-data.md) and waits for QC.
  await page.getByRole("searchbox", { name: "Search Outlets" }).fill("RS000002");
  const row = page.getByRole("row").filter({ hasText: "RS000002" });
  await expect(row).toHaveCount(1);
  await row.getByRole("checkbox").check();
  const dialog = await openUpdateStatus(page);
  await dialog.getByLabel("Status").selectOption({ label: "QC Reject" });
  await dialog
    .getByLabel("Reason", { exact: true })
    .selectOption({ label: "Duplicate outlet: chain confirmation required" });
  const chain = dialog.getByRole("group", { name: "Confirm the chain RSIDs" });
  await expect(chain).toBeVisible();
  await expectAccessible(page);
  await chain.getByRole("checkbox", { name: /RS000001/ }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await finish(dialog);
  await expect(row.getByText("QC Rejected", { exact: true })).toBeVisible();
});

test("as qc.manager, outlets waiting for QC are accepted together and leave the filtered list", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page.goto("/dashboard/list-of-outlets");
  await filterByStatus(page, ["QC Pending"]);
  const pending = rowsIn(page, "QC Pending");
  await expect(pending.first()).toBeVisible();
  const chosen = [await rsidOf(pending.nth(0)), await rsidOf(pending.nth(1))];
  await pending.nth(0).getByRole("checkbox").check();
  await pending.nth(1).getByRole("checkbox").check();
  await expect(page.getByText("2 selected")).toBeVisible();
  await expectAccessible(page);

  const dialog = await openUpdateStatus(page);
  const status = dialog.getByLabel("Status");
  await expect(status.getByRole("option")).toHaveText(["Select an option", "QC Accept", "QC Reject"]);
  await status.selectOption({ label: "QC Accept" });
  await dialog.getByLabel("Remarks").fill("Photos and answers checked");
  await dialog.getByRole("button", { name: "Save" }).click();
  await finish(dialog);
  for (const rsid of chosen) await expect(page.getByRole("row").filter({ hasText: rsid })).toHaveCount(0);
  await expect(page.getByText("0 selected")).toBeVisible();

  const detail = await page.request.get(`/api/outlets/${chosen[0]}/`);
  const { workflow_state, logs } = (await detail.json()) as {
    workflow_state: string;
    logs: { by: string }[];
  };
  expect(workflow_state).toBe("qc_accepted");
  expect(logs[0]?.by).toBe("Meera Kulkarni");
});

test("outlets in states with no common action offer No Actions Available", async ({ page }) => {
  await signIn(page, "qc.manager");
  await page.goto("/dashboard/list-of-outlets");
  await filterByStatus(page, ["QC Pending", "QC Rejected"]);
  await rowsIn(page, "QC Pending").first().getByRole("checkbox").check();
  await rowsIn(page, "QC Rejected").first().getByRole("checkbox").check();
  const dialog = await openUpdateStatus(page);
  await expect(dialog.getByText("No Actions Available")).toBeVisible();
  await expect(dialog.getByLabel("Status")).toHaveCount(0);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
});

test("a client rejection without a description shows the server's lines, then saves with one", async ({
  page,
}) => {
  await signIn(page, "client.manager");
  await page.goto("/dashboard/projects/client-portal-view/acme-retail-audit/list-of-outlets");
  await filterByStatus(page, ["Calling Accepted"]);
  const row = await answeredRowIn(page, "Calling Accepted");
  const rsid = await rsidOf(row);
  await row.getByRole("checkbox").check();
  const dialog = await openUpdateStatus(page);
  await dialog.getByLabel("Status").selectOption({ label: "Client Reject" });
  await dialog.getByLabel("Reason", { exact: true }).selectOption({ label: "Sales volume too low" });
  await dialog.getByRole("button", { name: "Save" }).click();
  const lines = dialog.getByRole("alert");
  await expect(lines).toContainText("Reason description: This field is required.");
  await expect(dialog.getByLabel("Status")).toHaveValue("wip_client_rejected");
  await expectAccessible(page);
  await dialog.getByLabel("Reason description").fill("Sells two crates a month");
  await dialog.getByRole("button", { name: "Save" }).click();
  await finish(dialog);
  await expect(page.getByRole("row").filter({ hasText: rsid })).toHaveCount(0);
});

test("work in progress with two reasons sends them semicolon-terminated", async ({ page }) => {
  await signIn(page, "client.manager");
  await page.goto("/dashboard/projects/client-portal-view/acme-mi/list-of-outlets");
  await filterByStatus(page, ["Calling Accepted"]);
  const row = await answeredRowIn(page, "Calling Accepted");
  const rsid = await rsidOf(row);
  await row.getByRole("checkbox").check();
  const dialog = await openUpdateStatus(page);
  await dialog.getByLabel("Status").selectOption({ label: "Work In Progress With Reasons" });
  const reasons = dialog.getByRole("group", { name: "Reason" });
  await reasons.getByLabel("Signage pending").check();
  await reasons.getByLabel("Documents pending").check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await finish(dialog);
  const detail = await page.request.get(`/api/outlets/${rsid}/`);
  const { workflow_state, logs } = (await detail.json()) as {
    workflow_state: string;
    logs: { reasons: string | null }[];
  };
  expect(workflow_state).toBe("wip_with_reasons");
  expect(logs[0]?.reasons).toBe("signage_pending;documents_pending;");
});

test("client.manager sees only Acme's outlets, on the home page and in the lists", async ({ page }) => {
  await signIn(page, "client.manager");
  await expect(page.getByRole("heading", { name: "Outlets by state" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Acme Retail Audit/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Zenith/ })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto("/dashboard/list-of-outlets");
  await expect(page.getByText(/Showing 1 - 15 of \d+ Record\(s\)/)).toBeVisible();
  await expect(page.getByRole("cell", { name: /Zenith/ })).toHaveCount(0);
  const res = await page.request.get("/api/outlets/?status=active&include_temp=yes&page-size=1000");
  const { results, count } = (await res.json()) as {
    results: { project: { slug: string } }[];
    count: number;
  };
  expect(count).toBeGreaterThan(0);
  expect(results.every((o) => o.project.slug.startsWith("acme-"))).toBe(true);

  await page.getByRole("row").nth(1).click();
  await expect(page).toHaveURL(/\/dashboard\/list-of-outlets\/view\/RS\d+(\?tab=\d+)?$/);
  await expect(page.getByRole("navigation", { name: "Outlet sections" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Log Details" })).toBeVisible();
  await expectAccessible(page);
});

/** Yesterday and today as the date picker's default range gives them (YYYY-MM-DD, local time). */
function pickerDefault(): { from: string; to: string } {
  const day = (offset: number) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  };
  return { from: day(-1), to: day(0) };
}

test("an untouched date filter is not applied; each applied filter is a removable chip and counts on Filters", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page.goto("/dashboard/list-of-outlets");
  await filterByStatus(page, ["QC Pending"]);
  // Outlets waiting for QC, not "No Data Available" for a hidden yesterday-today range.
  await expect(rowsIn(page, "QC Pending").first()).toBeVisible();
  await expect(page.getByText(/Showing 1 - 15 of \d+ Record\(s\)/)).toBeVisible();
  const chips = page.getByRole("list", { name: "Applied filters" });
  await expect(chips.getByRole("listitem")).toHaveCount(1);
  await expect(chips).toContainText("Status: QC Pending");
  await expect(page.getByRole("button", { name: "Filters, 1 applied" })).toBeVisible();
  expect(new URL(page.url()).searchParams.getAll("status")).toEqual(["qc_pending"]);
  expect(new URL(page.url()).searchParams.has("created_from")).toBe(false);

  // Turning the date filter on starts it at the picker's default, and it shows as a chip.
  await page.getByRole("button", { name: "Filters, 1 applied" }).click();
  const drawer = page.getByRole("dialog", { name: "FilterList" });
  const created = drawer.getByRole("group", { name: "Created" });
  await expect(created.getByLabel("From")).toHaveCount(0);
  await created.getByLabel("Filter by created date").check();
  const { from, to } = pickerDefault();
  await expect(created.getByLabel("From")).toHaveValue(from);
  await expect(created.getByLabel("To")).toHaveValue(to);
  await drawer.getByRole("button", { name: "Apply Filter" }).click();
  await expect(chips.getByRole("listitem")).toHaveCount(2);
  await expect(chips).toContainText(`Created: ${from} to ${to}`);
  await expect(page.getByRole("button", { name: "Filters, 2 applied" })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: "test-results/outlet-list-chips-1366.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/outlet-list-chips-390.png", fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // Removing chips removes their filters, here and in the drawer.
  await chips.getByRole("button", { name: `Remove filter Created: ${from} to ${to}` }).click();
  await chips.getByRole("button", { name: "Remove filter Status: QC Pending" }).click();
  await expect(chips).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Filters", exact: true })).toBeVisible();
  expect(new URL(page.url()).searchParams.has("status")).toBe(false);
  await page.getByRole("button", { name: "Filters", exact: true }).click();
  await expect(
    drawer.getByRole("group", { name: "Status" }).getByLabel("QC Pending", { exact: true }),
  ).not.toBeChecked();
});

test("filters, page and selection survive opening an outlet and coming back, and a reload", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page.goto("/dashboard/list-of-outlets");
  await filterByStatus(page, ["QC Pending"]);
  const firstOfPage1 = await rsidOf(rowsIn(page, "QC Pending").first());
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(/Showing 16 - 30 of \d+ Record\(s\)/)).toBeVisible();
  // Page 1's rows stay in view until page 2's arrive.
  await expect(page.getByRole("row").filter({ hasText: firstOfPage1 })).toHaveCount(0);
  const row = rowsIn(page, "QC Pending").first();
  const rsid = await rsidOf(row);
  await row.getByRole("checkbox").check();
  await expect(page.getByText("1 selected")).toBeVisible();
  const listUrl = page.url();
  expect(new URL(listUrl).searchParams.get("page")).toBe("2");

  await rowsIn(page, "QC Pending").nth(1).getByRole("cell").nth(2).click();
  await expect(page).toHaveURL(/\/dashboard\/list-of-outlets\/view\/RS\d+(\?tab=\d+)?$/);
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByText(/Showing 16 - 30 of \d+ Record\(s\)/)).toBeVisible();
  await expect(page.getByText("1 selected")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: rsid }).getByRole("checkbox")).toBeChecked();
  await expect(page.getByRole("list", { name: "Applied filters" })).toContainText("Status: QC Pending");

  await page.reload();
  await expect(page.getByText(/Showing 16 - 30 of \d+ Record\(s\)/)).toBeVisible();
  await expect(rowsIn(page, "QC Pending").first()).toBeVisible();
  await expect(page.getByText("1 selected")).toBeVisible();

  // The outlet page's own way back keeps the list as it was left.
  await rowsIn(page, "QC Pending").nth(2).getByRole("cell").nth(2).click();
  await page.getByRole("link", { name: "← Back to the list" }).click();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByText(/Showing 16 - 30 of \d+ Record\(s\)/)).toBeVisible();
  // Update Status acts on the outlet selected on the page before.
  const dialog = await openUpdateStatus(page);
  await expect(dialog.getByText("1 outlet selected")).toBeVisible();
});

test("the filter drawer by keyboard only: focus moves in, Tab stays in, RSIDs are searched, Escape returns", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page.goto("/dashboard/list-of-outlets");
  await expect(page.getByText(/Showing 1 - 15/)).toBeVisible();
  const filters = page.getByRole("button", { name: "Filters", exact: true });
  for (let i = 0; i < 60 && !(await filters.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(filters).toBeFocused();
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "FilterList" });
  await expect(drawer.getByRole("button", { name: "Close filters" })).toBeFocused();
  await expect(drawer.getByRole("group", { name: "Status" })).toBeVisible();

  const inDrawer = () => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
  // Tab goes round the drawer and never leaves it: every filter's heading is reached on the way.
  const reached = new Set<string>();
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    expect(await inDrawer()).toBe(true);
    reached.add(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ""));
  }
  for (const stop of ["Status", "RSID", "Apply Filter", "×"]) {
    expect(
      [...reached].some((text) => text.startsWith(stop)),
      stop,
    ).toBe(true);
  }
  await page.keyboard.press("Shift+Tab");
  expect(await inDrawer()).toBe(true);

  // The RSID list opens from its heading and is searched.
  const rsidHeading = drawer.locator("summary", { hasText: "RSID" });
  for (let i = 0; i < 40 && !(await rsidHeading.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(drawer.getByRole("searchbox", { name: "Search RSID" })).toBeFocused();
  await page.keyboard.type("RS000003");
  const rsids = drawer.getByRole("group", { name: "RSID" });
  await expect(rsids.getByRole("checkbox")).toHaveCount(1);
  await expect(drawer.getByRole("group", { name: "Created" })).toBeInViewport();
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/filter-drawer-keyboard-1366.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/filter-drawer-keyboard-390.png" });
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(filters).toBeFocused();
});

test("a session ended in another tab says so, signing in again returns to the list page asked for, and another user lands on their own dashboard", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page.goto("/dashboard/list-of-outlets?page=3&page-size=15");
  await expect(page.getByText(/Showing 31 - 45 of \d+ Record\(s\)/)).toBeVisible();
  const other = await page.context().newPage();
  await other.request.post("/api/auth/logout/", { data: {} });
  await other.close();

  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Your session has ended. Please sign in again.")).toBeVisible();
  await expect(page.getByText("Authentication credentials were not provided.")).toHaveCount(0);
  await expectAccessible(page);
  await fillLogin(page, "qc.manager", DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/list-of-outlets\?page=3&page-size=15$/);
  await expect(page.getByText(/Showing 31 - 45 of \d+ Record\(s\)/)).toBeVisible();

  // Ended again while the page stays open: the next page's request finds it out.
  const third = await page.context().newPage();
  await third.request.post("/api/auth/logout/", { data: {} });
  await third.close();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Your session has ended. Please sign in again.")).toBeVisible();
  await expect(page.getByText(/FAILED/)).toHaveCount(0);
  await fillLogin(page, "qc.manager", DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/list-of-outlets\?page=4&page-size=15$/);
  await expect(page.getByText(/Showing 46 - 60 of \d+ Record\(s\)/)).toBeVisible();

  // Ended once more, and a colleague signs in at the same desk: the page left behind was the other
  // user's, so the colleague's own dashboard opens.
  const fourth = await page.context().newPage();
  await fourth.request.post("/api/auth/logout/", { data: {} });
  await fourth.close();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, "qc.executive", DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Your areas" })).toBeVisible();
  await page.screenshot({ path: "test-results/sign-in-another-user-1366.png" });
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("a deep link to list page 3 while signed out lands there after signing in", async ({ page }) => {
  await page.goto("/dashboard/list-of-outlets?page=3");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Your session has ended. Please sign in again.")).toHaveCount(0);
  await fillLogin(page, "qc.manager", DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/list-of-outlets\?page=3/);
  await expect(page.getByText(/Showing 31 - 45 of \d+ Record\(s\)/)).toBeVisible();
});

test("another organisation's project list is not found, like its outlet; a project's list names it", async ({
  page,
}) => {
  await signIn(page, "client.manager");
  await page.goto("/dashboard/projects/client-portal-view/zenith-retail-audit/list-of-outlets");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Update Status" })).toHaveCount(0);
  await expectAccessible(page);
  const zenith = await page.request.get("/api/outlets/?project=zenith-retail-audit");
  expect(zenith.status()).toBe(404);

  await page.goto("/dashboard/projects/client-portal-view/acme-retail-audit/list-of-outlets");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acme Retail Audit 2026-27 outlets");
  const row = page.getByRole("row").nth(1);
  await row.getByRole("cell").nth(2).click();
  await expect(page).toHaveURL(
    /client-portal-view\/acme-retail-audit\/list-of-outlets\/view\/RS\d+(\?tab=\d+)?$/,
  );
  await expect(page.getByRole("link", { name: "← Back to the list" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/outlet-back-390.png" });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole("link", { name: "← Back to the list" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acme Retail Audit 2026-27 outlets");

  await page.goto("/dashboard/projects/client-portal-view/acme-retail-audit/list-of-outlets/view/RS999999");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
