import { expect, type Page, test } from "@playwright/test";
import { DEMO_PROJECTS } from "../../server/seed/demo";
import { findRoute } from "../../src/domain/shell/routes";
import { BUILT_PATTERNS } from "../../src/ui/routes/allBuilt";
import { hrefsIn, openInApp, signInAfresh } from "./support";

// Beside tests/e2e/reachability.spec.ts (every role's menu): a file of its own, so the browser
// suite's shards can share the two longest journeys out.

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
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
