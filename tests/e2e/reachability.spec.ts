import { expect, type Page, test } from "@playwright/test";
import { DEMO_ACCOUNTS, DEMO_PROJECTS } from "../../server/seed/demo";
import { findRoute } from "../../src/domain/shell/routes";
import { BUILT_PATTERNS } from "../../src/ui/routes/allBuilt";
import { signInAfresh } from "./support";

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

/**
 * Opens an address the way a link inside the application does (the router hears the history
 * change), not as a fresh page load: the application is loaded once per user instead of once per
 * address, which is most of what these walks cost, and a page that works only when loaded afresh
 * is caught as a user following links would meet it.
 */
async function openInApp(page: Page, href: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState(null, "", to), href);
}

const hrefsIn = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute("href") ?? ""));

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

/**
 * The page's visible links once they stop changing: a list may begin reading only after its page
 * has shown (no busy region yet), so one look can come before its row links.
 */
async function settledLinks(page: Page): Promise<string[]> {
  let seen = await hrefsIn(page, "a[href]:visible");
  for (let look = 0; look < 20; look++) {
    await page.waitForTimeout(250);
    await expect(page.locator("[aria-busy='true']")).toHaveCount(0, { timeout: 30_000 });
    const now = await hrefsIn(page, "a[href]:visible");
    if (now.join("\n") === seen.join("\n")) return now;
    seen = now;
  }
  return seen;
}

/** A visible link's address inside the dashboard, without query and hash. */
function dashboardPath(href: string, base: string): string | null {
  const url = new URL(href, base);
  if (url.origin !== new URL(base).origin) return null;
  return /^\/dashboard(\/|$)/.test(url.pathname) ? url.pathname : null;
}

/**
 * Whether an address's project, if it names one, is one of the demo data's: projects other specs
 * create come first on the cards, and theirs have no outlets or programs whose links lead on.
 */
const ofDemoProject = (params: Readonly<Record<string, string | undefined>>) =>
  params.projectSlug === undefined || DEMO_PROJECTS.some((p) => p.slug === params.projectSlug);

/**
 * Follows the visible links from the dashboard, one address per route pattern, and returns the
 * patterns reached.
 */
async function walk(page: Page, user: string): Promise<Set<string>> {
  await signInAfresh(page, user);
  const reached = new Map<string, string>([["/dashboard", "/dashboard"]]);
  const queue = ["/dashboard"];
  while (queue.length > 0) {
    const path = queue.shift() as string;
    await openInApp(page, path);
    await expect(page.locator("h1:visible").first()).toBeVisible({ timeout: 30_000 });
    // Lists fill after their answers arrive; their row links are what leads further. A list being
    // read is busy, so waiting for no busy region does not depend on how loaded the machine is.
    await expect(page.locator("[aria-busy='true']")).toHaveCount(0, { timeout: 30_000 });
    // The account menu's links (My profile) show once it is open.
    if (path === "/dashboard") await page.getByRole("button", { name: `(${user})`, exact: false }).click();
    for (const href of await settledLinks(page)) {
      const next = dashboardPath(href, page.url());
      const found = next ? findRoute(next) : null;
      const pattern = found?.route.pattern;
      if (!next || !found || !pattern || !ofDemoProject(found.params)) continue;
      // A link to this same page with a query is a choice the page offers (the retail audit report's
      // cycles): it is followed once, with its query, as the page's chosen view.
      const { search } = new URL(href, page.url());
      const chosen = next === new URL(page.url()).pathname && search !== "";
      const key = chosen ? `${pattern}?` : pattern;
      if (reached.has(key)) continue;
      reached.set(key, next);
      queue.push(chosen ? `${next}${search}` : next);
    }
  }
  await page.request.post("/api/auth/logout/", { data: {} });
  return new Set(reached.keys());
}

test("walking the links from the dashboard reaches every built dashboard route", async ({ page }) => {
  test.setTimeout(600_000);
  // The administrator holds every permission; the client portal's pages are a client's.
  const reached = new Set([...(await walk(page, "admin")), ...(await walk(page, "client.manager"))]);
  const never = BUILT_PATTERNS.filter((p) => p.startsWith("/dashboard") && !reached.has(p));
  expect(never, "built routes no link reaches").toEqual([]);
});
