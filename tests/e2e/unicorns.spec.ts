import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import type { UnicornScans } from "../../src/domain/verification/unicorns";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "unicorns");
const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("qc.manager scans Acme 3P Payout, where RS000003 and RS000019 share a shop photo, and marks the pair", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page.goto("/dashboard/unicorn-image-matching");
  await expect(page.getByRole("heading", { name: "Unicorn image matching", level: 1 })).toBeVisible();
  const scans = (await (await page.request.get("/api/unicorns/scans/")).json()) as UnicornScans;
  const payout = scans.sub_projects.find((s) => s.name === "Acme 3P Payout")!;
  await page.getByLabel("Sub-project").selectOption(String(payout.id));
  await page.getByRole("button", { name: "Scan for matching photos" }).click();
  await expect(
    page.getByText("The scan is queued; its pairs appear in the list when it completes."),
  ).toBeVisible();
  // The newest scan is this one (admin's demo scan found the pair before it, so it adds none).
  const latest = page.getByRole("table", { name: "Scans" }).getByRole("row").nth(1);
  await expect(latest.getByRole("rowheader")).toHaveText("Acme 3P Payout");
  await expect(latest.getByRole("cell").nth(1)).toHaveText("Meera Kulkarni");
  await expect(latest).toContainText("Completed", { timeout: 30_000 });
  await expectAccessible(page);
  await shoot(page, "matching");

  await page.getByRole("link", { name: "Suspected duplicates" }).click();
  await expect(page.getByRole("heading", { name: "Suspected duplicate photos", level: 1 })).toBeVisible();
  const row = page
    .getByRole("table", { name: "Suspected duplicates" })
    .getByRole("row")
    .filter({ hasText: "RS000019" });
  await expect(row).toContainText("RS000003");
  await expect(row).toContainText("To review");
  await shoot(page, "list");

  await row.getByRole("link", { name: "Compare RS000003 and RS000019" }).click();
  await expect(page.getByRole("heading", { name: "RS000003 and RS000019", level: 1 })).toBeVisible();
  for (const rsid of ["RS000003", "RS000019"]) {
    const image = page.getByRole("img", { name: `Shop front of ${rsid}` });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await expectAccessible(page);
  await shoot(page, "compare");
  await page.getByRole("button", { name: "Duplicate", exact: true }).click();
  await expect(page.getByText("Marked as a duplicate.")).toBeVisible();
  await expect(page.getByText("marked by Meera Kulkarni")).toBeVisible();
  await expect(page.getByRole("button", { name: "Duplicate", exact: true })).toBeDisabled();

  await page.getByRole("link", { name: "Suspected duplicates" }).click();
  await page
    .getByRole("navigation", { name: "Pair status" })
    .getByRole("link", { name: "Duplicate", exact: true })
    .click();
  await expect(page).toHaveURL(/status=duplicate$/);
  await expect(
    page
      .getByRole("table", { name: "Suspected duplicates" })
      .getByRole("row")
      .filter({ hasText: "RS000019" }),
  ).toContainText("Duplicate");
});

test("a client user is told the matching is not theirs", async ({ page }) => {
  await signIn(page, "client.manager");
  await page.goto("/dashboard/list-of-unicorns");
  await expect(page.getByRole("alert")).toContainText("Identity checks are for Retail Scan's");
});
