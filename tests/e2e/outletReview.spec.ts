import { expect, type Page, test } from "@playwright/test";
import { closeByEscape, expectAccessible, shootWidths, signIn } from "./support";

// Scenario outlets: docs/demo-data.md, "Outlet review".
const view = (rsid: string) => `/dashboard/list-of-outlets/view/${rsid}`;
const menu = (page: Page) => page.getByRole("navigation", { name: "Outlet sections" }).getByRole("button");

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

// Both widths, waiting for the layout to settle after each resize.
const shoot = (page: Page, name: string) => shootWidths(page, test.info().outputPath(), name);

test("qc.manager accepts a previous address and sees the header and the log change", async ({ page }) => {
  await signIn(page, "qc.manager");
  await page.goto(view("RS000004"));
  await expect(menu(page)).toHaveText(["Survey Details", "Log Details", "QC Edit History"]);
  await page.getByRole("button", { name: "Log Details" }).click();
  await expect(page.getByRole("button", { name: /^Similar Outlets - [1-9]\d*$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Update Status" })).toBeVisible();
  const pending = page.getByRole("region", { name: "Edited details waiting for a decision" });
  await expect(pending).toBeVisible();
  const previous = (await pending.getByText(/Old Market Road/).textContent())!;
  await expectAccessible(page);
  await shoot(page, "qc-manager-pending-edit");

  await page.getByRole("button", { name: /^Similar Outlets/ }).click();
  const similar = page.getByRole("dialog", { name: "Similar Outlets" });
  await expect(similar.getByRole("link", { name: "RS000003" })).toHaveAttribute("target", "_blank");
  await closeByEscape(similar);

  await pending.getByRole("button", { name: "Accept" }).click();
  await expect(pending).toHaveCount(0);
  await expect(
    page.getByRole("list", { name: "Log Details" }).getByText("Address, Phone number 1 edit accepted"),
  ).toBeVisible();
  await page.getByRole("button", { name: "QC Edit History" }).click();
  await expect(
    page
      .getByRole("list", { name: "QC Edit History" })
      .getByText(`Address changed from ${previous}`, { exact: false }),
  ).toBeVisible();
  await shoot(page, "qc-manager-accepted");
});

test("qc.manager moves an outlet with Update Status: the dialog closes and its edit can no longer be decided", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  // An outlet waiting for QC with a previous address or phone edit and every question group answered
  // (Update Status waits for the answers, 001 §4.5): RS000004, or RS000014 once RS000004 is decided.
  let rsid = "";
  for (const candidate of ["RS000004", "RS000014"]) {
    if (rsid) break;
    const outlet = (await (await page.request.get(`/api/outlets/${candidate}/`)).json()) as {
      workflow_state: string;
      previous_address: string | null;
    };
    if (outlet.workflow_state === "qc_pending" && outlet.previous_address !== null) rsid = candidate;
  }
  expect(rsid).not.toBe("");
  await page.goto(view(rsid));
  const pending = page.getByRole("region", { name: "Edited details waiting for a decision" });
  await expect(pending.getByRole("button", { name: "Accept" })).toBeVisible();

  await page.getByRole("button", { name: "Update Status" }).click();
  const dialog = page.getByRole("dialog", { name: "Update Status" });
  await dialog.getByLabel("Status").selectOption({ label: "QC Accept" });
  await dialog.getByLabel("Remarks").fill("Photos and answers checked");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Done", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Okay" }).click();
  await expect(dialog).toHaveCount(0);

  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("QC Accepted", { exact: true }).first()).toBeVisible();
  await expect(pending).toBeVisible();
  await expect(pending.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "← Back to the list" })).toHaveAttribute(
    "href",
    "/dashboard/list-of-outlets",
  );
});

test("calling.executive sees the menu and header for each type of calling", async ({ page }) => {
  await signIn(page, "calling.executive");
  // RS000001 validation, RS000002 intimation, RS000003 invoice, RS000004 kyc_update, RS000005 confirmation.
  const main: Record<string, string> = {
    RS000001: "Calling Details",
    RS000003: "Invoice Guidance",
    RS000004: "Payment Result",
    RS000005: "Details to Inform",
  };
  for (const [rsid, tab] of Object.entries(main)) {
    await page.goto(view(rsid));
    await expect(menu(page)).toHaveText([tab, "Log Details", "QC Edit History"]);
    await expect(page.getByText("QC Status", { exact: true })).toBeVisible();
  }
  await page.goto(view("RS000002"));
  await expect(menu(page)).toHaveText(["General Information", "Log Details", "QC Edit History"]);
  await expect(page.getByRole("heading", { name: "General Information" })).toBeVisible();
  await expect(page.getByText("Bank Passbook")).toBeVisible();
  await page.getByRole("button", { name: "WhatsApp" }).click();
  await expect(page.getByText("Sent Successfully !!")).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "calling-executive-intimation");
});

test("iftu.manager, a payout role, sees the full header without Update Status", async ({ page }) => {
  await signIn(page, "iftu.manager");
  await page.goto(view("RS000004"));
  // Payout Details is the main tab; Survey Details, the second tab, opens first (001 §2.1).
  await expect(menu(page)).toHaveText(["Payout Details", "Survey Details", "Log Details", "QC Edit History"]);
  await expect(page.getByRole("heading", { name: "Survey Details" })).toBeVisible();
  await expect(page.getByText("Survey End", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Associated By" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Update Status" })).toHaveCount(0);
  await expectAccessible(page);
});

test("client.manager sees its own outlet without the internal fields and not another client's", async ({
  page,
}) => {
  await signIn(page, "client.manager");
  await page.goto(view("RS000001"));
  await expect(page.getByText("Survey Start", { exact: true })).toBeVisible();
  await expect(page.getByText("Survey End", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Location Accuracy", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Associated By" })).toHaveCount(0);
  // RS000001's auditor notes are longer than 22 characters: cut, and a click on Read More shows them whole.
  await page.getByText("Read More", { exact: true }).click();
  await expect(page.locator(".read-more p")).toHaveText(/^Shop was closed at the first visit/);
  await page.getByRole("button", { name: "Trade name or Legal name are same!" }).click();
  await closeByEscape(page.getByRole("dialog", { name: "Trade name or Legal name are same!" }));
  await expectAccessible(page);
  await shoot(page, "client-manager");

  const answer = page.waitForResponse((r) => r.url().includes("/api/outlets/RS000015/"));
  await page.goto(view("RS000015"));
  const response = await answer;
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toMatch(/RS000015|Zenith|address/i);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
