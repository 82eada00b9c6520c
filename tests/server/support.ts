/**
 * A server on a database of its own for each test file: in-memory PGlite, or a database of its own
 * on the PostgreSQL named by TEST_DATABASE_URL, so the same suite checks both storage paths; each
 * starts as a copy of the run's migrated and seeded database (./test-databases.ts). A test file
 * whose servers answered any request with a 500 fails: bad input and races must never be one. (A
 * test that provokes a 500 on purpose builds its own app with its own logger, as platform.test.ts
 * does for a broken database.)
 */
import type { Hono } from "hono";
import { type AppDeps, createApp } from "../../server/app";
import { cryptoRandomBytes } from "../../server/auth/passwords";
import { createSession } from "../../server/auth/sessions";
import type { AppEnv } from "../../server/context";
import { DEFAULT_OUTLETS } from "../../server/seed/demo";
import { noteServerError } from "./serverErrors";
import { seededTestDb } from "./test-databases";

export const DEMO_PASSWORD = "Demo@12345";
export const DAY = 24 * 60 * 60 * 1000;
export const TEST_START = Date.parse("2026-11-20T10:00:00Z");
/** The first bytes of a PNG: enough for the upload's content sniffing. */
export const PNG_HEAD = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

export { openTestDb } from "./test-databases";

/** Calls an app the way a browser would, reading the answer as JSON when it is JSON. */
export function callerOf(app: Hono<AppEnv>) {
  return async function call(
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string>; url?: string } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const res = await app.request(init.url ?? path, {
      method,
      headers,
      body:
        init.body === undefined
          ? undefined
          : typeof init.body === "string"
            ? init.body
            : JSON.stringify(init.body),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return {
      status: res.status,
      headers: res.headers,
      text,
      body: json as Record<string, unknown> & { [k: string]: unknown },
    };
  };
}

/**
 * A migrated, seeded database (a copy of the run's) and an app over it with a settable clock, no
 * real delays (the requested ones are recorded in `sleeps`) and the log lines kept in `logs`.
 */
export async function startTestServer(options: { outlets?: number } & Partial<AppDeps> = {}) {
  const { outlets, ...overrides } = options;
  const clock = { now: TEST_START };
  const { db, drop } = await seededTestDb(outlets ?? DEFAULT_OUTLETS, clock.now);
  const sleeps: number[] = [];
  const logs: Record<string, unknown>[] = [];
  const deps: AppDeps = {
    db,
    mode: "demo",
    clock: () => clock.now,
    randomBytes: cryptoRandomBytes,
    sleep: async (ms) => {
      if (ms > 0) sleeps.push(ms);
    },
    sso: {},
    ...overrides,
    logger: (entry) => {
      logs.push(entry);
      noteServerError(entry);
      overrides.logger?.(entry);
    },
  };
  const app = createApp(deps);
  const call = callerOf(app);

  async function login(username: string, password = DEMO_PASSWORD, platform = "web") {
    return call("POST", "/api/auth/login/", {
      body: { login_username: username, password, method_of_login: "password", platform },
    });
  }

  /** Signs in and gives the Authorization header for the new session. */
  async function signIn(username: string, platform = "web") {
    const res = await login(username, DEMO_PASSWORD, platform);
    if (res.status !== 200)
      throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { authorization: `sessionid ${res.body.sessionid as string}` };
  }

  /** Ends every session of a user, so the next sign-in on a platform is not a session conflict. */
  async function endSessions(username: string) {
    await db.query("DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = $1)", [
      username,
    ]);
  }

  /** A new admin session made directly, beside any the test holds (for admin-only pages such as the outbox). */
  async function adminSession() {
    const [admin] = await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'admin'");
    const token = await createSession(db, admin!.id, "web", clock.now, cryptoRandomBytes);
    return { authorization: `sessionid ${token}` };
  }

  return { app, deps, db, clock, sleeps, logs, call, login, signIn, endSessions, adminSession, close: drop };
}

/** The value of a Set-Cookie header's cookie, if the response set it. */
export function cookieFrom(headers: Headers, name: string): string | null {
  for (const line of headers.getSetCookie()) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (match) return match[1] ?? "";
  }
  return null;
}

/** The whole Set-Cookie line of a cookie, to check its attributes. */
export function setCookieLine(headers: Headers, name: string): string {
  return headers.getSetCookie().find((line) => line.startsWith(`${name}=`)) ?? "";
}
