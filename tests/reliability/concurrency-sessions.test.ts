/**
 * The 451 rule under concurrent logins, made deterministic: every write to the sessions table is
 * slowed down, so logins of one user arriving together all pass their password check before the
 * first session is written. Each must still see the others: one session, the rest 451.
 * Runs on the embedded database, or on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { cryptoRandomBytes } from "../../server/auth/passwords";
import { type Db, migrate, type Queryable } from "../../server/db/db";
import { seedDemoData } from "../../server/seed/demo";
import { callerOf, DEMO_PASSWORD, openTestDb, TEST_START } from "../server/support";

const SESSION_WRITE_DELAY_MS = 150;

/** The same database, with every statement that writes sessions held back for a moment. */
function slowSessionWrites(db: Db): Db {
  const slow = <Q extends Queryable>(q: Q): Q => ({
    ...q,
    async query<T>(sql: string, params?: unknown[]) {
      if (/^\s*(INSERT INTO|DELETE FROM) sessions\b/i.test(sql))
        await new Promise((r) => setTimeout(r, SESSION_WRITE_DELAY_MS));
      return q.query<T>(sql, params);
    },
  });
  return { ...db, ...slow(db), transaction: (fn) => db.transaction((tx) => fn(slow(tx))) };
}

let db: Db;
let drop: () => Promise<void>;
let call: ReturnType<typeof callerOf>;

beforeAll(async () => {
  ({ db, drop } = await openTestDb());
  await migrate(db);
  await seedDemoData(db, { now: TEST_START, outlets: 20 });
  const app = createApp({
    db: slowSessionWrites(db),
    mode: "demo",
    clock: () => TEST_START,
    randomBytes: cryptoRandomBytes,
    sleep: async () => {},
    logger: () => {},
    sso: {},
  });
  call = callerOf(app);
});

afterAll(async () => {
  await drop();
});

const login = (username: string) =>
  call("POST", "/api/auth/login/", {
    body: { login_username: username, password: DEMO_PASSWORD, method_of_login: "password", platform: "web" },
  });

const sessionsOf = async (username: string) =>
  Number(
    (
      await db.query<{ n: number }>(
        "SELECT count(*) AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = $1",
        [username],
      )
    )[0]!.n,
  );

describe("logins of one user arriving together", () => {
  it("leave one session; the others are told about it with a 451", async () => {
    const got = await Promise.all(Array.from({ length: 4 }, () => login("qc.executive")));
    expect(got.map((r) => r.status).sort()).toEqual([200, 451, 451, 451]);
    expect(await sessionsOf("qc.executive")).toBe(1);
  });

  it("logout all at the same moment as a login leaves no session of the user behind either", async () => {
    const first = await login("calling.executive");
    expect(first.status).toBe(200);
    const auth = { authorization: `sessionid ${first.body.sessionid as string}` };
    const [out, again] = await Promise.all([
      call("POST", "/api/auth/logout/all/", { headers: auth }),
      login("calling.executive"),
    ]);
    expect(out.status).toBe(200);
    // The login ran before the logout (451, the old session then ended) or after it (a new session).
    expect([200, 451]).toContain(again.status);
    expect(await sessionsOf("calling.executive")).toBe(again.status === 200 ? 1 : 0);
  });
});
