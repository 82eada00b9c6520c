/** A server process for the benchmarks: started on a data folder, ready once /api/health/ answers. */
import { spawn } from "node:child_process";

/** A new data folder is seeded at start: on a loaded two-core machine that took over 120 s. */
async function waitForHealth(url: string, started: number, limitMs = 300_000): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health/`);
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > limitMs) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Starts `server/main.ts` in demo mode; `ms` is the time until it answered. */
export async function startServer(dataDir: string, port: number) {
  const started = performance.now();
  const child = spawn("node_modules/.bin/tsx", ["server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_MODE: "demo",
    },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  const ms = await waitForHealth(url, started).catch((error: unknown) => {
    child.kill("SIGTERM");
    throw error;
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url, ms, stop };
}
