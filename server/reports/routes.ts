/** The reports' endpoints (src/domain/api/reports.ts; docs/reports.md). */
import { Hono } from "hono";
import * as api from "../../src/domain/api/reports";
import { misExportTitle } from "../../src/domain/reports/mis";
import { performanceExportTitle } from "../../src/domain/reports/reports";
import type { AppDeps, AppEnv } from "../context";
import { createExport, exportOf } from "../exports/exportJobs";
import { paginate } from "../http/pagination";
import { NOT_FOUND, Problem } from "../http/problem";
import { serve } from "../http/serve";
import { scopeOf } from "./access";
import { misReport } from "./mis";
import { performanceReport } from "./performance";
import { outletReport, reportCycles, retailAuditImages, retailAuditReport } from "./retailAudit";

export function reportRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  serve(app, deps, api.reportCycles, async ({ caller, query }) => {
    const results = await reportCycles(db, scopeOf(caller), query.project);
    if (!results) throw new Problem(404, { ...NOT_FOUND });
    return { results };
  });

  serve(app, deps, api.retailAuditReport, async ({ c, caller, query, page }) => {
    const report = await retailAuditReport(db, scopeOf(caller), query, page);
    if (!report) throw new Problem(404, { ...NOT_FOUND });
    const { rows, count, ...rest } = report;
    return { ...paginate(c.req.url, rows, count, page), ...rest };
  });

  serve(app, deps, api.retailAuditImages, async ({ c, caller, query, page }) => {
    const images = await retailAuditImages(db, scopeOf(caller), query, page);
    if (!images) throw new Problem(404, { ...NOT_FOUND });
    return { ...paginate(c.req.url, images.rows, images.count, page), cycle: images.cycle };
  });

  serve(app, deps, api.outletReport, async ({ caller, params }) => {
    const report = await outletReport(db, scopeOf(caller), params.id);
    if (!report) throw new Problem(404, { ...NOT_FOUND });
    return report;
  });

  serve(app, deps, api.performanceReport, async ({ c, caller, query, page }) => {
    const { rows, count, ...rest } = await performanceReport(db, scopeOf(caller), query, page);
    return { ...paginate(c.req.url, rows, count, page), ...rest };
  });

  serve(app, deps, api.exportPerformanceReport, async ({ caller, body }) => {
    const { format, ...filters } = body;
    const now = new Date(deps.clock());
    const id = await createExport(db, {
      userId: caller.user.id,
      organisationId: caller.user.organisation_id,
      title: performanceExportTitle(format, filters),
      kind: "performance_report",
      params: { format, filters, scope: scopeOf(caller) },
      now,
    });
    return exportOf(db, id, now.getTime());
  });

  serve(app, deps, api.misReport, async ({ caller, query }) => {
    const report = await misReport(db, scopeOf(caller), query);
    if (!report) throw new Problem(404, { ...NOT_FOUND });
    return report;
  });

  serve(app, deps, api.exportMisReport, async ({ caller, body }) => {
    const scope = scopeOf(caller);
    // The sub-project named must be one the caller sees; its name goes into the export's title.
    const shown = await misReport(db, scope, body);
    if (!shown) throw new Problem(404, { ...NOT_FOUND });
    const named = body["sub-project"] ? shown.results[0]?.sub_project.name : undefined;
    const now = new Date(deps.clock());
    const id = await createExport(db, {
      userId: caller.user.id,
      organisationId: caller.user.organisation_id,
      title: misExportTitle(body, named),
      kind: "mis_report",
      params: { filters: body, scope },
      now,
    });
    return exportOf(db, id, now.getTime());
  });

  return app;
}
