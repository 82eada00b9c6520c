/** The photo audit endpoints (src/domain/api/photoAudit.ts), for internal QC and project managers. */
import { Hono } from "hono";
import * as api from "../../src/domain/api/photoAudit";
import {
  PHOTO_DECIDED_MEANWHILE,
  REJECT_REASON_REQUIRED,
  rejectReasonGiven,
} from "../../src/domain/projects/photoAudit";
import type { AppDeps, AppEnv } from "../context";
import { paginate } from "../http/pagination";
import { fieldProblem, NOT_FOUND, Problem } from "../http/problem";
import { serve } from "../http/serve";
import { auditedSubProject, decidePhoto, listPhotos } from "./audit";

export function photoAuditRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  serve(app, deps, api.photoAuditImages, async ({ c, params, query, page }) => {
    const subProjectId = await auditedSubProject(deps.db, params.projectSlug, params.slug);
    if (subProjectId === null) throw new Problem(404, NOT_FOUND);
    const { rows, count } = await listPhotos(deps.db, subProjectId, query.status ?? null, page);
    return paginate(c.req.url, rows, count, page);
  });

  serve(app, deps, api.decidePhoto, async ({ caller, params, body }) => {
    const reason = typeof body.reason === "string" ? body.reason.trim() : "";
    if (body.decision === "rejected" && !rejectReasonGiven(reason))
      throw fieldProblem("reason", REJECT_REASON_REQUIRED);
    const subProjectId = await auditedSubProject(deps.db, params.projectSlug, params.slug);
    if (subProjectId === null) throw new Problem(404, NOT_FOUND);
    const outcome = await decidePhoto(
      deps.db,
      subProjectId,
      params.imageId,
      {
        decision: body.decision,
        reason: body.decision === "rejected" ? reason : null,
        version: body.version,
      },
      caller.user.id,
      new Date(deps.clock()),
    );
    if (outcome.kind === "notFound") throw new Problem(404, NOT_FOUND);
    if (outcome.kind === "changed") throw new Problem(409, { detail: PHOTO_DECIDED_MEANWHILE });
    return outcome.image;
  });

  return app;
}
