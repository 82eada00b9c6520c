import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "location-checks");
const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("qc.manager reads the outlets surveyed outside their entered state, by sub-project", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page.goto("/dashboard/reverse-geo-coding");
  await expect(page.getByRole("heading", { name: "Reverse geo-coding", level: 1 })).toBeVisible();
  // The first sub-project: Acme 3P Payout, whose RS000035 (Surat) and RS000435 (Ahmedabad) were surveyed in Hyderabad.
  // The server reads the PIN code table on the first check: about a second alone, over ten on a
  // loaded machine.
  await expect(page.getByLabel("Sub-project")).toHaveValue(/\d+/, { timeout: 30_000 });
  const table = page.getByRole("table", { name: "Location checks" });
  await expect(table.getByRole("row")).toHaveCount(3);
  const first = table.getByRole("row").nth(1);
  await expect(first.getByRole("rowheader")).toHaveText("RS000035");
  await expect(first).toContainText("Surat, Gujarat");
  await expect(first).toContainText("Telangana");
  await expect(first).toContainText("Outside the entered state");
  await expectAccessible(page);
  await shoot(page, "state");

  // Another sub-project, then every located outlet of it.
  await page.getByLabel("Sub-project").selectOption({ label: "Acme Beverages · Acme Retail Audit" });
  await expect(page).toHaveURL(/sub_project=\d+/);
  await expect(table.getByRole("row").nth(1).getByRole("rowheader")).toHaveText(/^RS\d{6}$/);
  await page.getByLabel("Show").selectOption("all");
  await expect(page).toHaveURL(/show=all/);
  await expect(table.getByRole("rowheader").first()).toHaveText("RS000001");
  await shoot(page, "all");
});

test("a client user is told the checks are not theirs", async ({ page }) => {
  await signIn(page, "client.manager");
  await page.goto("/dashboard/reverse-geo-coding");
  await expect(page.getByRole("alert")).toContainText("Identity checks are for Retail Scan's");
});
