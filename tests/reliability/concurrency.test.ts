/**
 * Concurrency on PostgreSQL: two server processes on one database, the same records written
 * through both at the same moment. Each case checks the end state (applied once, nothing lost, no
 * duplicate rows) and that every answer is a success or a refusal with a message: zero 5xx.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { writeWorkbook } from "../../server/uploads/excel";
import { UPLOAD_MSG, uploadCancelledByConfirm } from "../../src/domain/uploads/bulkUpload";
import { ACME_3P_PAYOUT_CYCLE } from "../server/uploads-support";
import {
  type Answer,
  call,
  createDatabase,
  eventually,
  findPostgres,
  login,
  openDb,
  type ServerProcess,
  signIn,
  startServerProcess,
  unexplained,
} from "./concurrency-support";

const postgres = await findPostgres();
if ("skip" in postgres) console.warn(`concurrency suite skipped: ${postgres.skip}`);

const ACME_REGIONS = "object=regions&organisation=acme-beverages";
const ZENITH_REGIONS = "object=regions&organisation=zenith-foods";
const UPI_FIXTURE = join(import.meta.dirname, "..", "fixtures", "uploads", "upi_tracker.xlsx");

let servers: [ServerProcess, ServerProcess];
let db: Db;
let dropDatabase: () => Promise<void>;
let admin: string;
/** Every answer of every case, for the figures printed at the end. */
const answers: Answer[] = [];

const both = (i: number) => servers[i % 2]!;

async function race(requests: (() => Promise<Answer>)[]): Promise<Answer[]> {
  const got = await Promise.all(requests.map((r) => r()));
  answers.push(...got);
  return got;
}

async function uploadRegions(server: ServerProcess, query: string, names: string[], file: string) {
  const form = new FormData();
  const bytes = writeWorkbook(
    "regions",
    ["name"],
    names.map((n) => [n]),
  );
  form.append("file", new File([new Uint8Array(bytes)], file));
  const res = await call(server, "POST", `/api/bulk/upload/?${query}`, { auth: admin, form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

async function statusOf(ids: number[]): Promise<Map<number, string>> {
  const rows = await db.query<{ id: number; status: string }>(
    "SELECT id, status FROM bulk_upload_jobs WHERE id = ANY($1::int[])",
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** Waits until the job runners of the two processes finished every given upload. */
const processed = (ids: number[]) =>
  eventually(async () => {
    const status = await statusOf(ids);
    return ids.every((id) => status.get(id) === "completed") ? status : undefined;
  });

const regionCount = async (name: string) =>
  Number((await db.query<{ n: number }>("SELECT count(*) AS n FROM regions WHERE name = $1", [name]))[0]!.n);

const activate = (server: ServerProcess, id: number) => () =>
  call(server, "POST", `/api/bulk/upload/${id}/activate/?object=regions`, { auth: admin });
const cancel = (server: ServerProcess, id: number) => () =>
  call(server, "POST", `/api/bulk/upload/${id}/cancel/?object=regions`, { auth: admin });

describe.skipIf("skip" in postgres)("two server processes on one PostgreSQL", () => {
  beforeAll(async () => {
    if ("skip" in postgres) return;
    const created = await createDatabase(postgres.url);
    dropDatabase = created.drop;
    // Started together: one migrates and seeds, the other waits for it (advisory locks).
    servers = await Promise.all([
      startServerProcess("server-1", created.url),
      startServerProcess("server-2", created.url),
    ]);
    db = await openDb(created.url);
    admin = await signIn(servers[0], "admin");
  });

  afterAll(async () => {
    await Promise.all((servers ?? []).map((s) => s.stop()));
    await db?.close();
    await dropDatabase?.();
    const logs = (servers ?? []).flatMap((s) => s.logs());
    const retries = logs.filter((l) => l.message === "transaction retried").length;
    const failures = answers.filter((a) => a.status >= 500).length;
    console.info(
      `concurrency figures: ${answers.length} concurrent requests, ${failures} answered 5xx, ${retries} transaction retries`,
    );
  });

  it("shares the upload queue: each job is processed once", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(await uploadRegions(both(i), ZENITH_REGIONS, [`Queue ${i}`], `queue_${i}.xlsx`));
    await processed(ids);
    const jobs = await db.query<{ id: number; attempts: number }>(
      "SELECT id, attempts FROM bulk_upload_jobs WHERE id = ANY($1::int[])",
      [ids],
    );
    expect(jobs.map((j) => j.attempts)).toEqual(ids.map(() => 1));
    const notes = await db.query<{ job_id: number; n: number }>(
      `SELECT job_id, count(*) AS n FROM upload_notifications
       WHERE job_id = ANY($1::int[]) AND title = 'Upload processed' GROUP BY job_id`,
      [ids],
    );
    expect(notes.map((n) => Number(n.n))).toEqual(ids.map(() => 1));
    const files = await db.query<{ n: number }>(
      "SELECT count(*) AS n FROM stored_files WHERE name ~ '^queue_[0-9]_(clean|unclean)\\.xlsx$'",
    );
    expect(Number(files[0]!.n)).toBe(20);
  });

  it("confirms of ten rival uploads sent to both servers at once: one 200, nineteen 409s, applied once", async () => {
    // Each winner applies a few thousand rows, so the rivals' transactions overlap as in production.
    const ids: number[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(
        await uploadRegions(
          both(i),
          ACME_REGIONS,
          [
            `Rival ${i} North`,
            `Rival ${i} South`,
            ...Array.from({ length: 2000 }, (_, k) => `Rival ${i} area ${k}`),
          ],
          `rival_${i}.xlsx`,
        ),
      );
    await processed(ids);

    const got = await race(ids.flatMap((id) => [activate(servers[0], id), activate(servers[1], id)]));
    expect(unexplained(got)).toEqual([]);
    expect(got.filter((a) => a.status === 200)).toHaveLength(1);
    expect(got.filter((a) => a.status === 409)).toHaveLength(19);

    const status = await statusOf(ids);
    const winner = ids.find((id) => status.get(id) === "active")!;
    expect([...status.values()].sort()).toEqual(["active", ...Array(9).fill("cancelled")]);
    for (const [i, id] of ids.entries()) {
      const applied = id === winner ? 1 : 0;
      expect(await regionCount(`Rival ${i} North`)).toBe(applied);
      expect(await regionCount(`Rival ${i} South`)).toBe(applied);
    }
    const details = new Set(got.filter((a) => a.status === 409).map((a) => a.body.detail));
    expect(details).toEqual(new Set([UPLOAD_MSG.alreadyConfirmed, uploadCancelledByConfirm(winner)]));
    const confirms = await db.query<{ n: number }>(
      "SELECT count(*) AS n FROM upload_audit_log WHERE job_id = ANY($1::int[]) AND action = 'confirm'",
      [ids],
    );
    expect(Number(confirms[0]!.n)).toBe(1);
  });

  it("fifty confirms of one job at once: applied once", async () => {
    const id = await uploadRegions(servers[0], ACME_REGIONS, ["Fifty East"], "fifty.xlsx");
    await processed([id]);
    const got = await race(Array.from({ length: 50 }, (_, i) => activate(both(i), id)));
    expect(unexplained(got)).toEqual([]);
    expect(got.filter((a) => a.status === 200)).toHaveLength(1);
    expect(got.filter((a) => a.status === 409).map((a) => a.body.detail)).toEqual(
      Array(49).fill(UPLOAD_MSG.alreadyConfirmed),
    );
    expect(await regionCount("Fifty East")).toBe(1);
    const notes = await db.query<{ n: number }>(
      "SELECT count(*) AS n FROM upload_notifications WHERE job_id = $1 AND title = 'Upload confirmed'",
      [id],
    );
    expect(Number(notes[0]!.n)).toBe(1);
  });

  it("a confirm and a cancel of one job at once: one wins, the other is told why", async () => {
    for (let round = 0; round < 4; round++) {
      const name = `Either ${round}`;
      const id = await uploadRegions(servers[round % 2]!, ACME_REGIONS, [name], `either_${round}.xlsx`);
      await processed([id]);
      const [confirmed, cancelled] = await race([activate(servers[0], id), cancel(servers[1], id)]);
      expect(unexplained([confirmed!, cancelled!])).toEqual([]);
      expect([confirmed!.status, cancelled!.status].sort()).toEqual([200, 409]);
      const status = (await statusOf([id])).get(id);
      if (confirmed!.status === 200) {
        expect(status).toBe("active");
        expect(cancelled!.body.detail).toBe(UPLOAD_MSG.alreadyConfirmed);
        expect(await regionCount(name)).toBe(1);
      } else {
        expect(status).toBe("cancelled");
        expect(confirmed!.body.detail).toBe(UPLOAD_MSG.alreadyCancelled);
        expect(await regionCount(name)).toBe(0);
      }
    }
  });

  it("ten Pay Nows of one payment upload at once: one payment run, paid once", async () => {
    const query = `object=icici_upi_account_payment_tracker&sub_project=${ACME_3P_PAYOUT_CYCLE}`;
    const form = new FormData();
    form.append("file", new File([new Uint8Array(readFileSync(UPI_FIXTURE))], "upi_tracker.xlsx"));
    const uploaded = await call(servers[1], "POST", `/api/bulk/upload/?${query}`, { auth: admin, form });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const id = uploaded.body.id as number;
    await processed([id]);
    const payNow = (server: ServerProcess) => () =>
      call(server, "POST", `/api/bulk/upload/${id}/activate/?object=icici_upi_account_payment_tracker`, {
        auth: admin,
      });
    const got = await race(Array.from({ length: 10 }, (_, i) => payNow(both(i))));
    expect(unexplained(got)).toEqual([]);
    expect(got.filter((a) => a.status === 200).map((a) => a.body.detail)).toEqual([
      UPLOAD_MSG.paymentStarted,
    ]);
    expect(got.filter((a) => a.status === 409).map((a) => a.body.detail)).toEqual(
      Array(9).fill(UPLOAD_MSG.paymentUnderway),
    );
    await eventually(async () => ((await statusOf([id])).get(id) === "active" ? true : undefined));
    const paid = await db.query<{ n: number }>("SELECT count(*) AS n FROM upi_payments WHERE job_id = $1", [
      id,
    ]);
    expect(Number(paid[0]!.n)).toBe(2);
    const notes = await db.query<{ n: number }>(
      "SELECT count(*) AS n FROM upload_notifications WHERE job_id = $1 AND title = 'Payment completed'",
      [id],
    );
    expect(Number(notes[0]!.n)).toBe(1);
  });

  it("bulk actions on overlapping outlet sets sent in opposite orders: each outlet moved once", async () => {
    const qc = await signIn(servers[1], "qc.manager");
    // Nine outlets waiting for QC in the sub-project that has the most of them.
    const outlets = await db.query<{ id: number; version: number }>(
      `SELECT o.id, o.version FROM outlets o
       WHERE o.workflow_state = 'qc_pending' AND o.sub_project_id = (
         SELECT sub_project_id FROM outlets WHERE workflow_state = 'qc_pending'
         GROUP BY sub_project_id ORDER BY count(*) DESC, sub_project_id LIMIT 1)
       ORDER BY o.id LIMIT 9`,
    );
    expect(outlets.length).toBe(9);
    const bulk = (server: ServerProcess, set: typeof outlets) => () =>
      call(server, "POST", "/api/outlets/bulk-action/", {
        auth: qc,
        body: {
          action_type: "qc_accepted",
          object_ids: set.map((o) => o.id),
          extra_data: { remarks: "Checked" },
          object_versions: Object.fromEntries(set.map((o) => [String(o.id), o.version])),
        },
      });
    for (let round = 0; round < 3; round++) {
      const mine = outlets.slice(round * 3, round * 3 + 3);
      // Two sets sharing two outlets, one listed upwards and one downwards.
      const up = mine;
      const down = mine.slice(1).reverse();
      const got = await race([bulk(servers[0], up), bulk(servers[1], down)]);
      expect(unexplained(got)).toEqual([]);
      expect(got.filter((a) => a.status === 200)).toHaveLength(1);
    }
    const after = await db.query<{ id: number; version: number; workflow_state: string; logs: number }>(
      `SELECT o.id, o.version, o.workflow_state,
              (SELECT count(*) FROM outlet_logs l WHERE l.outlet_id = o.id AND l.action = 'qc_accepted') AS logs
       FROM outlets o WHERE o.id = ANY($1::int[])`,
      [outlets.map((o) => o.id)],
    );
    for (const o of after) {
      const before = outlets.find((x) => x.id === o.id)!;
      const moved = o.workflow_state === "qc_accepted";
      expect(o.version).toBe(before.version + (moved ? 1 : 0));
      expect(Number(o.logs)).toBe(moved ? 1 : 0);
    }
    expect(after.filter((o) => o.workflow_state === "qc_accepted").length).toBeGreaterThanOrEqual(6);
  });

  it("logins of one user at once on both servers: one session, the others 451", async () => {
    const users = ["calling.manager", "calling.executive", "field.coordinator", "field.manager"];
    const got = await race(
      users.flatMap((user) => Array.from({ length: 8 }, (_, i) => () => login(both(i), user))),
    );
    expect(unexplained(got)).toEqual([]);
    for (const [u, user] of users.entries()) {
      const mine = got.slice(u * 8, u * 8 + 8);
      expect(mine.map((a) => a.status).sort(), user).toEqual([200, ...Array(7).fill(451)]);
    }
    const sessions = await db.query<{ username: string; n: number }>(
      `SELECT u.username, count(*) AS n FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE u.username = ANY($1::text[]) GROUP BY u.username ORDER BY u.username`,
      [users],
    );
    expect(sessions.map((s) => [s.username, Number(s.n)])).toEqual(
      [...users].sort().map((user) => [user, 1]),
    );
  });

  it("left no error in either server's log (no deadlock, no unexpected failure)", () => {
    const errors = servers.flatMap((s) => s.logs().filter((l) => l.level === "error"));
    expect(errors).toEqual([]);
  });
});
