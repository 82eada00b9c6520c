/**
 * An idle pooled connection closed by PostgreSQL (a restart, an administrator, the network) is
 * logged and replaced: the process goes on and the next query is answered. Runs where a
 * PostgreSQL server answers.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../server/db/db";
import { createDatabase, findPostgres, openDb } from "./concurrency-support";

const postgres = await findPostgres();

describe.skipIf("skip" in postgres)("an idle connection closed under the pool", () => {
  let db: Db;
  let admin: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    if ("skip" in postgres) return;
    const created = await createDatabase(postgres.url);
    drop = created.drop;
    db = await openDb(created.url);
    admin = await openDb(postgres.url);
  });

  afterAll(async () => {
    await db?.close();
    await admin?.close();
    await drop?.();
  });

  it("is logged as lost, and the next query opens a new one", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const [lost] = await db.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    const pid = lost!.pid;
    await admin.query("SELECT pg_terminate_backend($1)", [pid]);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(JSON.parse(String(warn.mock.calls[0]![0]))).toMatchObject({
      level: "warn",
      message: "idle database connection lost",
    });
    const [again] = await db.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    expect(again!.pid).not.toBe(pid);
    warn.mockRestore();
  });
});
