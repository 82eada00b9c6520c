/** Location checks' endpoint (src/domain/api/locationChecks.ts; docs/verification.md). */
import { Hono } from "hono";
import * as api from "../../src/domain/api/locationChecks";
import type { AppDeps, AppEnv } from "../context";
import { paginate } from "../http/pagination";
import { NOT_FOUND, Problem } from "../http/problem";
import { serve } from "../http/serve";
import { checkedSubProjects, checksOf, pageOfChecks } from "./locationChecks";

export function locationCheckRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  serve(app, deps, api.locationChecks, async ({ c, query, page }) => {
    const subProjects = await checkedSubProjects(db);
    const chosen =
      query.sub_project === undefined ? subProjects[0] : subProjects.find((s) => s.id === query.sub_project);
    if (query.sub_project !== undefined && !chosen) throw new Problem(404, { ...NOT_FOUND });
    const checks = chosen ? await checksOf(db, chosen.id) : [];
    const { rows, count, summary } = pageOfChecks(checks, query.show ?? "state", page);
    return {
      ...paginate(c.req.url, rows, count, page),
      sub_projects: subProjects,
      sub_project: chosen ?? null,
      summary,
    };
  });

  return app;
}
