import { expect, test } from "@playwright/test";
import { CODE_SPENT_DETAIL } from "../../src/domain/auth/auth";
import { codeIn, expectAccessible, outboxMark, outboxMessageAfter } from "./support";

const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

test("too many wrong reset codes: the code is said to be spent and Resend sends a new one that works", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto("/forgot-password");
  await page.getByLabel("Username").fill("calling.executive");
  const sent = await outboxMark(page);
  await page.getByRole("button", { name: /send code/i }).click();
  await expect(page.getByLabel("Verification code")).toBeVisible();
  const first = codeIn(await outboxMessageAfter(page, "calling.executive", sent));
  expect(first).toMatch(/^\d{6}$/);

  for (let i = 0; i < 4; i++) {
    await page.getByLabel("Verification code").fill(wrongFor(first));
    await page.getByRole("button", { name: "Verify code" }).click();
    await expect(page.getByText("Invalid or expired code.")).toBeVisible();
  }
  await page.getByLabel("Verification code").fill(wrongFor(first));
  await page.getByRole("button", { name: "Verify code" }).click();
  await expect(page.getByText(CODE_SPENT_DETAIL)).toBeVisible();
  // The spent code cannot be tried again: no code field, no Verify, only Resend.
  await expect(page.getByLabel("Verification code")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Verify code" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Resend code" })).toBeFocused();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("forgot-code-spent-1366.png") });

  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole("button", { name: "Resend code" })).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath("forgot-code-spent-390.png") });

  const resent = await outboxMark(page);
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Verification code")).toBeVisible();
  const second = codeIn(await outboxMessageAfter(page, "calling.executive", resent));
  expect(second).not.toBe("");
  await page.getByLabel("Verification code").fill(second);
  await page.getByRole("button", { name: "Verify code" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
});
