/**
 * Scale-out harness: a fresh PostgreSQL database and real server processes (`server/main.ts`)
 * sharing it, the way an operator runs several behind a load balancer.
 *
 * PostgreSQL comes from TEST_DATABASE_URL, or from 127.0.0.1:5432 (user postgres) when it answers;
 * without either the suite is skipped with the reason printed, unless REQUIRE_POSTGRES=1 (CI sets it
 * where PostgreSQL runs), which makes the missing server a failure instead.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Socket } from "node:net";
import { join } from "node:path";
import { type Db, openPostgres } from "../../server/db/db";

const ROOT = join(import.meta.dirname, "..", "..");
const LOCAL_URL = "postgres://postgres@127.0.0.1:5432/postgres";
/** A hang guard: a server process starts in seconds alone, in minutes beside the browser suite. */
const START_TIMEOUT_MS = 180_000;

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("error", () => done(false));
    socket.connect(port, host, () => done(true));
  });
}

/** The server to create test databases on, or why there is none. */
export async function findPostgres(): Promise<{ url: string } | { skip: string }> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given };
  if (await answers("127.0.0.1", 5432)) return { url: LOCAL_URL };
  const why =
    "no PostgreSQL: set TEST_DATABASE_URL or run one on 127.0.0.1:5432 to run the concurrency suite";
  if (process.env.REQUIRE_POSTGRES === "1") throw new Error(`REQUIRE_POSTGRES=1 but ${why}`);
  return { skip: why };
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A new empty database on the same server; drop() removes it after the servers stopped. */
export async function createDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `concurrency_${randomBytes(5).toString("hex")}`;
  const admin = await openPostgres(serverUrl);
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      const again = await openPostgres(serverUrl);
      await again.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.close();
    },
  };
}

export type ServerProcess = {
  name: string;
  url: string;
  /** Parsed JSON log lines written so far (one per request, plus errors and retries). */
  logs: () => Record<string, unknown>[];
  stop: () => Promise<void>;
};

/** Starts `server/main.ts` on a free port of 127.0.0.1 against the database and waits until it serves. */
export function startServerProcess(name: string, databaseUrl: string): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: "0", HOST: "127.0.0.1", APP_MODE: "demo" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // A test run that ends early (a failure, a timeout, Ctrl-C) still takes its servers with it.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  child.once("exit", () => process.removeListener("exit", killOnExit));
  const lines: string[] = [];
  let pending = "";
  let errors = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk;
    const parts = pending.split("\n");
    pending = parts.pop() ?? "";
    lines.push(...parts);
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    errors += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${name} did not start in time:\n${lines.join("\n")}\n${errors}`));
    }, START_TIMEOUT_MS);
    let started = false;
    child.once("exit", (code) => {
      clearInterval(watch);
      clearTimeout(timer);
      if (!started) reject(new Error(`${name} exited with ${code}:\n${lines.join("\n")}\n${errors}`));
    });
    const watch = setInterval(() => {
      const ready = lines.map((l) => /is running at (\S+)/.exec(l)).find(Boolean);
      if (!ready) return;
      started = true;
      clearInterval(watch);
      clearTimeout(timer);
      resolve({
        name,
        url: ready[1]!.replace("localhost", "127.0.0.1"),
        logs: () =>
          lines.flatMap((l) => {
            if (!l.startsWith("{")) return [];
            try {
              return [JSON.parse(l) as Record<string, unknown>];
            } catch {
              return [];
            }
          }),
        stop: async () => {
          if (child.exitCode === null) child.kill("SIGTERM");
          await exited;
        },
      });
    }, 50);
  });
}

export type Answer = { status: number; body: Record<string, unknown>; server: string };

/** One HTTP exchange with a server process, the body read as JSON. */
export async function call(
  server: ServerProcess,
  method: string,
  path: string,
  init: { auth?: string; body?: unknown; form?: FormData } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.auth) headers.authorization = init.auth;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text };
  }
  return { status: res.status, body, server: server.name };
}

export const DEMO_PASSWORD = "Demo@12345";

export function login(server: ServerProcess, username: string): Promise<Answer> {
  return call(server, "POST", "/api/auth/login/", {
    body: { login_username: username, password: DEMO_PASSWORD, method_of_login: "password", platform: "web" },
  });
}

export async function signIn(server: ServerProcess, username: string): Promise<string> {
  const res = await login(server, username);
  if (res.status !== 200)
    throw new Error(`sign-in of ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return `sessionid ${res.body.sessionid as string}`;
}

/** Every answer is a success or a refusal that says why: never a 5xx, never a 4xx without a message. */
export function unexplained(answers: Answer[]): Answer[] {
  return answers.filter(
    (a) =>
      a.status >= 500 ||
      (a.status >= 400 && a.status !== 451 && typeof a.body.detail !== "string" && !hasFieldLines(a.body)),
  );
}

const hasFieldLines = (body: Record<string, unknown>) =>
  Object.values(body).some((v) => Array.isArray(v) && v.every((line) => typeof line === "string"));

/** Polls until check gives a value (not undefined) or the time is up. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const openDb = (url: string): Promise<Db> => openPostgres(url);
