import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible, shootWidths, signInAfresh as signIn } from "./support";

// Question reference images (docs/survey.md): the demo's "Shop board visible?" has two in every
// sub-project; RS000001 (acme-retail-audit-main) and RS000002 (its cycle) wait for QC.
const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "reference-images");
const view = (rsid: string) => `/dashboard/list-of-outlets/view/${rsid}`;
const CYCLE_HUB = "/dashboard/projects/view-list/acme-retail-audit/view/acme-retail-audit-cycle-1";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

/** Every image of the list has loaded (the address is served and the page's policy lets it show). */
async function expectLoaded(list: Locator) {
  const images = list.getByRole("img");
  for (let i = 0; i < (await images.count()); i++)
    await expect
      .poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
}

test("Survey Details shows a question's reference images beside it; each opens the full image in a new tab", async ({
  page,
}) => {
  await signIn(page, "qc.manager");
  await page.goto(view("RS000001"));
  await expect(page.getByRole("heading", { name: "Shop Details", level: 3 })).toBeVisible();
  const list = page.getByRole("list", { name: "Reference images of Shop board visible?" });
  await expect(list.getByRole("img")).toHaveCount(2);
  await expect(list.getByRole("img", { name: "Reference image 1 of Shop board visible?" })).toBeVisible();
  await expect(list.getByRole("img", { name: "Reference image 2 of Shop board visible?" })).toBeVisible();
  await expectLoaded(list);
  // Beside the question: level with its label, left of its answer.
  const label = page.locator("label", { hasText: "Shop board visible?" });
  const [labelBox, listBox] = [await label.boundingBox(), await list.boundingBox()];
  expect(listBox!.x).toBeLessThan(labelBox!.x + labelBox!.width);
  expect(listBox!.y).toBeGreaterThan(labelBox!.y);
  await expectAccessible(page);
  await list.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/survey-details-1366.png` });
  await shoot(page, "survey-details");

  const [opened] = await Promise.all([
    page.context().waitForEvent("page"),
    list.getByRole("link").first().click(),
  ]);
  await opened.waitForLoadState();
  expect(new URL(opened.url()).pathname).toBe("/reference-images/shop-board-visible.svg");
  await opened.screenshot({ path: `${SHOTS}/full-image.png` });
  await opened.close();
});

test("project.manager changes a question's reference images on its screen; Survey Details shows the new ones", async ({
  page,
}) => {
  await signIn(page, "project.manager");
  await page.goto(`${CYCLE_HUB}/question-management`);
  await expect(page.getByRole("heading", { name: "Questions", level: 1 })).toBeVisible();
  const board = page.getByRole("row").filter({ hasText: "Shop board visible?" });
  await expect(board.getByRole("cell").last()).toHaveText("2");
  await page.getByRole("link", { name: "Daily footfall", exact: true }).click();

  await expect(page.getByRole("heading", { name: "Daily footfall", level: 1 })).toBeVisible();
  await expect(page.getByText("None yet")).toBeVisible();
  const box = page.getByLabel("Reference images (one address per line)");
  await box.fill("http://cdn.example.in/footfall.jpg\nfootfall.jpg");
  await page.getByRole("button", { name: "Save" }).click();
  // Checked before anything is sent, every bad address named by its place.
  await expect(
    page.getByText(
      "Reference image 1 (http://cdn.example.in/footfall.jpg) is not served over https: give its https:// address.",
    ),
  ).toBeVisible();
  await expect(
    page.getByText(
      "Reference image 2 (footfall.jpg) is not an image address: give an https:// address or a path of this site starting with /.",
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "question-screen-problems");

  await box.fill("/reference-images/shop-board-visible.svg\n/reference-images/shop-board-hidden.svg");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The reference images of Daily footfall were saved.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${CYCLE_HUB}/question-management(\\?|$)`));
  await expect(
    page.getByRole("row").filter({ hasText: "Daily footfall" }).getByRole("cell").last(),
  ).toHaveText("2");

  // The question's screen shows them now.
  await page.getByRole("link", { name: "Daily footfall", exact: true }).click();
  const large = page.getByRole("list", { name: "Reference images of Daily footfall" });
  await expectLoaded(large);
  await expect(box).toHaveValue(
    "/reference-images/shop-board-visible.svg\n/reference-images/shop-board-hidden.svg",
  );
  await expectAccessible(page);
  await shoot(page, "question-screen");

  // And Survey Details, beside the question, on an outlet of this sub-project.
  await page.goto(view("RS000002"));
  await expect(page.getByRole("heading", { name: "Shop Details", level: 3 })).toBeVisible();
  const beside = page.getByRole("list", { name: "Reference images of Daily footfall" });
  await expect(beside.getByRole("img", { name: "Reference image 2 of Daily footfall" })).toBeVisible();
  await expectLoaded(beside);
  await beside.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/survey-details-edited-1366.png` });
});

test("a client's administrator reads a question's reference images and is told who changes them", async ({
  page,
}) => {
  await signIn(page, "client.admin");
  await page.goto(`${CYCLE_HUB}/question-management`);
  await page.getByRole("link", { name: "Shop board visible?", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Shop board visible?", level: 1 })).toBeVisible();
  await expectLoaded(page.getByRole("list", { name: "Reference images of Shop board visible?" }));
  await expect(
    page.getByText("The internal organisation's project managers change a question's reference images."),
  ).toBeVisible();
  await expect(page.getByLabel("Reference images (one address per line)")).toHaveCount(0);
  await expectAccessible(page);
});
