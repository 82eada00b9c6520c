/** Gamification's endpoints (src/domain/api/gamification.ts; docs/gamification.md). */
import { Hono } from "hono";
import * as api from "../../src/domain/api/gamification";
import { ALL_TIME, idOfSlug, slugOf } from "../../src/domain/gamification/gamification";
import type { AppDeps, AppEnv } from "../context";
import { paginate } from "../http/pagination";
import { NOT_FOUND, Problem } from "../http/problem";
import { serve } from "../http/serve";
import { auditorReport, dashboard, programLedger, programRanking } from "./points";

/** The record an address names: its id, and its name's part when given must be the record's own. */
function found<T>(record: T | null, slug: string, nameOf: (r: T) => { id: number; name: string }): T {
  if (!record) throw new Problem(404, { ...NOT_FOUND });
  const { id, name } = nameOf(record);
  if (slug !== String(id) && slug !== slugOf(id, name)) throw new Problem(404, { ...NOT_FOUND });
  return record;
}

const idOf = (slug: string): number => {
  const id = idOfSlug(slug);
  if (id === null) throw new Problem(404, { ...NOT_FOUND });
  return id;
};

export function gamificationRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  serve(app, deps, api.gamificationDashboard, async ({ query }) => dashboard(db, query.period ?? ALL_TIME));

  serve(app, deps, api.programRanking, async ({ params, query }) => {
    const ranking = await programRanking(db, idOf(params.slug), query.period ?? ALL_TIME);
    return found(ranking, params.slug, (r) => r.program);
  });

  serve(app, deps, api.programLedger, async ({ c, params, query, page }) => {
    const ledger = found(
      await programLedger(db, idOf(params.slug), query.period ?? ALL_TIME, page),
      params.slug,
      (l) => l.program,
    );
    const { rows, count, ...rest } = ledger;
    return { ...paginate(c.req.url, rows, count, page), ...rest };
  });

  serve(app, deps, api.auditorReport, async ({ params, query }) => {
    const report = await auditorReport(db, idOf(params.slug), query.period ?? ALL_TIME);
    return found(report, params.slug, (r) => r.auditor);
  });

  return app;
}
