import { expect, test } from "@playwright/test";
import { SESSION_CONFLICT_DETAIL } from "../../server/auth/loginAnswer";
import { INVALID_OTP } from "../../src/domain/auth/otpLogin";
import {
  codeIn,
  DESKTOP,
  enterCode,
  expectAccessible,
  freshPage as fresh,
  outboxMark,
  outboxMessageAfter,
  PHONE,
  requestCode,
  signInWithCode as signIn,
} from "./support";

const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

for (const [name, viewport] of [
  ["390", PHONE],
  ["1366", DESKTOP],
] as const) {
  test(`a field auditor signs in with the code from the outbox at ${name} px; a wrong code shows the server message`, async ({
    browser,
  }, testInfo) => {
    const digits = name === "390" ? "9000000002" : "9000000003";
    const page = await fresh(browser, viewport);
    const mark = await requestCode(page, "/eMyTrack/login", digits);
    await expect(page).toHaveURL(/\/eMyTrack\/verify-otp$/);
    // Resend waits out the 30 s countdown.
    await expect(page.getByText(/Resend in \d+ s/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Resend" })).toHaveCount(0);
    if (name === "390") await expect(page.getByText("256 bit encrypted")).toBeVisible();
    else await expect(page.getByText("256 bit encrypted")).toBeHidden();
    const code = codeIn(await outboxMessageAfter(page, `+91${digits}`, mark));
    await page.getByLabel("OTP").fill(`${wrongFor(code)}99`);
    await expect(page.getByLabel("OTP")).toHaveValue(wrongFor(code));
    await page.getByRole("button", { name: "Verify OTP" }).click();
    // Under the OTP field (the notification bar shows the detail too, as for every 400).
    await expect(page.locator(".field-errors").getByText(INVALID_OTP)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`ekyc-otp-${name}.png`) });
    await page.getByLabel("OTP").fill(code);
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await expect(page).toHaveURL(/\/eMyTrack\/dashboard$/);
    await expect(page.getByText(`auditor.${digits}`)).toBeVisible();
    // Their own outlets, counted by state (the server scopes them to the auditor).
    await expect(page.getByRole("heading", { name: /^Your outlets: \d+$/ })).toBeVisible();
    await expect(page.getByRole("row").first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`ekyc-signed-in-${name}.png`) });
    await page.request.post("/api/auth/logout/", { data: {} });
  });
}

test("a second device gets the conflict and Logout All Session resolves it", async ({
  browser,
}, testInfo) => {
  const first = await fresh(browser, PHONE);
  await signIn(first, "/eMyTrack/login", "9000000004");
  await expect(first).toHaveURL(/\/eMyTrack\/dashboard$/);
  const second = await fresh(browser, PHONE);
  await signIn(second, "/eMyTrack/login", "9000000004");
  await expect(second.getByText(SESSION_CONFLICT_DETAIL)).toBeVisible();
  await expect(second).toHaveURL(/\/eMyTrack\/login$/);
  await second.screenshot({ path: testInfo.outputPath("ekyc-conflict-390.png") });
  const mark = await outboxMark(second);
  await second.getByRole("button", { name: "Logout All Session" }).click();
  // The login is retried: a new code is sent and the OTP screen opens again.
  await expect(second.getByLabel("OTP")).toBeVisible();
  await enterCode(second, "9000000004", mark);
  await expect(second).toHaveURL(/\/eMyTrack\/dashboard$/);
  await second.request.post("/api/auth/logout/", { data: {} });
});

for (const [name, viewport, digits] of [
  ["390", PHONE, "9100000002"],
  ["1366", DESKTOP, "9100000003"],
] as const) {
  test(`a retailer signs in the same way at ${name} px, and next time chooses the saved number`, async ({
    browser,
  }, testInfo) => {
    const page = await fresh(browser, viewport);
    await page.goto("/retailers/login");
    // Nothing saved on this device yet: the number is typed in.
    await expect(page).toHaveURL(/\/retailers\/enter-mobile-number$/);
    await expect(page.getByText("Retailer sign-in")).toBeVisible();
    await signIn(page, "/retailers/login", digits);
    await expect(page).toHaveURL(/\/retailers\/success$/);
    await expect(page.getByText(`retailer.${digits}`)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`retailer-signed-in-${name}.png`) });
    await page.getByRole("button", { name: "Logout" }).click();
    // The device remembers the number, shown masked.
    await expect(page).toHaveURL(/\/retailers\/choose-mobile-number$/);
    await page.getByLabel(`+91 ******${digits.slice(-4)}`).check();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`retailer-choose-${name}.png`) });
    const mark = await outboxMark(page);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/retailers\/otp$/);
    await expect(page.getByRole("heading", { name: "OTP Send to Mobile Number" })).toBeVisible();
    await enterCode(page, digits, mark);
    await expect(page).toHaveURL(/\/retailers\/success$/);
    await page.getByRole("button", { name: "Logout" }).click();
    // Another number, or none kept at all.
    await page.getByRole("link", { name: "Use another mobile number" }).click();
    await expect(page).toHaveURL(/\/retailers\/enter-mobile-number$/);
    await page.getByRole("link", { name: "Choose a saved number" }).click();
    await page.getByRole("button", { name: "Forget saved numbers" }).click();
    await expect(page).toHaveURL(/\/retailers\/enter-mobile-number$/);
    await expect(page.getByRole("link", { name: "Choose a saved number" })).toHaveCount(0);
  });
}
