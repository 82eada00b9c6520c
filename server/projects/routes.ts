/**
 * The projects endpoints (002 §2.12, 000 §2.1, §3): the project cards, the project notifications
 * and marking them read, a project's files, the sub-project hub, and the export of its retailer
 * mobile links. Every signed-in user holding a dashboard or workflow permission may call them; a
 * client user sees only its own organisation's projects.
 */
import { Hono } from "hono";
import * as api from "../../src/domain/api/projects";
import { projectCardFilter } from "../../src/domain/projects/projects";
import { userDetails } from "../auth/users";
import type { AppDeps, AppEnv } from "../context";
import { paginate } from "../http/pagination";
import { NOT_FOUND, Problem } from "../http/problem";
import { AnsweredWith, serve } from "../http/serve";
import { contentDisposition } from "../uploads/files";
import { projectCards } from "./cards";
import { projectFile } from "./files";
import { subProjectHub } from "./hub";
import { startMobileLinksExport } from "./mobileLinks";
import { listNotifications, markRead } from "./notifications";
import { outletManagement } from "./outletManagement";
import { viewAll } from "./viewAll";

export function projectRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  serve(app, deps, api.projectCards, async ({ c, caller, query, page }) => {
    const viewer = { ...caller.user, permissions: caller.details.permissions };
    const { rows, count } = await projectCards(db, viewer, projectCardFilter(query), page);
    return paginate(c.req.url, rows, count, page);
  });

  serve(app, deps, api.projectNotifications, async ({ c, caller, query, page }) => {
    const filter = { project: query.project ?? null, search: query.search?.trim() || null };
    const { rows, count, unread } = await listNotifications(db, caller.user, filter, page);
    return { ...paginate(c.req.url, rows, count, page), unread };
  });

  serve(app, deps, api.viewAll, async ({ c, caller, query, page }) => {
    const { permissions } = await userDetails(db, caller.user);
    const viewer = { ...caller.user, permissions };
    const { rows, count, unread } = await viewAll(
      db,
      viewer,
      { kind: query.kind ?? null, search: query.search?.trim() || null },
      page,
    );
    return { ...paginate(c.req.url, rows, count, page), unread };
  });

  serve(app, deps, api.markNotificationsRead, async ({ caller, body }) =>
    markRead(db, caller.user, body.ids, new Date(deps.clock())),
  );

  serve(app, deps, api.projectFile, async ({ c, caller, params }) => {
    const served = await projectFile(db, caller.user, params.slug, params.field, params.fileId);
    if (!served) throw new Problem(404, NOT_FOUND);
    const { file, contentType, inline } = served;
    return c.body(file.content as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": contentType,
      "Content-Disposition": contentDisposition(file.name, inline),
      "Cache-Control": "private, max-age=86400",
    });
  });

  serve(app, deps, api.subProjectHub, async ({ caller, params }) => {
    const hub = await subProjectHub(db, caller.user, params.projectSlug, params.slug);
    if (!hub) throw new Problem(404, NOT_FOUND);
    return hub;
  });

  serve(app, deps, api.outletManagement, async ({ caller, params }) => {
    const found = await outletManagement(db, caller.user, params.projectSlug, params.slug);
    if (!found) throw new Problem(404, NOT_FOUND);
    return found;
  });

  serve(app, deps, api.exportMobileLinks, async ({ c, caller, params }) => {
    const place = { projectSlug: params.projectSlug, slug: params.slug };
    const started = await startMobileLinksExport(deps, caller.user, place, c.req.url);
    if (!started) throw new Problem(404, NOT_FOUND);
    const answer = { id: started.id, detail: started.detail };
    return started.created ? answer : new AnsweredWith(200, answer);
  });

  return app;
}
