/** Helpers for the bulk upload server tests: multipart uploads, fixtures and reading result files. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readSheetTexts } from "../../server/uploads/excel";
import { runnerOf, runPendingWork } from "../../server/uploads/runner";
import type { TestServer } from "./support";

export const FIXTURES = join(import.meta.dirname, "..", "fixtures", "uploads");
export const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(join(FIXTURES, name)));

/** Sub-project ids of the demo data (server/seed/demo.ts creates them in this order). */
export const ACME_3P_PAYOUT_CYCLE = 4;
export const ACME_RETAIL_AUDIT_CYCLE = 2;
export const ZENITH_RETAIL_AUDIT_MAIN = 15;

export type Headers = Record<string, string>;

export async function upload(
  server: TestServer,
  auth: Headers,
  query: string,
  bytes: Uint8Array,
  name: string,
) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name));
  const res = await server.app.request(`/api/bulk/upload/?${query}`, {
    method: "POST",
    headers: auth,
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function listJobs(server: TestServer, auth: Headers, query: string) {
  const res = await server.call("GET", `/api/bulk/upload/?${query}`, { headers: auth });
  return res.body as unknown as { count: number; results: Record<string, unknown>[] };
}

/**
 * Processes everything waiting (no payment gateway unless given) and gives the job as listed. The
 * app's own runner may hold a job at that moment, so this waits for it and looks again.
 */
export async function settle(server: TestServer, auth: Headers, query: string, id: number) {
  for (let round = 0; ; round++) {
    await runnerOf(server.deps)?.idle();
    await runPendingWork(server.deps, null);
    await runnerOf(server.deps)?.idle();
    const list = await listJobs(server, auth, query);
    const job = list.results.find((j) => j.id === id)!;
    if (job.status !== "processing" || round >= 20) return job;
  }
}

/** Downloads a result file through its link and reads its first sheet. */
export async function resultSheet(server: TestServer, auth: Headers, link: string) {
  const res = await server.app.request(link, { headers: auth });
  if (res.status !== 200) throw new Error(`download ${link}: ${res.status}`);
  return readSheetTexts(new Uint8Array(await res.arrayBuffer()));
}

export async function count(server: TestServer, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(sql, params);
  return Number(row?.n ?? 0);
}

/**
 * A job as a worker holds it right after claiming it (claimed, fresh heartbeat, first attempt),
 * made directly so no other worker can take it first: the test then plays that worker by hand.
 */
export async function claimedJob(
  server: TestServer,
  objectType: string,
  bytes: Uint8Array,
  name: string,
): Promise<number> {
  const at = new Date(server.clock.now);
  const [row] = await server.db.query<{ id: number }>(
    `WITH f AS (
       INSERT INTO stored_files (name, content_type, content, organisation_id, owner_id, created)
       VALUES ($2, 'application/octet-stream', $3, 2, 1, $4) RETURNING id)
     INSERT INTO bulk_upload_jobs (object_type, organisation_id, created_by, created, file_id, file_name, status,
       claimed_at, heartbeat_at, attempts)
     SELECT $1, 2, 1, $4, f.id, $2, 'processing', $4, $4, 1 FROM f RETURNING id`,
    [objectType, name, bytes, at],
  );
  return row!.id;
}
