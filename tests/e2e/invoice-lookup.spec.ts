import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, openCollectedBills, shootWidths, signIn } from "./support";

// A GST or PAN invoice header's lookup in Survey Details' Collected Bills (docs/invoices.md "Header
// lookup"), as qc.manager on an acme-mi-main outlet whose invoices QC may edit now (RS000009 in the
// demo data, unless a retailer request left pending by another spec holds it; then the next one).
// The demo KYC provider answers every well-formed PAN but those ending NOTFD0000N.
const PAN_OK = "PAN number validated successfully.";
const PAN_BAD = "Invalid PAN number. The given PAN number is not in the proper format or invalid.";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

type Header = { invoice_header_type: string; invoice_header_name: string };
type Invoices = {
  is_edit: boolean;
  invoices: { invoice_no: string; simplifiedinvoiceheaderanswer: Header[] }[];
};

/** The first outlet with collected bills whose invoices the caller may edit now, and an invoice with a PAN header. */
async function editableOutlet(page: Page): Promise<{ rsid: string; invoice: string; pan: string }> {
  const rows = (
    (await (
      await page.request.get("/api/collected-bills/?sub_project=acme-mi-main&page_size=50")
    ).json()) as {
      results: { rsid: string }[];
    }
  ).results;
  for (const { rsid } of [...rows].sort((a, b) => a.rsid.localeCompare(b.rsid))) {
    const outlet = (await (await page.request.get(`/api/outlets/${rsid}/`)).json()) as {
      workflow_object: { id: number };
    };
    const data = (await (
      await page.request.get(`/api/invoice-data/?workflow_object=${outlet.workflow_object.id}&no-pagination`)
    ).json()) as Invoices;
    if (!data.is_edit) continue;
    for (const invoice of data.invoices) {
      const pan = invoice.simplifiedinvoiceheaderanswer.find((h) => h.invoice_header_type === "pan_number");
      if (pan) return { rsid, invoice: invoice.invoice_no, pan: pan.invoice_header_name };
    }
  }
  throw new Error("no acme-mi-main outlet whose invoices qc.manager may edit now");
}

// Both widths, waiting for the layout to settle after each resize.
const shoot = (page: Page, name: string) => shootWidths(page, test.info().outputPath(), name);

test("qc.manager verifies an invoice's PAN header: a wrong format, a refusal, then the holder's name", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  const { rsid, invoice, pan } = await editableOutlet(page);
  const bills = await openCollectedBills(page, rsid);
  await bills.getByRole("tab", { name: invoice }).click();
  const label = new RegExp(`^${pan}( \\*)?$`);
  const input = bills.getByLabel(label);
  const field = bills.locator(".invoice-header-field").filter({ has: page.getByLabel(label) });
  const verify = bills.getByRole("button", { name: `Verify ${pan}` });

  await input.fill("ABCDE12");
  await verify.click();
  await expect(field.getByRole("status")).toHaveText("Invalid PAN Number.");
  await expect(field.getByText("Not verified")).toBeVisible();

  await input.fill("NOTFD0000N");
  await verify.click();
  await expect(field.getByRole("status")).toHaveText(PAN_BAD);
  await expect(field.getByText("Not verified")).toBeVisible();

  await input.fill("PQRST6789K");
  await verify.click();
  await expect(field.getByRole("status")).toHaveText(PAN_OK);
  await expect(field.getByText("Verified", { exact: true })).toBeVisible();
  await expect(field.getByText(/^PAN holder: \S/)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "invoice-lookup-verified");

  // Changing the value clears the name and the mark; the server kept the value it verified.
  await input.fill("PQRST6789L");
  await expect(field.getByText("Not verified")).toBeVisible();
  await expect(field.getByText(/^PAN holder:/)).toHaveCount(0);
  const again = await openCollectedBills(page, rsid);
  await again.getByRole("tab", { name: invoice }).click();
  await expect(again.getByLabel(new RegExp(`^${pan}( \\*)?$`))).toHaveValue("PQRST6789K");
  await expect(
    again
      .locator(".invoice-header-field")
      .filter({ hasText: "PAN holder:" })
      .getByText("Verified", { exact: true }),
  ).toBeVisible();
});
