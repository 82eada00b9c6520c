/**
 * A real server as a child process on a database of its own (a PGlite data folder, or a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set), for the fault and load suites.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, openPglite, openPostgres } from "../../server/db/db";

export type Backend = "PGlite" | "PostgreSQL";

export type Store = {
  backend: Backend;
  env: Record<string, string>;
  open: () => Promise<Db>;
  drop: () => Promise<void>;
};

export async function storage(): Promise<Store> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), "reliability-data-"));
    return {
      backend: "PGlite",
      env: { DATA_DIR: dir },
      open: () => openPglite(dir),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `reliability_${randomBytes(5).toString("hex")}`;
  const admin = await openPostgres(url);
  await admin.exec(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    backend: "PostgreSQL",
    env: { DATABASE_URL: own.toString() },
    open: () => openPostgres(own.toString()),
    drop: async () => {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * fetch that survives the pool's sockets to a killed server: the first request on such a socket is
 * reset before it reaches anyone, so it is sent again on a new one.
 */
export async function request(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || (code !== "ECONNRESET" && code !== "UND_ERR_SOCKET")) throw error;
    }
  }
}

/** One server process (node with the tsx loader, so a kill reaches the server itself). */
export class ServerProcess {
  child: ChildProcess | null = null;
  output = "";
  constructor(
    readonly base: string,
    private readonly env: Record<string, string>,
  ) {}

  async start(): Promise<void> {
    const port = new URL(this.base).port;
    this.output = "";
    this.child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        ...this.env,
        PORT: port,
        HOST: "127.0.0.1",
        LOG_REQUESTS: process.env.LOG_REQUESTS ?? "0",
        APP_MODE: "demo",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child.stdout?.on("data", (d) => (this.output += d));
    this.child.stderr?.on("data", (d) => (this.output += d));
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited: ${this.output}`);
      try {
        if ((await request(`${this.base}/api/health/`)).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`server did not start: ${this.output}`);
  }

  /** A graceful stop (SIGTERM), as a deployment restarts a server. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
    this.child = null;
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
    this.child = null;
  }
}
