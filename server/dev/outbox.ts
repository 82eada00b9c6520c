/**
 * The development outbox: what a mail or SMS gateway would have delivered. Off in production. In
 * demo mode it holds every reset code, so it is shown only to a browser on the server's own
 * machine (a loopback connection that no proxy forwarded) or to a signed-in admin.
 */
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import { Hono } from "hono";
import type { OutboxMessage } from "../../src/domain/auth";
import { authenticate, FORBIDDEN, requireUser } from "../auth/guard";
import { userDetails } from "../auth/users";
import type { AppDeps, AppEnv } from "../context";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";

async function messages(db: Queryable): Promise<OutboxMessage[]> {
  const rows = await db.query<Omit<OutboxMessage, "created"> & { created_at: Date }>(
    "SELECT id, channel, recipient, subject, body, created_at FROM outbox ORDER BY id DESC LIMIT 200",
  );
  return rows.map(({ created_at, ...m }) => ({ ...m, created: created_at.toISOString() }));
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

function page(list: OutboxMessage[]): string {
  const rows = list
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.created)}</td><td>${escapeHtml(m.channel)}</td><td>${escapeHtml(m.recipient)}</td><td>${escapeHtml(m.subject)}</td><td>${escapeHtml(m.body)}</td></tr>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development outbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1a1a}table{border-collapse:collapse;width:100%}
th,td{border:1px solid #ccc;padding:.4rem .6rem;text-align:left;vertical-align:top}th{background:#f2f2f2}</style></head>
<body><main><h1>Development outbox</h1><p>Messages a real mail or SMS gateway would have delivered, newest first.
This page exists only in demo mode, for a browser on the server's own machine or a signed-in admin.</p>
${list.length ? `<table><thead><tr><th>Sent</th><th>Channel</th><th>To</th><th>Subject</th><th>Message</th></tr></thead><tbody>${rows}</tbody></table>` : "<p>No messages yet.</p>"}
</main></body></html>`;
}

/** The role that may read the outbox from anywhere. */
export const OUTBOX_ROLE = "admin";
const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

/** A connection from this machine itself; a proxy on this machine says whom it forwards for. */
export function isDirectLoopback(c: Context<AppEnv>): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const address = incoming?.socket?.remoteAddress;
  return address !== undefined && LOOPBACK.has(address) && FORWARDING_HEADERS.every((h) => !c.req.header(h));
}

/** GET /api/dev/outbox/ (JSON) and GET /dev/outbox (the page). */
export function outboxRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const guard = async (c: Context<AppEnv>) => {
    if (deps.mode === "production") throw new Problem(404, { detail: "Not found." });
    if (isDirectLoopback(c)) return;
    const { roles } = await userDetails(deps.db, requireUser(c).user);
    if (!roles.includes(OUTBOX_ROLE)) throw new Problem(403, { ...FORBIDDEN });
  };
  app.get("/api/dev/outbox/", async (c) => {
    await guard(c);
    return c.json({ results: await messages(deps.db) });
  });
  // The page lies outside /api/, where sessions are read for every request: it reads its own.
  app.use("/dev/outbox", authenticate(deps));
  app.get("/dev/outbox", async (c) => {
    await guard(c);
    return c.html(page(await messages(deps.db)));
  });
  return app;
}
