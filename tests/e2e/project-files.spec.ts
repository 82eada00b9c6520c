import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { badgePng, deckPdf } from "../../server/seed/projectFiles";
import { expectAccessible, shootWidths, signInAfresh } from "./support";

const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "project-files");
const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);
const LOGO_RULE = "The logo must be a PNG, JPEG or WebP image of at most 2 MB.";

test.afterEach(async ({ page }) => {
  await page.request.post("/api/auth/logout/", { data: {} });
});

test("project.manager adds a project with a logo and a deck; the card shows the logo and downloads the deck, which another organisation's client cannot fetch", async ({
  page,
}) => {
  const deck = await deckPdf("Acme Festive Visibility", ["Festive displays in 400 outlets"], new Date());
  await signInAfresh(page, "project.manager");
  await page.goto("/dashboard/projects/project-creation");
  await page.getByLabel("Name", { exact: true }).fill("Acme Festive Visibility");
  await page.getByRole("button", { name: "Organisation" }).click();
  await page.getByRole("button", { name: "Acme Beverages", exact: true }).click();
  await page.getByLabel("Type").selectOption("retail_audit");
  await page.getByLabel("Start date").fill("2026-10-01");
  await page.getByLabel("End date").fill("2026-12-31");

  // A text file named like an image is refused at once, under the field, by its content.
  const logoField = page.getByRole("group", { name: "Logo" });
  await page.getByLabel("Logo", { exact: true }).setInputFiles({
    name: "festive.png",
    mimeType: "image/png",
    buffer: Buffer.from("not an image at all"),
  });
  await expect(logoField.getByText(LOGO_RULE)).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(logoField.getByText(LOGO_RULE)).toBeVisible();
  await expect(page).toHaveURL(/project-creation$/);

  // Replaced with a real PNG: its name, size and preview; the deck beside it.
  await page.getByLabel("Logo", { exact: true }).setInputFiles({
    name: "festive.png",
    mimeType: "image/png",
    buffer: Buffer.from(badgePng(96, [160, 30, 120])),
  });
  await expect(logoField.getByText(/^festive\.png \(\d+ KB\)$/)).toBeVisible();
  await expect(logoField.getByText(LOGO_RULE)).toHaveCount(0);
  await expect(logoField.getByRole("img", { name: "Logo preview" })).toBeVisible();
  await page.getByLabel("Deck", { exact: true }).setInputFiles({
    name: "festive-deck.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(deck),
  });
  const deckField = page.getByRole("group", { name: "Deck" });
  await expect(deckField.getByText(/^festive-deck\.pdf \(\d+ KB\)$/)).toBeVisible();
  await expect(deckField.getByRole("button", { name: "Remove deck" })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "project-form-files");

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  await page.getByLabel("Search projects").fill("Festive");
  const card = page.getByRole("article", { name: "Acme Festive Visibility", exact: true });
  const logo = card.getByRole("img", { name: "Logo of Acme Festive Visibility" });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  const download = card.getByRole("link", { name: "Download deck of Acme Festive Visibility" });
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toBe("festive-deck.pdf");
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.byteLength).toBe(deck.byteLength);

  // A demo project without a deck offers no download, and one without a logo shows its initials.
  await page.getByLabel("Search projects").fill("");
  const census = page.getByRole("article", { name: "Acme Census 2026-27", exact: true });
  await expect(census.getByRole("img")).toBeVisible();
  await expect(census.getByRole("link", { name: /Download deck/ })).toHaveCount(0);
  const empanelment = page.getByRole("article", { name: "Acme Empanelment 2026-27", exact: true });
  await expect(empanelment.locator(".project-card-logo-fallback")).toHaveText("AE");
  await expectAccessible(page);
  await shoot(page, "project-cards-files");

  // A client user of another organisation finds neither file.
  const deckUrl = await download.getAttribute("href");
  const logoUrl = await logo.getAttribute("src");
  await page.request.post("/api/auth/logout/", { data: {} });
  await signInAfresh(page, "zenith.manager");
  for (const url of [deckUrl!, logoUrl!]) expect((await page.request.get(url)).status()).toBe(404);
  await page.request.post("/api/auth/logout/", { data: {} });
  // The project's own client does.
  await signInAfresh(page, "client.manager");
  const own = await page.request.get(deckUrl!);
  expect(own.status()).toBe(200);
  expect((await own.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
});
