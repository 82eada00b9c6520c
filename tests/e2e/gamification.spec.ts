import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import type { AuditorReport, GamificationDashboard } from "../../src/domain/gamification/gamification";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "gamification");
const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);
const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { name, level: 1 });

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

/**
 * The figures are read from the server (other specs move outlets, which adds logs): the page must
 * show them in the server's order.
 */
async function board(page: Page, query = ""): Promise<GamificationDashboard> {
  const answer = await page.request.get(`/api/gamification/dashboard/${query}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as GamificationDashboard;
}

test("field.coordinator opens Gamification from the menu: the leaderboard, a programme, its events and an auditor", async ({
  page,
}) => {
  await signIn(page, "field.coordinator");
  await page
    .getByRole("navigation", { name: "Dashboard areas" })
    .getByRole("link", { name: "Gamification" })
    .click();
  await expect(heading(page, "Field auditor leaderboard")).toBeVisible();
  const data = await board(page);
  const table = page.getByRole("table", { name: "Leaderboard" });
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(data.leaderboard.length + 1);
  for (const [i, r] of data.leaderboard.entries()) {
    const row = rows.nth(i + 1);
    await expect(row.getByRole("cell").first()).toHaveText(String(r.rank));
    await expect(row.getByRole("rowheader")).toHaveText(r.name);
    await expect(row.getByRole("cell").last()).toHaveText(String(r.points));
    // The points are the accepted surveys' 10 each, less the rejections and recoveries.
    expect(r.points).toBe(
      10 * r.counts.accepted -
        5 * r.counts.qc_rejected -
        3 * r.counts.rejected_later -
        2 * r.counts.recovered,
    );
  }
  await expectAccessible(page);
  await shoot(page, "dashboard");

  // A month: the address keeps it and the figures are the month's.
  const month = data.periods[0]!;
  await page.getByLabel("Period").selectOption(month);
  await expect(page).toHaveURL(new RegExp(`period=${month}$`));
  const monthly = await board(page, `?period=${month}`);
  await expect(
    page.getByRole("table", { name: "Leaderboard" }).getByRole("row").nth(1).getByRole("cell").last(),
  ).toHaveText(String(monthly.leaderboard[0]!.points));

  // A programme's ranking, then its events.
  const program = monthly.programs.find((p) => p.auditors > 0)!;
  await page.getByRole("link", { name: `${program.name}, ${program.sub_project}`, exact: true }).click();
  await expect(heading(page, program.name)).toBeVisible();
  await expect(page.getByRole("table", { name: "Programme ranking" }).getByRole("row")).toHaveCount(
    program.auditors + 1,
  );
  await shoot(page, "programme");
  await page.getByRole("link", { name: "Every event" }).click();
  await expect(heading(page, `${program.name}: every event`)).toBeVisible();
  await expect(page.getByRole("table", { name: "Scoring events" })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "events");

  // An auditor's report, from the leaderboard.
  await page.goto(`/gamification/dashboard?period=${month}`);
  const leader = monthly.leaderboard[0]!;
  await page.getByRole("table", { name: "Leaderboard" }).getByRole("link", { name: leader.name }).click();
  await expect(heading(page, leader.name)).toBeVisible();
  const report = (await (
    await page.request.get(`/api/gamification/auditors/${leader.slug}/?period=${month}`)
  ).json()) as AuditorReport;
  await expect(page.getByText(`${report.auditor.rank} of ${report.of}`)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "auditor");
});

test("a QC executive is not offered Gamification and the page is refused", async ({ page }) => {
  await signIn(page, "qc.executive");
  await expect(
    page.getByRole("navigation", { name: "Dashboard areas" }).getByRole("link", { name: "Gamification" }),
  ).toHaveCount(0);
  expect((await page.request.get("/api/gamification/dashboard/")).status()).toBe(403);
});
