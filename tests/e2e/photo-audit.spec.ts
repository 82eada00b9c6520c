import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "photo-audit");
/** The Census project's main sub-project: its survey photos are audited by no other browser test. */
const HUB = "/dashboard/projects/view-list/acme-census/view/acme-census-main";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test("qc.manager approves one survey photo and rejects another with a reason; both survive a reload and show in the gallery", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page.goto(HUB);
  await page
    .getByRole("navigation", { name: "Screens of this sub-project" })
    .getByRole("link", { name: "Photo audit", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Photo audit", level: 1 })).toBeVisible();
  const cards = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: /^Approve / }) });
  await expect(cards.first()).toBeVisible();
  const first = cards.nth(0);
  const second = cards.nth(1);
  const firstName = (await first.getAttribute("aria-label"))!;
  const secondName = (await second.getAttribute("aria-label"))!;
  const rsid = firstName.split(":")[0]!;
  await expectAccessible(page);
  await shoot(page, "photo-audit");

  await first.getByRole("button", { name: `Approve ${firstName}` }).click();
  await expect(page.getByText(`Photo of ${rsid} approved.`)).toBeVisible();
  // A photo decided leaves the "Not audited" list.
  await expect(page.getByRole("listitem", { name: firstName })).toHaveCount(0);

  const toReject = page.getByRole("listitem", { name: secondName });
  await toReject.getByRole("button", { name: `Reject ${secondName}` }).click();
  await toReject.getByRole("button", { name: "Reject photo" }).click();
  await expect(page.getByText("Give the reason the photo is rejected.")).toBeVisible();
  await toReject.getByLabel("Reason for rejecting").fill("Shop board not visible");
  await shoot(page, "photo-audit-reject");
  await toReject.getByRole("button", { name: "Reject photo" }).click();
  await expect(page.getByRole("listitem", { name: secondName })).toHaveCount(0);

  // The decisions are kept: after a reload each is under its own status.
  await page.reload();
  await page.getByLabel("Show").selectOption("rejected");
  const rejected = page.getByRole("listitem", { name: secondName });
  await expect(rejected).toContainText("Rejected: Shop board not visible (");
  await page.getByLabel("Show").selectOption("approved");
  const approved = page.getByRole("listitem", { name: firstName });
  await expect(approved).toContainText("Approved (");
  await expectAccessible(page);

  // The outlet's gallery shows the decision under its photo.
  const gallery = await approved
    .getByRole("link", { name: new RegExp(`\\(${rsid}\\)`) })
    .getAttribute("href");
  await page.goto(gallery!);
  await expect(page.getByText(/^Image \d+: Approved \(/).first()).toBeVisible();
  await shoot(page, "gallery-audit");
});
