import { expect, type Page, test } from "@playwright/test";
import { closeByEscape, expectAccessible, signIn, signInAfresh } from "./support";

// Demo outlets (docs/demo-data.md): RS000001 to RS000016 wait for QC (the first of each sub-project),
// RS000017 to RS000032 are QC accepted; the first 100 carry survey answers.
const view = (rsid: string) => `/dashboard/list-of-outlets/view/${rsid}`;
// A mandatory question's label ends in an asterisk.
const answer = (page: Page, name: string) => page.getByLabel(new RegExp(`^${name}( \\*)?$`));
const saveButton = (page: Page) => page.getByRole("button", { name: /^Save( and Next)?$/ });

const closeProblems = (page: Page) =>
  closeByEscape(page.getByRole("dialog", { name: "Please correct these answers" }));

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

async function stateOf(page: Page, rsid: string): Promise<string> {
  return ((await (await page.request.get(`/api/outlets/${rsid}/`)).json()) as { workflow_state: string })
    .workflow_state;
}

test("qc.executive edits answers on a qc_pending outlet, sees every problem at once, saves, and finds the history", async ({
  page,
}) => {
  await signIn(page, "qc.executive");
  expect(await stateOf(page, "RS000006")).toBe("qc_pending");
  await page.goto(view("RS000006"));
  await expect(page.getByRole("heading", { name: "Shop Details", level: 3 })).toBeVisible();

  await answer(page, "Shop name").fill("ab");
  await answer(page, "Daily footfall").fill("9000");
  await answer(page, "Pin code").fill("41a10");
  await expect(answer(page, "Pin code")).toHaveValue("4110");
  await saveButton(page).click();
  const problems = page.getByRole("dialog", { name: "Please correct these answers" });
  await expect(problems.getByRole("listitem")).toHaveText([
    "Shop name must have text between 3 to 60!",
    "Daily footfall must have number between 0 to 5000!",
    "Pincode must be exactly 6 digits!",
  ]);
  await page.screenshot({ path: test.info().outputPath("survey-problems.png"), fullPage: true });
  await closeProblems(page);

  await answer(page, "Shop name").fill("Mehta Kirana and Sons");
  await answer(page, "Daily footfall").fill("240");
  await answer(page, "Pin code").fill("400036");
  await answer(page, "Date of establishment").fill("2001-05-17");
  await saveButton(page).click();
  await expect(page.getByText("Shop Details: Answers saved.")).toBeVisible();
  // Save and Next opened the next group; the saved one is complete.
  await expect(page.getByRole("heading", { name: "Owner and KYC", level: 3 })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Shop Details\s*Complete$/ })).toBeVisible();

  await answer(page, "Owner mobile").fill("98765");
  await saveButton(page).click();
  await expect(
    page
      .getByRole("dialog", { name: "Please correct these answers" })
      .getByText("Owner mobile must be exactly 10 digits!"),
  ).toBeVisible();
  await closeProblems(page);
  await answer(page, "Owner mobile").fill("+91 9876543210");
  await saveButton(page).click();
  await expect(page.getByText("Owner and KYC: Answers saved.")).toBeVisible();

  // Refresh QC data reads the outlet's phone again from the answer; the page reloads.
  await page.getByRole("button", { name: "Refresh QC data" }).click();
  await expect(page.getByText("QC data refreshed from the survey answers: Phone number 1")).toBeVisible();
  await expect(page.getByText("9876543210", { exact: true }).first()).toBeVisible();

  await page.getByRole("button", { name: "QC Edit History" }).click();
  const history = page.getByRole("list", { name: "QC Edit History" });
  await expect(history.getByText(/^Shop name changed from .* to Mehta Kirana and Sons$/)).toBeVisible();
  await expect(history.getByText(/^Owner mobile changed from .* to \+919876543210$/)).toBeVisible();
  await expectAccessible(page);
});

test("qc.executive reads a qc_accepted outlet's answers; project.manager edits them", async ({ page }) => {
  await signIn(page, "qc.executive");
  expect(await stateOf(page, "RS000022")).toBe("qc_accepted");
  await page.goto(view("RS000022"));
  await expect(page.getByRole("heading", { name: "Shop Details", level: 3 })).toBeVisible();
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expect(saveButton(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Refresh QC data" })).toHaveCount(0);
  await page.request.post("/api/auth/logout/", { data: {} });

  await signInAfresh(page, "project.manager");
  await page.goto(view("RS000022"));
  await answer(page, "Shop name").fill("Accepted Outlet Shop");
  await saveButton(page).click();
  await expect(page.getByText("Shop Details: Answers saved.")).toBeVisible();
  // Photos asks only for images: complete from the start; its tiles open the gallery.
  await page.getByRole("button", { name: /^Photos/ }).click();
  await page.getByRole("button", { name: "Shelf photos image 1" }).click();
  await closeByEscape(page.getByRole("dialog", { name: "Shelf photos" }));
  await page.screenshot({ path: test.info().outputPath("survey-photos.png"), fullPage: true });
});

test("after Update Status on the screen the answers lock", async ({ page }) => {
  await signIn(page, "qc.manager");
  expect(await stateOf(page, "RS000007")).toBe("qc_pending");
  await page.goto(view("RS000007"));
  await expect(answer(page, "Shop name")).toBeEditable();
  await page.getByRole("button", { name: "Update Status" }).click();
  const dialog = page.getByRole("dialog", { name: "Update Status" });
  await dialog.getByLabel("Status").selectOption({ label: "QC Accept" });
  await dialog.getByLabel("Remarks").fill("Answers checked");
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.getByRole("button", { name: "Okay" }).click();
  await expect(page.getByText("QC Accepted", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expect(saveButton(page)).toHaveCount(0);
});

test("calling.executive saves Calling Details only once a calling question is verified", async ({ page }) => {
  await signIn(page, "calling.executive");
  await page.goto(view("RS000001"));
  await expect(page.getByRole("heading", { name: "Calling Details", level: 2 })).toBeVisible();
  await page.getByRole("button", { name: /^Owner and KYC/ }).click();
  await expect(page.getByRole("heading", { name: "Owner and KYC", level: 3 })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Owner mobile" })).toHaveCount(0);
  const remark = page.getByRole("checkbox", { name: "Remark" }).first();
  await remark.check();
  await saveButton(page).click();
  await expect(
    page
      .getByRole("dialog", { name: "Please correct these answers" })
      .getByText(/^Give the Reason for the remark on/),
  ).toBeVisible();
  await closeProblems(page);
  await remark.uncheck();
  await page.getByRole("checkbox", { name: "Called and verified" }).first().check();
  await saveButton(page).click();
  await expect(page.getByText("Owner and KYC: Answers saved.")).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("calling-details.png"), fullPage: true });
});
