import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  freshPage,
  openCollectedBills,
  PHONE,
  shootWidths,
  signIn,
  signInAfresh,
  signInWithCode,
} from "./support";

// Collected Bills in outlet review (docs/invoices.md, docs/demo-data.md), outlets of acme-mi-main (an
// mi project with add_data_on_fly). RS000089 (WIP Client Accepted, so read only) has three invoices.
// RS000009 waits for QC: INV-000009-1 complete, paid on credit, its Distributor GSTIN verified with
// its names and images of every kind (one without a name); INV-000009-2 pending with its bill photo.
// Its retailer is 9100000009.
const SHOWN = "RS000089";
const RSID = "RS000009";
const PENDING = "Please complete all pending retailer edits before proceeding.";
const SAVED = "Invoice Header saved  Successfully.";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
/** §2.2: tabs up to the last saved index green, the active one blue, the rest grey (outlets.css). */
const COLOUR = { green: "rgb(30, 107, 52)", blue: "rgb(31, 95, 191)", grey: "rgb(228, 231, 235)" };

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

// Both widths, waiting for the layout to settle after each resize.
const shoot = (page: Page, name: string) => shootWidths(page, test.info().outputPath(), name);

const header = (bills: Locator, name: string) => bills.getByLabel(new RegExp(`^${name}( \\*)?$`));
/** The invoice tabs: the New SKU Data tab after them opens the SKU data slider (sku-slider.spec.ts). */
const invoiceTabs = (bills: Locator) => bills.getByRole("tab").filter({ hasNotText: "New SKU Data" });
const tabColours = (bills: Locator) =>
  invoiceTabs(bills).evaluateAll((tabs) => tabs.map((t) => getComputedStyle(t).backgroundColor));
const workflowObjectOf = async (page: Page) =>
  ((await (await page.request.get(`/api/outlets/${RSID}/`)).json()) as { workflow_object: { id: number } })
    .workflow_object.id;
const invoicesOf = async (page: Page, wo: number) =>
  (
    (await (await page.request.get(`/api/invoice-data/?workflow_object=${wo}&no-pagination`)).json()) as {
      invoices: { id: number; invoice_no: string; invoice_date: string | null }[];
    }
  ).invoices;

test("qc.manager finds Collected Bills in RS000089's slider, a tab per invoice in the spec's colours", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  const bills = await openCollectedBills(page, SHOWN);
  await expect(invoiceTabs(bills)).toHaveText(["INV-000089-1", "INV-000089-2", "INV-000089-3"]);
  expect(await tabColours(bills)).toEqual([COLOUR.blue, COLOUR.grey, COLOUR.grey]);
  await expect(page.getByRole("button", { name: /^Collected Bills/ })).toHaveAttribute(
    "aria-current",
    "step",
  );
  // WIP Client Accepted: QC reads the invoices here.
  await expect(header(bills, "Payment mode")).toBeDisabled();
  await bills.getByRole("tab", { name: "INV-000089-3" }).click();
  expect(await tabColours(bills)).toEqual([COLOUR.grey, COLOUR.grey, COLOUR.blue]);
  await expectAccessible(page);
  await shoot(page, "bills-rs000089");
});

test("qc.manager checks an invoice's headers in Collected Bills, saves them and finds the change after a reload", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  const bills = await openCollectedBills(page, RSID);
  await expect(invoiceTabs(bills)).toHaveText(["INV-000009-1", "INV-000009-2"]);
  expect(await tabColours(bills)).toEqual([COLOUR.blue, COLOUR.grey]);
  await expectAccessible(page);
  await shoot(page, "bills-opened");

  // Show-logic: the distributor's GSTIN is asked only when the invoice was paid on credit.
  const gstin = header(bills, "Distributor GSTIN");
  await expect(gstin).toHaveValue("27AAPFU0939F1ZV");
  await header(bills, "Payment mode").fill("Cash");
  await expect(gstin).toHaveCount(0);
  await header(bills, "Payment mode").fill("Credit");
  await expect(gstin).toBeVisible();

  // The verified GSTIN carries its names; changing it clears them and its verified mark (§4.8).
  const gstField = bills.locator(".invoice-header-field").filter({ hasText: "Distributor GSTIN" });
  await expect(gstField.getByText("Verified", { exact: true })).toBeVisible();
  await expect(gstField.getByText("Legal name: Sharma Distributors Private Limited")).toBeVisible();
  await gstin.fill("27AAPFU0939F1Z");
  await expect(gstField.getByText("Not verified")).toBeVisible();
  await expect(gstField.getByText(/Legal name:|Trade name:|Registration status:/)).toHaveCount(0);

  // Every §5.3 message at once, each under its header.
  await header(bills, "Invoice number").fill("");
  await bills.getByRole("button", { name: "Save", exact: true }).click();
  await expect(gstField.getByText("Invalid GST Number.", { exact: true })).toBeVisible();
  await expect(bills.getByText("Invoice number cannot be empty.", { exact: true })).toBeVisible();
  await shoot(page, "bills-messages");

  await header(bills, "Invoice number").fill("INV-000009-1R");
  await gstin.fill("29ABCDE1234F1Z5");
  await bills.getByRole("button", { name: "Save", exact: true }).click();
  const note = page.getByRole("status").filter({ hasText: "Invoice Header saved" });
  await expect(note).toBeVisible();
  expect(await note.textContent()).toContain(SAVED);
  // Saved: the first tab turns green and the second opens.
  await expect.poll(() => tabColours(bills)).toEqual([COLOUR.green, COLOUR.blue]);
  await expect(bills.getByRole("tab", { name: "INV-000009-2" })).toHaveAttribute("aria-selected", "true");

  // Follow the value: after a reload the first invoice shows what was saved, unverified.
  const again = await openCollectedBills(page, RSID);
  await expect(header(again, "Invoice number")).toHaveValue("INV-000009-1R");
  await expect(header(again, "Distributor GSTIN")).toHaveValue("29ABCDE1234F1Z5");
  await expect(
    again.locator(".invoice-header-field").filter({ hasText: "Distributor GSTIN" }).getByText("Not verified"),
  ).toBeVisible();
  await page.getByRole("button", { name: "QC Edit History" }).click();
  const history = page.getByRole("list", { name: "QC Edit History" });
  await expect(
    history.getByText(
      "Invoice INV-000009-1: Distributor GSTIN changed from 27AAPFU0939F1ZV to 29ABCDE1234F1Z5",
    ),
  ).toBeVisible();
  await expect(
    history.getByText("Invoice INV-000009-1: Invoice number changed from INV-000009-1 to INV-000009-1R"),
  ).toBeVisible();

  // The pending invoice is saved: the value follows to the group's mark, the outlet and both lists.
  const bills2 = await openCollectedBills(page, RSID);
  await bills2.getByRole("tab", { name: /^INV-000009-2/ }).click();
  await header(bills2, "Invoice number").fill("INV-000009-2");
  await header(bills2, "Invoice date").fill("2026-11-20");
  await header(bills2, "Payment mode").fill("Cash");
  await header(bills2, "Invoice amount").fill("1200");
  await bills2.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Invoice Header saved" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Collected Bills/ })).toContainText("Complete");
  const outlet = (await (await page.request.get(`/api/outlets/${RSID}/`)).json()) as {
    total_no_of_invoice_pending: number;
  };
  expect(outlet.total_no_of_invoice_pending).toBe(0);
  await page.goto("/dashboard/collected-bills-list");
  await page.getByRole("searchbox").fill(RSID);
  await expect(page.getByText("Showing 1 - 1 of 1 Record(s)")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: RSID });
  // Its total and pending counts, then the images link.
  await expect(row.getByRole("cell").nth(5)).toHaveText("2");
  await expect(row.getByRole("cell").nth(6)).toHaveText("0");
  await page.goto("/dashboard/invoices");
  await page.getByRole("searchbox").fill(RSID);
  await expect(page.getByRole("row").filter({ hasText: "INV-000009-2" })).toContainText("Complete");
});

test("the number and date dialog refuses an empty number and a late date, and restores the old number when the server fails", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  const bills = await openCollectedBills(page, RSID);
  await bills.getByRole("tab", { name: "INV-000009-2" }).click();
  await bills.getByRole("button", { name: "Edit invoice number and date" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Invoice Header" });
  const number = dialog.getByLabel("Invoice Number");
  const date = dialog.getByLabel("Invoice Date");
  await expect(number).toHaveValue("INV-000009-2");

  await number.fill("");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Invoice Number cannot be empty.")).toBeVisible();
  await number.fill("INV-000009-2B");
  await date.fill("2099-01-01");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText(/^Invoice Date cannot be after \d{4}-\d{2}-\d{2}\.$/)).toBeVisible();
  await shoot(page, "number-dialog-late-date");

  // The server fails: the error shows and the old number comes back (002 §8).
  const old = await date.inputValue();
  await date.fill("2026-11-01");
  await page.route("**/api/invoices/*/", (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" })
      : route.fallback(),
  );
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "The invoice number and date could not be saved. Try again.",
  );
  await expect(number).toHaveValue("INV-000009-2");
  expect(old).not.toBe("");
  await page.unroute("**/api/invoices/*/");

  await number.fill("INV-000009-2B");
  await date.fill("2026-11-01");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Invoice number and date saved successfully.")).toBeVisible();
  await expect(bills.getByRole("tab", { name: "INV-000009-2B" })).toBeVisible();
  const again = await openCollectedBills(page, RSID);
  await expect(again.getByRole("tab", { name: "INV-000009-2B" })).toBeVisible();
  await page.getByRole("button", { name: "QC Edit History" }).click();
  await expect(
    page
      .getByRole("list", { name: "QC Edit History" })
      .getByText("Invoice number changed from INV-000009-2 to INV-000009-2B"),
  ).toBeVisible();
});

test("Add Invoice adds one invoice however often Save is clicked", async ({ page }) => {
  await signIn(page, "qc.manager");
  const wo = await workflowObjectOf(page);
  const before = (await invoicesOf(page, wo)).length;
  const bills = await openCollectedBills(page, RSID);
  await bills.getByRole("button", { name: "Add Invoice" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Invoice" });
  await dialog.getByRole("button", { name: "Add" }).click();
  await expect(dialog.getByText("Invoice Number cannot be empty.")).toBeVisible();
  await dialog.getByLabel("Invoice Number").fill("INV-000009-9");
  await dialog.getByLabel("Invoice Date").fill("2026-11-02");
  await dialog.getByRole("button", { name: "Add" }).dblclick();
  await expect(page.getByText("Invoice INV-000009-9 added.")).toBeVisible();
  await expect(bills.getByRole("tab", { name: "INV-000009-9" })).toHaveAttribute("aria-selected", "true");
  const after = await invoicesOf(page, wo);
  expect(after.filter((i) => i.invoice_no === "INV-000009-9")).toHaveLength(1);
  expect(after).toHaveLength(before + 1);
  await shoot(page, "invoice-added");
});

test("the image icon opens the viewer in a new tab: a section per kind and the empty texts", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  const wo = await workflowObjectOf(page);
  const bills = await openCollectedBills(page, RSID);
  const [viewer] = await Promise.all([
    page.context().waitForEvent("page"),
    bills.getByRole("link", { name: "Invoice images" }).click(),
  ]);
  await viewer.waitForLoadState();
  expect(new URL(viewer.url()).pathname).toBe(`/dashboard/collected-bill-image-viewer/${wo}`);
  await expect(viewer.getByRole("heading", { name: "Collected bill images" })).toBeVisible();
  const first = viewer.getByRole("region", { name: /^Invoice INV-000009-1/ });
  for (const title of ["Invoice Images", "SKU Images", "Add On SKU Images"])
    await expect(first.getByRole("heading", { name: title, level: 3, exact: true })).toBeVisible();
  await expect(first.getByRole("img", { name: "Cola 250 ml shelf" })).toBeVisible();
  await expect(first.getByText("No Name Available", { exact: true })).toBeVisible();
  const second = viewer.getByRole("region", { name: /^Invoice INV-000009-2/ });
  await expect(second.getByText("No SKU Images", { exact: true })).toBeVisible();
  await expect(second.getByText("No Add On SKU Images", { exact: true })).toBeVisible();
  // The invoice added in the test before has no image at all.
  await expect(
    viewer
      .getByRole("region", { name: "Invoice INV-000009-9" })
      .getByText("No images found for the invoice", {
        exact: true,
      }),
  ).toBeVisible();
  await expectAccessible(viewer);
  await shoot(viewer, "image-viewer");

  // An invoice whose bill photo is missing but whose SKU was photographed: "No Invoice Images".
  await viewer.route("**/api/invoice-data/**", async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as {
      invoices: { images: Record<"invoice" | "sku" | "add_on_sku", unknown[]> }[];
    };
    const second = body.invoices[1]!;
    second.images = { invoice: [], sku: second.images.invoice, add_on_sku: [] };
    await route.fulfill({ response: answer, json: body });
  });
  await viewer.reload();
  await expect(
    viewer
      .getByRole("region", { name: /^Invoice INV-000009-2/ })
      .getByText("No Invoice Images", { exact: true }),
  ).toBeVisible();
  await viewer.close();
});

test("client.manager reads Collected Bills but cannot edit them", async ({ page }) => {
  await signIn(page, "client.manager");
  const bills = await openCollectedBills(page, SHOWN);
  await expect(invoiceTabs(bills)).toHaveCount(3);
  await expect(header(bills, "Payment mode")).toBeDisabled();
  await expect(bills.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
  await expect(bills.getByRole("button", { name: "Edit invoice number and date" })).toHaveCount(0);
  await expect(bills.getByRole("button", { name: "Add Invoice" })).toHaveCount(0);
  await shoot(page, "bills-client");
});

test("with a retailer request pending every invoice save is refused with the banner", async ({
  browser,
  page,
}) => {
  // The outlet's retailer asks to change the account holder's name: a request waits for QC.
  const retailer = await freshPage(browser, PHONE);
  await signInWithCode(retailer, "/retailers/login", "9100000009");
  await expect(retailer).toHaveURL(/\/retailers\/success$/);
  await retailer.goto(`/retailers/outlets-list/outlet-information?rsid=${RSID}`);
  await retailer.getByRole("link", { name: "Edit details" }).click();
  await retailer.getByLabel(/^Account Holder Name/).fill("Invoice Check Traders");
  await retailer
    .getByLabel("Bank Proof")
    .setInputFiles({ name: "cheque.png", mimeType: "image/png", buffer: PNG });
  await expect(retailer.getByAltText("Bank Proof 1")).toBeVisible();
  await retailer.getByRole("button", { name: "Submit" }).click();
  await expect(retailer).toHaveURL(/outlet-information\?rsid=RS000009$/);
  await retailer.request.post("/api/auth/logout/", { data: {} });
  await retailer.close();

  await signInAfresh(page, "qc.manager");
  const bills = await openCollectedBills(page, RSID);
  // The header save is refused on the screen.
  await bills.getByRole("tab", { name: /^INV-000009-2/ }).click();
  await bills.getByRole("button", { name: "Save", exact: true }).click();
  await expect(bills.getByRole("alert")).toHaveText(PENDING);
  await shoot(page, "bills-pending");
  // The number and date: the server refuses it with the banner's words and the old number stays.
  await bills.getByRole("button", { name: "Edit invoice number and date" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Invoice Header" });
  await dialog.getByLabel("Invoice Number").fill("INV-000009-2P");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(PENDING);
  await expect(dialog.getByLabel("Invoice Number")).toHaveValue("INV-000009-2B");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  // Add Invoice: refused the same way.
  await bills.getByRole("button", { name: "Add Invoice" }).click();
  const add = page.getByRole("dialog", { name: "Add Invoice" });
  await add.getByLabel("Invoice Number").fill("INV-000009-10");
  await add.getByRole("button", { name: "Add" }).click();
  await expect(add.getByRole("alert")).toHaveText(PENDING);
  await add.getByRole("button", { name: "Cancel" }).click();
  // The SKU data editing slider is blocked with the same banner (002 §2.10).
  await bills.getByRole("tab", { name: "New SKU Data" }).click();
  const slider = page.getByRole("region", { name: "Invoice and SKU data" });
  await expect(slider.getByRole("alert")).toHaveText(PENDING);
  await slider.getByRole("button", { name: "Close" }).click();

  // QC rejects the request, so the outlet is left as the demo data has it for the specs after.
  const wo = await workflowObjectOf(page);
  const requests = (await (
    await page.request.get(`/api/retailer-requests/?workflow_object=${wo}`)
  ).json()) as { retailer_master_request_id: number; retailer_master_status: string }[];
  for (const r of requests.filter((r) => r.retailer_master_status === "pending")) {
    const decided = await page.request.post("/api/retailer-requests/decision/", {
      data: {
        request_id: r.retailer_master_request_id,
        status: "rejected",
        rejection_reason: "duplicate_request",
      },
    });
    expect(decided.status(), await decided.text()).toBe(200);
  }
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/retailer-requests/pending/?workflow_object=${wo}`)).json())
          .pending_request_exist,
    )
    .toBe(false);
});
