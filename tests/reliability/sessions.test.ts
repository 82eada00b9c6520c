/**
 * Sessions and response headers: login lockout, session expiry, logout ending the token on the
 * server, cookie attributes, and the security headers on every kind of response.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { SESSION_IDLE_MS, SESSION_MAX_MS } from "../../server/auth/sessions";
import { LOCK_AFTER, LOCK_MS, LOCKED_DETAIL } from "../../server/auth/throttle";
import type { Db } from "../../server/db/db";
import { CONTENT_SECURITY_POLICY } from "../../server/http/security";
import { callerOf, DEMO_PASSWORD, setCookieLine, startTestServer, type TestServer } from "../server/support";

let server: TestServer;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), "sessions-client-"));
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(join(clientDir, "index.html"), "<!doctype html><title>app</title>");
  writeFileSync(join(clientDir, "assets", "main-abc123.js"), "console.log(1)");
  server = await startTestServer({ clientDir });
});
afterAll(async () => {
  await server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const HOUR = 60 * 60 * 1000;

describe("login lockout", () => {
  it(`locks a name after ${LOCK_AFTER} failures: even the right password is refused until the lock ends`, async () => {
    for (let i = 1; i < LOCK_AFTER; i++)
      expect((await server.login("calling.manager", "wrong")).status).toBe(400);
    const locking = await server.login("calling.manager", "wrong");
    expect(locking.status).toBe(429);
    expect(locking.body.detail).toBe(LOCKED_DETAIL);
    expect((await server.login("calling.manager", DEMO_PASSWORD)).status).toBe(429);
    // The answers slowed down from the 4th failure on.
    expect(server.sleeps.length).toBeGreaterThan(0);
    server.clock.now += LOCK_MS + 1000;
    expect((await server.login("calling.manager", DEMO_PASSWORD)).status).toBe(200);
  });

  it("parallel failures are all counted", async () => {
    const answers = await Promise.all(
      Array.from({ length: LOCK_AFTER * 2 }, () => server.login("field.manager", "wrong")),
    );
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(LOCK_AFTER);
    expect((await server.login("field.manager", DEMO_PASSWORD)).status).toBe(429);
  });
});

describe("session lifetime", () => {
  it("a session unused for 12 hours has ended, on the server", async () => {
    const auth = await server.signIn("qc.executive");
    server.clock.now += SESSION_IDLE_MS - 60_000;
    expect((await server.call("GET", "/api/auth/info/", { headers: auth })).status).toBe(200);
    server.clock.now += SESSION_IDLE_MS + 1;
    const expired = await server.call("GET", "/api/auth/info/", { headers: auth });
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toBe("Session expired. Please login again.");
    const [row] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'qc.executive'",
    );
    expect(row?.n).toBe(0);
  });

  it("a session in daily use still ends 7 days after it began", async () => {
    const auth = await server.signIn("iftu.executive");
    const started = server.clock.now;
    while (server.clock.now + 6 * HOUR - started < SESSION_MAX_MS) {
      server.clock.now += 6 * HOUR;
      const r = await server.call("GET", "/api/auth/info/", { headers: auth });
      expect(r.status, `${(server.clock.now - started) / HOUR} h after sign-in`).toBe(200);
    }
    server.clock.now = started + SESSION_MAX_MS + 1;
    expect((await server.call("GET", "/api/auth/info/", { headers: auth })).status).toBe(401);
  });

  it("logout ends the token on the server: the same token, by header or cookie, is refused after", async () => {
    const res = await server.login("project.manager");
    const token = res.body.sessionid as string;
    const header = { authorization: `sessionid ${token}` };
    const cookie = { cookie: `sessionid=${token}` };
    expect((await server.call("GET", "/api/auth/info/", { headers: cookie })).status).toBe(200);
    expect((await server.call("POST", "/api/auth/logout/", { headers: header })).status).toBe(200);
    expect((await server.call("GET", "/api/auth/info/", { headers: header })).status).toBe(401);
    expect((await server.call("GET", "/api/auth/info/", { headers: cookie })).status).toBe(401);
  });

  it("logout of all sessions ends every session of the user", async () => {
    const first = await server.signIn("zenith.manager", "web");
    const [user] = await server.db.query<{ id: number }>(
      "SELECT id FROM users WHERE username = 'zenith.manager'",
    );
    await server.db.query(
      "INSERT INTO sessions (token_hash, user_id, platform, created_at, last_seen_at) VALUES ('other-device', $1, 'my_track', $2, $2)",
      [user!.id, new Date(server.clock.now)],
    );
    expect((await server.call("POST", "/api/auth/logout/all/", { headers: first })).status).toBe(200);
    expect((await server.call("GET", "/api/auth/info/", { headers: first })).status).toBe(401);
    const [left] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sessions WHERE user_id = $1",
      [user!.id],
    );
    expect(left?.n).toBe(0);
  });
});

describe("cookies", () => {
  it("the session cookie is HttpOnly, SameSite=Lax, for the whole site, and Secure over HTTPS", async () => {
    const plain = await server.login("client.executive");
    const line = setCookieLine(plain.headers, "sessionid");
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\//);
    await server.call("POST", "/api/auth/logout/", {
      headers: { authorization: `sessionid ${plain.body.sessionid as string}` },
    });
    const secure = await server.call("POST", "/api/auth/login/", {
      body: { login_username: "client.executive", password: DEMO_PASSWORD },
      headers: { "x-forwarded-proto": "https" },
    });
    expect(setCookieLine(secure.headers, "sessionid")).toMatch(/Secure/);
  });

  it("the conflict cookie of a 451 is HttpOnly, SameSite=Strict and only for the auth paths", async () => {
    await server.signIn("client.manager");
    const conflict = await server.login("client.manager");
    expect(conflict.status).toBe(451);
    const line = setCookieLine(conflict.headers, "session_conflict");
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/Path=\/api\/auth\//);
  });
});

describe("security headers on every response", () => {
  const expectHeaders = (headers: Headers, what: string) => {
    expect(headers.get("content-security-policy"), what).toBe(CONTENT_SECURITY_POLICY);
    expect(headers.get("content-security-policy"), what).toContain("frame-ancestors 'none'");
    expect(headers.get("x-frame-options"), what).toBe("DENY");
    expect(headers.get("x-content-type-options"), what).toBe("nosniff");
    expect(headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  };

  it("on answers, refusals, bad input, unknown paths, static files and the page", async () => {
    const admin = await server.signIn("admin");
    const cases: [string, string, { body?: unknown; headers?: Record<string, string> }?][] = [
      ["GET", "/api/health/"],
      ["GET", "/api/auth/info/"],
      ["GET", "/api/auth/info/", { headers: { authorization: "sessionid not-a-session" } }],
      ["GET", "/api/auth/users/", { headers: await server.signIn("qc.manager") }],
      ["POST", "/api/auth/login/", { body: "{not json" }],
      ["POST", "/api/auth/login/", { body: "x".repeat(1024 * 1024 + 10) }],
      ["GET", "/api/no-such-thing/"],
      ["GET", "/api/outlets/", { headers: admin }],
      ["GET", "/api/files/1/november_payouts.xlsx", { headers: admin }],
      ["GET", "/api/files/999999/x.xlsx", { headers: admin }],
      ["GET", "/"],
      ["GET", "/dashboard/outlets?page=2"],
      ["GET", "/assets/main-abc123.js"],
      ["GET", "/assets/missing.js"],
      ["GET", "/dev/outbox"],
    ];
    const statuses = new Set<number>();
    for (const [method, path, init] of cases) {
      const res = await server.call(method, path, init);
      statuses.add(res.status);
      expectHeaders(res.headers, `${method} ${path} (${res.status})`);
    }
    expect([...statuses].sort()).toEqual([200, 400, 401, 403, 404, 413]);
  });

  it("on a server error", async () => {
    const failing: Db = {
      ...server.db,
      query: async (sql, params) => {
        if (sql.includes("FROM outlets")) throw new Error("the database went away");
        return server.db.query(sql, params);
      },
    };
    const app = createApp({ ...server.deps, db: failing, logger: () => {} });
    const call = callerOf(app);
    const res = await call("GET", "/api/outlets/", { headers: await server.signIn("iftu.manager") });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: "Something went wrong on the server." });
    expectHeaders(res.headers, "500");
  });
});
