/**
 * Concurrent clients against a running server on 127.0.0.1: each client signs in as a demo user
 * and reads the outlet list or the upload job list in a loop until the time is up (and never more
 * than MAX_REQUESTS_PER_CLIENT). Shared by the load test (short) and `npm run bench` (30 s).
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Backend, freePort, request, ServerProcess, storage } from "./child-server";

export const MAX_REQUESTS_PER_CLIENT = 5_000;

export type LoadOptions = { clients: number; seconds: number };
export type EndpointFigures = {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};
export type LoadReport = {
  backend: Backend;
  clients: number;
  seconds: number;
  outletList: EndpointFigures;
  jobList: EndpointFigures;
  /** Per second over the whole run, both lists together. */
  throughput: number;
  errorSamples: string[];
  /** The slowest requests: seconds into the run when sent, and how long they took. */
  slowest: { atS: number; ms: number }[];
};

/** Outlet list readers: internal staff of several roles and both client organisations. */
const OUTLET_READERS = [
  "admin",
  "qc.manager",
  "qc.executive",
  "calling.executive",
  "client.manager",
  "zenith.manager",
];
/** Job list readers: the payout team (the payout data uploads of Acme's 3P payout cycle). */
const JOB_READERS = ["admin", "project.manager", "iftu.manager", "iftu.executive"];
const JOB_LIST = "/api/bulk/upload/?objects_type=payout_data_ingested&sub_project=4";

function figures(latencies: number[], errors: number): EndpointFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
  return {
    requests: latencies.length + errors,
    errors,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: at(1),
  };
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const store = await storage();
  const server = new ServerProcess(`http://127.0.0.1:${await freePort()}`, {
    ...store.env,
    CLIENT_DIR: join(tmpdir(), "load-no-client"),
  });
  try {
    // The first start loads the demo data into a new database; the measured server is a restarted
    // one, as a deployed server would be, so the load does not meet that loading's after-work.
    await server.start();
    await server.stop();
    await server.start();
    // One session per demo user, shared by that user's clients (one session per platform is the rule).
    const sessions = new Map<string, Record<string, string>>();
    for (const username of new Set([...OUTLET_READERS, ...JOB_READERS])) {
      const res = await request(`${server.base}/api/auth/login/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ login_username: username, password: "Demo@12345", platform: "web" }),
      });
      const body = (await res.json()) as { sessionid?: string };
      if (!body.sessionid) throw new Error(`sign-in of ${username}: ${res.status}`);
      sessions.set(username, { authorization: `sessionid ${body.sessionid}` });
    }
    const timeline: { atS: number; ms: number }[] = [];
    const outlet: number[] = [];
    const job: number[] = [];
    let outletErrors = 0;
    let jobErrors = 0;
    const errorSamples: string[] = [];

    const clientOf = (i: number) => {
      const readsOutlets = i % 2 === 0;
      const users = readsOutlets ? OUTLET_READERS : JOB_READERS;
      return { readsOutlets, headers: sessions.get(users[i % users.length]!)! };
    };
    // Each client first makes one request, not counted, so every connection is open before the
    // clock starts: the figures are the steady state, not 50 connections queueing to be accepted
    // by a server whose one thread is busy with queries (the embedded database runs on it).
    await Promise.all(
      Array.from({ length: options.clients }, async (_, i) => {
        const { readsOutlets, headers } = clientOf(i);
        await (
          await request(`${server.base}${readsOutlets ? "/api/outlets/" : JOB_LIST}`, { headers })
        ).arrayBuffer();
      }),
    );

    const started = performance.now();
    const deadline = started + options.seconds * 1000;

    async function client(i: number): Promise<void> {
      const { readsOutlets, headers } = clientOf(i);
      for (let n = 0; n < MAX_REQUESTS_PER_CLIENT && performance.now() < deadline; n++) {
        const path = readsOutlets ? `/api/outlets/?page=${(n % 5) + 1}&page-size=20` : JOB_LIST;
        const t = performance.now();
        try {
          const res = await request(`${server.base}${path}`, { headers });
          await res.arrayBuffer();
          const ms = performance.now() - t;
          timeline.push({ atS: Math.round((t - started) / 100) / 10, ms: Math.round(ms) });
          if (res.status === 200) (readsOutlets ? outlet : job).push(ms);
          else {
            if (readsOutlets) outletErrors++;
            else jobErrors++;
            if (errorSamples.length < 5) errorSamples.push(`${path}: ${res.status}`);
          }
        } catch (error) {
          if (readsOutlets) outletErrors++;
          else jobErrors++;
          if (errorSamples.length < 5) errorSamples.push(`${path}: ${String(error)}`);
        }
      }
    }

    await Promise.all(Array.from({ length: options.clients }, (_, i) => client(i)));
    const elapsed = (performance.now() - started) / 1000;
    return {
      backend: store.backend,
      clients: options.clients,
      seconds: options.seconds,
      outletList: figures(outlet, outletErrors),
      jobList: figures(job, jobErrors),
      throughput: Math.round((outlet.length + job.length) / elapsed),
      errorSamples,
      slowest: timeline.sort((a, b) => b.ms - a.ms).slice(0, 5),
    };
  } finally {
    await server.kill();
    await store.drop();
  }
}
