/**
 * The field auditor's capture on a 390 px phone (docs/field-user.md): an outlet added with photos
 * and the phone's location survives a lost connection, is sent once when it returns, and QC finds it
 * in QC Pending once; its retailer service agreement's status shows in QC's header card.
 */
import { expect, test } from "@playwright/test";
import { expectAccessible, PHONE, signInAfresh, signInWithCode } from "./support";

// A PNG of one pixel: the phone shrinks every photo to a JPEG before keeping it.
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const photo = (name: string) => ({ name, mimeType: "image/png", buffer: PIXEL });
// No other browser test signs in as this auditor, and the outlet added here is new.
const AUDITOR = "9000000010";

test("a field auditor adds an outlet through a lost connection and fills its RSA; QC sees both", async ({
  browser,
}, testInfo) => {
  const shot = (page: import("@playwright/test").Page, name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
  const context = await browser.newContext({
    viewport: PHONE,
    geolocation: { latitude: 12.9716, longitude: 77.5946, accuracy: 12 },
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  await signInWithCode(page, "/eMyTrack/login", AUDITOR);
  await expect(page).toHaveURL(/\/eMyTrack\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Your rank" })).toBeVisible();
  await shot(page, "capture-dashboard");

  await page.getByRole("link", { name: "Add outlet" }).click();
  await expect(page.getByRole("heading", { name: "Add an outlet" })).toBeVisible();
  await page.getByRole("link", { name: "Add a new outlet" }).click();
  await expect(page.getByRole("heading", { name: "New outlet" })).toBeVisible();

  // Send on an empty draft says what each field needs.
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("Take at least one photo of the shop.")).toBeVisible();
  await expect(page.getByText("Use my location while standing at the outlet.")).toBeVisible();

  const name = `Field Kirana ${Date.now()}`;
  await page.getByLabel("Sub-project").selectOption({ index: 1 });
  await page.getByLabel("City and territory").selectOption({ index: 1 });
  await page.getByLabel("Outlet name").fill(name);
  await page.getByLabel("Owner name").fill("Ravi Kumar");
  await page.getByLabel("Phone", { exact: true }).fill("9876543210");
  await page.getByLabel("Address").fill("12 Market Road");
  await page.getByLabel("PIN code").fill("560001");
  await page.getByRole("button", { name: "Use my location" }).click();
  await expect(page.getByText("12.97160, 77.59460 (±12 m)")).toBeVisible();
  await page.getByLabel("Take a photo").setInputFiles(photo("front.png"));
  await expect(page.getByRole("img", { name: "Shop photos 1" })).toBeVisible();
  await page.getByLabel("Take a photo").setInputFiles(photo("board.png"));
  await expect(page.getByRole("img", { name: "Shop photos 2" })).toBeVisible();
  await expect(page.getByText("Take at least one photo of the shop.")).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, "capture-draft");

  // The connection drops as the auditor sends: the draft stays on the phone, as sent.
  await context.setOffline(true);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(
    page.getByText(
      "No connection: the outlet is kept on this phone. Send it again when you are back online.",
    ),
  ).toBeVisible();
  await expect(page.getByLabel("Outlet name")).toBeDisabled();
  await shot(page, "capture-offline");
  await page.getByRole("link", { name: "Drafts on this phone" }).click();
  const drafts = page.getByRole("list", { name: "Drafts on this phone" });
  await expect(drafts.getByText(name, { exact: true })).toBeVisible();
  await expect(drafts.getByText("Waiting to be sent")).toBeVisible();
  await expectAccessible(page);
  await shot(page, "capture-drafts");

  // Back online: the kept draft is sent with the same key.
  await context.setOffline(false);
  await drafts.getByRole("link", { name: `Send ${name}` }).click();
  await page.getByRole("button", { name: "Send again" }).click();
  await expect(page.getByRole("heading", { name: "Outlet added" })).toBeVisible();
  const added =
    (await page.getByRole("region", { name: "Outlet added" }).getByRole("status").textContent()) ?? "";
  const rsid = /RS\d+/.exec(added)?.[0] ?? "";
  expect(added).toBe(`${rsid} · QC Pending`);
  await expectAccessible(page);
  await shot(page, "capture-sent");

  // The retailer service agreement, with a photo of the signed page.
  await page.getByRole("link", { name: "Fill the retailer service agreement" }).click();
  await expect(page.getByRole("heading", { name: "Retailer service agreement" })).toBeVisible();
  await page.getByLabel("Signed by (retailer's name)").fill("Ravi Kumar");
  await page.getByLabel("Signatory's mobile").fill("9876543210");
  await page.getByLabel("Signed on").fill("2024-06-01");
  await page.getByLabel("The retailer has read and signed the agreement").check();
  await page.getByLabel("Take a photo").setInputFiles(photo("page-1.png"));
  await expect(page.getByRole("img", { name: "Signed pages 1" })).toBeVisible();
  await expectAccessible(page);
  await shot(page, "capture-rsa-form");
  await page.getByRole("button", { name: "Send for verification" }).click();
  await expect(page.getByText("Agreement sent for verification.")).toBeVisible();
  await page.getByRole("link", { name: "View the agreement" }).click();
  await expect(page).toHaveURL(new RegExp(`/eMyTrack/rsa-detail\\?outlet=${rsid}$`));
  await expect(page.getByText("Pending verification")).toBeVisible();
  await expectAccessible(page);
  await shot(page, "capture-rsa-detail");

  // The drafts list no longer holds the sent draft.
  await page.goto("/eMyTrack/outlet-add");
  await expect(page.getByText("No drafts on this phone.")).toBeVisible();
  await context.close();

  // QC finds the outlet once, waiting for QC, and the agreement's status in the header card.
  const qc = await (await browser.newContext()).newPage();
  await signInAfresh(qc, "qc.manager");
  await qc.goto("/dashboard/list-of-outlets");
  await qc.getByRole("searchbox", { name: "Search Outlets" }).fill(name);
  const row = qc.getByRole("row").filter({ hasText: name });
  await expect(row.getByText(rsid)).toBeVisible();
  await expect(row).toHaveCount(1);
  await expect(row.getByText("QC Pending", { exact: true })).toBeVisible();
  await qc.goto(`/dashboard/list-of-outlets/view/${rsid}`);
  const rsa = qc
    .locator("div")
    .filter({ hasText: /^RSA Verification Status/ })
    .locator("dd");
  await expect(rsa).toContainText("Pending verification");
  await qc.screenshot({ path: testInfo.outputPath("capture-qc-header-1366.png"), fullPage: true });
  // Later specs sign qc.manager in again: this session must not be left open.
  await qc.request.post("/api/auth/logout/", { data: {} });
  await qc.context().close();
});
