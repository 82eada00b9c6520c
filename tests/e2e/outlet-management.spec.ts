import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, shootWidths, signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "outlet-management");
/** Acme Off Take's main sub-project: no other browser test reads or writes its outlets. */
const HUB = "/dashboard/projects/view-list/acme-off-take/view/acme-off-take-main";
const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("a project manager opens outlet management from the hub, lists each kind of outlet, searches one and opens it", async ({
  page,
}) => {
  await signIn(page, "project.manager");
  await page.goto(HUB);
  await page
    .getByRole("navigation", { name: "Screens of this sub-project" })
    .getByRole("link", { name: "Outlet management", exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`${HUB}/outlet-management$`));
  await expect(page.getByRole("heading", { name: "Outlet management", level: 1 })).toBeVisible();
  for (const kind of ["Outlets", "Temporary outlets", "Inactive outlets", "Recovered outlets"])
    await expect(page.getByRole("main").getByRole("link", { name: kind, exact: true })).toBeVisible();
  const temporaryCard = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "Temporary outlets" }) });
  await expect(temporaryCard).toContainText(/\d+ active outlets?/);
  await expectAccessible(page);
  await shoot(page, "outlet-management");

  await page.getByRole("main").getByRole("link", { name: "Temporary outlets", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${HUB}/outlet-management/outlets/temporary(\\?.*)?$`));
  await expect(page.getByRole("heading", { level: 1, name: /temporary outlets$/ })).toBeVisible();
  const firstRsid = page.getByRole("link", { name: /^RS\d+$/ }).first();
  await expect(firstRsid).toBeVisible();
  const rsid = (await firstRsid.textContent())!.trim();
  await expectAccessible(page);
  await shoot(page, "temporary-outlets");

  // Search narrows the list to the one outlet, which opens from its row.
  await page.getByRole("searchbox").fill(rsid);
  await expect(page.getByRole("link", { name: /^RS\d+$/ })).toHaveCount(1);
  await page.getByRole("link", { name: rsid, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${HUB}/list-of-outlets/view/${rsid}`));
  await expect(page.getByText(rsid).first()).toBeVisible();

  // The inactive outlets' list holds as many as their card counted.
  await page.goto(`${HUB}/outlet-management`);
  const inactiveCard = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "Inactive outlets" }) });
  const inactive = Number(/(\d+) outlets?/.exec((await inactiveCard.textContent()) ?? "")?.[1]);
  await inactiveCard.getByRole("link", { name: "Inactive outlets" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /inactive outlets$/ })).toBeVisible();
  await expect(page.getByText(new RegExp(`of ${inactive} Record\\(s\\)`))).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Outlet management" }).click();
  await expect(page).toHaveURL(new RegExp(`${HUB}/outlet-management$`));

  // A kind the product does not have is no page.
  await page.goto(`${HUB}/outlet-management/outlets/drafts`);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("the panel outlets list chooses one panel, kept in the address", async ({ page }) => {
  await signIn(page, "project.manager");
  await page.goto(`${HUB}/panel-management/list-of-outlets`);
  await expect(page.getByRole("heading", { level: 1, name: /panel outlets$/ })).toBeVisible();
  const chooser = page.getByRole("combobox", { name: "Panel" });
  await expect(chooser.getByRole("option", { name: "Key accounts" })).toBeAttached();
  await chooser.selectOption({ label: "Key accounts" });
  await expect(page).toHaveURL(new RegExp(`${HUB}/panel-management/list-of-outlets\\?panel=key-accounts`));
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Panel" })).toHaveValue(/key-accounts/);
  await expectAccessible(page);
  await shoot(page, "panel-outlets");
});
