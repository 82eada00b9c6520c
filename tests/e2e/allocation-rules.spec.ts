import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, newPage, PHONE, signIn } from "./support";

// RS000060: an Acme KYC Cycle 1 outlet waiting for QC, every group answered, that no calling
// executive holds (docs/demo-data.md).
const RSID = "RS000060";
const SUB_PROJECT = "Acme KYC Cycle 1";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const rules = (page: Page) => page.getByRole("region", { name: "Automatic assignment" });

test("a calling rule gives a QC accepted outlet to its executive, shown in the header card and the log", async ({
  page,
  browser,
}) => {
  // The calling manager adds a rule for one sub-project: Rahul Verma receives, within 500 outlets.
  await signIn(page, "calling.manager");
  await page.goto("/dashboard/calling-allocation-management");
  const section = rules(page);
  await expect(
    section.getByText("No rules: every outlet entering the team's work waits for a manager."),
  ).toBeVisible();
  await section.getByRole("button", { name: "Add a rule" }).click();
  const form = section.getByRole("form", { name: "Add a rule" });
  const save = form.getByRole("button", { name: "Save rule" });
  await expect(save).toBeDisabled();
  await form.getByLabel("Sub-projects").selectOption({ label: SUB_PROJECT });
  await form.getByRole("checkbox", { name: /^Rahul Verma/ }).check();
  await form.getByLabel("Capacity").fill("5OO");
  await expect(save).toBeDisabled();
  await form.getByLabel("Capacity").fill("500");
  await expectAccessible(page);
  await shoot(page, "rule-form");
  await save.click();
  await expect(page.getByText(`The ${SUB_PROJECT} rule was added.`)).toBeVisible();
  const row = section.getByRole("row", { name: new RegExp(SUB_PROJECT) });
  await expect(row.getByRole("cell")).toHaveText(["Rahul Verma", "500", "On", /Edit/]);
  await shoot(page, "rules-listed");
  await page.setViewportSize(PHONE);
  await shoot(page, "rules-listed-phone");
  await page.setViewportSize({ width: 1366, height: 800 });

  // The QC manager, in a browser of their own, accepts the outlet from the outlet list's Update Status.
  const qc = await newPage(browser);
  await signIn(qc, "qc.manager");
  await qc.goto("/dashboard/list-of-outlets");
  await qc.getByRole("searchbox", { name: "Search Outlets" }).fill(RSID);
  const listed = qc.getByRole("row").filter({ hasText: RSID });
  await expect(listed).toHaveCount(1);
  await listed.getByRole("checkbox").check();
  await qc.getByRole("button", { name: "Update Status" }).click();
  const dialog = qc.getByRole("dialog", { name: "Update Status" });
  await dialog.getByLabel("Status").selectOption({ label: "QC Accept" });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Done", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Okay" }).click();

  // The header card names the rule's executive; the log says the rule gave it.
  await qc.goto(`/dashboard/list-of-outlets/view/${RSID}`);
  const people = qc.getByRole("region", { name: "Associated By" });
  await expect(people.locator("div").filter({ hasText: "Calling Executive" }).locator("dd")).toHaveText(
    "Rahul Verma",
  );
  await qc.getByRole("button", { name: "Log Details" }).click();
  await expect(
    qc
      .getByRole("list", { name: "Log Details" })
      .getByText(`Automatic assignment (the ${SUB_PROJECT} rule) gave the Calling executive Rahul Verma.`),
  ).toBeVisible();
  await shoot(qc, "outlet-assigned");
  await qc.request.post("/api/auth/logout/", { data: {} });
  await qc.context().close();

  // The calling manager switches the rule off, then removes it, asked first.
  await page.reload();
  await rules(page).getByRole("button", { name: "Switch off" }).click();
  await expect(
    rules(page)
      .getByRole("row", { name: new RegExp(SUB_PROJECT) })
      .getByRole("cell")
      .nth(2),
  ).toHaveText("Off");
  await rules(page).getByRole("button", { name: "Remove" }).click();
  const ask = page.getByRole("dialog", { name: `Remove the ${SUB_PROJECT} rule` });
  await expect(ask).toContainText(
    `Outlets already assigned keep their executive; ${SUB_PROJECT}'s outlets entering Calling work from now on follow every sub-project's rule, if there is one.`,
  );
  await shoot(page, "remove-asked");
  await ask.getByRole("button", { name: "Remove rule" }).click();
  await expect(
    rules(page).getByText("No rules: every outlet entering the team's work waits for a manager."),
  ).toBeVisible();
});
