/** The benchmarks' in-process app and its timed request: wall and CPU time of one call. */
import { createApp } from "../server/app";
import { cryptoRandomBytes } from "../server/auth/passwords";
import type { Db } from "../server/db/db";

/** A timed request through the app, as the benchmarks call it. */
export type TimedCall = ReturnType<typeof timedApp>;

/** The p-th percentile of sorted figures. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export function timedApp(db: Db) {
  const app = createApp({
    db,
    mode: "demo",
    clock: () => Date.now(),
    randomBytes: cryptoRandomBytes,
    sleep: async () => {},
    logger: () => {},
    sso: {},
  });
  // The database runs in this process, so its CPU time per request is the server's own work,
  // which a loaded shared machine does not inflate the way it inflates wall time.
  return async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const res = await app.request(path, {
      method,
      headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as Record<string, unknown>;
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuStart);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return { json, ms, cpuMs: (cpu.user + cpu.system) / 1000 };
  };
}
