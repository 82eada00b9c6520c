// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digest } from "../../server/auth/passwords";
import { LOCK_AFTER } from "../../server/auth/throttle";
import { cookieFrom, DAY, setCookieLine, startTestServer, type TestServer } from "./support";

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe("login", () => {
  it("returns the session id, sets it as an HttpOnly cookie, and both authenticate", async () => {
    const res = await server.login("qc.manager");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: "qc.manager", password_expired: false });
    const token = res.body.sessionid as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/sessionid=.*HttpOnly/);

    const byHeader = await server.call("GET", "/api/auth/info/", {
      headers: { authorization: `sessionid ${token}` },
    });
    expect(byHeader.status).toBe(200);
    expect(byHeader.body.user_details).toMatchObject({
      username: "qc.manager",
      roles: ["qc-manager"],
      considered_workflow_permission: "qc-manager-workflow-permission",
      organisation: { name: "Retail Scan", kind: "internal" },
    });
    const byCookie = await server.call("GET", "/api/auth/info/", {
      headers: { cookie: `sessionid=${token}` },
    });
    expect(byCookie.status).toBe(200);
  });

  it("refuses a wrong password and an unknown user with the same answer", async () => {
    const wrong = await server.login("qc.executive", "nope");
    const unknown = await server.login("nobody.here", "nope");
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: "Invalid username or password.", code: "invalid_credentials" });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("names blank fields and never crashes on bad bodies", async () => {
    const blank = await server.call("POST", "/api/auth/login/", {
      body: { login_username: " ", password: "" },
    });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({
      login_username: ["This field may not be blank."],
      password: ["This field may not be blank."],
    });
    const notJson = await server.call("POST", "/api/auth/login/", { body: "{not json" });
    expect(notJson.status).toBe(400);
    const array = await server.call("POST", "/api/auth/login/", { body: [1, 2] });
    expect(array.status).toBe(400);
  });

  it("slows repeated failures down, then locks the account even for the right password", async () => {
    server.sleeps.length = 0;
    for (let i = 1; i < LOCK_AFTER; i++)
      expect((await server.login("field.manager", "wrong")).status).toBe(400);
    expect(server.sleeps).toEqual([500, 1000, 1500, 2000]);
    const locking = await server.login("field.manager", "wrong");
    expect(locking.status).toBe(429);
    expect(locking.body).toEqual({
      code: "locked",
      detail: "Too many failed attempts. Try again in 15 minutes.",
    });
    expect((await server.login("field.manager")).status).toBe(429);
    server.clock.now += 16 * 60 * 1000;
    expect((await server.login("field.manager")).status).toBe(200);
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, Path=/, and Secure only over https", async () => {
    await server.endSessions("client.manager");
    const plain = await server.login("client.manager");
    const plainCookie = setCookieLine(plain.headers, "sessionid");
    expect(plainCookie).toMatch(/HttpOnly/);
    expect(plainCookie).toMatch(/SameSite=Lax/);
    expect(plainCookie).toMatch(/Path=\//);
    expect(plainCookie).not.toMatch(/Secure/);
    await server.endSessions("client.manager");
    const https = await server.call("POST", "/api/auth/login/", {
      url: "https://fieldops.example/api/auth/login/",
      body: { login_username: "client.manager", password: "Demo@12345", platform: "web" },
    });
    expect(setCookieLine(https.headers, "sessionid")).toMatch(/Secure/);
    await server.endSessions("client.manager");
    const proxied = await server.call("POST", "/api/auth/login/", {
      headers: { "x-forwarded-proto": "https" },
      body: { login_username: "client.manager", password: "Demo@12345", platform: "web" },
    });
    expect(setCookieLine(proxied.headers, "sessionid")).toMatch(/Secure/);
  });

  it("keeps only the SHA-256 of a session token", async () => {
    await server.endSessions("client.manager");
    const res = await server.login("client.manager");
    const token = res.body.sessionid as string;
    const byDigest = await server.db.query("SELECT id FROM sessions WHERE token_hash = $1", [digest(token)]);
    expect(byDigest).toHaveLength(1);
    const byToken = await server.db.query("SELECT id FROM sessions WHERE token_hash = $1", [token]);
    expect(byToken).toHaveLength(0);
  });

  it("names missing and wrongly typed fields, and refuses other login methods", async () => {
    const empty = await server.call("POST", "/api/auth/login/", { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      login_username: ["This field is required."],
      password: ["This field is required."],
    });
    const typed = await server.call("POST", "/api/auth/login/", {
      body: { login_username: "admin", password: 12345 },
    });
    expect(typed.body).toEqual({ password: ["Not a valid string."] });
    const otp = await server.call("POST", "/api/auth/login/", {
      body: { login_username: "admin", password: "x", method_of_login: "phone_otp", platform: "web" },
    });
    // Step 1 of the code sign-in: a staff user name is not a mobile number, and web takes no codes.
    expect(otp.status).toBe(400);
    expect(otp.body).toEqual({ platform: ['"web" is not a valid choice.'] });
    const other = await server.call("POST", "/api/auth/login/", {
      body: { login_username: "admin", password: "x", method_of_login: "magic_link" },
    });
    expect(other.body).toEqual({ method_of_login: ['"magic_link" is not a valid choice.'] });
    const platform = await server.call("POST", "/api/auth/login/", {
      body: { login_username: "admin", password: "x", method_of_login: "password", platform: "Web Browser!" },
    });
    expect(platform.body).toEqual({ platform: ['"Web Browser!" is not a valid choice.'] });
  });

  it("refuses a password on the retailer platform, before the password is checked", async () => {
    // Retailers sign in with a one-time code only; a staff password must not open a retailer session.
    server.sleeps.length = 0;
    const staff = await server.login("client.executive", undefined, "retailer");
    expect(staff.status).toBe(400);
    expect(staff.body).toEqual({
      platform: ["Retailers sign in with a one-time code sent to their mobile number."],
    });
    expect(cookieFrom(staff.headers, "sessionid")).toBeNull();
    const wrong = await server.login("client.executive", "wrong", "retailer");
    expect(wrong.body).toEqual(staff.body);
    expect(server.sleeps).toEqual([]);
    const sessions = await server.db.query(
      "SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'client.executive'",
    );
    expect(sessions).toHaveLength(0);
    expect((await server.login("client.executive")).status).toBe(200);
    await server.endSessions("client.executive");
  });

  it("a successful sign-in clears the count of failures", async () => {
    server.sleeps.length = 0;
    for (let i = 0; i < 3; i++) await server.login("field.coordinator", "wrong");
    await server.endSessions("field.coordinator");
    expect((await server.login("field.coordinator")).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await server.login("field.coordinator", "wrong")).status).toBe(400);
    expect(server.sleeps).toEqual([500]);
    await server.endSessions("field.coordinator");
    await server.login("field.coordinator");
  });

  it("counts failures arriving together, and locks names that have no account too", async () => {
    const attempts = await Promise.all(
      Array.from({ length: LOCK_AFTER }, () => server.login("parallel.ghost", "guess")),
    );
    expect(attempts.filter((a) => a.status === 429)).toHaveLength(1);
    const after = await server.login("parallel.ghost", "guess");
    expect(after.status).toBe(429);
    expect(after.body).toEqual({
      code: "locked",
      detail: "Too many failed attempts. Try again in 15 minutes.",
    });
  });

  it("sends an expired password to the expiry change without a session", async () => {
    const res = await server.login("expired.user");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ password_expired: true, sessionid: null });
    expect(cookieFrom(res.headers, "sessionid")).toBeNull();
    const sessions = await server.db.query(
      "SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'expired.user'",
    );
    expect(sessions).toHaveLength(0);
  });
});

describe("one active session per user and platform", () => {
  it("answers 451 to a second sign-in on the same platform, not on another", async () => {
    await server.signIn("calling.manager");
    const second = await server.login("calling.manager");
    expect(second.status).toBe(451);
    expect(second.body).toEqual({
      code: "session_conflict",
      detail: "You are already logged in on another device. Logout all sessions to continue.",
      login_username: "calling.manager",
      platform: "web",
      active_sessions: 1,
    });
    expect(cookieFrom(second.headers, "session_conflict")).toBeTruthy();
    expect((await server.login("calling.manager", undefined, "my_track")).status).toBe(200);
  });

  it("Logout All Session with the conflict cookie ends the other sessions; the retry signs in", async () => {
    const first = await server.signIn("calling.executive");
    const conflict = await server.login("calling.executive");
    const token = cookieFrom(conflict.headers, "session_conflict");
    const cleared = await server.call("POST", "/api/auth/logout/all/", {
      body: {},
      headers: { cookie: `session_conflict=${token}` },
    });
    expect(cleared.status).toBe(200);
    expect((await server.call("GET", "/api/auth/info/", { headers: first })).status).toBe(401);
    expect((await server.login("calling.executive")).status).toBe(200);
    // The conflict permission is used up.
    const again = await server.call("POST", "/api/auth/logout/all/", {
      body: {},
      headers: { cookie: `session_conflict=${token}` },
    });
    expect(again.status).toBe(401);
  });
});

describe("the conflict cookie and Logout All", () => {
  it("is HttpOnly on /api/auth/ for 10 minutes; later it no longer ends sessions", async () => {
    await server.endSessions("client.manager");
    const first = await server.signIn("client.manager");
    const conflict = await server.login("client.manager");
    expect(conflict.status).toBe(451);
    const line = setCookieLine(conflict.headers, "session_conflict");
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/Path=\/api\/auth\//);
    expect(line).toMatch(/Max-Age=600/);
    server.clock.now += 11 * MINUTE;
    const late = await server.call("POST", "/api/auth/logout/all/", {
      body: {},
      headers: { cookie: `session_conflict=${cookieFrom(conflict.headers, "session_conflict")}` },
    });
    expect(late.status).toBe(401);
    expect((await server.call("GET", "/api/auth/info/", { headers: first })).status).toBe(200);
  });

  it("with a session, ends every session of the user on every platform", async () => {
    await server.endSessions("qc.manager");
    const web = await server.signIn("qc.manager", "web");
    const app = await server.signIn("qc.manager", "my_track");
    const out = await server.call("POST", "/api/auth/logout/all/", { body: {}, headers: web });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ detail: "All sessions logged out." });
    expect((await server.call("GET", "/api/auth/info/", { headers: web })).status).toBe(401);
    expect((await server.call("GET", "/api/auth/info/", { headers: app })).status).toBe(401);
  });

  it("without a session or a conflict cookie is refused", async () => {
    const res = await server.call("POST", "/api/auth/logout/all/", { body: {} });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "Authentication credentials were not provided." });
  });
});

describe("sessions", () => {
  it("401 without credentials, and once a session has been idle for 12 hours", async () => {
    const none = await server.call("GET", "/api/auth/info/");
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ detail: "Authentication credentials were not provided." });
    const auth = await server.signIn("iftu.manager");
    server.clock.now += 11 * 60 * 60 * 1000;
    expect((await server.call("GET", "/api/auth/info/", { headers: auth })).status).toBe(200);
    server.clock.now += 13 * 60 * 60 * 1000;
    const expired = await server.call("GET", "/api/auth/info/", { headers: auth });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ detail: "Session expired. Please login again." });
  });

  it("logout ends only this session", async () => {
    const auth = await server.signIn("project.manager");
    const out = await server.call("POST", "/api/auth/logout/", { body: {}, headers: auth });
    expect(out.status).toBe(200);
    expect((await server.call("GET", "/api/auth/info/", { headers: auth })).status).toBe(401);
  });

  it("writes last_seen at most once a minute", async () => {
    await server.endSessions("client.manager");
    const auth = await server.signIn("client.manager");
    const seen = async () =>
      (
        await server.db.query<{ last_seen_at: Date }>(
          "SELECT last_seen_at FROM sessions WHERE token_hash = $1",
          [digest(auth.authorization.slice("sessionid ".length))],
        )
      )[0]!.last_seen_at.getTime();
    const signedInAt = await seen();
    server.clock.now += 30 * 1000;
    await server.call("GET", "/api/auth/info/", { headers: auth });
    expect(await seen()).toBe(signedInAt);
    server.clock.now += 31 * 1000;
    await server.call("GET", "/api/auth/info/", { headers: auth });
    expect(await seen()).toBe(server.clock.now);
  });

  it("an idle-expired session does not block a new sign-in on the same platform", async () => {
    await server.endSessions("client.executive");
    await server.signIn("client.executive");
    server.clock.now += 13 * HOUR;
    expect((await server.login("client.executive")).status).toBe(200);
  });

  it("ends 7 days after it began even when used every few hours", async () => {
    await server.endSessions("client.executive");
    const auth = await server.signIn("client.executive");
    for (let hours = 6; hours < 7 * 24; hours += 6) {
      server.clock.now += 6 * HOUR;
      expect((await server.call("GET", "/api/auth/info/", { headers: auth })).status, `${hours} h`).toBe(200);
    }
    server.clock.now += 6 * HOUR;
    const ended = await server.call("GET", "/api/auth/info/", { headers: auth });
    expect(ended.status).toBe(401);
    expect(ended.body).toEqual({ detail: "Session expired. Please login again." });
  });
});

describe("users, roles and permissions lists", () => {
  const paths = ["/api/auth/users/", "/api/auth/roles/", "/api/auth/permissions/"];

  it("answer 401 without a session and 403 to a signed-in user without the permission", async () => {
    await server.endSessions("qc.executive");
    const qc = await server.signIn("qc.executive");
    for (const path of paths) {
      expect((await server.call("GET", path)).status, path).toBe(401);
      const forbidden = await server.call("GET", path, { headers: qc });
      expect(forbidden.status, path).toBe(403);
      expect(forbidden.body).toEqual({ detail: "You do not have permission to perform this action." });
    }
  });

  it("page users with page-size and page for the admin", async () => {
    await server.endSessions("admin");
    const admin = await server.signIn("admin");
    const list = await server.call("GET", "/api/auth/users/?page-size=5&page=2", { headers: admin });
    expect(list.status).toBe(200);
    // 20 staff accounts, 10 field auditors and a retailer for each of the first 100 outlets.
    expect(list.body).toMatchObject({ count: 130, current_page_number: 2, page_size: 5 });
    expect((list.body.results as unknown[]).length).toBe(5);
    expect(list.body.previous).toContain("page=1");
    expect(list.body.next).toContain("page=3");
    const last = await server.call("GET", "/api/auth/users/?page-size=5&page=26", { headers: admin });
    expect(last.body).toMatchObject({ next: null });
    expect((last.body.results as unknown[]).length).toBe(5);
  });

  it("are open to the project manager, with roles and their permissions", async () => {
    await server.endSessions("project.manager");
    const pm = await server.signIn("project.manager");
    const users = await server.call("GET", "/api/auth/users/?page-size=100", { headers: pm });
    const qcManager = (users.body.results as { username: string }[]).find((u) => u.username === "qc.manager");
    expect(qcManager).toMatchObject({
      roles: ["qc-manager"],
      organisation: { name: "Retail Scan", kind: "internal" },
    });
    const roles = await server.call("GET", "/api/auth/roles/", { headers: pm });
    expect(roles.status).toBe(200);
    const role = (roles.body.results as { name: string; permissions: string[] }[]).find(
      (r) => r.name === "qc-manager",
    );
    expect(role?.permissions).toEqual(["qc-manager-dashboard-permission", "qc-manager-workflow-permission"]);
    const permissions = await server.call("GET", "/api/auth/permissions/?page-size=50", { headers: pm });
    expect(permissions.body).toMatchObject({ count: 21, previous: null, next: null });
  });
});

/** The newest six-digit code the development outbox holds for a user. */
async function codeFor(username: string): Promise<string> {
  const outbox = await server.call("GET", "/api/dev/outbox/", { headers: await server.adminSession() });
  const message = (outbox.body.results as { recipient: string; body: string }[]).find(
    (m) => m.recipient === username,
  );
  const code = /\b(\d{6})\b/.exec(message?.body ?? "")?.[1];
  if (!code) throw new Error(`no code in the outbox for ${username}`);
  return code;
}

const otherCode = (code: string) => (code === "000000" ? "111111" : "000000");

describe("forgot password", () => {
  it("sends a code to the outbox, verifies it, and changes the password, ending every session", async () => {
    await server.endSessions("iftu.executive");
    const before = await server.signIn("iftu.executive");
    const sent = await server.call("POST", "/api/auth/forgot/send-code/", {
      body: { login_username: "iftu.executive" },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ detail: "If the account exists, a verification code has been sent." });
    const code = await codeFor("iftu.executive");

    const wrong = await server.call("POST", "/api/auth/forgot/verify-code/", {
      body: { login_username: "iftu.executive", code: otherCode(code) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code_value: ["Invalid or expired code."] });

    const verified = await server.call("POST", "/api/auth/forgot/verify-code/", {
      body: { login_username: "iftu.executive", code },
    });
    expect(verified.status).toBe(200);
    const resetToken = verified.body.reset_token as string;
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const weak = await server.call("POST", "/api/auth/forgot/change-password/", {
      body: {
        login_username: "iftu.executive",
        reset_token: resetToken,
        new_password: "short",
        confirm_password: "short",
      },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.new_password).toContain("Password must be at least 8 characters.");

    const change = {
      login_username: "iftu.executive",
      reset_token: resetToken,
      new_password: "Fresh@2026x",
      confirm_password: "Fresh@2026x",
    };
    const changed = await server.call("POST", "/api/auth/forgot/change-password/", { body: change });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      detail: "Password changed successfully. Please login with your new password.",
    });
    expect((await server.call("GET", "/api/auth/info/", { headers: before })).status).toBe(401);
    expect((await server.login("iftu.executive", "Fresh@2026x")).status).toBe(200);
    expect((await server.login("iftu.executive")).status).toBe(400);

    const reused = await server.call("POST", "/api/auth/forgot/change-password/", {
      body: { ...change, new_password: "Again@2026x", confirm_password: "Again@2026x" },
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ detail: "This reset link has expired. Please request a new code." });
  });

  it("answers the same for an unknown user and sends nothing", async () => {
    const count = async () =>
      (
        (await server.call("GET", "/api/dev/outbox/", { headers: await server.adminSession() })).body
          .results as unknown[]
      ).length;
    const before = await count();
    const unknown = await server.call("POST", "/api/auth/forgot/send-code/", {
      body: { login_username: "ghost" },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ detail: "If the account exists, a verification code has been sent." });
    expect(await count()).toBe(before);
    const blank = await server.call("POST", "/api/auth/forgot/send-code/", { body: { login_username: "" } });
    expect(blank.body).toEqual({ login_username: ["This field may not be blank."] });
  });

  it("five wrong codes spend the code", async () => {
    await server.call("POST", "/api/auth/forgot/send-code/", { body: { login_username: "calling.manager" } });
    const code = await codeFor("calling.manager");
    for (let i = 0; i < 5; i++) {
      const wrong = await server.call("POST", "/api/auth/forgot/verify-code/", {
        body: { login_username: "calling.manager", code: otherCode(code) },
      });
      expect(wrong.status).toBe(400);
    }
    const right = await server.call("POST", "/api/auth/forgot/verify-code/", {
      body: { login_username: "calling.manager", code },
    });
    expect(right.status).toBe(400);
    expect(right.body).toEqual({
      code: "code_spent",
      code_value: [
        "This code was entered wrongly too many times and can no longer be used. Send a new code.",
      ],
    });
  });

  it("a code expires after 10 minutes", async () => {
    await server.call("POST", "/api/auth/forgot/send-code/", {
      body: { login_username: "client.executive" },
    });
    const code = await codeFor("client.executive");
    server.clock.now += 11 * MINUTE;
    const late = await server.call("POST", "/api/auth/forgot/verify-code/", {
      body: { login_username: "client.executive", code },
    });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ code_value: ["Invalid or expired code."] });
  });
});

describe("password expiry change", () => {
  it("needs the current password and a password that meets the rules", async () => {
    const wrongOld = await server.call("POST", "/api/auth/password-expiry/change/", {
      body: {
        login_username: "expired.user",
        old_password: "x",
        new_password: "Renewed@2026",
        confirm_password: "Renewed@2026",
      },
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body).toEqual({ old_password: ["The current password is not correct."] });
    const same = await server.call("POST", "/api/auth/password-expiry/change/", {
      body: {
        login_username: "expired.user",
        old_password: "Demo@12345",
        new_password: "Demo@12345",
        confirm_password: "Demo@12345",
      },
    });
    expect(same.body).toEqual({ new_password: ["The new password must differ from the current one."] });
    const mismatch = await server.call("POST", "/api/auth/password-expiry/change/", {
      body: {
        login_username: "expired.user",
        old_password: "Demo@12345",
        new_password: "renewed2026",
        confirm_password: "Renewed@2026",
      },
    });
    expect(mismatch.body).toEqual({
      new_password: [
        "Password must contain an uppercase letter.",
        "Password must contain a symbol.",
        "Passwords do not match.",
      ],
    });
    const ok = await server.call("POST", "/api/auth/password-expiry/change/", {
      body: {
        login_username: "expired.user",
        old_password: "Demo@12345",
        new_password: "Renewed@2026",
        confirm_password: "Renewed@2026",
      },
    });
    expect(ok.status).toBe(200);
    const after = await server.login("expired.user", "Renewed@2026");
    expect(after.body).toMatchObject({ password_expired: false });
  });

  it("expiry is measured from the last change: 91 days later the password has expired again", async () => {
    server.clock.now += 91 * DAY;
    const res = await server.login("zenith.manager");
    expect(res.body).toMatchObject({ password_expired: true });
  });
});
