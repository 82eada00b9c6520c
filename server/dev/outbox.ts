/**
 * The development outbox: what a mail or SMS gateway would have delivered. Off in production; in
 * demo mode shown as its grant says (server/dev/access.ts).
 */
import { Hono } from "hono";
import * as api from "../../src/domain/api/outbox";
import type { OutboxMessage } from "../../src/domain/auth/auth";
import { authenticate } from "../auth/guard";
import type { AppDeps, AppEnv } from "../context";
import type { Queryable } from "../db/db";
import { serve } from "../http/serve";

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

/** GET /api/dev/outbox/ (JSON), served under /api. */
export function outboxRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  serve(app, deps, api.outboxMessages, async () => ({ results: await messages(deps.db) }));
  return app;
}

/** GET /dev/outbox (the page), served at the site's root. */
export function outboxPage(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // The page lies outside /api/, where sessions are read for every request: it reads its own.
  serve(
    app,
    deps,
    api.outboxPage,
    async ({ c }) => c.html(page(await messages(deps.db))),
    authenticate(deps),
  );
  return app;
}
