import { expect, test } from "@playwright/test";
import {
  DEMO_PASSWORD,
  expectAccessible,
  fillLogin,
  outboxMark,
  outboxMessageAfter,
  shootWidths,
  signIn,
} from "./support";

const STAFF_ACCOUNTS = [
  "admin",
  "qc.manager",
  "qc.executive",
  "calling.manager",
  "calling.executive",
  "field.coordinator",
  "field.manager",
  "project.manager",
  "iftu.manager",
  "iftu.executive",
  "client.manager",
  "client.executive",
  "zenith.manager",
];

test("the login page shows the prompt, the splash words and the footer", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Please login to your account")).toBeVisible();
  await expect(
    page.getByText(/Solutions|Retail Audit|Direct Payout|Retail Census|Mystery Audit/).first(),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /terms/i })).toBeVisible();
  await expect(page.getByRole("link", { name: /privacy/i })).toBeVisible();
  await expect(page.getByText(/©/)).toBeVisible();
  // No single sign-on provider is configured in the demo, so no single sign-on button shows.
  await expect(page.getByRole("link", { name: /sign in with/i })).toHaveCount(0);
  await expectAccessible(page);
});

test("the login page shows and takes typing before the HTTP module loads; signing in loads it", async ({
  page,
}) => {
  // The sign-in's calls (the HTTP module with Effect) come in a chunk of their own: hold it back.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // vite.config.ts groups it with the modules it brings in one file named http.
  await page.route(/\/assets\/http-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/login");
  await expect(page.getByText("Please login to your account")).toBeVisible();
  await fillLogin(page, "admin", DEMO_PASSWORD);
  await expect(page.getByLabel("Username")).toHaveValue("admin");
  await shootWidths(page, test.info().outputDir, "login-before-http-module");
  // A session an earlier spec left open for admin would answer 451: end it first.
  const stale = await page.request.post("/api/auth/login/", {
    data: { login_username: "admin", password: DEMO_PASSWORD, method_of_login: "password", platform: "web" },
  });
  if (stale.ok()) await page.request.post("/api/auth/logout/", { data: {} });
  else if (stale.status() === 451) await page.request.post("/api/auth/logout/all/", { data: {} });
  release();
  await fillLogin(page, "admin", DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("main")).toContainText(/welcome/i);
  // One session per user: the next tests sign admin in again.
  await page.request.post("/api/auth/logout/", { data: {} });
});

for (const username of STAFF_ACCOUNTS) {
  test(`${username} signs in to the dashboard and logs out`, async ({ page }) => {
    await signIn(page, username);
    await expect(page.getByRole("main")).toContainText(/welcome/i);
    await expectAccessible(page);
    await page
      .getByRole("button", { name: new RegExp(username.split(".")[0]!, "i") })
      .first()
      .click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });
}

test("a wrong password is refused with the server's message", async ({ page }) => {
  await page.goto("/login");
  await fillLogin(page, "qc.executive", "not-the-password");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Invalid username or password.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);
});

test("a second sign-in gets the 451 conflict; Logout All Session clears the other session", async ({
  browser,
}) => {
  const first = await (await browser.newContext()).newPage();
  await signIn(first, "calling.manager");

  const second = await (await browser.newContext()).newPage();
  await second.goto("/login");
  await fillLogin(second, "calling.manager", DEMO_PASSWORD);
  await second.getByRole("button", { name: "Login", exact: true }).click();
  await expect(second.getByText(/already logged in/i).first()).toBeVisible();
  const logoutAll = second.getByRole("button", { name: "Logout All Session" });
  await expect(logoutAll).toBeVisible();
  await expectAccessible(second);
  await logoutAll.click();
  await expect(second).toHaveURL(/\/dashboard$/);

  // The first browser's session was ended: its next request is a 401 and it is sent to sign in.
  await first.reload();
  await expect(first).toHaveURL(/\/login$/);
  await second.request.post("/api/auth/logout/", { data: {} });
});

test("an expired session sends the user back to the login page", async ({ page, context }) => {
  await signIn(page, "field.coordinator");
  const token = await page.evaluate(() => localStorage.getItem("sessionid"));
  await context.clearCookies();
  await page.evaluate(() => localStorage.setItem("sessionid", "expired-or-revoked-token"));
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Please login to your account")).toBeVisible();
  // The real session is still open on the server: end it, so later specs can sign in as this user.
  await page.request.post("/api/auth/logout/", {
    headers: { authorization: `sessionid ${token}` },
    data: {},
  });
});

test("forgot password: code from the outbox, new password, then sign in with it", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);
  await page.getByLabel("Username").fill("iftu.executive");
  const mark = await outboxMark(page);
  await page.getByRole("button", { name: /send code/i }).click();
  // What the user waits for: the code step, shown once the send has answered.
  await expect(page.getByLabel("Verification code")).toBeVisible();
  const message = await outboxMessageAfter(page, "iftu.executive", mark);
  const code = /\b(\d{6})\b/.exec(message)?.[1];
  expect(code).toBeDefined();
  await page.getByLabel(/code/i).fill(code!);
  await page.getByRole("button", { name: /verify/i }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expectAccessible(page);
  await page.getByLabel("New password", { exact: true }).fill("weak");
  await page.getByLabel("Confirm password", { exact: true }).fill("weak");
  await page.getByRole("button", { name: /change password/i }).click();
  await expect(page.getByText("Password must be at least 8 characters.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("Fresh@2026x");
  await page.getByLabel("Confirm password", { exact: true }).fill("Fresh@2026x");
  await page.getByRole("button", { name: /change password/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, "iftu.executive", "Fresh@2026x");
  // Back to the demo password (which ends the session too), with which the other tests sign in.
  const restored = await page.request.post("/api/auth/password/change/", {
    data: { old_password: "Fresh@2026x", new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD },
  });
  expect(restored.ok(), await restored.text()).toBe(true);
});

test("an expired password must be changed before signing in", async ({ page }) => {
  await page.goto("/login");
  await fillLogin(page, "expired.user", DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/change-password-expiry$/);
  await expectAccessible(page);
  await page.getByLabel("Current password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("Renewed@2026");
  await page.getByLabel("Confirm password", { exact: true }).fill("Renewed@2026");
  await page.getByRole("button", { name: /change password/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, "expired.user", "Renewed@2026");
  // Its expiry cannot be set back: no other test signs in as expired.user.
  await page.request.post("/api/auth/logout/", { data: {} });
});
