/** Starts the server: migrate, load demo data into an empty database, serve API and client. */
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { cryptoRandomBytes } from "./auth/passwords";
import type { AppMode, Logger } from "./context";
import { type Db, migrate } from "./db/db";
import { openConfiguredDb } from "./db/open";
import { DEMO_PASSWORD, isEmpty, seedDemoData } from "./seed/demo";

export type StartOptions = {
  /** 0 picks a free port; the returned url has the real one. */
  port: number;
  host: string;
  /** DATA_DIR, DATABASE_URL, APP_MODE, SSO_MICROSOFT_URL, SSO_GOOGLE_URL, CLIENT_DIR. */
  env: NodeJS.ProcessEnv;
  /** No request log lines. */
  quiet?: boolean;
  /** An open database to use instead of the configured one; the caller closes it. */
  db?: Db;
};

export type StartedServer = { url: string; mode: AppMode; close: () => Promise<void> };

/** Connections still open this long after a stop request are cut. */
const SHUTDOWN_GRACE_MS = 5000;

export async function startServer(options: StartOptions): Promise<StartedServer> {
  const { env } = options;
  const db = options.db ?? (await openConfiguredDb(env));
  await migrate(db);
  // The check is repeated under a lock inside seedDemoData, for processes starting together.
  if (await isEmpty(db)) await seedDemoData(db, { now: Date.now() });
  const mode: AppMode = env.APP_MODE === "production" ? "production" : "demo";
  const logger: Logger = options.quiet
    ? () => {}
    : (entry) => process.stdout.write(`${JSON.stringify(entry)}\n`);
  const app = createApp({
    db,
    mode,
    clock: Date.now,
    randomBytes: cryptoRandomBytes,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    logger,
    sso: { microsoftUrl: env.SSO_MICROSOFT_URL, googleUrl: env.SSO_GOOGLE_URL },
    clientDir: resolve(env.CLIENT_DIR ?? "dist/client"),
  });
  const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host });
  await new Promise<void>((ok, fail) => {
    server.once("listening", ok);
    server.once("error", fail);
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = options.host === "0.0.0.0" || options.host === "::" ? "localhost" : options.host;
  const url = `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${port}`;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const cut = setTimeout(() => {
        if ("closeAllConnections" in server) server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS);
      await new Promise<void>((r) => server.close(() => r()));
      clearTimeout(cut);
      if (!options.db) await db.close();
    })();
    return closing;
  };
  return { url, mode, close };
}

const runDirectly =
  import.meta.url === `file://${process.argv[1]}` || /server[\\/]main\.ts$/.test(process.argv[1] ?? "");
if (runDirectly) {
  const env = process.env;
  const started = await startServer({
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? "0.0.0.0",
    env,
    quiet: env.LOG_REQUESTS === "0",
  });
  console.log(`Retail Scan field operations is running at ${started.url} (${started.mode} mode)`);
  console.log(`Sign in as admin / ${DEMO_PASSWORD} (every demo account is listed in the README)`);
  if (started.mode === "demo") console.log(`Development outbox: ${started.url}/dev/outbox`);
  const stop = async (signal: string) => {
    console.log(`${signal} received, stopping`);
    await started.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
}
