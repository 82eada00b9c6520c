import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, signIn } from "./support";

// Scenario outlets: docs/demo-data.md, "Outlet review".
const view = (rsid: string) => `/dashboard/list-of-outlets/view/${rsid}`;
const menu = (page: Page) => page.getByRole("navigation", { name: "Outlet sections" }).getByRole("button");

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

async function shoot(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test("qc.manager accepts a previous address and sees the header and the log change", async ({ page }) => {
  await signIn(page, "qc.manager");
  await page.goto(view("RS000004"));
  await expect(menu(page)).toHaveText(["Log Details", "QC Edit History"]);
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
  await page.keyboard.press("Escape");

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

test("calling.executive sees the menu and header for each type of calling", async ({ page }) => {
  await signIn(page, "calling.executive");
  // RS000001 validation, RS000002 intimation, RS000003 invoice, RS000004 kyc_update, RS000005 confirmation.
  for (const rsid of ["RS000001", "RS000003", "RS000004", "RS000005"]) {
    await page.goto(view(rsid));
    await expect(menu(page)).toHaveText(["Log Details", "QC Edit History"]);
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
  await expect(menu(page)).toHaveText(["Log Details", "QC Edit History"]);
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
  // RS000001's auditor notes are longer than 22 characters: cut, with the whole text on Read More.
  await expect(
    page.getByRole("button", { name: /^Read More: Shop was closed at the first visit/ }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Trade name or Legal name are same!" }).click();
  await expect(page.getByRole("dialog", { name: "Trade name or Legal name are same!" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expectAccessible(page);
  await shoot(page, "client-manager");

  const answer = page.waitForResponse((r) => r.url().includes("/api/outlets/RS000015/"));
  await page.goto(view("RS000015"));
  const response = await answer;
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toMatch(/RS000015|Zenith|address/i);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
