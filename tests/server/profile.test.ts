/** The profile's calls: the user's own live sessions, ending the others, and changing the password. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_CHANGED, WRONG_CURRENT_PASSWORD } from "../../server/auth/routes";
import { OTHER_SESSIONS_ENDED } from "../../src/domain/auth/profile";
import { DEMO_PASSWORD, startTestServer, type TestServer } from "./support";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("sessions", () => {
  it("lists the caller's own sessions, marks this one, and ends the others", async () => {
    const phone = await server.signIn("qc.manager", "my_track");
    const web = await server.signIn("qc.manager");
    const listed = await server.call("GET", "/api/auth/sessions/", { headers: web });
    expect(listed.status).toBe(200);
    const sessions = listed.body as unknown as { platform: string; current: boolean }[];
    expect(sessions.map((s) => [s.platform, s.current]).sort()).toEqual([
      ["my_track", false],
      ["web", true],
    ]);
    const ended = await server.call("POST", "/api/auth/sessions/end-others/", { headers: web, body: {} });
    expect(ended.body).toEqual({ detail: OTHER_SESSIONS_ENDED, ended: 1 });
    expect((await server.call("GET", "/api/auth/info/", { headers: phone })).status).toBe(401);
    expect((await server.call("GET", "/api/auth/info/", { headers: web })).status).toBe(200);
  });
});

describe("changing the password", () => {
  it("refuses a wrong current password and a weak new one, then changes it and ends every session", async () => {
    const headers = await server.signIn("calling.executive");
    const wrong = await server.call("POST", "/api/auth/password/change/", {
      headers,
      body: { old_password: "nope", new_password: "Fresh@2026x", confirm_password: "Fresh@2026x" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ old_password: [WRONG_CURRENT_PASSWORD] });
    const weak = await server.call("POST", "/api/auth/password/change/", {
      headers,
      body: { old_password: DEMO_PASSWORD, new_password: "short", confirm_password: "short" },
    });
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body)).toEqual(["new_password"]);
    const changed = await server.call("POST", "/api/auth/password/change/", {
      headers,
      body: { old_password: DEMO_PASSWORD, new_password: "Fresh@2026x", confirm_password: "Fresh@2026x" },
    });
    expect(changed.body).toEqual({ detail: PASSWORD_CHANGED });
    expect((await server.call("GET", "/api/auth/info/", { headers })).status).toBe(401);
    expect((await server.login("calling.executive", "Fresh@2026x")).status).toBe(200);
  });
});
