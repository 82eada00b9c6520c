/**
 * TDS and Form 16 in the browser (docs/tax.md): iftu.manager opens Payout and tax from the side
 * menu, reads the TDS per quarter and programme, exports a quarter's report to My Downloads, finds
 * a PAN with its amounts and tax and its stores, generates the Form 16 PDFs and the CSV; the
 * retailer's Form 16 shows the same tax as the staff figure for that PAN.
 */
import { expect, type Page, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { lastEndedFinancialYear } from "../../src/domain/tax/tax";
import {
  expectAccessible,
  freshPage,
  PHONE,
  shootWidths,
  signInAfresh as signIn,
  signInWithCode,
} from "./support";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, test.info().outputPath(), name);
/** The demo payouts cover the twelve months before today, so the last ended year always has tax. */
const YEAR = lastEndedFinancialYear(new Date().toISOString().slice(0, 10));

async function myDownload(page: Page, title: string) {
  await page.goto("/dashboard/my-downloads");
  const row = page.getByRole("row").filter({ hasText: title }).first();
  await expect(row).toContainText("Ready");
  return row;
}

test("iftu.manager reads the TDS per quarter and programme, exports a quarter's report, finds a PAN's amounts, tax and stores, and makes the Form 16 PDFs and CSV; the retailer's Form 16 shows the same tax", async ({
  page,
  browser,
}) => {
  await signIn(page, "iftu.manager");
  await page
    .getByRole("navigation", { name: "Dashboard areas" })
    .getByRole("link", { name: "Payout and tax" })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/tds$/);
  await expect(page.getByRole("heading", { name: "TDS", level: 1 })).toBeVisible();
  const quarters = page.getByRole("table", { name: `Quarters of ${YEAR}` });
  await expect(quarters).toContainText(`Q1 (Apr-Jun) ${YEAR}`);
  await expect(quarters).toContainText(`Q4 (Jan-Mar) ${YEAR}`);
  await expectAccessible(page);
  await shoot(page, "tds");
  // One programme: the quarters and the rows are that programme's only.
  const programme = page.getByRole("combobox", { name: "Programme" });
  const first = (await programme.locator("option").nth(1).textContent())!;
  await programme.selectOption(first);
  await expect(page.getByRole("table", { name: `Quarters of ${YEAR}: ${first}` })).toBeVisible();
  const rows = page.getByRole("table", { name: "Per quarter and programme" }).locator("tbody tr");
  await expect(rows.first()).toContainText(first);
  for (const text of await rows.allTextContents()) expect(text).toContain(first);

  await page
    .getByRole("navigation", { name: "Payout and tax" })
    .getByRole("link", { name: "TDS reports" })
    .click();
  await page.getByRole("button", { name: "Export Q4 report" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Export started." })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "tds-reports");
  const report = await myDownload(page, `TDS report Q4 (Jan-Mar) ${YEAR}`);
  await expect(report.getByRole("link", { name: "Download" })).toBeVisible();

  // The PAN of RS000001, which RS000002 shares (docs/demo-data.md).
  await page.goto(`/dashboard/form16/pan-list?financial_year=${YEAR}`);
  await expect(page.getByRole("heading", { name: "Form 16 PAN list" })).toBeVisible();
  await page.getByRole("searchbox").fill("RS000001");
  await page.getByRole("searchbox").press("Enter");
  const panRow = page.getByRole("table", { name: `PANs with tax deducted in ${YEAR}` }).locator("tbody tr");
  await expect(panRow).toHaveCount(1);
  // The loading row is one row too: wait for the PAN's own link (the row's first; a PDF link follows
  // once its Form 16 is made) before reading the cells.
  await expect(panRow.getByRole("link").first()).toBeVisible();
  const cells = await panRow.getByRole("cell").allTextContents();
  const [pan, , outlets, amount, tax] = cells.map((c) => c.trim());
  expect(outlets).toBe("2");
  expect(amount).toMatch(/^₹[\d,]+\.\d{2}$/);
  expect(tax).toMatch(/^₹[\d,]+\.\d{2}$/);
  await expectAccessible(page);
  await shoot(page, "pan-list");
  await panRow.getByRole("link", { name: pan! }).click();
  await expect(page).toHaveURL(/\/dashboard\/form16\/pan-list\/store-detail\?pan=/);
  await expect(page.getByTestId("figure-tax")).toHaveText(tax!);
  const stores = page.getByRole("table", { name: "Stores" });
  await expect(stores).toContainText("RS000001");
  await expect(stores).toContainText("RS000002");
  await expectAccessible(page);
  await shoot(page, "store-detail");

  await page.goto(`/dashboard/form-16-pdf?financial_year=${YEAR}`);
  await page.getByRole("button", { name: "Generate Form 16 PDFs" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The Form 16 PDFs are ready." })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole("searchbox").fill(pan!);
  await page.getByRole("searchbox").press("Enter");
  const pdfRows = page.getByRole("table", { name: `Form 16 PDFs of ${YEAR}` }).locator("tbody tr");
  await expect(pdfRows).toHaveCount(1);
  const fileLink = pdfRows.getByRole("link", { name: "PDF", exact: true });
  await expect(fileLink).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "form16-pdf");
  const staffPdf = await page.request.get((await fileLink.getAttribute("href"))!);
  expect((await PDFDocument.load(await staffPdf.body())).getTitle()).toBe(`Form 16 ${YEAR}`);

  await page.goto(`/dashboard/form-16-csv?financial_year=${YEAR}`);
  await page.getByRole("button", { name: "Export CSV" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Export started." })).toBeVisible();
  await shoot(page, "form16-csv");
  const csv = await myDownload(page, `Form 16 summary ${YEAR}`);
  const csvText = await (
    await page.request.get((await csv.getByRole("link", { name: "Download" }).getAttribute("href"))!)
  ).text();
  // The file starts with a byte order mark, so spreadsheets read it as UTF-8.
  expect(csvText.replace(/^\uFEFF/, "").split(/\r?\n/)[0]).toBe(
    "financial_year,pan,deductee,outlets,amount_paid,tds_deducted,q1_tds,q2_tds,q3_tds,q4_tds,form16",
  );
  expect(csvText).toContain(`${YEAR},${pan},`);

  // The retailer of RS000001 reads the same tax on its own Form 16.
  const retailer = await freshPage(browser, PHONE);
  await signInWithCode(retailer, "/retailers/login", "9100000001");
  // Signed in once the landing page offers its links; going on earlier would find the sign-in page.
  await expect(retailer.getByRole("link", { name: "My outlets" })).toBeVisible();
  await retailer.goto("/retailers/form16?rsid=RS000001");
  const card = retailer.locator(".mobile-card").filter({ hasText: `Financial year ${YEAR}` });
  await expect(card.locator("dd").nth(1)).toHaveText(tax!);
  await retailer.screenshot({ path: test.info().outputPath("retailer-form16-same-tax.png"), fullPage: true });
  const own = await retailer.request.get(`/api/retailer/outlets/RS000001/form16/${YEAR}/pdf/`);
  expect(Buffer.compare(await own.body(), await staffPdf.body())).toBe(0);
  await retailer.request.post("/api/auth/logout/", { data: {} });
});

test("a client manager is offered no Payout and tax, and its pages refuse the figures", async ({ page }) => {
  await signIn(page, "client.manager");
  await expect(
    page.getByRole("navigation", { name: "Dashboard areas" }).getByRole("link", { name: "Payout and tax" }),
  ).toHaveCount(0);
  expect((await page.request.get("/api/tax/tds/")).status()).toBe(403);
});
