import { expect, type Page, test } from "@playwright/test";
import { machineRegistry } from "../../src/machines/registry";
import { expectAccessible, signInAfresh as signIn } from "./support";

const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.use({ viewport: { width: 1366, height: 768 } });

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("the Machines area lists every machine in the registry (demo mode, /dev/machines)", async ({ page }) => {
  await page.goto("/dev/machines");
  await expect(page.getByRole("heading", { name: "Machines", exact: true })).toBeVisible();
  const table = page.getByRole("table");
  for (const { id } of machineRegistry) {
    await expect(table.getByRole("link", { name: id, exact: true })).toBeVisible();
  }
  await expect(
    page.getByText(`Showing 1 - ${machineRegistry.length} of ${machineRegistry.length} Record(s)`),
  ).toBeVisible();
  // The figures come from the graph tests: sign-in's transitions are all covered.
  await expect(table.getByRole("row", { name: /^signIn / })).toContainText("35 / 35");
  await expectAccessible(page);
  await shot(page, "machines-list");
});

test("a product owner opens the sign-in chart from the menu, reads states by keyboard and zooms", async ({
  page,
}) => {
  await signIn(page, "product.owner");
  await page
    .getByRole("navigation", { name: "Dashboard areas" })
    .getByRole("link", { name: "Machines" })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/machines$/);
  await page.getByRole("link", { name: "signIn", exact: true }).click();
  await expect(page.getByRole("heading", { name: "signIn" })).toBeVisible();

  const chart = page.getByRole("group", { name: "signIn state chart" });
  await expect(chart.getByRole("button", { name: "form.editing", exact: true })).toBeVisible();
  await expect(chart.getByRole("button", { name: "form.submitting", exact: true })).toBeVisible();
  // Nested states and the labelled transitions are drawn.
  await expect(chart.getByText("login.submit").first()).toBeVisible();

  // Hover shows the description; arrows move between states and focus shows theirs.
  await chart.getByRole("button", { name: "form.submitting", exact: true }).hover();
  await expect(page.getByText(/The login request is on its way/)).toBeVisible();
  await chart.getByRole("button", { name: "form.submitting", exact: true }).focus();
  await page.keyboard.press("Home");
  const first = page.locator(":focus");
  await expect(first).toHaveAttribute("data-state", /^signIn\./);
  const firstState = await first.getAttribute("data-state");
  await page.keyboard.press("ArrowDown");
  await expect(page.locator(":focus")).not.toHaveAttribute("data-state", firstState!);

  // QA's view: each transition with the generated paths that take it.
  const qa = page.getByRole("region", { name: "signIn transitions rows" });
  await expect(
    qa.getByRole("row", { name: /^form\.editing login\.submit form\.submitting [1-9]\d*$/ }),
  ).toBeVisible();
  await expect(qa.getByText("none: not covered")).toHaveCount(0);

  // The chart opens fitted to its frame; from actual size, Zoom in takes one step.
  await page.getByRole("button", { name: "Actual size" }).click();
  await expect(page.getByText("100%", { exact: true })).toBeVisible();
  const size = await chart.boundingBox();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(page.getByText("125%", { exact: true })).toBeVisible();
  expect((await chart.boundingBox())!.width).toBeGreaterThan(size!.width);
  await page.getByRole("button", { name: "Actual size" }).click();
  await page.mouse.move(0, 0);
  await expectAccessible(page);
  await shot(page, "machines-signIn");
});

test("the outlet workflow of each sub-project type has its chart", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto("/dashboard/machines/outletWorkflow_retail_audit");
  const chart = page.getByRole("group", { name: "outletWorkflow_retail_audit state chart" });
  await expect(chart.getByRole("button", { name: "qc_pending", exact: true })).toBeVisible();
  await expectAccessible(page);
  await shot(page, "machines-workflow");
});

test("a user without the machines permission is told the area is not theirs", async ({ page }) => {
  await signIn(page, "qc.executive");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Machines" })).toHaveCount(0);
  await page.goto("/dashboard/machines");
  await expect(page.getByRole("alert")).toHaveText(
    "The Machines area is for product owners and administrators.",
  );
});

test("live mode: the sign-in chart follows the login form as a wrong password is tried, secrets masked", async ({
  page,
}) => {
  await signIn(page, "product.owner");
  await page.getByRole("button", { name: /Nandini Rao/ }).click();
  await page.getByRole("menuitemcheckbox", { name: "Live mode" }).click();
  const panel = page.getByRole("complementary", { name: "Live machines" });
  await expect(panel).toBeVisible();

  await page.getByRole("button", { name: /Nandini Rao/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(panel.getByLabel("Running on this screen")).toHaveValue(/.+/);
  await expect(panel.getByTestId("live-state")).toHaveText("form.editing");
  const chart = panel.getByRole("group", { name: "signIn state chart" });
  await expect(chart.getByRole("button", { name: "form.editing, current state" })).toBeVisible();

  await page.getByLabel("Username").fill("product.owner");
  await page.getByLabel("Password", { exact: true }).fill("Wrong@12345");
  // The server's answer is held back a moment, so the chart can be seen in submitting.
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route("**/api/auth/login/", async (route) => {
    await answered;
    await route.continue();
  });
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(panel.getByTestId("live-state")).toHaveText("form.submitting");
  await expect(chart.getByRole("button", { name: "form.submitting, current state" })).toBeVisible();
  await expect(chart.getByRole("button", { name: "form.editing", exact: true })).toBeVisible();
  answer();
  // Refused: the form is editing again, with the error, and the chart follows.
  await expect(chart.getByRole("button", { name: "form.editing, current state" })).toBeVisible();
  await expect(panel.getByTestId("live-state")).toHaveText("form.editing");
  await expect(chart.getByRole("button", { name: "form.submitting", exact: true })).toBeVisible();
  const events = panel.getByRole("list", { name: "Last events" });
  await expect(events.getByText("login.submit", { exact: true })).toBeVisible();
  await expect(events.getByText("password.change", { exact: true }).first()).toBeVisible();
  await expect(panel).not.toContainText("Wrong@12345");
  await expect(panel).toContainText("••••••");
  await page.mouse.move(0, 0);
  await expectAccessible(page);
  await shot(page, "machines-live-login");

  await panel.getByRole("button", { name: "Turn off live mode" }).click();
  await expect(panel).toHaveCount(0);
});

test("QA replays a generated path of the sign-in machine and the chart follows it to the end", async ({
  page,
}) => {
  await page.goto("/dev/machines/signIn");
  await expect(page.getByRole("heading", { name: "signIn" })).toBeVisible();
  const chart = page.getByRole("group", { name: "signIn state chart" });
  await expect(chart.getByRole("button", { name: "form.editing", exact: true })).toBeVisible();

  const transitions = page.getByRole("list", { name: "Paths per transition" });
  await transitions.getByText(/^form\.editing — login\.submit → form\.submitting: \d+ paths/).click();
  const path = transitions.getByText(/^Path \d+ \([^)]+, \d+ events\): .*login\.submit/).first();
  await path.click();
  // Its steps and what each expects, from the fixture.
  await expect(transitions.getByText("Actors started").first()).toBeVisible();
  await transitions
    .getByRole("button", { name: /^Replay path \d+$/ })
    .first()
    .click();

  const replay = page.getByRole("region", { name: /^Replaying path \d+/ });
  const status = replay.getByRole("status");
  await expect(status).toHaveText("The start matched. Step or Play to go on.");
  // The form opens reading a kept 451, the path's first step.
  const live = replay.getByTestId("replay-state");
  await expect(live).toHaveText("form.restoring");
  await expect(chart.getByRole("button", { name: "form.restoring, current state" })).toBeVisible();

  // Step by step: after each, the chart's current state is the live actor's.
  const steps = Number(/(\d+) events/.exec((await path.textContent()) ?? "")?.[1]);
  expect(steps).toBeGreaterThan(0);
  const seen: string[] = [];
  for (let i = 1; i <= steps; i++) {
    await replay.getByRole("button", { name: "Step", exact: true }).click();
    await expect(status).toHaveText(
      i === steps
        ? `Finished: the start and all ${steps} steps matched the path.`
        : `Step ${i} of ${steps} matched. Step or Play to go on.`,
    );
    const state = (await live.textContent()) ?? "";
    seen.push(state);
    await expect(chart.getByRole("button", { name: `${state}, current state` })).toBeVisible();
  }
  expect(seen).toContain("form.submitting");
  await expect(replay.getByRole("button", { name: "Step", exact: true })).toBeDisabled();

  // Reset, then Play runs it to the end by itself.
  await replay.getByRole("button", { name: "Reset" }).click();
  await expect(status).toHaveText("The start matched. Step or Play to go on.");
  await expect(chart.getByRole("button", { name: "form.restoring, current state" })).toBeVisible();
  await replay.getByRole("button", { name: "Play" }).click();
  await expect(status).toHaveText(`Finished: the start and all ${steps} steps matched the path.`);
  await expect(
    chart.getByRole("button", { name: `${seen.at(-1)?.split(".").at(-1)}, current state` }),
  ).toBeVisible();

  await replay.getByText("Steps and what each expects").click();
  await expect(replay.getByText("matched", { exact: true })).toHaveCount(steps + 1);
  await page.mouse.move(0, 0);
  await expectAccessible(page);
  await shot(page, "machines-replay");
});

test("live mode lists the outlet list's machine on the outlet list screen", async ({ page }) => {
  await signIn(page, "admin");
  await page.getByRole("button", { name: /Asha Admin/ }).click();
  await page.getByRole("menuitemcheckbox", { name: "Live mode" }).click();
  const panel = page.getByRole("complementary", { name: "Live machines" });
  await expect(panel).toBeVisible();

  await page.goto("/dashboard/list-of-outlets");
  const running = panel.getByLabel("Running on this screen");
  await expect(running.locator("option", { hasText: /^outletList$/ })).toHaveCount(1);
  await expect(running.locator("option", { hasText: "dataTable (child)" }).first()).toBeAttached();
  await running.selectOption({ label: "outletList" });
  await expect(panel.getByRole("group", { name: "outletList state chart" })).toBeVisible();
  await page.mouse.move(0, 0);
  await shot(page, "machines-live-outlets");

  await panel.getByRole("button", { name: "Turn off live mode" }).click();
  await expect(panel).toHaveCount(0);
});
