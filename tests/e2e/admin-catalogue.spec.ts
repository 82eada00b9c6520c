/**
 * The invoice details template screens and the user bulk update end to end (docs/admin.md): a
 * template added from the organisation's own headers and fields, then edited on the update screen
 * the catalogue names; an organisation's users updated from a spreadsheet, the refused row listed,
 * the rest applied on Confirm.
 */
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { writeWorkbook } from "../../server/uploads/excel";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "admin");
const TEMPLATES = "/dashboard/organization-inovice-sku/invoice-details/template";
const ACME = "/dashboard/organization-users-roles/organization-view/acme-beverages";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test("an invoice details template is added from the organisation's headers and fields, then updated", async ({
  page,
}) => {
  await signIn(page, "admin");
  await page.goto("/dashboard/organization-inovice-sku/invoice-details");
  await page.getByRole("link", { name: "Invoice details templates" }).click();
  await expect(page).toHaveURL(new RegExp(`${TEMPLATES}$`));
  await expect(page.getByRole("heading", { name: "Invoice details templates" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Standard bill" }).first()).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "invoice-templates");

  await page.getByRole("link", { name: "Add invoice details template" }).click();
  await expect(page).toHaveURL(new RegExp(`${TEMPLATES}-update$`));
  await page.getByRole("button", { name: /^Organisation/ }).click();
  await page.getByRole("button", { name: "Acme Beverages", exact: true }).click();
  await page.getByLabel(/^Name/).fill("Cash bill");
  const headers = page.getByRole("group", { name: "Invoice headers" });
  await headers.getByLabel("Invoice number").check();
  await headers.getByLabel("Invoice date").check();
  const fields = page.getByRole("group", { name: "Invoice detail fields" });
  await fields.getByLabel("SKU").check();
  await fields.getByLabel("Quantity").check();
  await expectAccessible(page);
  await shoot(page, "invoice-template-form");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Invoice details template Cash bill was saved.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${TEMPLATES}$`));

  await page.getByRole("link", { name: "Cash bill" }).click();
  await expect(page).toHaveURL(new RegExp(`${TEMPLATES}-update\\?template=\\d+$`));
  await expect(page.getByRole("heading", { name: "Edit invoice details template" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Invoice headers" }).getByLabel("Invoice date")).toBeChecked();
  await page.getByRole("group", { name: "Invoice detail fields" }).getByLabel("Rate").check();
  await page.getByLabel(/^Name/).fill("Cash bill with rates");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Invoice details template Cash bill with rates was saved.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Cash bill with rates" })).toContainText("Rate");
});

test("an organisation's users are updated from a spreadsheet: refused rows listed, the rest applied on Confirm", async ({
  page,
}) => {
  await signIn(page, "admin");
  const acme = (await (await page.request.get("/api/admin/organisations/acme-beverages/")).json()) as {
    id: number;
  };
  const made = await page.request.post("/api/admin/users/", {
    data: {
      values: {
        organisation: acme.id,
        username: "bulk.update.me",
        name: "Old Name",
        email: "old@example.in",
        phone_number: "",
        roles: [],
        password: "Bulk@2026x",
        is_active: true,
        two_step_sign_in: false,
      },
    },
  });
  expect(made.status()).toBe(201);

  await page.goto(`${ACME}/user-list`);
  await page.getByRole("link", { name: "User bulk update" }).click();
  await expect(page).toHaveURL(new RegExp(`${ACME}/user-list/bulk-update$`));
  await expect(page.getByRole("heading", { name: "User bulk update" })).toBeVisible();
  await expectAccessible(page);
  const file = writeWorkbook(
    "users",
    ["username", "name", "email", "phone_number", "role", "is_active"],
    [
      ["bulk.update.me", "New Name", "", "9876543210", "client-manager", ""],
      ["zenith.manager", "Not Mine", "", "", "", ""],
    ],
  );
  await page.getByLabel("Excel file (.xlsx or .xls)").setInputFiles({
    name: "users_update.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(file),
  });
  await expect(page.getByText("users_update.xlsx: Completed")).toBeVisible();
  const row = page
    .getByRole("region", { name: "Upload history rows" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "users_update.xlsx", exact: true }) })
    .first();
  await expect(row).toContainText("2 / 1 / 1 / 2");
  await shoot(page, "user-bulk-update");
  await row.getByRole("button", { name: /^Confirm upload/ }).click();
  await page
    .getByRole("dialog", { name: "Confirm upload" })
    .getByRole("button", { name: "Confirm", exact: true })
    .click();
  await expect(page.getByText("Upload confirmed. The rows have been applied.")).toBeVisible();

  await page.goto(`${ACME}/view-user/bulk.update.me`);
  await expect(page.getByText("New Name")).toBeVisible();
  await expect(page.getByText("old@example.in")).toBeVisible();
  await expect(page.getByText("9876543210")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "Client Manager" })).toBeVisible();
});
