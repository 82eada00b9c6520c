/**
 * Hole 3 of the access-control review (code guessing) and issue 22 item 11: a code's attempts are
 * checked and spent in one statement, so parallel guesses cannot pass MAX_CODE_ATTEMPTS; a spent
 * code is answered as spent; sending codes is throttled per user and per address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_CODE_ATTEMPTS,
  SEND_THROTTLED_DETAIL,
  SEND_WINDOW_MS,
  SENDS_PER_ADDRESS,
  SENDS_PER_RECIPIENT,
} from "../../server/auth/otp";
import { CODE_SPENT_DETAIL } from "../../src/domain/auth/auth";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A request as it arrives on a socket from this address. */
const fromAddress = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

async function post(path: string, body: unknown, address = "10.0.0.1") {
  const res = await server.app.request(
    path,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    fromAddress(address),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const sendCode = (username: string, address?: string) =>
  post("/api/auth/forgot/send-code/", { login_username: username }, address);
const verify = (username: string, code: string, address?: string) =>
  post("/api/auth/forgot/verify-code/", { login_username: username, code }, address);

async function latestCode(username: string): Promise<string> {
  const [row] = await server.db.query<{ body: string }>(
    "SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1",
    [username],
  );
  const code = /\b(\d{6})\b/.exec(row?.body ?? "")?.[1];
  if (!code) throw new Error(`no code for ${username}`);
  return code;
}
const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

describe("verify-code", () => {
  it("parallel guesses spend at most MAX_CODE_ATTEMPTS attempts: the right code sent among them is refused", async () => {
    expect((await sendCode("qc.executive")).status).toBe(200);
    const code = await latestCode("qc.executive");
    const guesses = [...Array.from({ length: 19 }, () => wrongFor(code)), code];
    const answers = await Promise.all(guesses.map((g) => verify("qc.executive", g)));
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    const [row] = await server.db.query<{ attempts: number }>(
      `SELECT attempts FROM password_resets r JOIN users u ON u.id = r.user_id
       WHERE u.username = 'qc.executive' ORDER BY r.id DESC LIMIT 1`,
    );
    expect(row?.attempts).toBe(MAX_CODE_ATTEMPTS);
  });

  it("the wrong guess that spends the code, and any try after it, say the code is spent", async () => {
    await sendCode("field.manager");
    const code = await latestCode("field.manager");
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++)
      expect((await verify("field.manager", wrongFor(code))).body).toEqual({
        code_value: ["Invalid or expired code."],
      });
    const last = await verify("field.manager", wrongFor(code));
    expect(last.status).toBe(400);
    expect(last.body).toEqual({ code: "code_spent", code_value: [CODE_SPENT_DETAIL] });
    const right = await verify("field.manager", code);
    expect(right.body).toEqual({ code: "code_spent", code_value: [CODE_SPENT_DETAIL] });
    // A new code works.
    server.clock.now += 1000;
    await sendCode("field.manager");
    expect((await verify("field.manager", await latestCode("field.manager"))).status).toBe(200);
  });

  it("a verified code cannot be verified again", async () => {
    await sendCode("field.coordinator");
    const code = await latestCode("field.coordinator");
    expect((await verify("field.coordinator", code)).status).toBe(200);
    expect((await verify("field.coordinator", code)).body).toEqual({
      code_value: ["Invalid or expired code."],
    });
  });
});

describe("send-code throttle", () => {
  it("per user: past the limit in the window a 429, and the same for a name that does not exist", async () => {
    for (const username of ["iftu.manager", "nobody.here"]) {
      for (let i = 0; i < SENDS_PER_RECIPIENT; i++)
        expect((await sendCode(username, `10.1.0.${i}`)).status).toBe(200);
      const refused = await sendCode(username, "10.1.0.99");
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ code: "throttled", detail: SEND_THROTTLED_DETAIL });
    }
    const [row] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox WHERE recipient = 'iftu.manager'",
    );
    expect(row?.n).toBe(SENDS_PER_RECIPIENT);
    server.clock.now += SEND_WINDOW_MS + 1;
    expect((await sendCode("iftu.manager", "10.1.0.100")).status).toBe(200);
  });

  it("per address: many names from one address are refused past the limit, other addresses are not", async () => {
    for (let i = 0; i < SENDS_PER_ADDRESS; i++)
      expect((await sendCode(`someone.${i}`, "10.2.0.1")).status).toBe(200);
    expect((await sendCode("someone.else", "10.2.0.1")).status).toBe(429);
    expect((await sendCode("someone.else", "10.2.0.2")).status).toBe(200);
  });

  it("parallel sends from one address pass the limit no more than it allows", async () => {
    const answers = await Promise.all(
      Array.from({ length: SENDS_PER_ADDRESS * 2 }, (_, i) => sendCode(`parallel.${i}`, "10.3.0.1")),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(SENDS_PER_ADDRESS);
  });
});
