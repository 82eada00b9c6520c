import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible, signIn } from "./support";

// One session per user and platform: each test signs out, so the next can sign the same user in.
test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

/** Opens the filter drawer, keeps only the given statuses, clears the Created range and applies. */
async function filterByStatus(page: Page, labels: readonly string[]): Promise<void> {
  await page.getByRole("button", { name: "Filters", exact: true }).first().click();
  const drawer = page.getByRole("complementary", { name: "FilterList" });
  const status = drawer.getByRole("group", { name: /^Status/ });
  for (const label of labels) await status.getByLabel(label, { exact: true }).check();
  const created = drawer.getByRole("group", { name: "Created" });
  await created.getByLabel("From").fill("");
  await created.getByLabel("To").fill("");
  await drawer.getByRole("button", { name: "Apply Filter" }).click();
  await expect(drawer).toHaveCount(0);
}

const rowsIn = (page: Page, state: string): Locator =>
  page.getByRole("row").filter({ has: page.getByText(state, { exact: true }) });

async function rsidOf(row: Locator): Promise<string> {
  return (await row.getByRole("cell").nth(1).textContent())!.trim();
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
  const row = rowsIn(page, "Calling Accepted").first();
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
  const row = rowsIn(page, "Calling Accepted").first();
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
  await expect(page).toHaveURL(/\/dashboard\/list-of-outlets\/view\/RS\d{6}$/);
  await expect(page.getByRole("navigation", { name: "Outlet sections" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Log Details" })).toBeVisible();
  await expectAccessible(page);
});
