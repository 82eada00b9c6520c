/**
 * `npx tsx scripts/bench-scaleout.ts`: what a second server process on the same PostgreSQL buys
 * and costs (docs/scaling.md). Needs PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432); every run
 * uses fresh databases and talks to 127.0.0.1 only.
 * - start of a server process against a database another process already set up
 * - the upload queue: UPLOADS files of ROWS rows each, processed by one process and by two
 * - rival confirms: 20 requests confirming 10 uploads of one kind, through two processes
 * - database bytes stored per uploaded row (the original file and its clean and unclean results)
 */
import { writeWorkbook } from "../server/uploads/excel";
import {
  call,
  createDatabase,
  findPostgres,
  openDb,
  type ServerProcess,
  signIn,
  startServerProcess,
} from "../tests/reliability/concurrency-support";

const UPLOADS = 8;
const ROWS = 5000;
const QUERY = "object=regions&organisation=zenith-foods";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function uploadAll(servers: ServerProcess[], auth: string, tag: string, rows: number, count: number) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const names = Array.from({ length: rows }, (_, k) => [`${tag} ${i} area ${k}`]);
    const form = new FormData();
    form.append(
      "file",
      new File([new Uint8Array(writeWorkbook("regions", ["name"], names))], `${tag}_${i}.xlsx`),
    );
    const res = await call(servers[i % servers.length]!, "POST", `/api/bulk/upload/?${QUERY}`, {
      auth,
      form,
    });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.id as number);
  }
  return ids;
}

async function waitCompleted(url: string, ids: number[]): Promise<void> {
  const db = await openDb(url);
  try {
    for (;;) {
      const rows = await db.query<{ n: number }>(
        "SELECT count(*) AS n FROM bulk_upload_jobs WHERE id = ANY($1::int[]) AND status = 'completed'",
        [ids],
      );
      if (Number(rows[0]!.n) === ids.length) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await db.close();
  }
}

/** Uploads the files, then measures until every job is completed; gives the elapsed time. */
async function queueRun(serverUrl: string, processes: number): Promise<number> {
  const database = await createDatabase(serverUrl);
  const servers = await Promise.all(
    Array.from({ length: processes }, (_, i) => startServerProcess(`server-${i + 1}`, database.url)),
  );
  try {
    const auth = await signIn(servers[0]!, "admin");
    const started = performance.now();
    const ids = await uploadAll(servers, auth, `p${processes}`, ROWS, UPLOADS);
    await waitCompleted(database.url, ids);
    return performance.now() - started;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
}

async function main() {
  const postgres = await findPostgres();
  if ("skip" in postgres) {
    console.log(`skipped: ${postgres.skip}`);
    return;
  }
  const lines: string[] = [];

  const database = await createDatabase(postgres.url);
  let t = performance.now();
  const first = await startServerProcess("server-1", database.url);
  lines.push(`first process on an empty database (migrate, demo data): ${seconds(performance.now() - t)}`);
  t = performance.now();
  const second = await startServerProcess("server-2", database.url);
  lines.push(`second process joining it: ${seconds(performance.now() - t)}`);
  const servers = [first, second];
  const auth = await signIn(first, "admin");
  const rivals = await uploadAll(servers, auth, "rival", 2000, 10);
  await waitCompleted(database.url, rivals);
  t = performance.now();
  const answers = await Promise.all(
    rivals.flatMap((id) =>
      servers.map((s) => call(s, "POST", `/api/bulk/upload/${id}/activate/?object=regions`, { auth })),
    ),
  );
  const statuses = answers.map((a) => a.status).sort();
  lines.push(
    `20 rival confirms (2,000-row uploads) through two processes: all answered in ${seconds(performance.now() - t)}; ` +
      `${statuses.filter((s) => s === 200).length} x 200, ${statuses.filter((s) => s === 409).length} x 409, ` +
      `${statuses.filter((s) => s >= 500).length} x 5xx`,
  );
  const db = await openDb(database.url);
  const [bytes] = await db.query<{ bytes: number; rows: number }>(
    `SELECT (SELECT sum(octet_length(content)) FROM stored_files)
              + (SELECT coalesce(sum(octet_length(content)), 0) FROM stored_file_chunks) AS bytes,
            (SELECT sum(total_objects) FROM bulk_upload_jobs) AS rows`,
  );
  await db.close();
  lines.push(
    `stored file bytes per uploaded row (original, clean and unclean files): ${Math.round(Number(bytes!.bytes) / Number(bytes!.rows))}`,
  );
  await Promise.all(servers.map((s) => s.stop()));
  await database.drop();

  for (const processes of [1, 2]) {
    const ms = await queueRun(postgres.url, processes);
    lines.push(
      `upload queue, ${UPLOADS} files x ${ROWS.toLocaleString("en")} rows, ${processes} process${processes > 1 ? "es" : ""}: ${seconds(ms)} (${Math.round((UPLOADS * ROWS) / (ms / 1000)).toLocaleString("en")} rows/s)`,
    );
  }
  for (const line of lines) console.log(line);
}

await main();
