/**
 * Issue 13, server: sign-in with a one-time code for field auditors (my_track) and retailers
 * (retailer). Codes are hashed, expire, are resent only after the cooldown, stop after 5 wrong
 * tries however many arrive at once, sends are throttled per number and address, the code travels
 * encrypted with the server's public key, and a field user's session opens no staff endpoint.
 */
import { constants, createPublicKey, publicEncrypt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_OTP_TTL_MS } from "../../server/auth/loginCodes";
import {
  MAX_CODE_ATTEMPTS,
  SEND_THROTTLED_DETAIL,
  SEND_WINDOW_MS,
  SENDS_PER_ADDRESS,
} from "../../server/auth/otp";
import { CODE_SPENT_DETAIL } from "../../src/domain/auth/auth";
import {
  INVALID_MOBILE,
  INVALID_OTP,
  OTP_NOT_ENCRYPTED,
  OTP_SENT_DETAIL,
  RESEND_COOLDOWN_SECONDS,
  resendTooSoon,
} from "../../src/domain/auth/otpLogin";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
let publicKey: string;
beforeAll(async () => {
  server = await startTestServer({ outlets: 120 });
  publicKey = (await server.call("GET", "/api/config/")).body.otp_public_key as string;
});
afterAll(() => server.close());

const fromAddress = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

async function post(path: string, body: unknown, address = "10.0.0.1") {
  const res = await server.app.request(
    path,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    fromAddress(address),
  );
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

/** What the browser does with WebCrypto: RSA-OAEP with SHA-256 over the code, base64. */
const encrypt = (otp: string) =>
  publicEncrypt(
    {
      key: createPublicKey({ key: Buffer.from(publicKey, "base64"), format: "der", type: "spki" }),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: "sha256",
    },
    Buffer.from(otp),
  ).toString("base64");

const AUDITOR = "+919000000001";
const RETAILER = "+919100000001";
const step1 = (number: string, platform = "my_track") =>
  post("/api/auth/login/", { login_username: number, method_of_login: "phone_otp", platform });
const send = (number: string, platform = "my_track", address?: string) =>
  post(
    "/api/auth/otp/send/",
    { login_username: number, method_of_login: "phone_otp", purpose: "user_login", platform },
    address,
  );
const verify = (number: string, password: string, platform = "my_track") =>
  post("/api/auth/otp/verify/", { login_username: number, method_of_login: "phone_otp", password, platform });

async function latestCode(number: string): Promise<string> {
  const [row] = await server.db.query<{ body: string }>(
    "SELECT body FROM outbox WHERE recipient = $1 AND channel = 'sms' ORDER BY id DESC LIMIT 1",
    [number],
  );
  const code = /\b(\d{6})\b/.exec(row?.body ?? "")?.[1];
  if (!code) throw new Error(`no code for ${number}`);
  return code;
}
const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");
/** Past the resend cooldown and the send window, so each test starts with fresh limits. */
const later = () => {
  server.clock.now += SEND_WINDOW_MS + 1000;
};
const endSessionsOf = (number: string) =>
  server.db.query("DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE phone_number = $1)", [
    number,
  ]);

describe("login step 1", () => {
  it("answers a field auditor's number with the masked number", async () => {
    const res = await step1(AUDITOR);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ login_username: AUDITOR, user_data: { phone_number: "+91 ******0001" } });
  });

  it("answers an unknown number the same way, so it does not tell which numbers have accounts", async () => {
    const res = await step1("+919999999999");
    expect(res.status).toBe(200);
    expect(res.body.user_data).toEqual({ phone_number: "+91 ******9999" });
  });

  it("puts a malformed number under login_username and refuses the staff platform", async () => {
    expect((await step1("9000000001")).body).toEqual({ login_username: [INVALID_MOBILE] });
    expect((await step1("+91900000000")).body).toEqual({ login_username: [INVALID_MOBILE] });
    expect((await step1(AUDITOR, "web")).body).toEqual({ platform: ['"web" is not a valid choice.'] });
  });
});

describe("sign-in", () => {
  it("a field auditor signs in with the code from the outbox, encrypted; the code is stored hashed", async () => {
    later();
    const sent = await send(AUDITOR);
    expect(sent).toMatchObject({ status: 200, body: { detail: OTP_SENT_DETAIL, resend_after_seconds: 30 } });
    const code = await latestCode(AUDITOR);
    const [row] = await server.db.query<{ code_hash: string }>(
      "SELECT code_hash FROM login_otps WHERE mobile = '9000000001'",
    );
    expect(row?.code_hash).not.toContain(code);
    const res = await verify(AUDITOR, encrypt(code));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: "auditor.9000000001", password_expired: false });
    const info = await server.call("GET", "/api/auth/info/", {
      headers: { authorization: `sessionid ${res.body.sessionid as string}` },
    });
    expect(info.body.user_details).toMatchObject({ roles: ["field-auditor"], permissions: [] });
    // Used once: the same code again is refused.
    expect((await verify(AUDITOR, encrypt(code))).body).toEqual({ code: "invalid_otp", detail: INVALID_OTP });
    await endSessionsOf(AUDITOR);
  });

  it("a retailer signs in the same way on the retailer platform, and not on my_track", async () => {
    later();
    expect((await send(RETAILER, "retailer")).status).toBe(200);
    const code = await latestCode(RETAILER);
    expect((await verify(RETAILER, encrypt(code), "my_track")).body.detail).toBe(INVALID_OTP);
    const res = await verify(RETAILER, encrypt(code), "retailer");
    expect(res.status).toBe(200);
    expect(res.body.username).toBe("retailer.9100000001");
    await endSessionsOf(RETAILER);
  });

  it("refuses a code sent in clear text, and does not count it as a try", async () => {
    later();
    await send(AUDITOR);
    const code = await latestCode(AUDITOR);
    const clear = await verify(AUDITOR, code);
    expect(clear).toMatchObject({
      status: 400,
      body: { code: "otp_not_encrypted", detail: OTP_NOT_ENCRYPTED },
    });
    expect((await verify(AUDITOR, Buffer.from(code).toString("base64"))).body.detail).toBe(OTP_NOT_ENCRYPTED);
    expect((await verify(AUDITOR, encrypt(code))).status).toBe(200);
    await endSessionsOf(AUDITOR);
  });

  it("refuses an expired code", async () => {
    later();
    await send(AUDITOR);
    const code = await latestCode(AUDITOR);
    server.clock.now += LOGIN_OTP_TTL_MS + 1;
    expect(await verify(AUDITOR, encrypt(code))).toMatchObject({
      status: 400,
      body: { detail: INVALID_OTP },
    });
  });

  it("parallel guesses stop at 5: the right code among them is refused and the code is spent", async () => {
    later();
    await send(AUDITOR);
    const code = await latestCode(AUDITOR);
    const guesses = [...Array.from({ length: 19 }, () => encrypt(wrongFor(code))), encrypt(code)];
    const answers = await Promise.all(guesses.map((g) => verify(AUDITOR, g)));
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    const [row] = await server.db.query<{ attempts: number }>(
      "SELECT attempts FROM login_otps WHERE mobile = '9000000001' AND platform = 'my_track'",
    );
    expect(row?.attempts).toBe(MAX_CODE_ATTEMPTS);
    expect((await verify(AUDITOR, encrypt(code))).body).toEqual({
      code: "code_spent",
      detail: CODE_SPENT_DETAIL,
    });
  });
});

describe("sending", () => {
  it("refuses a resend within 30 seconds, with the seconds left, and keeps the first code", async () => {
    later();
    expect((await send(AUDITOR)).status).toBe(200);
    const first = await latestCode(AUDITOR);
    server.clock.now += 12_000;
    const again = await send(AUDITOR);
    expect(again).toMatchObject({
      status: 429,
      body: { code: "resend_too_soon", detail: resendTooSoon(18) },
    });
    server.clock.now += (RESEND_COOLDOWN_SECONDS - 12) * 1000;
    expect((await send(AUDITOR)).status).toBe(200);
    expect(await latestCode(AUDITOR)).not.toBe(first);
  });

  it("parallel sends to one number pass the cooldown once", async () => {
    later();
    const answers = await Promise.all(Array.from({ length: 6 }, () => send("+919000000002")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
  });

  it("throttles sends per number (3 in 15 minutes), for unknown numbers alike", async () => {
    later();
    for (const number of ["+919000000003", "+919888888888"]) {
      for (let i = 0; i < 3; i++) {
        expect((await send(number)).status).toBe(200);
        server.clock.now += RESEND_COOLDOWN_SECONDS * 1000;
      }
      expect(await send(number)).toMatchObject({ status: 429, body: { detail: SEND_THROTTLED_DETAIL } });
    }
  });

  it("throttles sends per client address", async () => {
    later();
    const numbers = Array.from(
      { length: SENDS_PER_ADDRESS + 1 },
      (_, i) => `+91800000${String(i).padStart(4, "0")}`,
    );
    const answers = [];
    for (const n of numbers) answers.push(await send(n, "my_track", "10.9.9.9"));
    expect(answers.slice(0, SENDS_PER_ADDRESS).every((a) => a.status === 200)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ status: 429, body: { detail: SEND_THROTTLED_DETAIL } });
  });

  it("sends nothing to an unknown number", async () => {
    later();
    expect((await send("+919777777777")).status).toBe(200);
    const rows = await server.db.query("SELECT id FROM outbox WHERE recipient = '+919777777777'");
    expect(rows).toEqual([]);
  });

  it("answers 503 when no SMS gateway is configured (production)", async () => {
    const production = await startTestServer({ outlets: 10, mode: "production" });
    try {
      const res = await production.call("POST", "/api/auth/otp/send/", {
        body: {
          login_username: AUDITOR,
          method_of_login: "phone_otp",
          purpose: "user_login",
          platform: "my_track",
        },
      });
      expect(res.status).toBe(503);
    } finally {
      await production.close();
    }
  });
});

describe("sessions", () => {
  async function signIn(number: string, platform = "my_track") {
    later();
    await send(number, platform);
    return verify(number, encrypt(await latestCode(number)), platform);
  }

  it("a second device gets the 451 conflict; Logout All Session ends the first; a new code signs in", async () => {
    const first = await signIn("+919000000004");
    expect(first.status).toBe(200);
    const second = await signIn("+919000000004");
    expect(second.status).toBe(451);
    expect(second.body).toMatchObject({ code: "session_conflict", platform: "my_track", active_sessions: 1 });
    const cookie = /session_conflict=([^;]*)/.exec(second.headers.get("set-cookie") ?? "")?.[1];
    const cleared = await server.call("POST", "/api/auth/logout/all/", {
      body: {},
      headers: { cookie: `session_conflict=${cookie}` },
    });
    expect(cleared.status).toBe(200);
    // The matched code closed its challenge, so a new one may be sent at once.
    await send("+919000000004");
    const retried = await verify("+919000000004", encrypt(await latestCode("+919000000004")));
    expect(retried.status).toBe(200);
  });

  it("a field user's session is refused by staff endpoints", async () => {
    const res = await signIn("+919000000005");
    const headers = { authorization: `sessionid ${res.body.sessionid as string}` };
    for (const path of ["/api/auth/users/", "/api/auth/roles/", "/api/outlets/", "/api/outlets/summary/"]) {
      const answer = await server.call("GET", path, { headers });
      expect(answer.status, path).toBe(403);
    }
  });

  it("a field auditor cannot sign in with a password", async () => {
    const res = await server.login("auditor.9000000006", "Demo@12345", "my_track");
    expect(res.status).toBe(400);
  });
});

describe("the field auditor's own area", () => {
  it("counts only the signed-in auditor's outlets, by state", async () => {
    later();
    await send("+919000000007");
    const res = await verify("+919000000007", encrypt(await latestCode("+919000000007")));
    const headers = { authorization: `sessionid ${res.body.sessionid as string}` };
    const summary = await server.call("GET", "/api/my-track/outlets/summary/", { headers });
    expect(summary.status).toBe(200);
    const expected = await server.db.query<{ workflow_state: string; count: number }>(
      `SELECT workflow_state, count(*)::int AS count FROM outlets
       WHERE auditor_id = (SELECT id FROM field_auditors WHERE mobile = '9000000007')
       GROUP BY workflow_state ORDER BY workflow_state`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(summary.body.results).toEqual(expected);
    const [all] = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM outlets");
    expect(summary.body.total).toBeLessThan(all!.n);
  });
});
