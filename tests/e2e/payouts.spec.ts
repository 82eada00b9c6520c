/**
 * The money path in the browser (docs/payouts.md): a payout role pays a plotted payout on Payout
 * Details and the retailer's pages and the outlet list show it; a plot payout upload moves its
 * outlets; a confirmed route plan shows its dates; the client sees its own payout pages only.
 */
import { expect, type Page, test } from "@playwright/test";
import { demoMobileSlug } from "../../server/seed/retailerPortal";
import { ANSWERED_UP_TO } from "../../server/seed/survey";
import { writeWorkbook } from "../../server/uploads/excel";
import { expectAccessible, freshPage, PHONE, shootWidths, signInAfresh as signIn } from "./support";

const CYCLE = "acme-3p-payout-cycle-1";
const SUB_PROJECT = `/dashboard/projects/view-list/acme-3p-payout/view/${CYCLE}`;
type Listed = { id: number; rsid: string; version: number; workflow_state: string };

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

/** Full-page screenshots at 1366 and 390 px in the test's output folder. */
const shoot = (page: Page, name: string) => shootWidths(page, test.info().outputPath(), name);

/** The first of these outlets in `state` with no retailer request waiting (001 §4.4 would refuse its saves). */
async function savable(page: Page, outlets: Listed[], state: string): Promise<Listed> {
  for (const o of outlets.filter((x) => x.workflow_state === state)) {
    const detail = (await (await page.request.get(`/api/outlets/${o.rsid}/`)).json()) as {
      workflow_object: { id: number; type_of_calling: string | null };
    };
    // On a confirmation call the payout executive's main tab is Details to Inform (001 §2.1).
    if (detail.workflow_object.type_of_calling === "confirmation") continue;
    const pending = await page.request.get(
      `/api/retailer-requests/pending/?workflow_object=${detail.workflow_object.id}`,
    );
    if (!((await pending.json()) as { pending_request_exist: boolean }).pending_request_exist) return o;
  }
  throw new Error(`no savable outlet in ${state}`);
}

/** The demo retailers own the first outlets, one each in RSID order (server/seed/demo.ts). */
const DEMO_RETAILERS = 100;
const retailerIndex = (rsid: string) => Number(rsid.slice(2)) - 1;

async function outletsOf(page: Page, subProject: string): Promise<Listed[]> {
  const listed = await page.request.get(`/api/outlets/?sub_project=${subProject}&page-size=1000`);
  return ((await listed.json()) as { results: Listed[] }).results;
}

test("iftu.executive pays a plotted payout on Payout Details; the invoice, the bell, the retailer's own pages and the outlet list show it", async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page, "iftu.executive");
  // An outlet whose retailer has the mobile link, so the retailer's own pages can be read too.
  const linked = (await outletsOf(page, CYCLE)).filter((o) => retailerIndex(o.rsid) < DEMO_RETAILERS);
  const outlet = await savable(page, linked, "payouts_plotted");
  await page.goto(`/dashboard/list-of-outlets/view/${outlet.rsid}`);
  await page
    .getByRole("navigation", { name: "Outlet sections" })
    .getByRole("button", { name: "Payout Details" })
    .click();
  const table = page.getByRole("table", { name: "Payouts" });
  for (const h of [
    "RS Payout Cycle",
    "Program Name",
    "Client Payout Cycle",
    "Amount",
    "Payment Remarks",
    "Payment Status",
    "Payment Date",
    "UTR",
  ])
    await expect(table.getByRole("columnheader", { name: h, exact: true })).toBeVisible();
  for (const f of ["Program Name", "Client payout cycle", "RS Payout cycle"])
    await expect(page.getByLabel(f, { exact: true })).toBeVisible();
  // The filters' options come from the multi-object lookup: the plotted row's own values are offered.
  const plotted = table.getByRole("row").filter({ has: page.getByRole("button", { name: "Update Status" }) });
  const rsCycle = (await plotted.getByRole("cell").nth(0).textContent()) ?? "";
  await page.getByLabel("RS Payout cycle", { exact: true }).selectOption(rsCycle);
  await expect(plotted).toBeVisible();
  await expect(table.getByRole("row").filter({ hasNot: page.getByRole("columnheader") })).not.toHaveCount(0);
  for (const row of await table
    .getByRole("row")
    .filter({ hasNot: page.getByRole("columnheader") })
    .all())
    await expect(row.getByRole("cell").first()).toHaveText(rsCycle);
  await page.getByLabel("RS Payout cycle", { exact: true }).selectOption("");
  await expectAccessible(page);
  await shoot(page, "payout-details-plotted");

  await table.getByRole("button", { name: "Update Status" }).click();
  const dialog = page.getByRole("dialog", { name: "Add transaction details below" });
  await dialog.getByLabel("Status").selectOption({ label: "Payment Successful" });
  await dialog.getByLabel("Amount").fill("1751");
  await dialog.getByLabel("UTR number").fill("SBIN226113000999");
  const date = dialog.getByRole("group", { name: "Payment date" });
  await date.getByLabel(/ month$/).selectOption({ label: "Jan" });
  await date.getByLabel(/ year$/).selectOption({ label: String(new Date().getFullYear()) });
  await date.getByLabel(/ day$/).selectOption({ label: "2" });
  await shoot(page, "payout-details-confirmation");
  // A double click pays once.
  await dialog.getByRole("button", { name: "Save" }).dblclick();
  await expect(dialog.getByText("Updated 1 outlet.")).toBeVisible();
  await dialog.getByRole("button", { name: "Okay" }).click();
  await expect(dialog).toHaveCount(0);

  const paid = table.getByRole("row").filter({ hasText: "SBIN226113000999" });
  await expect(paid).toContainText("payment_successful");
  await expect(paid).toContainText("1751.00");
  await expect(page.getByRole("table", { name: "Latest transaction details" })).toContainText("1751.00");
  await expect(page.locator(".outlet-header")).toContainText("Payment Successful");
  await shoot(page, "payout-details-paid");
  const download = page.waitForEvent("download");
  await paid.getByRole("button", { name: "Download Invoice" }).click();
  expect((await download).suggestedFilename()).toMatch(/^invoice-RS-\d{4}-\d{6}\.pdf$/);

  const logs = await (await page.request.get(`/api/outlets/${outlet.rsid}/`)).json();
  const paidLogs = (logs.logs as { message: string }[]).filter((l) =>
    l.message.includes("Payment Successful"),
  );
  expect(paidLogs).toHaveLength(1);

  // The project card's bell carries the project notification of the payment.
  await page.goto("/dashboard/projects?search=3P");
  const card = page.getByRole("article", { name: "Acme 3P Payout 2026-27", exact: true });
  await card.getByRole("button", { name: /^Notifications of/ }).click();
  await expect(
    card.getByRole("button", { name: new RegExp(`Payment Successful.*${outlet.rsid}`) }),
  ).toBeVisible();
  await shoot(page, "payment-notification");

  await page.goto(`/dashboard/earnings/pp-outlet-earning/${outlet.rsid}`);
  await expect(page.getByText("SBIN226113000999")).toBeVisible();
  await shoot(page, "retailer-earnings");
  await page.goto(`/dashboard/pp-outlet-invoice/${outlet.rsid}`);
  // The retailer's earlier payouts are listed too: the payment's amount (not a multiple of 125 as theirs) finds it.
  await expect(page.locator(".mobile-card").filter({ hasText: "1,751.00" })).toHaveCount(1);
  await shoot(page, "retailer-invoices");

  // The retailer's own link on their phone: Earnings and Invoices show the payment.
  const phone = await freshPage(browser, PHONE);
  await phone.goto(`/mobile-view/home/slug/${demoMobileSlug(retailerIndex(outlet.rsid))}`);
  await expect(phone.getByText(/^Hello, /)).toBeVisible();
  await phone.getByRole("link", { name: "Earnings" }).click();
  const earned = phone.locator(".mobile-card").filter({ hasText: "SBIN226113000999" });
  await expect(earned).toContainText("1,751.00");
  await expectAccessible(phone);
  await phone.screenshot({ path: testInfo.outputPath("mobile-earnings-390.png"), fullPage: true });
  await phone.getByRole("link", { name: "Back" }).click();
  await phone.getByRole("link", { name: "Invoices" }).click();
  await expect(phone.locator(".mobile-card").filter({ hasText: "1,751.00" })).toHaveCount(1);
  await phone.screenshot({ path: testInfo.outputPath("mobile-invoices-390.png"), fullPage: true });
  await phone.close();

  await page.goto(`${SUB_PROJECT}/list-of-outlets?status=payment_successful`);
  await expect(page.getByRole("cell", { name: outlet.rsid, exact: true })).toBeVisible();
  await shoot(page, "outlet-list-paid");
});

test("confirming a plot payout upload moves two calling_accepted 3P outlets to Payouts Plotted, each logged and notified", async ({
  page,
}) => {
  await signIn(page, "admin");
  const two = (await outletsOf(page, CYCLE))
    .filter((o) => o.workflow_state === "calling_accepted")
    .slice(0, 2);
  expect(two).toHaveLength(2);
  const file = writeWorkbook(
    "p",
    ["rsid", "program", "amount", "client_payout_month", "rs_payout_month"],
    two.map((o) => [o.rsid, "Cooler Placement", "1200.00", "2026-11", "2026-12"]),
  );
  const created = await page.request.post(
    `/api/bulk/upload/?object=payout_plotting&sub_project_slug=${CYCLE}`,
    {
      multipart: {
        file: { name: "two.xlsx", mimeType: "application/octet-stream", buffer: Buffer.from(file) },
      },
    },
  );
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { id: number }).id;
  await expect
    .poll(async () => {
      const list = await page.request.get(
        `/api/bulk/upload/?objects_type=payout_plotting&sub_project_slug=${CYCLE}`,
      );
      return ((await list.json()) as { results: { id: number; status: string }[] }).results.find(
        (j) => j.id === id,
      )?.status;
    })
    .toBe("completed");
  const confirm = await page.request.post(`/api/bulk/upload/${id}/activate/?object=payout_plotting`);
  expect(confirm.ok(), await confirm.text()).toBe(true);

  for (const o of two) {
    await page.goto(`/dashboard/list-of-outlets/view/${o.rsid}`);
    await expect(page.locator(".outlet-header")).toContainText("Payouts Plotted");
    await page.getByRole("button", { name: "Log Details" }).click();
    await expect(
      page
        .getByRole("list", { name: "Log Details" })
        .getByText(/Plot Payout, Calling Accepted to Payouts Plotted/),
    ).toHaveCount(1);
  }
  await page.goto("/dashboard/projects/notifications");
  await expect(page.getByText(two[0]!.rsid).first()).toBeVisible();
  await page.goto(`${SUB_PROJECT}/cycle`);
  await expect(page.getByRole("table", { name: "Payout cycles" })).toContainText("2026-12");
  await expectAccessible(page);
  await shoot(page, "cycle-page");
});

test("a route plan confirmed with dates shows them in the outlet detail and the header card", async ({
  page,
}) => {
  await signIn(page, "client.manager");
  const listed = await page.request.get("/api/outlets/?project=acme-retail-audit&page-size=1000");
  // One outlet moves only with its survey saved (001 §4.5, docs/calling.md): one of the answered ones.
  const outlet = await savable(
    page,
    ((await listed.json()) as { results: Listed[] }).results.filter((o) => o.rsid <= ANSWERED_UP_TO),
    "wip_client_accepted",
  );
  const confirmed = await page.request.post("/api/outlets/bulk-action/", {
    data: {
      action_type: "route_plan_client_confirmed",
      object_ids: [outlet.id],
      object_versions: { [outlet.id]: outlet.version },
      extra_data: { route_plan_start_date: "2026-12-01", route_plan_end_date: "2026-12-10" },
    },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const detail = await (await page.request.get(`/api/outlets/${outlet.rsid}/`)).json();
  expect([detail.workflow_object.route_plan_start_date, detail.workflow_object.route_plan_end_date]).toEqual([
    "2026-12-01",
    "2026-12-10",
  ]);
  await page.goto(`/dashboard/list-of-outlets/view/${outlet.rsid}`);
  await expect(page.locator(".outlet-header")).toContainText("2026-12-01 to 2026-12-10");
  await shoot(page, "route-plan-header");
});

test("client.manager sees Acme's payout and payout cycle pages; another organisation's project is Page not found", async ({
  page,
}) => {
  await signIn(page, "client.manager");
  await page.goto("/dashboard/projects/client-portal-view/acme-3p-payout/payout");
  const table = page.getByRole("table", { name: "Payout sub-projects" });
  await expect(table).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "client-payout");
  await table.getByRole("link").first().click();
  await expect(page.getByRole("table", { name: "Payout cycles" })).toBeVisible();
  await shoot(page, "client-payout-cycle");
  await page.goto("/dashboard/projects/client-portal-view/zenith-retail-audit/payout");
  await expect(page.getByText("Page not found")).toBeVisible();
});
