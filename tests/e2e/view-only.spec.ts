import { expect, test } from "@playwright/test";
import { OUTLET_EDIT_NOT_ALLOWED } from "../../src/domain/outlets/outletEdit";
import { expectAccessible, shootWidths, signIn } from "./support";

// A view-only client role and a role holding only the Machines permission (docs/security.md):
// the screens offer them nothing the server would refuse.

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("client.executive reads an outlet awaiting the client but is offered no edit, and the server refuses one", async ({
  page,
}, testInfo) => {
  await signIn(page, "client.executive");
  await page.goto("/dashboard/list-of-outlets/view/RS000258");
  await page
    .getByRole("navigation", { name: "Outlet sections" })
    .getByRole("button", { name: "Edit Outlet Information" })
    .click();
  await expect(page.getByText(OUTLET_EDIT_NOT_ALLOWED)).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);
  await expectAccessible(page);
  await shootWidths(page, testInfo.outputDir, "view-only-edit");

  const edit = await page.request.patch("/api/outlets/RS000258/", {
    data: { data: { account_holder_name: "Mallory Attacker" } },
  });
  expect(edit.status()).toBe(403);
});

test("a role holding only the Machines permission is offered neither projects nor outlets", async ({
  page,
}, testInfo) => {
  await signIn(page, "product.owner");
  const menu = page.getByRole("navigation", { name: "Dashboard areas" });
  await expect(menu.getByRole("link", { name: "Machines" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Projects" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Outlets" })).toHaveCount(0);
  await shootWidths(page, testInfo.outputDir, "machines-only-menu");
  expect((await page.request.get("/api/outlets/RS000258/")).status()).toBe(403);
});
