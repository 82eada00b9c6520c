import { expect, type Page, test } from "@playwright/test";
import { SESSION_CONFLICT_DETAIL } from "../../server/auth/loginAnswer";
import { INVALID_OTP } from "../../src/domain/auth/otpLogin";
import { MFA_PASSWORD_TITLE, OTP_SENT_TITLE, TWO_STEP_CODE_SPENT } from "../../src/domain/auth/twoStepSignIn";
import {
  codeIn,
  DEMO_PASSWORD,
  DESKTOP,
  expectAccessible,
  fillLogin,
  freshPage,
  outboxMark,
  outboxMessageAfter,
  PHONE,
  signInAfresh,
} from "./support";

/** The demo staff account with two-step sign-in on (docs/demo-data.md) and its mobile. */
const USER = "secure.admin";
const MOBILE = "+919820150462";
const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

/** The password on /login; the code step opens. Gives the outbox mark taken before the code was sent. */
async function passwordStep(page: Page, username = USER): Promise<number> {
  await page.goto("/login");
  const mark = await outboxMark(page);
  await fillLogin(page, username, DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.getByRole("heading", { name: OTP_SENT_TITLE })).toBeVisible();
  return mark;
}

async function verify(page: Page, code: string) {
  await page.getByLabel("OTP").fill(code);
  await page.getByRole("button", { name: "Verify OTP" }).click();
}

test("a two-step account reaches the dashboard only after the code sent to its mobile", async ({
  browser,
}, testInfo) => {
  const page = await freshPage(browser, DESKTOP);
  const mark = await passwordStep(page);
  await expect(page.getByText("+91 ******0462")).toBeVisible();
  await expect(page.getByText(/Resend OTP in \d+ s/)).toBeVisible();
  // No session yet: the dashboard sends a visitor back to sign in.
  expect((await page.request.get("/api/auth/info/")).status()).toBe(401);
  const code = codeIn(await outboxMessageAfter(page, MOBILE, mark));
  await verify(page, wrongFor(code));
  await expect(page.locator(".field-errors").getByText(INVALID_OTP)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("verify-otp-1366.png") });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: testInfo.outputPath("verify-otp-390.png"), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await verify(page, code);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Your areas" })).toBeVisible();
  await page.request.post("/api/auth/logout/", { data: {} });
  await page.context().close();
});

test("five wrong codes spend the code: /mfa-password asks for the password again, then a new code signs in", async ({
  browser,
}, testInfo) => {
  const page = await freshPage(browser, DESKTOP);
  const mark = await passwordStep(page);
  const code = codeIn(await outboxMessageAfter(page, MOBILE, mark));
  for (let i = 1; i <= 4; i++) {
    await verify(page, wrongFor(code));
    await expect(page.locator(".field-errors").getByText(INVALID_OTP)).toBeVisible();
  }
  await verify(page, wrongFor(code));
  await expect(page).toHaveURL(/\/mfa-password$/);
  await expect(page.getByRole("heading", { name: MFA_PASSWORD_TITLE })).toBeVisible();
  await expect(page.getByRole("alert").getByText(TWO_STEP_CODE_SPENT)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("mfa-password-1366.png") });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: testInfo.outputPath("mfa-password-390.png"), fullPage: true });
  await page.setViewportSize(DESKTOP);
  // The code the wrong tries spent no longer signs in, even once the password is given again.
  const again = await outboxMark(page);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Send OTP" }).click();
  // A new code is sent once the 30 s cooldown of the spent one has passed; until then it says so.
  // (The code page shows while the code is being sent; "Enter the 6-digit code" once it went.)
  const sent = page.getByText(/Enter the 6-digit code sent to/);
  const wait = page.getByRole("alert").getByText(/Please wait \d+ seconds before requesting a new OTP\./);
  await expect(sent.or(wait)).toBeVisible();
  if (await wait.isVisible()) {
    await page.waitForTimeout(31_000);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Send OTP" }).click();
  }
  await expect(sent).toBeVisible();
  const fresh = codeIn(await outboxMessageAfter(page, MOBILE, again));
  await verify(page, fresh);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.request.post("/api/auth/logout/", { data: {} });
  await page.context().close();
});

test("with a session open elsewhere the code gives the 451 on the login page; Logout All Session signs in after a new code", async ({
  browser,
}) => {
  // An account of this test's own, two-step on from the user administration (the demo one's code
  // sends are counted by the tests above: three per number in 15 minutes).
  const admin = await freshPage(browser, DESKTOP);
  await signInAfresh(admin, "admin");
  const internal = (await (await admin.request.get("/api/admin/organisations/retail-scan/")).json()) as {
    id: number;
  };
  const username = `two.step.${Date.now()}`;
  const mobile = `98${String(Date.now()).slice(-8)}`;
  const made = await admin.request.post("/api/admin/users/", {
    data: {
      values: {
        organisation: internal.id,
        username,
        name: "Two Step",
        email: "",
        phone_number: mobile,
        roles: [],
        password: DEMO_PASSWORD,
        is_active: true,
        two_step_sign_in: true,
      },
    },
  });
  expect(made.status()).toBe(201);
  await admin.request.post("/api/auth/logout/", { data: {} });
  await admin.context().close();

  const first = await freshPage(browser, DESKTOP);
  const firstMark = await passwordStep(first, username);
  await verify(first, codeIn(await outboxMessageAfter(first, `+91${mobile}`, firstMark)));
  await expect(first).toHaveURL(/\/dashboard$/);

  // The matched code is closed, so the next one is sent at once.
  const second = await freshPage(browser, DESKTOP);
  const mark = await passwordStep(second, username);
  await verify(second, codeIn(await outboxMessageAfter(second, `+91${mobile}`, mark)));
  await expect(second).toHaveURL(/\/login$/);
  await expect(second.getByText(SESSION_CONFLICT_DETAIL)).toBeVisible();
  const retry = await outboxMark(second);
  await second.getByRole("button", { name: "Logout All Session" }).click();
  // Ending the other sessions logs in again with the password: the code step comes next.
  await expect(second).toHaveURL(/\/verify-otp$/);
  await expect(second.getByRole("heading", { name: OTP_SENT_TITLE })).toBeVisible();
  await verify(second, codeIn(await outboxMessageAfter(second, `+91${mobile}`, retry)));
  await expect(second).toHaveURL(/\/dashboard$/);
  // The first browser's session was ended.
  expect((await first.request.get("/api/auth/info/")).status()).toBe(401);
  await second.request.post("/api/auth/logout/", { data: {} });
  await first.context().close();
  await second.context().close();
});
