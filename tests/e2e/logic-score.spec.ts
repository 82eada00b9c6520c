/**
 * Logic scoring end to end (docs/scoring.md): project.manager sets Acme Retail Audit Cycle 1's
 * scoring up from its hub (two parameter groups, a calculated parameter whose expression is checked,
 * the uploaded benchmarks); client.manager reads a cycle outlet's Score, first in its menu, and
 * finds none on another sub-project's outlet; after a QC user answers a question, the score follows.
 */
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "logic-score");
const HUB = "/dashboard/projects/view-list/acme-retail-audit/view/acme-retail-audit-cycle-1";
const LOGIC_SCORE = `${HUB}/logic-score`;
const view = (rsid: string) => `/dashboard/list-of-outlets/view/${rsid}`;
// RS000178 is a cycle outlet waiting for QC with no answers yet (docs/demo-data.md).
const UNANSWERED = "RS000178";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);
const save = (page: Page) => page.getByRole("button", { name: "Save", exact: true }).click();

/** Chooses an option of a searchable select by the select's label and the option's text. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole("button", { name: label, exact: true }).click();
  await page.getByRole("button", { name: option, exact: true }).click();
}

test("project.manager adds two parameter groups and a calculated parameter to Acme Retail Audit Cycle 1, and reads its benchmarks", async ({
  page,
}) => {
  await signIn(page, "project.manager");
  await page.goto(HUB);
  const screens = page.getByRole("navigation", { name: "Screens of this sub-project" });
  await screens.getByRole("link", { name: "Logic score", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Parameter groups", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Availability" })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "parameter-groups");

  for (const [name, position] of [
    ["Hygiene", "4"],
    ["Promotions", "5"],
  ]) {
    await page.getByRole("link", { name: "Add parameter group" }).click();
    await expect(page).toHaveURL(new RegExp(`${LOGIC_SCORE}\\?group=new$`));
    await page.getByLabel(/^Name/).fill(name!);
    await page.getByLabel(/^Position/).fill(position!);
    await save(page);
    await expect(page.getByText(`Parameter group ${name} was saved.`)).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: name! })).toContainText(position!);
  }
  await expect(page).toHaveURL(new RegExp(`${LOGIC_SCORE}(\\?|$)`));

  // The scoring parameters the demo set up, with their rules.
  await page.getByRole("link", { name: "Scoring parameters", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Scoring parameters", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Shop board visible" })).toContainText(
    "Yes scores the maximum",
  );
  await shoot(page, "scoring-parameters");

  // A calculated parameter: its expression is checked as it is saved, every problem named.
  await page.getByRole("link", { name: "Calculated parameters", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: "Availability index" })).toContainText(
    "in_stock * facings / 10",
  );
  await page.getByRole("link", { name: "Add calculated parameter" }).click();
  await expect(page).toHaveURL(new RegExp(`${LOGIC_SCORE}/calculated-parameters\\?parameter=new$`));
  await choose(page, "Parameter group", "Hygiene");
  await page.getByLabel(/^Name/).fill("Display score");
  await page.getByLabel(/^Code/).fill("display_score");
  await page.getByLabel(/^Maximum/).fill("10");
  await page.getByLabel(/^Expression/).fill("min(board_visible, front_photo * 2");
  await save(page);
  await expect(page.getByText("The “(” at character 4 is not closed.")).toBeVisible();
  await page.getByLabel(/^Expression/).fill("min(board_visible, shelf_share * 2)");
  await save(page);
  await expect(
    page.getByText("No scoring or calculated parameter of this sub-project has the code “shelf_share”."),
  ).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "calculated-parameter-form");
  await page.getByLabel(/^Expression/).fill("min(board_visible, front_photo * 2)");
  await save(page);
  await expect(page.getByText("Calculated parameter Display score was saved.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Display score" })).toContainText(
    "min(board_visible, front_photo * 2)",
  );
  await shoot(page, "calculated-parameters");

  // The benchmarks the cycle's upload set.
  await page.getByRole("link", { name: "Benchmarks", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Benchmarks", level: 1 })).toBeVisible();
  const benchmarks = page.getByRole("table", { name: "Benchmarks" }).getByRole("row");
  await expect(benchmarks.filter({ hasText: "Shop board visible" })).toContainText("16");
  await expect(benchmarks.filter({ hasText: "Availability index" })).toContainText("cycle_1_benchmarks.xlsx");
  await expect(benchmarks).toHaveCount(1 + 5);
  await expectAccessible(page);
  await shoot(page, "benchmarks");
});

/** The total the Score tab shows, as score and maximum. */
async function totalOf(page: Page): Promise<[number, number]> {
  const text = await page.locator(".score-total strong").innerText();
  const [score, max] = text.split(" / ").map(Number);
  return [score!, max!];
}

/**
 * Waits until no rescore of the cycle is waiting, so a score read is the setup's as it stands (a
 * score that cannot be worked out answers 409, which no rescore changes either).
 */
async function settled(page: Page, rsid: string) {
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/outlets/${rsid}/score/`);
      return (
        res.status() === 409 || ((await res.json()) as { recalculating: boolean }).recalculating === false
      );
    })
    .toBe(true);
}

test("client.manager reads a cycle outlet's Score, first in its menu; another sub-project's outlet has none", async ({
  page,
}) => {
  await signIn(page, "client.manager");
  await settled(page, "RS000018");
  await page.goto(view("RS000018"));
  const menu = page.getByRole("navigation", { name: "Outlet sections" }).getByRole("button");
  await expect(menu.first()).toHaveText("Score");
  await menu.first().click();
  await expect(page.getByRole("heading", { name: "Score", level: 2 })).toBeVisible();
  await expect(page.getByText("Total score")).toBeVisible();
  for (const group of ["Visibility", "Availability", "Shop profile"])
    await expect(page.getByRole("region", { name: group })).toBeVisible();
  const visibility = page.getByRole("region", { name: "Visibility" });
  await expect(visibility.getByRole("row", { name: /Shop board visible/ })).toContainText(
    "Shop board visible?",
  );
  const [score, max] = await totalOf(page);
  expect(score).toBeGreaterThan(0);
  expect(score).toBeLessThanOrEqual(max);
  await expectAccessible(page);
  await shoot(page, "score-tab");

  // RS000001 belongs to Acme Retail Audit's main sub-project, not a cycle: no Score.
  await page.goto(view("RS000001"));
  await expect(
    page.getByRole("navigation", { name: "Outlet sections" }).getByRole("button").first(),
  ).toHaveText("Survey Details");
  await expect(page.getByRole("button", { name: "Score", exact: true })).toHaveCount(0);
});

test("after a QC user answers a cycle outlet's question, its Score follows", async ({ browser }) => {
  const client = await (await browser.newContext()).newPage();
  await signIn(client, "client.manager");
  await settled(client, UNANSWERED);
  await client.goto(`${view(UNANSWERED)}?tab=0`);
  await expect(client.getByText("Total score")).toBeVisible();
  const [before, max] = await totalOf(client);

  const qc = await (await browser.newContext()).newPage();
  await signIn(qc, "qc.manager");
  const state = (await (await qc.request.get(`/api/outlets/${UNANSWERED}/`)).json()) as {
    workflow_state: string;
  };
  expect(state.workflow_state, `${UNANSWERED} must wait for QC for this test`).toBe("qc_pending");
  await qc.goto(view(UNANSWERED));
  await expect(qc.getByRole("heading", { name: "Shop Details", level: 3 })).toBeVisible();
  await qc.getByLabel(/^Shop name( \*)?$/).fill("Star Stores");
  await qc.getByLabel(/^Shop board visible\?( \*)?$/).selectOption("Yes");
  await qc.getByLabel(/^Pin code( \*)?$/).fill("400036");
  await qc.getByRole("button", { name: /^Save( and Next)?$/ }).click();
  await expect(qc.getByText("Shop Details: Answers saved.")).toBeVisible();
  await qc.request.post("/api/auth/logout/", { data: {} });

  // The board visible is worth 10 points at weight 2: the total follows the saved answer.
  await client.reload();
  await expect(client.getByText("Total score")).toBeVisible();
  await expect.poll(() => totalOf(client)).toEqual([before + 20, max]);
  const board = client
    .getByRole("region", { name: "Visibility" })
    .getByRole("row", { name: /Shop board visible/ });
  await expect(board).toContainText("20 / 20");
  await shoot(client, "score-after-qc");
  await client.request.post("/api/auth/logout/", { data: {} });
});

test("a score that cannot be worked out shows a FAILED notification with its text", async ({ page }) => {
  await signIn(page, "project.manager");
  const [promotions] = (
    (await (
      await page.request.get("/api/admin/scoring-parameter-groups/?search=Promotions&page-size=5")
    ).json()) as { results: { id: number; values: { sub_project: number } }[] }
  ).results;
  // Facings is 0 on an outlet without answers: this ratio cannot be worked out there.
  const created = await page.request.post("/api/admin/calculated-parameters/", {
    data: {
      values: {
        sub_project: promotions!.values.sub_project,
        group: promotions!.id,
        name: "Stock per facing",
        code: "stock_per_facing",
        expression: "in_stock / facings",
        maximum: 10,
        position: 1,
      },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  try {
    await page.request.post("/api/auth/logout/", { data: {} });
    await signIn(page, "client.manager");
    await settled(page, "RS000130");
    await page.goto(`${view("RS000130")}?tab=0`);
    const reason = "The score of RS000130 could not be worked out: Stock per facing divides by zero.";
    const notice = page.getByRole("status").filter({ hasText: "FAILED" });
    await expect(notice).toContainText(reason);
    await expect(page.getByRole("alert")).toContainText(reason);
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, "score-failed");
  } finally {
    await page.request.post("/api/auth/logout/", { data: {} });
    await signIn(page, "project.manager");
    await page.request.delete(`/api/admin/calculated-parameters/${id}/`);
  }
});
