import { expect, test } from "@playwright/test";
import { expectAccessible, signIn } from "./support";

// One session per user and platform: each test signs out, so the next can sign the same user in.
test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("every response carries the security headers", async ({ request }) => {
  for (const path of ["/login", "/api/health/", "/api/auth/info/"]) {
    const res = await request.get(path);
    const headers = res.headers();
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBeTruthy();
  }
});

test("a catalogue route without its screen yet shows the honest Page not found", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto("/dashboard/quick-app-embed");
  await expect(page.getByText(/page not found/i).first()).toBeVisible();
  await expectAccessible(page);
});

test("the accessibility check names a serious violation planted in a page it passed", async ({ page }) => {
  await page.goto("/login");
  // The check reads the page as it is: wait until the sign-in form has rendered, or an empty root
  // passes and the planted input finds no <main> to join.
  await expect(page.getByLabel("Username")).toBeVisible();
  await expectAccessible(page);
  const planted = await page.evaluate(() => {
    const input = document.createElement("input");
    document.querySelector("main")?.append(input);
    return input.isConnected;
  });
  expect(planted).toBe(true);
  await expect(expectAccessible(page)).rejects.toThrow(/critical: label /);
});

test("the side menu collapses from 14% to 6%", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, "project.manager");
  const nav = page.getByRole("navigation").first();
  const wide = (await nav.boundingBox())!.width;
  expect(Math.round((wide / 1400) * 100)).toBe(14);
  await page
    .getByRole("button", { name: /collapse|menu/i })
    .first()
    .click();
  await expect.poll(async () => Math.round(((await nav.boundingBox())!.width / 1400) * 100)).toBe(6);
});

test("inside a frame the app shows only the clickjacking warning", async ({ page }) => {
  // The server forbids framing (CSP frame-ancestors, X-Frame-Options); strip those headers here to
  // prove the client-side guard holds on its own.
  await page.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    if (new URL(route.request().url()).pathname === "/framing-test") {
      return route.fulfill({
        status: 200,
        contentType: "text/html",
        body: `<!doctype html><html lang="en"><title>Frame</title><iframe title="app" src="/login" width="900" height="600"></iframe></html>`,
      });
    }
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers["content-security-policy"];
    delete headers["x-frame-options"];
    return route.fulfill({ response, headers });
  });
  await page.goto("/framing-test");
  const frame = page.frameLocator("iframe");
  await expect(frame.getByText(/clickjacking/i).first()).toBeVisible();
  await expect(frame.getByRole("link").first()).toBeVisible();
  await expect(frame.getByText("Please login to your account")).toHaveCount(0);
});
