import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, signIn, transitionsEnded } from "./support";

// Each team's demo executives (docs/demo-data.md, docs/allocation.md).
const TEAMS = [
  {
    team: "qc",
    label: "QC",
    manager: "qc.manager",
    managerName: "Meera Kulkarni",
    from: "Rohan Iyer",
    to: "Ananya Desai",
  },
  {
    team: "calling",
    label: "Calling",
    manager: "calling.manager",
    managerName: "Kavya Nair",
    from: "Imran Khan",
    to: "Rahul Verma",
  },
  {
    team: "iftu",
    label: "IFTU",
    manager: "iftu.manager",
    managerName: "Amit Gupta",
    from: "Sneha Joshi",
    to: "Pooja Bhatt",
  },
] as const;

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** An executive's open outlets as the overview counts them. */
async function openOf(page: Page, name: string): Promise<number> {
  const row = page.getByRole("table", { name: "Open outlets by executive" }).getByRole("row", { name: name });
  return Number(await row.getByRole("cell").first().textContent());
}

const outletRows = (page: Page) => page.getByRole("table", { name: "Open outlets" }).locator("tbody tr");

/** Ticks the first n outlets of the list and gives their RSIDs. */
async function tickFirst(page: Page, n: number): Promise<string[]> {
  await expect(outletRows(page).nth(n - 1)).toBeVisible();
  const rsids: string[] = [];
  for (let i = 0; i < n; i++) {
    const rsid = (await outletRows(page).nth(i).getByRole("cell").nth(1).textContent()) ?? "";
    await page.getByRole("checkbox", { name: `Choose ${rsid}` }).check();
    rsids.push(rsid);
  }
  await expect(page.getByRole("status").filter({ hasText: `${n} chosen.` })).toBeVisible();
  return rsids;
}

for (const t of TEAMS) {
  test(`${t.manager} sees each executive's outlets, moves 10 from ${t.from} to ${t.to}, and finds the move on the outlets`, async ({
    page,
  }) => {
    await signIn(page, t.manager);
    await page
      .getByRole("navigation", { name: "Dashboard areas" })
      .getByRole("link", { name: "Allocation" })
      .click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${t.team}-allocation-management$`));
    await expect(page.getByRole("heading", { name: `${t.label} allocation`, level: 1 })).toBeVisible();
    const table = page.getByRole("table", { name: "Open outlets by executive" });
    await expect(table.getByRole("row", { name: t.from })).toBeVisible();
    await expect(table.getByRole("row", { name: t.to })).toBeVisible();
    const before = { from: await openOf(page, t.from), to: await openOf(page, t.to) };
    expect(before.from).toBeGreaterThanOrEqual(10);
    await expectAccessible(page);
    await shoot(page, `${t.team}-overview`);
    // On a phone the page itself never scrolls sideways: the wide tables scroll within their boxes.
    await page.setViewportSize({ width: 390, height: 844 });
    await transitionsEnded(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, `${t.team}-overview-390`);
    await page.setViewportSize({ width: 1366, height: 768 });
    await transitionsEnded(page);

    await page.getByRole("link", { name: `Reassign ${t.from}'s outlets` }).click();
    await expect(page.getByRole("heading", { name: `Edit ${t.label} allocation` })).toBeVisible();
    await expect(outletRows(page).first().getByRole("cell").last()).toHaveText(t.from);
    const rsids = await tickFirst(page, 10);
    await page.getByRole("checkbox", { name: new RegExp(`^${t.to} \\(`) }).check();
    await page.getByRole("button", { name: "Preview" }).click();
    const moves = page.getByRole("table", { name: "Moves" }).locator("tbody tr");
    await expect(moves).toHaveCount(10);
    await expect(page.getByText("10 outlets to move.")).toBeVisible();
    await expect(moves.first().getByRole("cell").nth(4)).toHaveText(t.from);
    await expect(moves.first().getByRole("cell").nth(5)).toHaveText(t.to);
    await expect(page.getByText(`${t.to}: ${before.to} → ${before.to + 10} open outlets`)).toBeVisible();
    await expectAccessible(page);
    await shoot(page, `${t.team}-preview`);
    await page.getByRole("button", { name: "Save moves" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Moved 10 outlets." })).toBeVisible();

    // The overview counts the move.
    await page
      .getByRole("link", { name: `Back to ${t.label} allocation` })
      .last()
      .click();
    await expect
      .poll(async () => [await openOf(page, t.from), await openOf(page, t.to)])
      .toEqual([before.from - 10, before.to + 10]);

    // Each end of the move shows on the outlet: its header card's people and its log.
    for (const rsid of [rsids[0]!, rsids[9]!]) {
      await page.goto(`/dashboard/list-of-outlets/view/${rsid}`);
      const people = page.getByRole("region", { name: "Associated By" });
      await expect(
        people
          .locator("div")
          .filter({ hasText: `${t.label} Executive` })
          .locator("dd"),
      ).toHaveText(t.to);
      await page.getByRole("button", { name: "Log Details" }).click();
      await expect(
        page
          .getByRole("list", { name: "Log Details" })
          .getByText(`${t.managerName} reassigned the ${t.label} executive from ${t.from} to ${t.to}.`),
      ).toBeVisible();
    }
    await shoot(page, `${t.team}-outlet`);
  });
}

test("a second tab moving the same outlets gets a conflict, and nothing is overwritten", async ({
  page,
  context,
}) => {
  await signIn(page, "qc.manager");
  const second = await context.newPage();
  const edit = "/dashboard/qc-allocation-management/edit";
  for (const tab of [page, second]) await tab.goto(edit);
  // Both tabs choose Ananya Desai's first two outlets for Rohan Iyer and preview.
  for (const tab of [page, second]) {
    await tab.getByLabel("Executive").selectOption({ label: "Ananya Desai" });
    await expect(outletRows(tab).first().getByRole("cell").last()).toHaveText("Ananya Desai");
  }
  const first = await tickFirst(page, 2);
  expect(await tickFirst(second, 2)).toEqual(first);
  for (const tab of [page, second]) {
    await tab.getByRole("checkbox", { name: /^Rohan Iyer \(/ }).check();
    await tab.getByRole("button", { name: "Preview" }).click();
    await expect(tab.getByRole("table", { name: "Moves" }).locator("tbody tr")).toHaveCount(2);
  }
  await page.getByRole("button", { name: "Save moves" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Moved 2 outlets." })).toBeVisible();

  await second.getByRole("button", { name: "Save moves" }).click();
  const alert = second.getByRole("alert");
  await expect(alert).toContainText(
    "Some outlets changed since you loaded them, so nothing was saved. Reload and preview again.",
  );
  for (const rsid of first)
    await expect(alert).toContainText(
      `${rsid}: reassigned by Meera Kulkarni since it was loaded (now with Rohan Iyer).`,
    );
  await expectAccessible(second);
  await shoot(second, "conflict");
  await second.getByRole("button", { name: "Reload" }).click();
  await expect(second.getByRole("button", { name: "Preview" })).toBeDisabled();
  await second.close();
});

test("a client user is refused: no Allocation in the menu, the page and the API say no", async ({ page }) => {
  await signIn(page, "client.manager");
  await expect(
    page.getByRole("navigation", { name: "Dashboard areas" }).getByRole("link", { name: "Allocation" }),
  ).toHaveCount(0);
  await page.goto("/dashboard/qc-allocation-management/edit");
  await expect(page.getByRole("alert")).toHaveText(
    "QC allocation is for Retail Scan's QC managers and project managers.",
  );
  for (const team of ["qc", "calling", "iftu"])
    expect((await page.request.get(`/api/allocation/${team}/`)).status()).toBe(403);
  await shoot(page, "client-refused");
});
