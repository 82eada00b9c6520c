/**
 * The field auditor's own area (docs/field-user.md) on a phone and on a desktop: the dashboard's
 * lists, search and pages, the outlet and its survey with its answers, and nothing of another auditor's outlets.
 */
import { expect, type Page, test } from "@playwright/test";
import { DESKTOP, expectAccessible, freshPage, PHONE, signInWithCode } from "./support";

/** The RSIDs in the list on screen, once it has rows. */
async function rsidsOn(page: Page): Promise<string[]> {
  const cards = page.locator(".field-card");
  await expect(cards.first()).toBeVisible();
  return (await cards.allTextContents()).map((text) => /RS\d+/.exec(text)?.[0] ?? "");
}

/** The list with the most outlets, opened from its dashboard tile. */
async function openFullestList(page: Page): Promise<string> {
  const tiles = page.getByRole("list", { name: "Your lists" }).getByRole("link");
  await expect(tiles).toHaveCount(3);
  const counts = await tiles.allTextContents();
  const fullest = counts
    .map((text, i) => ({ i, n: Number.parseInt(text, 10), title: text.replace(/^\d+/, "") }))
    .sort((a, b) => b.n - a.n)[0]!;
  await tiles.nth(fullest.i).click();
  await expect(page.getByRole("heading", { level: 1, name: fullest.title })).toBeVisible();
  return fullest.title;
}

for (const [name, viewport, own, other] of [
  ["390", PHONE, "9000000006", "9000000007"],
  ["1366", DESKTOP, "9000000008", "9000000009"],
] as const) {
  test(`a field auditor works through their own outlets at ${name} px`, async ({ browser }, testInfo) => {
    // Another auditor's outlet, read from their own list.
    const theirs = await freshPage(browser, viewport);
    await signInWithCode(theirs, "/eMyTrack/login", other);
    await expect(theirs).toHaveURL(/\/eMyTrack\/dashboard$/);
    await openFullestList(theirs);
    const [otherRsid] = await rsidsOn(theirs);
    expect(otherRsid).toMatch(/^RS/);
    await theirs.request.post("/api/auth/logout/", { data: {} });

    const page = await freshPage(browser, viewport);
    await signInWithCode(page, "/eMyTrack/login", own);
    await expect(page).toHaveURL(/\/eMyTrack\/dashboard$/);
    await expect(page.getByRole("heading", { name: /^Your outlets: \d+$/ })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`field-dashboard-${name}.png`), fullPage: true });

    const title = await openFullestList(page);
    await expect(page.getByText(/Showing 1 - \d+ of \d+ Record\(s\)/)).toBeVisible();
    const rsids = await rsidsOn(page);
    expect(rsids.length).toBeGreaterThan(0);
    expect(rsids).not.toContain(otherRsid);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`field-list-${name}.png`), fullPage: true });

    // The search finds the auditor's own outlet, and nothing of the other auditor's.
    const search = page.getByRole("searchbox");
    await search.fill(otherRsid!);
    await expect(page.getByText("No Data Available")).toBeVisible();
    await search.fill(rsids[0]!);
    await expect(page.getByText("Showing 1 - 1 of 1 Record(s)")).toBeVisible();

    await page.getByRole("link", { name: new RegExp(rsids[0]!) }).click();
    await expect(page).toHaveURL(new RegExp(`/eMyTrack/outlet-detail/${rsids[0]}$`));
    await expect(page.getByText("Last decision")).toBeVisible();
    await expect(page.getByRole("link", { name: `Back to ${title}` })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`field-outlet-${name}.png`), fullPage: true });

    await page.getByRole("link", { name: "Survey and decisions" }).click();
    await expect(page).toHaveURL(new RegExp(`/eMyTrack/outlet-survey-listing/${rsids[0]}$`));
    await expect(page.getByRole("heading", { name: "Decisions on this survey" })).toBeVisible();
    // The questions and answers, read-only: an unanswered e-signature reads Not Answered, photos
    // are counted, any other missing answer is N/A.
    await expect(page.getByRole("heading", { name: "Questions and answers" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Shop Details" })).toBeVisible();
    const signature = page.locator(".field-answer-group dt", { hasText: "Owner signature" }).locator("+ dd");
    await expect(signature).toHaveText(/^(Not Answered|\d+ photos?)$/);
    await expect(page.locator(".field-answer-group input, .field-answer-group textarea")).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`field-survey-${name}.png`), fullPage: true });

    // Back keeps the list's search; another auditor's outlet is not found.
    await page.goBack();
    await page.goBack();
    await expect(page.getByRole("searchbox")).toHaveValue(rsids[0]!);
    for (const path of [
      `/eMyTrack/outlet-detail/${otherRsid}`,
      `/eMyTrack/outlet-survey-listing/${otherRsid}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    }

    await page.goto("/eMyTrack/dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/eMyTrack\/login$/);
  });
}
