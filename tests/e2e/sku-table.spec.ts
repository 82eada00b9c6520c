import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, signIn } from "./support";

// RS000013 waits for QC; its Stock Check (a sku_group group) answers Cola and Lemon but not Salted
// chips (docs/demo-data.md), so Add New Sku has a SKU to offer.
const OUTLET = "/dashboard/list-of-outlets/view/RS000013";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

async function openStockCheck(page: Page) {
  await page.goto(OUTLET);
  await page.getByRole("button", { name: /^Stock Check/ }).click();
  await expect(page.getByRole("heading", { name: "Stock Check", level: 3 })).toBeVisible();
  return page.locator(".survey-sku-table");
}
const rowNames = (table: ReturnType<Page["locator"]>) => table.locator("tbody th");

test("QC opens a SKU row with the pencil, adds a SKU with Add New Sku, saves, and QC Edit History names each SKU", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  let table = await openStockCheck(page);
  await expect(rowNames(table)).toHaveCount(2);
  await expect(rowNames(table).nth(0)).toContainText("Cola 250 ml");
  // Read only until the pencil opens the row.
  await expect(table.getByLabel("Cola 250 ml Facings")).toHaveCount(0);
  const before = await table.locator("tbody tr").nth(0).locator("td").nth(0).innerText();
  await table.getByRole("button", { name: "Edit Cola 250 ml" }).click();
  const after = before.trim() === "9" ? "8" : "9";
  await table.getByLabel("Cola 250 ml Facings").fill(after);

  await expect(table.getByLabel("SKU to add")).toHaveValue(/\d+/);
  await expect(table.getByLabel("SKU to add").locator("option")).toHaveText([
    "Salted chips 50 g (SKU-CHIPS-50)",
  ]);
  await table.getByRole("button", { name: "Add New Sku" }).click();
  await expect(rowNames(table)).toHaveCount(3);
  await expect(table.getByRole("button", { name: "Add New Sku" })).toBeDisabled();
  await table.getByLabel("Salted chips 50 g Facings").fill("7");
  await table.getByLabel("Salted chips 50 g In stock").selectOption("Yes");
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("sku-table-editing.png"), fullPage: true });
  await page.getByRole("button", { name: /^Save( and Next)?$/ }).click();
  await expect(page.getByText("Stock Check: Answers saved.")).toBeVisible();

  // Read again: three rows, the saved values, nothing left to add.
  await page.reload();
  table = await openStockCheck(page);
  await expect(rowNames(table)).toHaveCount(3);
  await expect(table.locator("tbody tr").nth(0).locator("td").nth(0)).toHaveText(after);
  await expect(table.locator("tbody tr").nth(2).locator("td").nth(0)).toHaveText("7");
  await expect(table.getByRole("button", { name: "Add New Sku" })).toBeDisabled();
  await page.getByRole("button", { name: "QC Edit History" }).click();
  const history = page.getByRole("list", { name: "QC Edit History" });
  await expect(history.getByText("Facings (Salted chips 50 g) answered: 7")).toBeVisible();
  await expect(
    history.getByText(`Facings (Cola 250 ml) changed from ${before.trim()} to ${after}`),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("sku-table-history.png"), fullPage: true });
});

test("a client's manager reads the SKU table: no pencil, no Add New Sku", async ({ page }) => {
  await signIn(page, "client.manager");
  const table = await openStockCheck(page);
  await expect(rowNames(table).first()).toContainText("Cola 250 ml");
  await expect(table.getByRole("button", { name: /^Edit / })).toHaveCount(0);
  await expect(table.getByRole("button", { name: "Add New Sku" })).toHaveCount(0);
});
