/**
 * The bounded retry of lost races (server/db/retry.ts) and the last line behind it: a deadlock or
 * serialization failure is run again, then answered 503 with a message, never a 500. Most cases
 * run without PostgreSQL (the database fails on purpose with PostgreSQL's error codes); the last
 * makes a real deadlock on PostgreSQL when one answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { cryptoRandomBytes } from "../../server/auth/passwords";
import type { Db, Transaction } from "../../server/db/db";
import { BUSY_DETAIL, inTransaction, MAX_TRANSACTION_RUNS } from "../../server/db/retry";
import { Problem } from "../../server/http/problem";
import { startJobRunner } from "../../server/uploads/runner";
import { createDatabase, findPostgres, openDb } from "./concurrency-support";

const pgError = (code: string) => Object.assign(new Error(`pg error ${code}`), { code });

/**
 * A database whose transactions fail with the given errors, one per run, then succeed on an empty
 * database; its statements outside a transaction deadlock unless told otherwise.
 */
function failingDb(
  failures: unknown[],
  statements: "deadlock" | "empty" = "deadlock",
): Db & { runs: number } {
  const tx: Transaction = { query: async () => [], exec: async () => {} };
  const db = {
    engine: "postgres" as const,
    runs: 0,
    query: async () => {
      if (statements === "empty") return [];
      throw pgError("40P01");
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      db.runs++;
      const failure = failures.shift();
      if (failure) throw failure;
      return fn(tx);
    },
    exec: async () => {},
    close: async () => {},
  };
  return db;
}

function depsOf(db: Db) {
  const logs: Record<string, unknown>[] = [];
  const sleeps: number[] = [];
  return {
    logs,
    sleeps,
    deps: {
      db,
      clock: () => 0,
      logger: (e: Record<string, unknown>) => {
        logs.push(e);
      },
      sleep: async (ms: number) => {
        sleeps.push(ms);
      },
    },
  };
}

describe("inTransaction", () => {
  it("runs a transaction again after a deadlock and a serialization failure, logging each retry", async () => {
    const db = failingDb([pgError("40P01"), pgError("40001")]);
    const { deps, logs, sleeps } = depsOf(db);
    expect(await inTransaction(deps, async () => "done")).toBe("done");
    expect(db.runs).toBe(3);
    expect(logs.map((l) => [l.message, l.code, l.run])).toEqual([
      ["transaction retried", "40P01", 1],
      ["transaction retried", "40001", 2],
    ]);
    expect(sleeps).toHaveLength(2);
  });

  it("gives up after a bounded number of runs with a 503 that says to try again", async () => {
    const db = failingDb(Array.from({ length: 10 }, () => pgError("40P01")));
    const { deps, logs } = depsOf(db);
    const error = await inTransaction(deps, async () => "never").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Problem);
    expect((error as Problem).status).toBe(503);
    expect((error as Problem).body).toEqual({ detail: BUSY_DETAIL });
    expect(db.runs).toBe(MAX_TRANSACTION_RUNS);
    expect(logs.at(-1)?.message).toBe("transaction gave up");
  });

  it("does not run again after any other failure", async () => {
    const db = failingDb([pgError("23505")]);
    const { deps } = depsOf(db);
    await expect(inTransaction(deps, async () => "x")).rejects.toMatchObject({ code: "23505" });
    expect(db.runs).toBe(1);
  });
});

describe("the job runner", () => {
  it("runs its work again when a claim lost a race, and logs no error", async () => {
    const db = failingDb([pgError("40P01")], "empty");
    const { deps, logs } = depsOf(db);
    const runner = startJobRunner({ ...deps, mode: "demo", randomBytes: cryptoRandomBytes, sso: {} }, null);
    runner.kick();
    await runner.idle();
    expect(logs.map((l) => [l.level, l.message])).toEqual([["warn", "transaction retried"]]);
    // The failed claim, then a full round: the upload, export, dump, recovery, rescore, Form 16
    // batch and image matching scan claims, the message sender's two (queued messages sent, sent
    // ones asked after), and the removal of expired files (their chunks and contents together).
    expect(db.runs).toBe(11);
  });
});

describe("a lost race outside a retried transaction", () => {
  it("answers 503 with the message, not 500", async () => {
    const db = failingDb([]);
    const app = createApp({
      db,
      mode: "demo",
      clock: () => 0,
      randomBytes: cryptoRandomBytes,
      sleep: async () => {},
      logger: () => {},
      sso: {},
    });
    // The session lookup of any authenticated request hits the deadlocking database.
    const res = await app.request("/api/auth/info/", { headers: { authorization: "sessionid abc" } });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail: BUSY_DETAIL });
  });
});

const postgres = await findPostgres();

describe.skipIf("skip" in postgres)("a real deadlock on PostgreSQL", () => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    if ("skip" in postgres) return;
    const created = await createDatabase(postgres.url);
    drop = created.drop;
    db = await openDb(created.url);
    await db.exec(
      "CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL); INSERT INTO counters VALUES (1, 0), (2, 0)",
    );
  });

  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it("is detected, the loser runs again, and both writes land once", async () => {
    const { deps, logs } = depsOf(db);
    // Each transaction's first run takes its first row, waits until the other holds its own, then
    // asks for the other's: PostgreSQL kills one of them (40P01) and the retry runs it again.
    let holding = 0;
    const bothHold = async () => {
      holding++;
      while (holding < 2) await new Promise((r) => setTimeout(r, 10));
    };
    const bump = (first: number, second: number) => {
      let run = 0;
      return inTransaction(deps, async (tx) => {
        run++;
        await tx.query("UPDATE counters SET n = n + 1 WHERE id = $1", [first]);
        if (run === 1) await bothHold();
        await tx.query("UPDATE counters SET n = n + 1 WHERE id = $1", [second]);
      });
    };
    await Promise.all([bump(1, 2), bump(2, 1)]);
    const rows = await db.query<{ id: number; n: number }>("SELECT id, n FROM counters ORDER BY id");
    expect(rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
    // The loser's second run can take its first row again before the winner takes it and deadlock
    // once more on a busy machine; every deadlock is retried and nothing lands twice.
    expect(logs.length).toBeGreaterThanOrEqual(1);
    expect(new Set(logs.map((l) => `${l.message} ${l.code}`))).toEqual(
      new Set(["transaction retried 40P01"]),
    );
  });
});
