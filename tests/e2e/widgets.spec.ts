import { expect, test } from "@playwright/test";
import { expectAccessible, nextFrames } from "./support";

test.describe("widget catalogue", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/dev/widgets");
    await expect(page.getByRole("heading", { name: "Widget catalogue" })).toBeVisible();
  });

  test("data table: sort, page size back to page 1, debounced search, selection, URL state", async ({
    page,
  }) => {
    await expectAccessible(page);
    const table = page.getByRole("region", { name: "Sample outlets rows" });
    await expect(page.getByText("Page 1 of 67")).toBeVisible();
    await expect(page.getByText("Showing 1 - 15 of 1000 Record(s)")).toBeVisible();

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Page 2 of 67")).toBeVisible();
    await page.getByLabel("Show").selectOption("50");
    await expect(page.getByText("Page 1 of 20")).toBeVisible();
    expect(new URL(page.url()).searchParams.get("page-size")).toBe("50");

    await page.getByRole("button", { name: "RSID" }).click();
    await expect(table.locator("tbody tr").first()).toContainText("RS000001");
    await page.getByRole("button", { name: "RSID" }).click();
    await expect(table.locator("tbody tr").first()).toContainText("RS001000");
    await expect(page.getByRole("columnheader", { name: /RSID/ })).toHaveAttribute("aria-sort", "descending");

    await page.getByLabel("Search Sample outlets").pressSequentially("RS00099");
    await expect(page.getByText(/of 10 Record\(s\)/)).toBeVisible();
    expect(new URL(page.url()).searchParams.get("search")).toBe("RS00099");

    await page.getByLabel("Select all rows on this page").check();
    await expect(page.getByText("10 selected")).toBeVisible();
    await page.getByLabel("Select row 991").uncheck();
    await expect(page.getByText("9 selected")).toBeVisible();

    await page.reload();
    await expect(page.getByText(/of 10 Record\(s\)/)).toBeVisible();
    await expect(page.getByLabel("Search Sample outlets")).toHaveValue("RS00099");
  });

  test("data table: the filter panel toggles and narrows the rows", async ({ page }) => {
    const toggle = page.getByRole("button", { name: "Filters", exact: true });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await page.getByLabel("Only QC pending").check();
    await expect(page.getByText("Showing 1 - 15 of 250 Record(s)")).toBeVisible();
    await toggle.click();
    await expect(page.getByLabel("Only QC pending")).toHaveCount(0);
    await expect(
      page.getByText(/Date and time display: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)/),
    ).toBeVisible();
  });

  test("data table: no rows shows No Data Available and the size selector is disabled", async ({ page }) => {
    await page.getByLabel("Search Sample outlets").fill("no such outlet");
    await expect(page.getByText("No Data Available")).toBeVisible();
    await expect(page.getByLabel("Show")).toBeDisabled();
  });

  test("filter drawer: spinner, 30-day invoice rule with its alert, apply", async ({ page }) => {
    await page.getByRole("button", { name: "Open filters" }).click();
    await expect(page.getByRole("heading", { name: "FilterList" })).toBeVisible();
    await expect(page.getByLabel("Search Status")).toBeVisible();
    await expectAccessible(page);
    const invoice = page.getByRole("group", { name: "Invoice date" });
    await invoice.getByLabel("From").fill("2026-01-01");
    await invoice.getByLabel("To").fill("2026-02-15");
    await expect(page.getByRole("alert")).toHaveText("To Date must be within 30 days of From Date");
    await invoice.getByLabel("To").fill("2026-01-20");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByLabel("qc pending").check();
    await page.getByRole("button", { name: "Apply Filter" }).click();
    await expect(page.getByRole("heading", { name: "FilterList" })).toHaveCount(0);
    const applied = page.getByRole("list", { name: "Applied filters" });
    await expect(applied).toContainText("status: qc_pending");
    await expect(applied).toContainText("invoice_date: 2026-01-01 to 2026-01-20");
  });

  test("modal: Escape closes unless noExit; focus returns; confirmation", async ({ page }) => {
    const opener = page.getByRole("button", { name: "Open modal", exact: true });
    await opener.click();
    await expect(page.getByRole("dialog", { name: "A modal" })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(opener).toBeFocused();

    await page.getByRole("button", { name: "Open modal without Escape" }).click();
    const locked = page.getByRole("dialog", { name: "A modal without Escape" });
    // Escape reaches the dialog once focus has moved in; one it closes starts its exit (closing) at once.
    await expect(locked.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Escape");
    await nextFrames(page);
    const backdrop = page.locator(".modal-backdrop").filter({ has: locked });
    await expect(backdrop).toHaveAttribute("data-state", "open");
    await expect(locked).toBeVisible();
    await page.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("button", { name: "Open confirmation" }).click();
    await page
      .getByRole("dialog", { name: "Confirm upload" })
      .getByRole("button", { name: "Confirm" })
      .click();
    await expect(page.getByText("Confirmed 1 time(s)")).toBeVisible();
  });
});

test("catalogue controls and images work in the browser and pass the accessibility scan", async ({
  page,
}) => {
  await page.goto("/dev/widgets");
  await page.getByRole("button", { name: "SKU" }).click();
  await page.getByLabel("Search SKU").fill("MANGO");
  await page.getByRole("button", { name: "Mango Drink 1 L" }).click();
  await expect(page.getByText("Chosen SKU: mango-1l")).toBeVisible();
  await page.getByRole("switch", { name: "Toggle switch" }).click();
  await expect(page.getByRole("switch", { name: "Toggle switch" })).toHaveAttribute("aria-checked", "true");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Open gallery" }).click();
  const gallery = page.getByRole("dialog", { name: "Outlet images" });
  await expect(gallery.getByRole("img")).toHaveCount(3);
  await gallery.getByRole("button", { name: "Zoom in" }).click();
  await expect(gallery.getByText("460 px")).toBeVisible();
  await expectAccessible(page);
});
