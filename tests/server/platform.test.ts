// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import type { AppDeps } from "../../server/context";
import { migrate, migrationFiles } from "../../server/db/db";
import { CONTENT_SECURITY_POLICY } from "../../server/http/security";
import { startServer } from "../../server/main";
import { callerOf, startTestServer, type TestServer } from "./support";

const clientDir = mkdtempSync(join(tmpdir(), "client-"));
const INDEX = "<!doctype html><title>app</title><div id=root></div>";
writeFileSync(join(clientDir, "index.html"), INDEX);
const MOBILE = "<!doctype html><title>link</title><div id=root></div>";
writeFileSync(join(clientDir, "mobile.html"), MOBILE);
writeFileSync(join(clientDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
mkdirSync(join(clientDir, "assets"));
writeFileSync(join(clientDir, "assets", "index-Bx1f9a2c.js"), "console.log('app')");
mkdirSync(join(clientDir, ".vite"));
writeFileSync(join(clientDir, ".vite", "manifest.json"), '{"secret":"build details"}');

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clientDir, outlets: 40 });
});
afterAll(async () => {
  await server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** Another app over the same database, differing only in the given dependencies. */
const appWith = (overrides: Partial<AppDeps>) => callerOf(createApp({ ...server.deps, ...overrides }));

function expectSecurityHeaders(headers: Headers, what: string) {
  expect(headers.get("content-security-policy"), what).toBe(CONTENT_SECURITY_POLICY);
  expect(headers.get("content-security-policy"), what).toContain("frame-ancestors 'none'");
  expect(headers.get("x-frame-options"), what).toBe("DENY");
  expect(headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(headers.get("permissions-policy"), what).toContain("camera=()");
}

describe("every response", () => {
  it("carries the security headers: API, client page, static file, 404s, 401 and 503", async () => {
    for (const path of [
      "/api/health/",
      "/dashboard/anything",
      "/assets/index-Bx1f9a2c.js",
      "/assets/missing.js",
      "/api/nope/",
      "/api/auth/info/",
    ]) {
      expectSecurityHeaders((await server.call("GET", path)).headers, path);
    }
    const unbuilt = await appWith({ clientDir: undefined })("GET", "/login");
    expectSecurityHeaders(unbuilt.headers, "503");
  });

  it("is logged as one structured line with a request id, and the user once signed in", async () => {
    server.logs.length = 0;
    const health = await server.call("GET", "/api/health/", { headers: { "x-request-id": "req-42" } });
    expect(health.body).toEqual({ status: "ok" });
    expect(health.headers.get("x-request-id")).toBe("req-42");
    expect(server.logs).toHaveLength(1);
    expect(server.logs[0]).toMatchObject({
      method: "GET",
      path: "/api/health/",
      status: 200,
      level: "info",
      request_id: "req-42",
      user_id: null,
      time: "2026-11-20T10:00:00.000Z",
    });
    expect(typeof server.logs[0]?.duration_ms).toBe("number");

    const auth = await server.signIn("qc.manager");
    server.logs.length = 0;
    const info = await server.call("GET", "/api/auth/info/", {
      headers: { ...auth, "x-request-id": 'not a plain token; {"forged": true}' },
    });
    const userId = (info.body.user_details as { id: number }).id;
    expect(server.logs[0]).toMatchObject({ path: "/api/auth/info/", user_id: userId });
    expect(server.logs[0]?.request_id).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});

describe("errors", () => {
  it("unknown API paths and methods answer 404 Not found. as JSON", async () => {
    for (const [method, path] of [
      ["GET", "/api/does-not-exist/"],
      ["POST", "/api/does-not-exist/"],
      ["GET", "/api/auth/login/"],
      ["DELETE", "/api/auth/info/"],
      ["GET", "/api"],
    ] as const) {
      const res = await server.call(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ detail: "Not found." });
    }
  });

  it("malformed JSON and bodies that are not objects are 400 with a field list, never a 500", async () => {
    for (const body of ["{not json", "[1,2]", '"text"', "null", ""]) {
      const res = await server.call("POST", "/api/auth/login/", { body });
      expect(res.status, body).toBe(400);
      expect(Object.values(res.body).every(Array.isArray), body).toBe(true);
    }
  });

  it("a body over 1 MB is refused with 413", async () => {
    const res = await server.call("POST", "/api/auth/login/", {
      body: { login_username: "x".repeat(1024 * 1024 + 10), password: "x" },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: "Request body is too large." });
  });

  it("an unexpected failure is a logged 500 with a plain detail, not the stack", async () => {
    const broken = { ...server.db, query: async () => Promise.reject(new Error("disk on fire")) };
    const logs: Record<string, unknown>[] = [];
    const call = appWith({ db: broken, logger: (e) => void logs.push(e) });
    const res = await call("POST", "/api/auth/forgot/send-code/", { body: { login_username: "admin" } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: "Something went wrong on the server." });
    expect(logs.some((l) => l.level === "error" && String(l.message).includes("disk on fire"))).toBe(true);
  });
});

describe("serving the client", () => {
  it("falls back to index.html for client routes, without caching it", async () => {
    for (const path of ["/", "/login", "/dashboard/projects/view-list/acme", "/index.html", "/%E0%A4%A"]) {
      const page = await server.call("GET", path);
      expect(page.status, path).toBe(200);
      expect(page.text, path).toBe(INDEX);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(page.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("answers the retailer link's paths with its own page, with the security headers", async () => {
    for (const path of ["/mobile-view/home/slug/abc", "/mobile-view/earnings/abc", "/mobile-view/nothing"]) {
      const page = await server.call("GET", path);
      expect(page.status, path).toBe(200);
      expect(page.text, path).toBe(MOBILE);
      expect(page.headers.get("cache-control")).toBe("no-cache");
      expectSecurityHeaders(page.headers, path);
    }
    // Asked for by name it is not a page: it would not know the address it was opened at.
    expect((await server.call("GET", "/mobile.html")).text).toBe(INDEX);
    expect((await server.call("GET", "/mobile-viewer")).text).toBe(INDEX);
  });

  it("serves hashed assets with a year-long immutable cache, other files revalidated", async () => {
    const asset = await server.call("GET", "/assets/index-Bx1f9a2c.js");
    expect(asset.status).toBe(200);
    expect(asset.text).toBe("console.log('app')");
    expect(asset.headers.get("content-type")).toContain("text/javascript");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const icon = await server.call("GET", "/favicon.svg");
    expect(icon.headers.get("content-type")).toBe("image/svg+xml");
    expect(icon.headers.get("cache-control")).toBe("no-cache");
    expect((await server.call("GET", "/assets/gone-123.js")).status).toBe(404);
  });

  it("never serves files outside the client folder or hidden ones", async () => {
    for (const path of ["/.vite/manifest.json", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd"]) {
      const res = await server.call("GET", path);
      expect(res.text, path).toBe(INDEX);
    }
  });

  it("without a built client, answers page requests with a 503 that says to build", async () => {
    const call = appWith({ clientDir: join(clientDir, "not-there") });
    const res = await call("GET", "/dashboard");
    expect(res.status).toBe(503);
    expect(res.text).toContain("npm run build");
    expect((await call("GET", "/api/health/")).status).toBe(200);
  });
});

describe("modes and configuration", () => {
  it("demo mode has the outbox (JSON and page) and no single sign-on unless configured", async () => {
    const config = await server.call("GET", "/api/config/");
    expect(config.body).toEqual({
      mode: "demo",
      sso_providers: [],
      dev_outbox: true,
      otp_public_key: expect.stringMatching(/^MII[A-Za-z0-9+/]+=*$/),
    });
    await server.call("POST", "/api/auth/forgot/send-code/", { body: { login_username: "qc.executive" } });
    await server.call("POST", "/api/auth/forgot/send-code/", { body: { login_username: "admin" } });
    const admin = await server.adminSession();
    const outbox = await server.call("GET", "/api/dev/outbox/", { headers: admin });
    const results = outbox.body.results as { recipient: string; channel: string; created: string }[];
    expect(results.map((m) => m.recipient).slice(0, 2)).toEqual(["admin", "qc.executive"]);
    expect(results[0]).toMatchObject({ channel: "email", created: "2026-11-20T10:00:00.000Z" });
    const page = await server.call("GET", "/dev/outbox", { headers: admin });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.text.indexOf("admin")).toBeLessThan(page.text.indexOf("qc.executive"));
    expect(page.text).toMatch(/your password reset code is \d{6}/);
  });

  it("lists the configured single sign-on providers", async () => {
    const call = appWith({
      sso: { microsoftUrl: "https://login.example/ms", googleUrl: "https://login.example/google" },
    });
    expect((await call("GET", "/api/config/")).body).toEqual({
      mode: "demo",
      dev_outbox: true,
      otp_public_key: expect.any(String),
      sso_providers: [
        { id: "microsoft", label: "Sign in with Microsoft", start_url: "https://login.example/ms" },
        { id: "google", label: "Sign in with Google", start_url: "https://login.example/google" },
      ],
    });
  });

  it("production mode has no outbox", async () => {
    const production = appWith({ mode: "production" });
    expect((await production("GET", "/api/dev/outbox/")).status).toBe(404);
    expect((await production("GET", "/api/dev/outbox/")).body).toEqual({ detail: "Not found." });
    expect((await production("GET", "/dev/outbox")).status).toBe(404);
    expect((await production("GET", "/api/config/")).body).toMatchObject({
      mode: "production",
      dev_outbox: false,
    });
  });
});

describe("migrations", () => {
  it("are recorded in schema_migrations, and running them again applies nothing", async () => {
    const recorded = await server.db.query<{ name: string }>(
      "SELECT name FROM schema_migrations ORDER BY name",
    );
    expect(recorded.map((r) => r.name)).toEqual(migrationFiles());
    expect(migrationFiles()[0]).toBe("0001_foundation.sql");
    expect(await migrate(server.db)).toEqual([]);
    expect(await migrate(server.db)).toEqual([]);
  });

  it("run each file as one script, so a function body's own semicolons need no splitting", async () => {
    const script = `-- a note
      CREATE TEMP TABLE script_check (x int);
      CREATE FUNCTION pg_temp.twice(n int) RETURNS int LANGUAGE plpgsql AS $$
      BEGIN
        RETURN n * 2;
      END;
      $$;
      INSERT INTO script_check VALUES (pg_temp.twice(21));`;
    const rows = await server.db.transaction(async (tx) => {
      await tx.exec(script);
      const found = await tx.query<{ x: number }>("SELECT x FROM script_check");
      await tx.exec("DROP TABLE script_check");
      return found;
    });
    expect(rows).toEqual([{ x: 42 }]);
  });
});

describe("startServer", () => {
  it("listens on a real port, answers over HTTP and closes", async () => {
    // This server runs on the real clock: the account's password is made fresh for it.
    await server.db.query("UPDATE users SET password_changed_at = $1 WHERE username = 'zenith.manager'", [
      new Date(),
    ]);
    const started = await startServer({ port: 0, host: "127.0.0.1", env: {}, quiet: true, db: server.db });
    try {
      expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(started.mode).toBe("demo");
      const health = await fetch(`${started.url}/api/health/`);
      expect(await health.json()).toEqual({ status: "ok" });
      expect(health.headers.get("x-frame-options")).toBe("DENY");
      // Idle connections outlive a proxy's 60 s, so the proxy closes them, never mid-request.
      expect(health.headers.get("keep-alive")).toBe("timeout=65");
      const login = await fetch(`${started.url}/api/auth/login/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          login_username: "zenith.manager",
          password: "Demo@12345",
          method_of_login: "password",
          platform: "my_track",
        }),
      });
      expect(login.status).toBe(200);
      const { sessionid } = (await login.json()) as { sessionid: string };
      const info = await fetch(`${started.url}/api/auth/info/`, {
        headers: { authorization: `sessionid ${sessionid}` },
      });
      expect(((await info.json()) as { user_details: { username: string } }).user_details.username).toBe(
        "zenith.manager",
      );
    } finally {
      await started.close();
    }
    await expect(fetch(`${started.url}/api/health/`)).rejects.toThrow();
    // The database given to startServer stays open for its owner.
    expect(await server.db.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });
});
