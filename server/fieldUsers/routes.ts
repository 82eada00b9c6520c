/**
 * The field auditor's own area (eMyTrack): only what the signed-in field auditor is assigned.
 * Every other caller, staff included, is refused by the grant: staff see outlets through their own
 * endpoints. Another auditor's outlet is 404, the same as one that does not exist.
 */
import { Hono } from "hono";
import * as api from "../../src/domain/api/fieldUsers";
import type { AppDeps, AppEnv } from "../context";
import { paginate } from "../http/pagination";
import { NOT_FOUND, Problem } from "../http/problem";
import { serve } from "../http/serve";
import { fieldOutletDetail, fieldOutletPage, fieldOutletSummary, fieldSurveyListing } from "./outlets";

export function fieldUserRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  serve(app, deps, api.fieldOutletSummary, async ({ caller }) => fieldOutletSummary(db, caller.auditorId));

  serve(app, deps, api.fieldOutletPage, async ({ c, caller, query, page }) => {
    const { rows, count } = await fieldOutletPage(db, caller.auditorId, query.list, query.search ?? "", page);
    return paginate(c.req.url, rows, count, page);
  });

  serve(app, deps, api.fieldOutletDetail, async ({ caller, params }) => {
    const outlet = await fieldOutletDetail(db, caller.auditorId, params.slug);
    if (!outlet) throw new Problem(404, { ...NOT_FOUND });
    return outlet;
  });

  serve(app, deps, api.fieldSurveyListing, async ({ caller, params }) => {
    const listing = await fieldSurveyListing(db, caller.auditorId, params.slug);
    if (!listing) throw new Problem(404, { ...NOT_FOUND });
    return listing;
  });

  return app;
}
