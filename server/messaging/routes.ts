/** The WhatsApp delivery logs' endpoints (src/domain/api/messaging.ts, docs/messaging.md). */
import { Hono } from "hono";
import * as api from "../../src/domain/api/messaging";
import type { AppDeps, AppEnv } from "../context";
import { paginate } from "../http/pagination";
import { serve } from "../http/serve";
import { runnerOf } from "../uploads/runner";
import { listMessages, messageSummary } from "./reads";

export function messagingRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // A log read while messages are on their way wakes the sender, as a look at an upload wakes the runner.
  const kick = (rows: readonly { status: string }[]) => {
    if (rows.some((r) => r.status !== "read" && r.status !== "failed")) runnerOf(deps)?.kick();
  };
  serve(app, deps, api.messages, async ({ c, query, page }) => {
    const { rows, count } = await listMessages(deps.db, query, page);
    kick(rows);
    return paginate(c.req.url, rows, count, page);
  });
  serve(app, deps, api.messageSummary, async ({ query }) => ({
    results: await messageSummary(deps.db, query.job === undefined ? null : Number(query.job)),
  }));
  return app;
}
