/**
 * Runs the queued work of this process: upload processing, UPI payment runs, exports, field app
 * dumps, outlet recoveries, sub-project rescores, Form 16 batches, image matching scans and WhatsApp delivery. Started with the server and woken at once when work arrives; the
 * poll also finds jobs left behind by a process that stopped (their heartbeat went stale). With
 * nothing queued and requests paused, it vacuums PGlite's tables (server/db/idleVacuum.ts).
 */
import type { AppDeps } from "../context";
import { vacuumWhenIdle } from "../db/idleVacuum";
import { isRetryable, MAX_TRANSACTION_RUNS } from "../db/retry";
import { processNextExport, removeExpiredFiles } from "../exports/exportJobs";
import { processNextDump } from "../fieldTools/dumps";
import { processNextRecovery } from "../fieldTools/recoveryJob";
import { requestActivity } from "../http/requestActivity";
import { deliverMessages, messageProviderOf } from "../messaging/sender";
import { processNextRescore } from "../scoring/runs";
import { processNextBatch } from "../tax/batches";
import { processNextUnicornScan } from "../unicorns/scanJob";
import { payNextJob } from "./actions";
import type { PaymentGateway } from "./paymentGateway";
import { claimNextUpload, processUpload } from "./processing";

export const POLL_MS = 2000;

/** Does every kind of waiting work until none is left. */
export async function runPendingWork(deps: AppDeps, gateway: PaymentGateway | null): Promise<void> {
  const messages = messageProviderOf(deps);
  for (;;) {
    const job = await claimNextUpload(deps);
    if (job) {
      await processUpload(deps, job);
      continue;
    }
    if (gateway && (await payNextJob(deps, gateway))) continue;
    if (await processNextExport(deps)) continue;
    if (await processNextDump(deps)) continue;
    if (await processNextRecovery(deps)) continue;
    if (await processNextRescore(deps)) continue;
    if (await processNextBatch(deps)) continue;
    if (await processNextUnicornScan(deps)) continue;
    if (messages && (await deliverMessages(deps, messages))) continue;
    break;
  }
  await removeExpiredFiles(deps);
}

/** Requests must have paused this long before the runner vacuums (PGlite only). */
export const QUIET_BEFORE_VACUUM_MS = 1000;

/**
 * With the queue empty and no request for a moment, vacuums the tables whose dead rows passed
 * autovacuum's thresholds (server/db/idleVacuum.ts), stopping when requests come in.
 */
async function vacuumInIdleTime(deps: AppDeps): Promise<void> {
  const activity = requestActivity(deps);
  const started = performance.now();
  const done = await vacuumWhenIdle(deps.db, () => activity.quietForMs() >= QUIET_BEFORE_VACUUM_MS);
  if (done.length === 0) return;
  deps.logger({
    time: new Date(deps.clock()).toISOString(),
    level: "info",
    message: "vacuumed in idle time",
    tables: done.map((d) => `${d.statement} ${d.table}`),
    duration_ms: Math.round(performance.now() - started),
  });
}

export type JobRunner = {
  kick: () => void;
  idle: () => Promise<void>;
  /** Runs work in the runner's place: the poll waits until it ends, so it cannot take the same job. */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
};

const runners = new WeakMap<AppDeps, JobRunner>();

/** The runner started for an app's dependencies (tests wait for it to be idle). */
export const runnerOf = (deps: AppDeps): JobRunner | undefined => runners.get(deps);

export function startJobRunner(deps: AppDeps, gateway: PaymentGateway | null): JobRunner {
  let running: Promise<void> | null = null;
  let again = false;
  let lostRaces = 0;
  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = runPendingWork(deps, gateway)
      .then(() => vacuumInIdleTime(deps))
      .then(() => {
        lostRaces = 0;
      })
      .catch((error: unknown) => {
        const time = new Date(deps.clock()).toISOString();
        // A claim or a write that lost a race with another process is simply run again, a few times.
        if (isRetryable(error) && ++lostRaces < MAX_TRANSACTION_RUNS) {
          again = true;
          deps.logger({
            time,
            level: "warn",
            message: "transaction retried",
            code: (error as { code: string }).code,
          });
          return;
        }
        lostRaces = 0;
        deps.logger({ time, level: "error", message: `job runner: ${String(error)}` });
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  setInterval(tick, POLL_MS).unref();
  const runner: JobRunner = {
    kick: tick,
    idle: async () => {
      while (running) await running;
    },
    exclusive: async (work) => {
      while (running) await running;
      const result = work();
      running = result.then(
        () => {},
        () => {},
      );
      try {
        return await result;
      } finally {
        running = null;
        if (again) {
          again = false;
          tick();
        }
      }
    },
  };
  runners.set(deps, runner);
  return runner;
}
