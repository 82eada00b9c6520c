import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, expect, type Locator, type Page, type Response } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

export const DEMO_PASSWORD = "Demo@12345";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
type AxeWindow = { axe?: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } };

/**
 * Fails the test on any serious or critical accessibility violation on the current page. axe runs
 * in the page, put there once per document: a run takes about 0.2 s, where running it through a
 * blank page that merges frames' results took seconds. The app's only frames hold PDFs.
 */
export async function expectAccessible(page: Page): Promise<void> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as AxeWindow;
    if (!axe) throw new Error("axe-core did not load into the page");
    const results = await axe.run(document, { resultTypes: ["violations"], iframes: false });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  });
  const blocking = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.targets.join(", ")}`);
  expect(blocking, `accessibility violations on ${page.url()}`).toEqual([]);
}

export async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  // What the page asked the server on the way, said when the dashboard never comes: a slow answer,
  // an unexpected one or none at all are different causes.
  const asked: string[] = [];
  const started = Date.now();
  const heard = (response: Response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith("/api/"))
      asked.push(
        `${response.request().method()} ${pathname} ${response.status()} at ${Date.now() - started} ms`,
      );
  };
  page.on("response", heard);
  try {
    await page.goto("/login");
    await fillLogin(page, username, password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    // A session another spec left open answers 451 and the screen offers to end it: name that cause
    // at once instead of failing later on a page that never came.
    const conflict = page.getByRole("button", { name: "Logout All Session" });
    const onDashboard = () => /\/dashboard$/.test(new URL(page.url()).pathname);
    // On two busy cores the dashboard can take longer than one expect's time; when it never comes,
    // say what the login page showed and what it asked instead.
    try {
      await expect
        .poll(async () => onDashboard() || (await conflict.isVisible()), { timeout: 30_000 })
        .toBe(true);
    } catch {
      const said = (await page.getByRole("alert").allTextContents()).join(" ").trim();
      const field = await page
        .getByLabel("Username")
        .inputValue({ timeout: 1000 })
        .catch(() => "(no field)");
      throw new Error(
        `${username} did not reach the dashboard in 30 s; at ${new URL(page.url()).pathname} the page showed: ${said || "no message"}; its Username field held "${field}"; it asked: ${asked.join(", ") || "nothing"}`,
      );
    }
    if (!onDashboard()) throw new Error(`${username} still has a session an earlier test left open`);
  } finally {
    page.off("response", heard);
  }
}

/** Signs in through the form after ending a session an earlier spec left open for this user (a 451 otherwise). */
export async function signInAfresh(page: Page, username: string): Promise<void> {
  const login = await page.request.post("/api/auth/login/", {
    data: { login_username: username, password: DEMO_PASSWORD, method_of_login: "password", platform: "web" },
  });
  if (login.status() === 451) await page.request.post("/api/auth/logout/all/", { data: {} });
  else if (login.ok()) await page.request.post("/api/auth/logout/", { data: {} });
  await signIn(page, username);
}

/** Full-page screenshots at 1366 and 390 px wide, named {name}-{width}.png in the folder. */
export async function shootWidths(page: Page, folder: string, name: string): Promise<void> {
  for (const [label, size] of [
    ["1366", { width: 1366, height: 768 }],
    ["390", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    // The side menu's width eases for 0.2 s after a resize (14% wide, 100% under 600 px).
    await transitionsEnded(page);
    await page.screenshot({ path: `${folder}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  // The layout moves back from the phone's for 0.2 s: a click meanwhile can press a button that has
  // moved from under the pointer by the time it is released, and nothing happens.
  await transitionsEnded(page);
}

type OutboxEntry = { id: number; recipient: string; body: string };

async function outboxMessages(page: Page): Promise<OutboxEntry[]> {
  const res = await page.request.get("/api/dev/outbox/");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { results: OutboxEntry[] }).results;
}

/**
 * The id of the newest message in the development outbox, read before an action that sends one:
 * the action's message is the first newer than this mark. Reading "the newest for a recipient"
 * right after clicking races the send (and returns an older code where one exists).
 */
export async function outboxMark(page: Page): Promise<number> {
  return (await outboxMessages(page))[0]?.id ?? 0;
}

/** Waits until the outbox holds a message for the recipient newer than the mark, and returns its body. */
export async function outboxMessageAfter(page: Page, recipient: string, mark: number): Promise<string> {
  let body: string | undefined;
  await expect
    .poll(
      async () => {
        body = (await outboxMessages(page)).find((m) => m.recipient === recipient && m.id > mark)?.body;
        return body !== undefined;
      },
      { message: `an outbox message for ${recipient} newer than message ${mark}` },
    )
    .toBe(true);
  return body!;
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The six-digit code in an SMS of the outbox. */
export const codeIn = (message: string) => /\b(\d{6})\b/.exec(message)?.[1] ?? "";
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 800 };

/**
 * Types the number on a code sign-in's number screen and waits for the OTP screen. Returns the
 * outbox mark taken before the code was asked for (for `enterCode`).
 */
export async function requestCode(page: Page, loginPath: string, digits: string): Promise<number> {
  await page.goto(loginPath);
  const mark = await outboxMark(page);
  await page.getByLabel("Mobile number").fill(digits);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByLabel("OTP")).toBeVisible();
  return mark;
}

/** Enters the code sent to the number after the mark, and verifies it. */
export async function enterCode(page: Page, digits: string, mark: number): Promise<void> {
  await page.getByLabel("OTP").fill(codeIn(await outboxMessageAfter(page, `+91${digits}`, mark)));
  await page.getByRole("button", { name: "Verify OTP" }).click();
}

export async function signInWithCode(page: Page, loginPath: string, digits: string): Promise<void> {
  await enterCode(page, digits, await requestCode(page, loginPath, digits));
}

export async function freshPage(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** Waits two animation frames: a change the page has taken in by then has been rendered and painted. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * Waits for the CSS transitions a change started to end. They start at the next style update, so
 * the frames come first; endless animations (spinners) are not transitions and are not waited for.
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await nextFrames(page);
  await page.evaluate(async () => {
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Closes a dialog with Escape, pressed once focus has moved into it (to its first control, Close). */
export async function closeByEscape(dialog: Locator): Promise<void> {
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await dialog.page().keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
}

/** Opens an outlet's review and its Collected Bills group (001 §2.2), scrolling the group slider to it. */
export async function openCollectedBills(page: Page, rsid: string): Promise<Locator> {
  await page.goto(`/dashboard/list-of-outlets/view/${rsid}`);
  const next = page.getByRole("button", { name: "Next groups" });
  const group = page.getByRole("button", { name: /^Collected Bills/ });
  await expect(page.locator(".survey-groups")).toBeVisible();
  while (!(await group.isVisible())) await next.click();
  await group.click();
  const bills = page.getByRole("region", { name: "Collected Bills" });
  await expect(bills.getByRole("tablist")).toBeVisible();
  return bills;
}

/**
 * Opens an address the way a link inside the application does (the router hears the history
 * change), not as a fresh page load: the application is loaded once per user instead of once per
 * address, which is most of what these walks cost, and a page that works only when loaded afresh
 * is caught as a user following links would meet it.
 */
export async function openInApp(page: Page, href: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState(null, "", to), href);
}

/** The addresses of the links a selector finds. */
export const hrefsIn = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute("href") ?? ""));
