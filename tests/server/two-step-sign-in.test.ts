/**
 * Staff two-step sign-in (docs/auth.md): secure.admin's password opens no session but a ticket; the
 * code goes to the account's mobile through the one-time-code service (cooldown, five attempts,
 * encryption) and only the ticket's holder may send or try it; a match signs in under the 451 rule.
 */
import { constants, createPublicKey, publicEncrypt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TICKET_COOKIE } from "../../server/auth/twoStep";
import { RESEND_COOLDOWN_SECONDS } from "../../src/domain/auth/otpLogin";
import {
  SIGN_IN_STEP_EXPIRED,
  TWO_STEP_CODE_SPENT,
  TWO_STEP_MOBILE_REQUIRED,
} from "../../src/domain/auth/twoStepSignIn";
import { cookieFrom, DEMO_PASSWORD, startTestServer, type TestServer } from "./support";

let server: TestServer;
let publicKey: string;
beforeAll(async () => {
  server = await startTestServer({ outlets: 60 });
  publicKey = (await server.call("GET", "/api/config/")).body.otp_public_key as string;
});
afterAll(() => server.close());

const USER = "secure.admin";
const MOBILE = "+919820150462";

const encrypt = (otp: string) =>
  publicEncrypt(
    {
      key: createPublicKey({ key: Buffer.from(publicKey, "base64"), format: "der", type: "spki" }),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: "sha256",
    },
    Buffer.from(otp),
  ).toString("base64");

/** The password step: its answer and the ticket cookie it set. */
async function passwordStep() {
  const res = await server.call("POST", "/api/auth/login/", {
    body: {
      login_username: USER,
      password: DEMO_PASSWORD,
      method_of_login: "password",
      purpose: "user_login",
    },
  });
  return { res, cookie: `${TICKET_COOKIE}=${cookieFrom(res.headers, TICKET_COOKIE) ?? ""}` };
}
const send = (cookie?: string, username = USER) =>
  server.call("POST", "/api/auth/otp/send/", {
    body: { login_username: username, method_of_login: "phone_otp", purpose: "user_login", platform: "web" },
    headers: cookie ? { cookie } : {},
  });
const verify = (otp: string, cookie?: string) =>
  server.call("POST", "/api/auth/otp/verify/", {
    body: { login_username: USER, method_of_login: "phone_otp", platform: "web", password: encrypt(otp) },
    headers: cookie ? { cookie } : {},
  });
async function latestCode(): Promise<string> {
  const [row] = await server.db.query<{ body: string }>(
    "SELECT body FROM outbox WHERE recipient = $1 AND channel = 'sms' ORDER BY id DESC LIMIT 1",
    [MOBILE],
  );
  return /\b(\d{6})\b/.exec(row?.body ?? "")?.[1] ?? "";
}
const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");
/** Past the resend cooldown and the send window, so each test starts with fresh limits. */
const later = () => {
  server.clock.now += 16 * 60 * 1000;
};

describe("staff two-step sign-in", () => {
  it("the password step answers two_step with the masked number and no session", async () => {
    later();
    const { res, cookie } = await passwordStep();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      username: USER,
      user_data: { phone_number: "+91 ******0462" },
      sessionid: null,
      password_expired: false,
      two_step: true,
    });
    expect(cookie).not.toBe(`${TICKET_COOKIE}=`);
    const [sessions] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = $1",
      [USER],
    );
    expect(sessions?.n).toBe(0);
  });

  it("the code sent to the mobile signs in; the ticket is then closed", async () => {
    later();
    const { cookie } = await passwordStep();
    expect((await send(cookie)).status).toBe(200);
    const signedIn = await verify(await latestCode(), cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ username: USER, password_expired: false });
    const info = await server.call("GET", "/api/auth/info/", {
      headers: { authorization: `sessionid ${signedIn.body.sessionid as string}` },
    });
    expect(info.body).toMatchObject({ user_details: { username: USER } });
    expect((await send(cookie)).body).toMatchObject({
      code: "sign_in_expired",
      detail: SIGN_IN_STEP_EXPIRED,
    });
    await server.endSessions(USER);
  });

  it("without the password step's ticket no code is sent or tried", async () => {
    later();
    const noTicket = await send();
    expect(noTicket.status).toBe(400);
    expect(noTicket.body).toEqual({ code: "sign_in_expired", detail: SIGN_IN_STEP_EXPIRED });
    const { cookie } = await passwordStep();
    expect((await send(cookie)).status).toBe(200);
    expect((await verify(await latestCode())).body.code).toBe("sign_in_expired");
    // The ticket names its account: another user name is not sent to.
    expect((await send(cookie, "admin")).body.code).toBe("sign_in_expired");
  });

  it("a resend inside the cooldown is refused, as for field users", async () => {
    later();
    const { cookie } = await passwordStep();
    expect((await send(cookie)).status).toBe(200);
    const again = await send(cookie);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({
      code: "resend_too_soon",
      resend_after_seconds: RESEND_COOLDOWN_SECONDS,
    });
  });

  it("five wrong codes spend the code and close the ticket: the password comes first again", async () => {
    later();
    const { cookie } = await passwordStep();
    await send(cookie);
    const code = await latestCode();
    for (let i = 1; i <= 4; i += 1)
      expect((await verify(wrongFor(code), cookie)).body.code).toBe("invalid_otp");
    const fifth = await verify(wrongFor(code), cookie);
    expect(fifth.body).toEqual({ code: "code_spent", detail: TWO_STEP_CODE_SPENT });
    expect((await verify(code, cookie)).body.code).toBe("sign_in_expired");
    // The password again opens a new step, with a new code once the cooldown has passed.
    server.clock.now += RESEND_COOLDOWN_SECONDS * 1000;
    const { cookie: next } = await passwordStep();
    expect((await send(next)).status).toBe(200);
    expect((await verify(await latestCode(), next)).status).toBe(200);
    await server.endSessions(USER);
  });

  it("a live session elsewhere gives the 451 after the code, and Logout All Session ends it", async () => {
    later();
    const first = await passwordStep();
    await send(first.cookie);
    expect((await verify(await latestCode(), first.cookie)).status).toBe(200);
    later();
    const second = await passwordStep();
    await send(second.cookie);
    const conflict = await verify(await latestCode(), second.cookie);
    expect(conflict.status).toBe(451);
    expect(conflict.body).toMatchObject({ code: "session_conflict", platform: "web", active_sessions: 1 });
    const ended = await server.call("POST", "/api/auth/logout/all/", {
      headers: { cookie: `session_conflict=${cookieFrom(conflict.headers, "session_conflict")}` },
    });
    expect(ended.status).toBe(200);
    await server.endSessions(USER);
  });

  it("other staff accounts still sign in with the password alone", async () => {
    await server.endSessions("qc.manager");
    const res = await server.login("qc.manager");
    expect(res.status).toBe(200);
    expect(typeof res.body.sessionid).toBe("string");
    expect(res.body.two_step).toBeUndefined();
  });

  it("a purpose other than user_login is refused", async () => {
    const res = await server.call("POST", "/api/auth/login/", {
      body: { login_username: "qc.manager", password: DEMO_PASSWORD, purpose: "reset" },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toContain("purpose");
  });

  it("the setting is the user administration's: it needs a phone number, and qc.manager may not write it", async () => {
    const admin = await server.adminSession();
    const record = await server.call("GET", "/api/admin/users/qc.executive/", { headers: admin });
    const values = { ...(record.body.values as Record<string, unknown>), password: "" };
    const noPhone = await server.call("PUT", "/api/admin/users/qc.executive/", {
      headers: admin,
      body: { values: { ...values, phone_number: "", two_step_sign_in: true }, version: record.body.version },
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body).toEqual({ two_step_sign_in: [TWO_STEP_MOBILE_REQUIRED] });
    await server.endSessions("qc.manager");
    const manager = await server.signIn("qc.manager");
    const refused = await server.call("PUT", "/api/admin/users/qc.executive/", {
      headers: manager,
      body: { values: { ...values, two_step_sign_in: true }, version: record.body.version },
    });
    expect(refused.status).toBe(403);
  });
});
