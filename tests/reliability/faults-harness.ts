/**
 * Kill -9 of a real server process while it works, then a restart: shared by the faults test (a
 * reduced count) and `npm run bench` (the full count). The server runs as a child process on its
 * own database: a PGlite data folder, or a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 * Between a kill and the restart, with no server running, the harness opens the database itself
 * to check that nothing is half-applied.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeWorkbook } from "../../server/uploads/excel";
import { UPLOAD_TYPES } from "../../src/domain/uploads/uploadTypes";
import { type Backend, freePort, request, ServerProcess, sleep, storage } from "./child-server";

export type FaultOptions = {
  /** Kills while an upload is processing. */
  uploadKills: number;
  /** Kills while a confirm applies its rows. */
  confirmKills: number;
  rows: number;
  log?: (line: string) => void;
};

export type UploadKill = { afterMs: number; atKill: string; final: string };
export type ConfirmKill = { afterMs: number; outcome: "nothing applied" | "all applied" };
export type FaultReport = {
  backend: Backend;
  rows: number;
  processMs: number;
  confirmMs: number;
  uploads: UploadKill[];
  confirms: ConfirmKill[];
  /** Every state found that was neither whole nor untouched: must stay empty. */
  halfApplied: string[];
  seconds: number;
};

const TYPE = "payout_data_ingested";
const COLUMNS = UPLOAD_TYPES[TYPE].columns.map((c) => c.name);
const LOGIN = "iftu.manager";
const PASSWORD = "Demo@12345";

/** Nine rows in ten are clean (Acme outlets RS000001 to RS000014); every tenth has problems. */
function payoutRow(i: number): string[] {
  const bad = i % 10 === 9;
  return [
    `RS${String((i % 14) + 1).padStart(6, "0")}`,
    `Store ${i}`,
    bad ? "12.345" : `${1000 + (i % 500)}.50`,
    "2026-11",
    `Holder ${i}`,
    bad ? "12345" : String(100_000_000_000 + i),
    "SBIN0001234",
    "ABCPK1234F",
    `98${String(10_000_000 + i).slice(-8)}`,
    "",
  ];
}

type ApiJob = {
  id: number;
  status: string;
  total_objects: number;
  total_clean_objects: number;
  total_unclean_objects: number;
};

export async function runFaults(options: FaultOptions): Promise<FaultReport> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const store = await storage();
  const server = new ServerProcess(`http://127.0.0.1:${await freePort()}`, {
    ...store.env,
    CLIENT_DIR: join(tmpdir(), "faults-no-client"),
  });
  const workbook = writeWorkbook(
    "payouts",
    COLUMNS,
    Array.from({ length: options.rows }, (_, i) => payoutRow(i)),
  );
  const halfApplied: string[] = [];
  try {
    log(`starting the server on ${store.backend} (first start loads the demo data)`);
    await server.start();
    const auth = await token();
    const subProject = 4; // Acme 3P Payout Cycle 1 in the demo data
    const query = `object=${TYPE}&sub_project=${subProject}`;

    async function token(): Promise<Record<string, string>> {
      const res = await request(`${server.base}/api/auth/login/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ login_username: LOGIN, password: PASSWORD, platform: "web" }),
      });
      const body = (await res.json()) as { sessionid?: string };
      if (!body.sessionid) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
      return { authorization: `sessionid ${body.sessionid}` };
    }

    const upload = async (): Promise<number> => {
      const form = new FormData();
      form.append("file", new File([new Uint8Array(workbook)], `payouts_${options.rows}.xlsx`));
      const res = await request(`${server.base}/api/bulk/upload/?${query}`, {
        method: "POST",
        headers: auth,
        body: form,
      });
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { id: number }).id;
    };
    const job = (id: number) => fetchJson<ApiJob>(server, "GET", `/api/bulk/upload/${id}/?${query}`, auth);
    const settled = async (id: number): Promise<ApiJob> => {
      const deadline = Date.now() + 240_000;
      for (;;) {
        const j = await job(id);
        if (j.status !== "processing" || Date.now() > deadline) return j;
        await sleep(100);
      }
    };
    const confirm = (id: number) =>
      request(`${server.base}/api/bulk/upload/${id}/activate/?${query}`, { method: "POST", headers: auth });

    // Calibration: how long processing and confirming take here, so kills land inside them.
    let t = performance.now();
    const first = await upload();
    const calibrated = await settled(first);
    const processMs = performance.now() - t;
    if (calibrated.status !== "completed") throw new Error(`calibration upload ended ${calibrated.status}`);
    t = performance.now();
    const confirmed = await confirm(first);
    if (confirmed.status !== 200) throw new Error(`calibration confirm answered ${confirmed.status}`);
    const confirmMs = performance.now() - t;
    const clean = calibrated.total_clean_objects;
    log(
      `${options.rows} rows: processed in ${Math.round(processMs)} ms, ${clean} clean rows confirmed in ${Math.round(confirmMs)} ms`,
    );

    /** With the server dead: the job's state in the database, and whether it is whole or untouched. */
    async function inspect(id: number, what: string): Promise<{ status: string; applied: number }> {
      const db = await store.open();
      try {
        const [row] = await db.query<{
          status: string;
          total_objects: number;
          total_clean_objects: number;
          total_unclean_objects: number;
          kept: number | null;
          clean_file_id: number | null;
          unclean_file_id: number | null;
        }>(
          `SELECT status, total_objects, total_clean_objects, total_unclean_objects,
                  (SELECT sum(jsonb_array_length(r.rows))::int FROM bulk_upload_clean_rows r WHERE r.job_id = j.id) AS kept,
                  clean_file_id, unclean_file_id
           FROM bulk_upload_jobs j WHERE id = $1`,
          [id],
        );
        const [{ applied } = { applied: 0 }] = await db.query<{ applied: number }>(
          "SELECT count(*)::int AS applied FROM payout_data WHERE job_id = $1",
          [id],
        );
        if (!row) throw new Error(`job ${id} is gone`);
        const results = row.clean_file_id !== null || row.unclean_file_id !== null || row.kept !== null;
        const whole =
          row.total_objects === options.rows &&
          row.total_clean_objects + row.total_unclean_objects === row.total_objects &&
          row.kept === row.total_clean_objects &&
          row.clean_file_id !== null &&
          row.unclean_file_id !== null;
        if (row.status === "processing" && (results || applied > 0))
          halfApplied.push(`${what}: processing job ${id} holds results or applied rows`);
        if (row.status === "completed" && (!whole || applied > 0))
          halfApplied.push(
            `${what}: completed job ${id} is not whole (${JSON.stringify(row)}, ${applied} applied)`,
          );
        if (row.status === "active" && (!whole || applied !== row.total_clean_objects))
          halfApplied.push(`${what}: active job ${id} applied ${applied} of ${row.total_clean_objects}`);
        // The restarted server takes a job over once its heartbeat is STALE_AFTER_MS old; moving the
        // heartbeat back stands for that wait.
        await db.query(
          "UPDATE bulk_upload_jobs SET heartbeat_at = heartbeat_at - interval '1 hour' WHERE id = $1 AND status = 'processing'",
          [id],
        );
        return { status: row.status, applied };
      } finally {
        await db.close();
      }
    }

    const uploads: UploadKill[] = [];
    for (let i = 0; i < options.uploadKills; i++) {
      const id = await upload();
      // Anywhere from the upload's answer to most of the calibrated processing time.
      const afterMs = Math.round(Math.random() * processMs * 0.8);
      await sleep(afterMs);
      await server.kill();
      const atKill = await inspect(id, `upload kill ${i + 1}`);
      await server.start();
      const final = await settled(id);
      if (final.status === "completed" && final.total_objects !== options.rows)
        halfApplied.push(`upload kill ${i + 1}: job ${id} completed with ${final.total_objects} rows`);
      uploads.push({ afterMs, atKill: atKill.status, final: final.status });
      log(
        `upload kill ${i + 1}: after ${afterMs} ms the job was ${atKill.status}; after restart ${final.status}`,
      );
    }

    const confirms: ConfirmKill[] = [];
    for (let i = 0; i < options.confirmKills; i++) {
      const id = await upload();
      const done = await settled(id);
      if (done.status !== "completed") throw new Error(`upload before confirm kill ended ${done.status}`);
      const afterMs = Math.round(Math.random() * confirmMs * 0.9);
      const answer = confirm(id).catch(() => null);
      await sleep(afterMs);
      await server.kill();
      await answer;
      const state = await inspect(id, `confirm kill ${i + 1}`);
      const outcome = state.applied === 0 ? "nothing applied" : "all applied";
      if (state.applied !== 0 && state.applied !== clean)
        halfApplied.push(`confirm kill ${i + 1}: ${state.applied} of ${clean} rows applied`);
      confirms.push({ afterMs, outcome });
      log(`confirm kill ${i + 1}: after ${afterMs} ms, ${outcome} (job ${state.status})`);
      await server.start();
    }
    return {
      backend: store.backend,
      rows: options.rows,
      processMs,
      confirmMs,
      uploads,
      confirms,
      halfApplied,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await server.kill();
    await store.drop();
  }
}

async function fetchJson<T>(
  server: ServerProcess,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<T> {
  const res = await request(`${server.base}${path}`, { method, headers }).catch((error: unknown) => {
    throw new Error(
      `${method} ${path} failed (${String(error)}); the server said:\n${server.output.slice(-3000)}`,
    );
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}
