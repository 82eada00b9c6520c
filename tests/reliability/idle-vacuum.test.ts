// @vitest-environment node
/**
 * PGlite runs no autovacuum, so the job runner vacuums the tables a bulk action left full of dead
 * row versions once requests pause (server/db/idleVacuum.ts), outside any transaction and without
 * disturbing one in flight. On PostgreSQL the step does nothing: autovacuum does the work.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  tablesDueForUpkeep,
  VACUUM_BASE_ROWS,
  VACUUM_SCALE,
  vacuumWhenIdle,
} from "../../server/db/idleVacuum";
import { requestActivity } from "../../server/http/requestActivity";
import { QUIET_BEFORE_VACUUM_MS, runnerOf } from "../../server/uploads/runner";
import { startTestServer, type TestServer } from "../server/support";

let server: TestServer;
let qc: { authorization: string };
const onPglite = !process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  server = await startTestServer();
  qc = await server.signIn("qc.manager");
});
afterAll(async () => {
  await server.close();
});

/** The outlets table's row counts as the statistics hold them, sent first. */
async function outletRows() {
  await server.db.query("SELECT pg_stat_force_next_flush()");
  const [row] = await server.db.query<{ live: number; dead: number; vacuumed: Date | null }>(
    `SELECT n_live_tup AS live, n_dead_tup AS dead, last_vacuum AS vacuumed
     FROM pg_stat_user_tables WHERE schemaname = current_schema() AND relname = 'outlets'`,
  );
  return row!;
}

/** QC Accept on every QC-pending retail audit outlet, as the list's Update Status sends it. */
async function acceptAllPending(): Promise<number> {
  const pending = await server.db.query<{ id: number; version: number }>(
    `SELECT o.id, o.version FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
     WHERE o.workflow_state = 'qc_pending' AND s.type = 'retail_audit' ORDER BY o.id`,
  );
  const res = await server.call("POST", "/api/outlets/bulk-action/", {
    headers: qc,
    body: {
      action_type: "qc_accepted",
      object_ids: pending.map((o) => o.id),
      extra_data: { remarks: "Accepted together" },
      select_all: false,
      chain_rsids: [],
      object_versions: Object.fromEntries(pending.map((o) => [String(o.id), o.version])),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.updated).toBe(pending.length);
  return pending.length;
}

/** Moves every outlet's modified time, as a bulk action on all of them would. */
const touchEveryOutlet = (db: { query: TestServer["db"]["query"] }) =>
  db.query("UPDATE outlets SET modified = modified + interval '1 second'");

describe.runIf(onPglite)("vacuum in idle time on PGlite", () => {
  it("vacuums the outlets after a bulk action left dead rows, and the dead rows fall", async () => {
    const before = await outletRows();
    expect(before.dead).toBeLessThan(VACUUM_BASE_ROWS); // the seed vacuumed once it was done
    const moved = await acceptAllPending();
    await touchEveryOutlet(server.db);
    const after = await outletRows();
    // Each moved outlet left a dead version, and so did each touched one.
    expect(after.dead).toBeGreaterThanOrEqual(moved + before.live);
    expect(after.dead).toBeGreaterThan(VACUUM_BASE_ROWS + VACUUM_SCALE * after.live);
    expect(await tablesDueForUpkeep(server.db)).toContainEqual({
      table: "outlets",
      statement: "VACUUM (ANALYZE)",
    });

    const done = await vacuumWhenIdle(server.db, () => true);
    expect(done).toContainEqual({ table: "outlets", statement: "VACUUM (ANALYZE)" });
    const vacuumed = await outletRows();
    expect(vacuumed.dead).toBe(0);
    expect(vacuumed.vacuumed).not.toBeNull();
    expect(await tablesDueForUpkeep(server.db)).toEqual([]);
    // Nothing left to do: the next step runs nothing.
    expect(await vacuumWhenIdle(server.db, () => true)).toEqual([]);
  });

  it("runs nothing while requests are being answered, and stops between tables when one arrives", async () => {
    await touchEveryOutlet(server.db);
    await server.db.query("UPDATE workflow_objects SET outlet_id = outlet_id");
    expect((await tablesDueForUpkeep(server.db)).length).toBeGreaterThanOrEqual(2);
    expect(await vacuumWhenIdle(server.db, () => false)).toEqual([]);
    expect((await outletRows()).dead).toBeGreaterThan(0);

    // A request arrives while the first table is vacuumed: the step ends after that table.
    let asked = 0;
    const done = await vacuumWhenIdle(server.db, () => ++asked <= 2);
    expect(done).toHaveLength(1);
    expect((await tablesDueForUpkeep(server.db)).length).toBeGreaterThanOrEqual(1);
    await vacuumWhenIdle(server.db, () => true);
  });

  it("cannot run inside a transaction, so it waits for one in flight, which commits untouched", async () => {
    await expect(server.db.transaction((tx) => tx.query("VACUUM outlets"))).rejects.toThrow(
      /cannot run inside a transaction block/,
    );

    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const events: string[] = [];
    const request = server.db.transaction(async (tx) => {
      await touchEveryOutlet(tx);
      await held;
      const [row] = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM outlets");
      events.push("transaction done");
      return row!.n;
    });
    // The dead rows of the transaction's own update are not yet counted; an earlier one's are.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const vacuum = vacuumWhenIdle(server.db, () => true).then((done) => {
      events.push("vacuum done");
      return done;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual([]);
    release();
    const counted = await request;
    // The step read the statistics after the commit, so it vacuumed the update's dead rows too.
    expect(await vacuum).toContainEqual({ table: "outlets", statement: "VACUUM (ANALYZE)" });
    expect(events).toEqual(["transaction done", "vacuum done"]);
    const [live] = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM outlets");
    expect(counted).toBe(live!.n);
    expect((await outletRows()).dead).toBe(0);
  });

  it("sizes a table by the catalog's row estimate, as the statistics start afresh at each open", async () => {
    // What reopening a PGlite data folder does to the statistics: every count back to 0.
    await server.db.query("SELECT pg_stat_reset()");
    await server.db.query(
      "UPDATE outlets SET modified = modified WHERE id IN (SELECT id FROM outlets ORDER BY id LIMIT $1)",
      [VACUUM_BASE_ROWS + 10],
    );
    const rows = await outletRows();
    expect(rows.live).toBe(0);
    expect(rows.dead).toBe(VACUUM_BASE_ROWS + 10);
    // Past 50 dead rows, but far from a fifth of the table's 520 outlets: not due yet.
    expect(await tablesDueForUpkeep(server.db)).not.toContainEqual({
      table: "outlets",
      statement: "VACUUM (ANALYZE)",
    });
  });

  it("is run by the job runner once requests have paused", async () => {
    await touchEveryOutlet(server.db);
    const runner = runnerOf(server.deps)!;
    const activity = requestActivity(server.deps);
    const vacuumed = () => server.logs.filter((l) => l.message === "vacuumed in idle time");
    // A request being answered, then just answered: the runner leaves the tables alone.
    activity.begin();
    expect(activity.quietForMs()).toBe(0);
    runner.kick();
    await runner.idle();
    activity.end();
    runner.kick();
    await runner.idle();
    expect(vacuumed()).toEqual([]);
    expect((await outletRows()).dead).toBeGreaterThan(VACUUM_BASE_ROWS);

    await new Promise((resolve) => setTimeout(resolve, QUIET_BEFORE_VACUUM_MS + 100));
    runner.kick();
    await runner.idle();
    expect(vacuumed()[0]?.tables).toContain("VACUUM (ANALYZE) outlets");
    expect((await outletRows()).dead).toBe(0);
    expect(server.logs.filter((l) => l.level === "error")).toEqual([]);
  });
});

describe.runIf(!onPglite)("vacuum in idle time on PostgreSQL", () => {
  it("leaves the work to autovacuum", async () => {
    await touchEveryOutlet(server.db);
    expect(await vacuumWhenIdle(server.db, () => true)).toEqual([]);
  });
});
