import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, signIn } from "./support";

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

const SHOTS = process.env.E2E_SHOTS;
const shoot = async (page: Page, name: string) => {
  await page.screenshot({
    path: SHOTS ? `${SHOTS}/${name}.png` : test.info().outputPath(`${name}.png`),
    fullPage: true,
  });
};
/** One answer of the group, by its question's name. */
const answer = (page: Page, name: RegExp) =>
  page.locator("li.survey-question").filter({ has: page.getByLabel(name) });

test("qc.executive's Validate on RS000006: IFSC fills bank and branch, PAN names its holder, GST its names, the account says 'Validated Sucessfully !!'", async ({
  page,
}) => {
  await signIn(page, "qc.executive");
  await ownerAndKyc(page);

  const ifsc = answer(page, /^IFSC( \*)?$/);
  await ifsc.getByRole("button", { name: "Validate", exact: true }).click();
  await expect(page.getByText("Validated Successfully !!").first()).toBeVisible();
  await expect(ifsc.getByText("Verified", { exact: true })).toBeVisible();
  await expect(ifsc.locator("dt", { hasText: "Bank" })).toBeVisible();
  await expect(ifsc.locator("dt", { hasText: "Branch" })).toBeVisible();
  await expect(ifsc.getByRole("button", { name: "Validate", exact: true })).toHaveCount(0);

  const pan = answer(page, /^PAN( \*)?$/);
  await pan.getByRole("button", { name: "Validate", exact: true }).click();
  await expect(page.getByText("PAN number validated successfully.").first()).toBeVisible();
  await expect(pan.locator("dt", { hasText: "PAN holder" })).toBeVisible();
  await expect(pan.getByText("Verified", { exact: true })).toBeVisible();

  const gst = answer(page, /^GST number( \*)?$/);
  await gst.getByRole("button", { name: "Validate", exact: true }).click();
  await expect(page.getByText("GST number validated successfully.").first()).toBeVisible();
  await expect(gst.locator("dt", { hasText: "Trade name" })).toBeVisible();
  await expect(gst.locator("dt", { hasText: "Legal name" })).toBeVisible();
  await expect(gst.locator("dd", { hasText: "Regular" })).toBeVisible();

  const account = answer(page, /^Bank account number( \*)?$/);
  await account.getByRole("button", { name: "Validate", exact: true }).click();
  await expect(page.getByText("Validated Sucessfully !!").first()).toBeVisible();
  await expect(account.locator("dt", { hasText: "Account holder" })).toBeVisible();
  await shoot(page, "validate-passed");

  // The verified statuses are the server's: a fresh read shows them too.
  await ownerAndKyc(page);
  await expect(answer(page, /^PAN( \*)?$/).getByText("Verified", { exact: true })).toBeVisible();
  await expect(answer(page, /^IFSC( \*)?$/).locator("dt", { hasText: "Branch" })).toBeVisible();
});

test("a malformed PAN gets the §8 failure text, a refused account the error dialog, a provider timeout a clear message and no change", async ({
  page,
}) => {
  await signIn(page, "qc.executive");
  await ownerAndKyc(page);

  const pan = answer(page, /^PAN( \*)?$/);
  await pan.getByRole("textbox").fill("ABCDE12345");
  await pan.getByRole("button", { name: "Validate", exact: true }).click();
  await expect(pan.getByRole("alert")).toHaveText(
    "Invalid PAN number. The given PAN number is not in the proper format or invalid.",
  );

  const account = answer(page, /^Bank account number( \*)?$/);
  await account.getByRole("textbox").first().fill("000000000000");
  await account.getByRole("button", { name: "Validate", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Account verification failed" });
  await expect(dialog).toContainText("The bank did not find an account with this number at this IFSC.");
  await shoot(page, "validate-account-failed");
  await dialog.getByRole("button", { name: "Close" }).click();

  await pan.getByRole("textbox").fill("TIMEO0000T");
  await pan.getByRole("button", { name: "Validate", exact: true }).click();
  await expect(pan.getByRole("alert")).toHaveText(
    "The verification provider did not answer in time. Nothing was changed; try again.",
    { timeout: 20_000 },
  );
  await expect(pan.getByText("Not verified", { exact: true })).toBeVisible();
  const checks = await page.request.get("/api/verification/checks/?kind=pan&status=error");
  expect(((await checks.json()) as { results: { masked_input: string }[] }).results[0]?.masked_input).toBe(
    "******000T",
  );
});

test("qc.manager checks a PAN and a GST number on PAN verification and finds them in the recent checks", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page.goto("/dashboard/pan-verification");
  await expect(page.getByRole("heading", { name: "PAN verification", level: 1 })).toBeVisible();
  await page.getByRole("textbox", { name: "PAN number" }).fill("WVHPM2825B");
  await page.getByRole("button", { name: "Check" }).click();
  const result = page.getByRole("status").filter({ hasText: "PAN number validated successfully." });
  await expect(result).toBeVisible();
  await expect(result.locator("dt", { hasText: "PAN holder" })).toBeVisible();
  const table = page.getByRole("table", { name: "Recent checks" });
  await expect(table.getByRole("row").filter({ hasText: "******825B" }).first()).toContainText("Verified");

  await page.getByLabel("Number", { exact: true }).selectOption("gst");
  await page.getByRole("textbox", { name: "GST number" }).fill("27NOTFD0000N1Z9");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Invalid GST format. The given GST number is not in the proper format.",
  );
  await page.getByLabel("Check", { exact: true }).selectOption("gst");
  await page.getByLabel("Status").selectOption("failed");
  await expect(table.getByRole("row").filter({ hasText: "N1Z9" })).toHaveCount(1);
  await expect(table.getByRole("row").filter({ hasText: "Verified" })).toHaveCount(0);
  await shoot(page, "pan-verification");
  await expectAccessible(page);
});

test("qc.manager checks an account, and on the secure variant a holder whose name does not match", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page.goto("/dashboard/account-verification");
  await expect(page.getByRole("heading", { name: "Account verification", level: 1 })).toBeVisible();
  await page.getByLabel("Account number").fill("123456789012");
  await page.getByLabel("IFSC code").fill("SBIN0000001");
  await page.getByRole("button", { name: "Check" }).click();
  const result = page.getByRole("status").filter({ hasText: "Validated Sucessfully !!" });
  await expect(result.locator("dt", { hasText: "Account holder" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Recent checks" })).toContainText("********9012");
  await shoot(page, "account-verification");
  await expectAccessible(page);

  await page.goto("/dashboard/secure-account-verification");
  await expect(page.getByRole("heading", { name: "Secure account verification", level: 1 })).toBeVisible();
  await page.getByLabel("Account number").fill("123456789012");
  await page.getByLabel("IFSC code").fill("SBIN0000001");
  await expect(page.getByRole("button", { name: "Check" })).toBeDisabled();
  await page.getByLabel("Account holder's name").fill("Nobody In Particular");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "The account holder's name at the bank does not match the name on record.",
  );
  await shoot(page, "secure-account-verification");
  await expectAccessible(page);
});

test("Custom IFSC Update leads to IFSC change verification, where qc.manager adds a code with its reason", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page.goto("/dashboard/ifsc-verification");
  await page.getByRole("link", { name: "Custom IFSC Update" }).click();
  await expect(page).toHaveURL(/\/dashboard\/ifsc-change-verification$/);
  await expect(page.getByRole("heading", { name: "IFSC change verification", level: 1 })).toBeVisible();

  // The one IFSC rule: its length first, then its pattern (000 §5).
  await page.getByLabel("IFSC code").fill("HDFC00002");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByText("IFSC Code must be exactly 11 characters!")).toBeVisible();
  await page.getByLabel("IFSC code").fill("HDFC1000002");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(
    page.getByText("IFSC Code must be four letters, a zero and six letters or digits!"),
  ).toBeVisible();
  await page.getByLabel("IFSC code").fill("HDFC0000002");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.locator(".verification-result")).toContainText(
    "The IFSC master does not hold HDFC0000002.",
  );
  await page.getByLabel("Bank").fill("HDFC Bank");
  await page.getByLabel("Branch").fill("Sandoz House");
  await page.getByLabel("Reason for the change").fill("Branch missing from the master");
  await page.getByRole("button", { name: "Add to the master" }).click();
  await expect(page.locator(".verification-result")).toContainText(
    "The IFSC master holds HDFC0000002: HDFC Bank, Sandoz House.",
  );
  const latest = page.getByRole("table", { name: "Latest changes to the IFSC master" });
  await expect(latest.getByRole("row").filter({ hasText: "HDFC0000002" })).toContainText(
    "Branch missing from the master",
  );
  await shoot(page, "ifsc-change-verification");
  await expectAccessible(page);
  // IFSC Validate reads the master: the code now has its bank and branch.
  const check = await page.request.post("/api/verification/ifsc/", {
    data: { ifsc_code: "HDFC0000002" },
  });
  expect(await check.json()).toMatchObject({ bank: "HDFC Bank", branch: "Sandoz House" });
});

test("client.manager is told the verification screens are not theirs", async ({ page }) => {
  await signIn(page, "client.manager");
  await page.goto("/dashboard/pan-verification");
  await expect(page.getByRole("alert")).toHaveText(
    "Identity checks are for Retail Scan's QC, calling, payout team and project managers.",
  );
  await page.goto("/dashboard/ifsc-change-verification");
  await expect(page.getByRole("alert")).toHaveText(
    "The IFSC master is changed by those who upload IFSC bank codes.",
  );
});
