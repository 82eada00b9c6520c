import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, openCollectedBills, shootWidths, signIn } from "./support";

// The invoice and SKU data editing slider (002 §2.10, §5; 001 §4.8, §5.4; docs/invoices.md) behind
// Collected Bills' New SKU Data tab, on RS000137 (acme-mi-main, waiting for QC): two complete
// invoices with SKU rows of every field type, the first with an add-on row and images of every kind.
// Saving them keeps every list's pending counts as they were.
const RSID = "RS000137";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, test.info().outputPath(), name);

async function openSlider(page: Page) {
  const bills = await openCollectedBills(page, RSID);
  await bills.getByRole("tab", { name: "New SKU Data" }).click();
  const slider = page.getByRole("region", { name: "Invoice and SKU data" });
  await expect(slider.getByText(/^Invoice 1 of 2/)).toBeVisible();
  return slider;
}

/** Every call that writes SKU data: the slider's checks and local removals make none. */
function skuWrites(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (r) => {
    if (r.method() !== "GET" && /\/api\/(invoices\/\d+\/sku-data|invoice-sku-rows)\//.test(r.url()))
      calls.push(`${r.method()} ${r.url()}`);
  });
  return calls;
}

test("QC edits an invoice's SKU rows: every §5 problem at once, rows added and deleted, Save to the end, CSV", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  const slider = await openSlider(page);
  const writes = skuWrites(page);
  const skuName = (n: number) => slider.getByLabel(`SKU rows ${n} SKU Name`, { exact: true });
  const cell = (n: number, field: string) => slider.getByLabel(`SKU rows ${n} ${field}`, { exact: true });

  // The first invoice: its SKU rows, its add-on row and images of every kind.
  await expect(skuName(1)).not.toHaveValue("");
  await expect(slider.getByLabel("Add-on SKU rows 1 Add-on name", { exact: true })).toHaveValue(
    "Fresh Fizz lemon soda 200 ml",
  );
  await expect(slider.getByRole("region", { name: "SKU Images", exact: true }).getByRole("img")).toHaveCount(
    2,
  );
  await expectAccessible(page);
  await shoot(page, "sku-slider");
  // The second has no image of the SKU kinds.
  await slider.getByRole("button", { name: "Next ›" }).click();
  await expect(slider.getByText(/^Invoice 2 of 2/)).toBeVisible();
  await expect(slider.getByText("No SKU Images")).toBeVisible();
  await expect(slider.getByText("No Add On SKU Images")).toBeVisible();
  await slider.getByRole("button", { name: "‹ Previous" }).click();
  await expect(slider.getByText(/^Invoice 1 of 2/)).toBeVisible();
  const firstName = await skuName(1).inputValue();
  const rows = await slider.getByRole("region", { name: "SKU rows", exact: true }).getByRole("row").count();

  // 001 §5.4: pasted text keeps its first token; §5: every problem shows at once, nothing is sent.
  await cell(1, "Quantity").focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData("text", "12.5 kg");
    document.activeElement!.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true }),
    );
  });
  await expect(cell(1, "Quantity")).toHaveValue("12.5");
  await skuName(1).fill("");
  await slider.getByRole("button", { name: "Add New Sku" }).click();
  const added = rows; // the header row counts, so the new row's number is the old row count
  await skuName(added).fill("Mystery cola");
  await cell(added, "Quantity").fill("900");
  await slider.getByRole("button", { name: "Save" }).click();
  await expect(slider.getByText("SKU Name cannot be empty.")).toBeVisible();
  await expect(slider.getByText("Quantity must be a whole number")).toBeVisible();
  await expect(slider.getByText("Mystery cola is not in the sub-project's SKU list")).toBeVisible();
  await expect(slider.getByText("Quantity must be at most 500")).toBeVisible();
  await shoot(page, "sku-slider-problems");
  // The new row goes without a call; Reset drops the edits.
  await slider.getByRole("button", { name: `SKU rows ${added} delete`, exact: true }).click();
  await expect(skuName(added)).toHaveCount(0);
  await slider.getByRole("button", { name: "Reset" }).click();
  await expect(skuName(1)).toHaveValue(firstName);
  expect(writes).toEqual([]);

  // A saved row: deleted only after the question, and gone after a reload.
  await slider.getByRole("button", { name: "SKU rows 1 delete", exact: true }).click();
  const question = page.getByRole("dialog", { name: "Delete row" });
  await expect(question.getByText("Are you sure you want to delete this row?")).toBeVisible();
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(skuName(1)).toHaveValue(firstName);
  await slider.getByRole("button", { name: "SKU rows 1 delete", exact: true }).click();
  await question.getByRole("button", { name: "Delete" }).click();
  await expect(slider.getByRole("region", { name: "SKU rows", exact: true }).getByRole("row")).toHaveCount(
    rows - 1,
  );
  expect(writes.filter((w) => w.startsWith("DELETE"))).toHaveLength(1);

  // A changed quantity is saved: the next invoice opens; the last completes the slider.
  const reloaded = await openSlider(page);
  await expect(reloaded.getByRole("region", { name: "SKU rows", exact: true }).getByRole("row")).toHaveCount(
    rows - 1,
  );
  const before = await reloaded.getByLabel("SKU rows 1 Quantity", { exact: true }).inputValue();
  const name = await reloaded.getByLabel("SKU rows 1 SKU Name", { exact: true }).inputValue();
  const after = before === "42" ? "43" : "42";
  await reloaded.getByLabel("SKU rows 1 Quantity", { exact: true }).fill(after);
  await reloaded.getByRole("button", { name: "Save" }).click();
  await expect(reloaded.getByText(/^Invoice 2 of 2/)).toBeVisible();
  await reloaded.getByRole("button", { name: "Save" }).click();
  await expect(reloaded.getByText("All invoices of this outlet are saved.")).toBeVisible();
  // Previous reopens the first invoice, its rows read again with the saved quantity.
  await reloaded.getByRole("button", { name: "‹ Previous" }).click();
  await expect(reloaded.getByLabel("SKU rows 1 Quantity", { exact: true })).toHaveValue(after);

  // Export CSV of the open invoice's rows: the job in My Downloads, its file a link that opens in a new tab.
  await reloaded.getByRole("button", { name: "Export SKU rows (CSV)" }).click();
  const link = reloaded.getByRole("link", { name: "Open the CSV" });
  await expect(link).toBeVisible({ timeout: 15_000 });
  await expect(link).toHaveAttribute("target", "_blank");
  const file = await page.request.get((await link.getAttribute("href"))!);
  expect(file.headers()["content-type"]).toContain("text/csv");
  const lines = (await file.text()).split("\r\n");
  expect(lines[0]).toContain("invoice_no,invoice_date,sku_name,sku_code");
  // The saved quantity follows to the export: the changed row's line carries it.
  expect(
    lines.some((l) => l.startsWith("INV-000137-1,") && l.includes(`,${name},`) && l.includes(`,${after},`)),
  ).toBe(true);
  await shoot(page, "sku-slider-complete");

  // The change is a line of QC Edit History: which invoice, which row, which field, old → new.
  await reloaded.getByRole("button", { name: "Close" }).click();
  await page.getByRole("button", { name: "QC Edit History" }).click();
  await expect(
    page
      .getByRole("list", { name: "QC Edit History" })
      .getByText(`Invoice INV-000137-1, SKU ${name}: Quantity changed from ${before} to ${after}`),
  ).toBeVisible();
});

// The banner while a retailer request is pending is checked on RS000009 in collected-bills.spec.ts.
test("a client's manager reads the SKU data and changes nothing", async ({ page }) => {
  await signIn(page, "client.manager");
  const slider = await openSlider(page);
  await expect(slider.getByLabel("SKU rows 1 SKU Name", { exact: true })).toBeDisabled();
  await expect(slider.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(slider.getByRole("button", { name: "Add New Sku" })).toHaveCount(0);
  await shoot(page, "sku-slider-client");
});
