/**
 * A sub-project's invoice and SKU setup end to end (docs/projects.md): from the Acme MI hub, the
 * SKU template fields, the invoice headers (template chosen, own list put in order and saved, a new
 * header created), the SKU list added to; refused to a client's users.
 */
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { writeWorkbook } from "../../server/uploads/excel";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "invoice-setup");
const HUB = "/dashboard/projects/view-list/acme-mi/view/acme-mi-main";
/**
 * The SKU question upload adds a question group, and an outlet may change status only once every
 * group of its sub-project is answered: the upload goes to a sub-project whose outlets no other
 * test moves, so adding a group there leaves the rest of the suite's outlets as they were.
 */
const QUESTIONS_HUB = "/dashboard/projects/view-list/acme-empanelment/view/acme-empanelment-main";
const AREA = `${HUB}/assign-invoice-sku`;

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test("project.manager sets the Acme MI invoice headers and SKUs up from its hub", async ({ page }) => {
  await signIn(page, "project.manager");
  await page.goto(HUB);
  const screens = page.getByRole("navigation", { name: "Screens of this sub-project" });
  await screens.getByRole("link", { name: "Assign invoice SKU", exact: true }).click();
  await expect(page.getByRole("heading", { name: "SKU template fields", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Delivered at" })).toContainText("time");
  await expectAccessible(page);
  await shoot(page, "sku-template-fields");

  // A time field whose bounds cross is refused when it is set up, then saved with them in order.
  await page.getByRole("link", { name: "Add SKU template field" }).click();
  await expect(page).toHaveURL(new RegExp(`${AREA}/invoice-sku$`));
  await page.getByLabel(/^Name/).fill("Collected at");
  await page.getByRole("combobox", { name: "Type" }).selectOption("time");
  await page.getByLabel(/^Position/).fill("7");
  await page.getByLabel(/^After/).fill("18:00");
  await page.getByLabel(/^Before/).fill("09:00");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("The earliest value must be before the latest value.")).toBeVisible();
  await shoot(page, "sku-template-field-form");
  await page.getByLabel(/^After/).fill("08:00");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${AREA}(\\?|$)`));
  await expect(page.getByRole("row").filter({ hasText: "Collected at" })).toContainText("time");

  // The template the demo gives it, then its own list: two headers, the second moved first.
  await page.getByRole("link", { name: "Invoice headers", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Invoice headers of Acme MI", level: 1 })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Invoice template" })).toHaveValue(/\d+/);
  await expect(page.getByRole("combobox", { name: "Invoice template" }).locator("option:checked")).toHaveText(
    "MI bill",
  );
  await shoot(page, "invoice-header-template");
  await page.getByLabel("This sub-project's own header list").check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Choose a template or at least one header, not both.");
  const adding = page.getByRole("combobox", { name: "Add a header" });
  await adding.selectOption({ label: "Invoice number (text) *" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await adding.selectOption({ label: "Payment mode (dropdown) *" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByRole("button", { name: "Move Payment mode up" }).click();
  const order = page.getByRole("list", { name: "Header order" }).getByRole("listitem");
  await expect(order.first()).toContainText("Payment mode");
  await expectAccessible(page);
  await shoot(page, "invoice-header-order");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Invoice setup saved.");
  await page.reload();
  await expect(order).toHaveCount(2);
  await expect(order.first()).toContainText("Payment mode");
  await expect(order.last()).toContainText("Invoice number");

  // A new header of the organisation's catalogue, then offered in the list.
  await page.getByRole("link", { name: "Create a new header" }).click();
  await expect(page).toHaveURL(new RegExp(`${AREA}/invoice-header/creation$`));
  await page.getByRole("button", { name: /^Organisation/ }).click();
  await page.getByRole("button", { name: "Acme Beverages", exact: true }).click();
  await page.getByLabel(/^Header/).fill("Salesman name");
  await page.getByRole("combobox", { name: "Type" }).selectOption("text");
  await shoot(page, "invoice-header-creation");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${AREA}/invoice-header$`));
  await page.getByLabel("This sub-project's own header list").check();
  await expect(
    page.getByRole("combobox", { name: "Add a header" }).locator("option", { hasText: "Salesman name" }),
  ).toHaveCount(1);

  // The SKU list: the catalogue's SKUs and the retailer's, and one more added.
  await page.goto(`${AREA}/invoice-sku-list`);
  await expect(page.getByRole("heading", { name: "SKU list", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Local lemon soda 200 ml" })).toBeVisible();
  await shoot(page, "invoice-sku-list");
  await page.getByRole("link", { name: "Add SKU", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${AREA}/invoice-sku-create$`));
  await page.getByLabel(/^Name/).fill("Corner shop ginger ale");
  await page.getByRole("switch", { name: "Added by a retailer" }).click();
  await shoot(page, "invoice-sku-create");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${AREA}/invoice-sku-list(\\?|$)`));
  await expect(page.getByRole("row").filter({ hasText: "Corner shop ginger ale" })).toBeVisible();
  // And one of the catalogue's, listed by its code.
  await page.getByRole("link", { name: "Add SKU", exact: true }).click();
  await page.getByLabel(/^Name/).fill("Crunchy salted chips 50 g");
  await page.getByRole("button", { name: /^Catalogue SKU/ }).click();
  await page.getByRole("button", { name: "SKU-CHIPS-50", exact: true }).click();
  await shoot(page, "invoice-sku-create-catalogue");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${AREA}/invoice-sku-list(\\?|$)`));
  await expect(page.getByRole("row").filter({ hasText: "Crunchy salted chips 50 g" })).toContainText(
    "SKU-CHIPS-50",
  );

  // exclude_retailers=true answers the catalogue's SKUs only.
  const listed = await page.request.get(
    "/api/sku-list/?sub_project__slug=acme-mi-main&no-pagination&exclude_retailers=true",
  );
  const names = ((await listed.json()).results as { name: string; added_by_retailer: boolean }[]).map(
    (r) => r.added_by_retailer,
  );
  expect(names.length).toBeGreaterThan(0);
  expect(names.every((byRetailer) => !byRetailer)).toBe(true);
});

test("the SKU bulk upload adds catalogue SKUs to the Acme MI SKU list through History and Confirm", async ({
  page,
}) => {
  await signIn(page, "project.manager");
  await page.goto(`${AREA}/invoice-sku-list`);
  await page.getByRole("link", { name: "SKU bulk upload", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${HUB}/sku-list/bulk-upload$`));
  const file = writeWorkbook("skus", ["sku_code"], [["SKU-COLA-250"], ["SKU-LEMON-500"], ["NO-SUCH-SKU"]]);
  await page.getByLabel("Excel file (.xlsx or .xls)").setInputFiles({
    name: "mi-skus.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(file),
  });
  await expect(page.getByText("mi-skus.xlsx: Completed")).toBeVisible({ timeout: 20_000 });
  const history = page.getByRole("region", { name: "Upload history rows" });
  const row = history
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "mi-skus.xlsx", exact: true }) });
  await expect(row).toContainText("3 / 2 / 1 / 3");
  await expectAccessible(page);
  await shoot(page, "sku-list-bulk-upload");
  await row.getByRole("button", { name: /^Confirm upload/ }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm upload" });
  await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText("Upload confirmed. The rows have been applied.")).toBeVisible();
  await page.goto(`${AREA}/invoice-sku-list`);
  await expect(page.getByRole("row").filter({ hasText: "SKU-COLA-250" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "SKU-LEMON-500" })).toBeVisible();
});

test("the SKU question upload makes a sku_group group shown in the hub's SKU questions", async ({ page }) => {
  await signIn(page, "project.manager");
  await page.goto(`${QUESTIONS_HUB}/question-management/sku-questions`);
  await page.getByRole("link", { name: "SKU question bulk upload", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${QUESTIONS_HUB}/question-management/sku-bulk-upload$`));
  const file = writeWorkbook(
    "sku questions",
    ["question_group", "name", "type", "is_mandatory", "sku_codes", "choices", "reference_images"],
    [
      ["Cooler check", "Bottles in the cooler", "number", "yes", "SKU-0001;SKU-0002", "", ""],
      ["Cooler check", "Cooler clean", "yes_or_no", "no", "SKU-0001", "", ""],
    ],
  );
  await page.getByLabel("Excel file (.xlsx or .xls)").setInputFiles({
    name: "sku-questions.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(file),
  });
  await expect(page.getByText("sku-questions.xlsx: Completed")).toBeVisible({ timeout: 20_000 });
  const row = page
    .getByRole("region", { name: "Upload history rows" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "sku-questions.xlsx", exact: true }) });
  await expect(row).toContainText("2 / 2 / 0 / 2");
  await shoot(page, "sku-question-bulk-upload");
  await row.getByRole("button", { name: /^Confirm upload/ }).click();
  await page
    .getByRole("dialog", { name: "Confirm upload" })
    .getByRole("button", { name: "Confirm", exact: true })
    .click();
  await expect(page.getByText("Upload confirmed. The rows have been applied.")).toBeVisible();
  await page.goto(`${QUESTIONS_HUB}/question-management/sku-questions`);
  const asked = page.getByRole("row").filter({ hasText: "Bottles in the cooler" });
  await expect(asked).toContainText("Cooler check");
  await expect(asked).toContainText("2");
});

test("another organisation's sub-project under an Acme project's address is Page not found", async ({
  page,
}) => {
  await signIn(page, "project.manager");
  const elsewhere = "/dashboard/projects/view-list/acme-mi/view/zenith-retail-audit-main/assign-invoice-sku";
  await page.goto(`${elsewhere}/invoice-header`);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await shoot(page, "other-organisation-header-not-found");
  // The resource layer's lists and forms say their sub-project is not found.
  for (const screen of ["", "invoice-sku", "invoice-sku-list", "invoice-sku-create"]) {
    await page.goto(screen ? `${elsewhere}/${screen}` : elsewhere);
    await expect(page.getByRole("alert")).toHaveText("This sub-project could not be found.");
  }
  await shoot(page, "other-organisation-list-not-found");
});

test("a client's users are not offered the setup and none of its screens is found", async ({ page }) => {
  await signIn(page, "client.admin");
  await page.goto(HUB);
  const screens = page.getByRole("navigation", { name: "Screens of this sub-project" });
  await expect(screens.getByRole("link").first()).toBeVisible();
  await expect(screens.getByRole("link", { name: "Assign invoice SKU" })).toHaveCount(0);
  // Every screen of the setup, the resource lists and forms too, and the API behind them.
  for (const screen of ["invoice-header", "", "invoice-sku", "invoice-sku-list", "invoice-template-list"]) {
    await page.goto(screen ? `${AREA}/${screen}` : AREA);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
  expect((await page.request.get("/api/admin/sku-template-fields/")).status()).toBe(403);
});
