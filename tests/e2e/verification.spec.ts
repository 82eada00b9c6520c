import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support";

// Identity verification (docs/verification.md): Validate beside the verifiable answers of RS000006.
const view = (rsid: string) => `/dashboard/list-of-outlets/view/${rsid}`;

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

async function ownerAndKyc(page: Page) {
  await page.goto(view("RS000006"));
  await page.getByRole("button", { name: /Owner and KYC/ }).click();
  await expect(page.getByRole("heading", { name: "Owner and KYC", level: 3 })).toBeVisible();
}

test("qc.executive validates the IFSC and a malformed PAN on RS000006; client.manager sees no Validate", async ({
  page,
}) => {
  await signIn(page, "qc.executive");
  await ownerAndKyc(page);
  const validate = page.getByRole("button", { name: "Validate", exact: true });
  await expect(validate.first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("validate-buttons.png"), fullPage: true });
  await page.getByLabel(/^PAN( \*)?$/).fill("ABCDE1234");
  await expect(page.getByText("Not verified").first()).toBeVisible();
  await page.request.post("/api/auth/logout/", { data: {} });

  await signIn(page, "client.manager");
  await ownerAndKyc(page);
  await expect(page.getByRole("button", { name: "Validate", exact: true })).toHaveCount(0);
});
