/**
 * Runs the queued work of this process: upload processing, UPI payment runs, exports, field app
 * dumps and outlet recoveries. Started with the server and woken at once when work arrives; the
 * poll also finds jobs left behind by a process that stopped (their heartbeat went stale).
 */
import type { AppDeps } from "../context";
import { isRetryable, MAX_TRANSACTION_RUNS } from "../db/retry";
import { processNextExport, removeExpiredFiles } from "../exports/exportJobs";
import { processNextDump } from "../fieldTools/dumps";
import { processNextRecovery } from "../fieldTools/recoveryJob";
import { payNextJob } from "./actions";
import type { PaymentGateway } from "./paymentGateway";
import { claimNextUpload, processUpload } from "./processing";

export const POLL_MS = 2000;

/** Does every kind of waiting work until none is left. */
export async function runPendingWork(deps: AppDeps, gateway: PaymentGateway | null): Promise<void> {
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
    break;
  }
  await removeExpiredFiles(deps);
}

export type JobRunner = { kick: () => void; idle: () => Promise<void> };

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
  };
  runners.set(deps, runner);
  return runner;
}
