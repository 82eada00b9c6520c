/** Image matching's endpoints (src/domain/api/unicorns.ts; docs/verification.md, "Image matching"). */
import { Hono } from "hono";
import * as api from "../../src/domain/api/unicorns";
import { UNICORN_MSG } from "../../src/domain/verification/unicorns";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { paginate } from "../http/pagination";
import { NOT_FOUND, Problem } from "../http/problem";
import { AnsweredWith, serve } from "../http/serve";
import { runnerOf } from "../uploads/runner";
import { decidePair, pairById, pairs, queueScan, scans } from "./pairs";

export function unicornRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  serve(app, deps, api.unicornScans, async ({ query }) => scans(db, query.sub_project));

  serve(app, deps, api.startUnicornScan, async ({ caller, body }) => {
    const queued = await inTransaction(deps, (tx) =>
      queueScan(tx, body.sub_project, caller.user.id, new Date(deps.clock())),
    );
    if (!queued) throw new Problem(404, { ...NOT_FOUND });
    runnerOf(deps)?.kick();
    return queued.created ? queued.scan : new AnsweredWith(200, queued.scan);
  });

  serve(app, deps, api.unicornPairs, async ({ c, query, page }) => {
    const { rows, count } = await pairs(db, { status: query.status ?? "suspected", ...query }, page);
    return paginate(c.req.url, rows, count, page);
  });

  serve(app, deps, api.unicornPair, async ({ params }) => {
    const pair = await pairById(db, params.id);
    if (!pair) throw new Problem(404, { ...NOT_FOUND });
    return pair;
  });

  serve(app, deps, api.decideUnicornPair, async ({ caller, params, body }) => {
    const decided = await inTransaction(deps, (tx) =>
      decidePair(tx, params.id, body, caller.user.id, new Date(deps.clock())),
    );
    if (decided === "not_found") throw new Problem(404, { ...NOT_FOUND });
    if (decided === "changed") throw new Problem(409, { detail: UNICORN_MSG.changed });
    return decided;
  });

  return app;
}
