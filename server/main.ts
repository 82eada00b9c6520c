/**
 * Starts the server: migrate, load demo data into an empty database (demo mode only), serve API and
 * client. Production refuses a database that still opens demo accounts with the published password.
 */
import { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { cryptoRandomBytes, verifyPassword } from "./auth/passwords";
import type { AppMode, Logger } from "./context";
import type { Queryable } from "./db/db";
import { type Db, migrate } from "./db/db";
import { openConfiguredDb } from "./db/open";
import { publicAddressConfig } from "./http/publicAddress";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemoData } from "./seed/demo";

export type StartOptions = {
  /** 0 picks a free port; the returned url has the real one. */
  port: number;
  host: string;
  /** DATA_DIR, DATABASE_URL, APP_MODE, SSO_MICROSOFT_URL, SSO_GOOGLE_URL, CLIENT_DIR, PUBLIC_URL, ALLOWED_ORIGINS. */
  env: NodeJS.ProcessEnv;
  /** No request log lines. */
  quiet?: boolean;
  /** An open database to use instead of the configured one; the caller closes it. */
  db?: Db;
};

export type StartedServer = { url: string; mode: AppMode; engine: Db["engine"]; close: () => Promise<void> };

/** Connections still open this long after a stop request are cut. */
/**
 * How long an idle connection stays open. A client or proxy that reuses a connection just as the
 * server closes it gets a reset (a load balancer answers 502; a script sees ECONNRESET), so the server
 * waits longer than a proxy's usual 60 s and leaves the closing to the other side.
 */
const KEEP_ALIVE_MS = 65_000;
const SHUTDOWN_GRACE_MS = 5000;

/** The demo accounts in a database that still sign in with the demo password everyone can read. */
export async function demoAccountsLeft(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ username: string; password_hash: string }>(
    "SELECT username, password_hash FROM users WHERE username = ANY($1::text[]) ORDER BY username",
    [DEMO_ACCOUNTS.map((a) => a.username)],
  );
  const open: string[] = [];
  for (const row of rows) if (await verifyPassword(DEMO_PASSWORD, row.password_hash)) open.push(row.username);
  return open;
}

export const demoAccountsRefusal = (usernames: readonly string[]) =>
  `Refusing to start in production mode: demo accounts still sign in with the published demo password (${usernames.join(", ")}). Remove them or change their passwords, or start in demo mode.`;

/**
 * Printed when production runs on the embedded database: it serves one process on one machine, and
 * its upkeep (VACUUM, which PGlite never runs by itself) holds requests while a table is vacuumed.
 */
export const EMBEDDED_DATABASE_NOTICE =
  "The embedded database (PGlite) serves one server process on one machine, for trials and demos: its upkeep runs between requests but a request arriving meanwhile waits for one table's VACUUM (seconds on a large table). Set DATABASE_URL to a PostgreSQL server for production use.";

/** Printed at every start in demo mode, so nobody runs it as production unawares. */
export function demoModeBanner(url: string): string {
  const rule = "!".repeat(78);
  return [
    rule,
    "!! DEMO MODE: demo accounts with a published password, demo data, a simulated payment gateway",
    `!! and reset codes shown in the development outbox (${url}/dev/outbox, to this machine or an admin).`,
    "!! Never expose it to users. Set APP_MODE=production for a real deployment.",
    rule,
  ].join("\n");
}

export async function startServer(options: StartOptions): Promise<StartedServer> {
  const { env } = options;
  const mode: AppMode = env.APP_MODE === "production" ? "production" : "demo";
  const addresses = publicAddressConfig(env);
  const db = options.db ?? (await openConfiguredDb(env));
  try {
    await migrate(db);
    if (mode === "demo") {
      // The check is repeated under a lock inside seedDemoData, for processes starting together.
      if (await isEmpty(db)) await seedDemoData(db, { now: Date.now() });
    } else {
      const left = await demoAccountsLeft(db);
      if (left.length > 0) throw new Error(demoAccountsRefusal(left));
    }
  } catch (error) {
    if (!options.db) await db.close();
    throw error;
  }
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
    ...addresses,
  });
  const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host });
  if (server instanceof HttpServer) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  }
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
  return { url, mode, engine: db.engine, close };
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
  }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
  console.log(`Retail Scan field operations is running at ${started.url} (${started.mode} mode)`);
  if (started.mode === "production" && started.engine === "pglite") console.warn(EMBEDDED_DATABASE_NOTICE);
  if (started.mode === "demo") {
    console.log(demoModeBanner(started.url));
    console.log(`Sign in as admin / ${DEMO_PASSWORD} (every demo account is listed in the README)`);
  }
  const stop = async (signal: string) => {
    console.log(`${signal} received, stopping`);
    await started.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
}
