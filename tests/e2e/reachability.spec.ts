import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../server/seed/demo";
import { hrefsIn, openInApp, signInAfresh } from "./support";

/**
 * Every staff demo account but expired.user, which signs in to the password change, and
 * secure.admin, which signs in with a code after the password (tests/e2e/twoStepSignIn.spec.ts).
 */
const STAFF = DEMO_ACCOUNTS.filter((a) => a.passwordAgeDays === undefined && !a.twoStep).map(
  (a) => a.username,
);

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("every demo role opens every side-menu entry and dashboard area without Page not found", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const dead: string[] = [];
  for (const user of STAFF) {
    await signInAfresh(page, user);
    await expect(page.getByRole("heading", { name: "Your areas" })).toBeVisible();
    const menu = await hrefsIn(page, "nav.side-menu a");
    const areas = await hrefsIn(page, "section[aria-labelledby='home-areas'] a");
    expect(areas.length, `${user} has areas`).toBeGreaterThan(0);
    for (const href of new Set([...menu, ...areas])) {
      await openInApp(page, href);
      // A page whose code is still arriving shows Loading… with the previous page hidden beneath it
      // (its heading too): the page is there once a heading shows.
      await expect(page.locator("h1:visible").first()).toBeVisible({ timeout: 30_000 });
      if (await page.getByRole("heading", { name: "Page not found" }).isVisible())
        dead.push(`${user}: ${href}`);
    }
    await page.request.post("/api/auth/logout/", { data: {} });
  }
  expect(dead).toEqual([]);
});
