/**
 * The projects endpoints (002 §2.12, 000 §2.1, §3): the project cards, the project notifications
 * and marking them read, the sub-project hub, and the export of its retailer mobile links. Every signed-in user holding a dashboard or
 * workflow permission may call them; a client user sees only its own organisation's projects.
 */
import { Hono } from "hono";
import { MOBILE_LINKS_NOT_ALLOWED, mayExportMobileLinks } from "../../src/domain/mobileLinks";
import { readNotificationIds, readProjectCardQuery } from "../../src/domain/projects";
import {
  decodeQueryTexts,
  decodeRowId,
  decodeText,
  MAX_QUERY_TEXT_LENGTH,
} from "../../src/domain/requestInput";
import type { AppDeps, AppEnv } from "../context";
import { pageParams, paginate } from "../http/pagination";
import { jsonBody, Problem } from "../http/problem";
import { requireOutletViewer } from "../outlets/access";
import { contentDisposition } from "../uploads/files";
import { projectCards } from "./cards";
import { projectFile } from "./files";
import { subProjectHub } from "./hub";
import { startMobileLinksExport } from "./mobileLinks";
import { listNotifications, markRead } from "./notifications";

const NOT_FOUND = { detail: "Not found." };

export function projectRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.get("/projects/", async (c) => {
    const { user } = await requireOutletViewer(c, deps);
    const page = pageParams(c.req.query("page"), c.req.query("page-size"));
    const read = readProjectCardQuery((k) => c.req.query(k));
    if (!read.ok) throw new Problem(400, read.errors);
    const { rows, count } = await projectCards(db, user, read.value, page);
    return c.json(paginate(c.req.url, rows, count, page));
  });

  app.get("/projects/notifications/", async (c) => {
    const { user } = await requireOutletViewer(c, deps);
    const page = pageParams(c.req.query("page"), c.req.query("page-size"));
    const texts = decodeQueryTexts((k) => c.req.query(k), ["project", "search"] as const);
    if (!texts.ok) throw new Problem(400, texts.errors);
    const filter = { project: texts.values.project ?? null, search: texts.values.search?.trim() || null };
    const { rows, count, unread } = await listNotifications(db, user, filter, page);
    return c.json({ ...paginate(c.req.url, rows, count, page), unread });
  });

  app.post("/projects/notifications/read/", async (c) => {
    const { user } = await requireOutletViewer(c, deps);
    const read = readNotificationIds(await jsonBody(c.req));
    if (!read.ok) throw new Problem(400, read.errors);
    return c.json(await markRead(db, user, read.value, new Date(deps.clock())));
  });

  app.get("/projects/:slug/files/:field/:fileId/", async (c) => {
    const { user } = await requireOutletViewer(c, deps);
    const slug = decodeText(c.req.param("slug"), MAX_QUERY_TEXT_LENGTH);
    const fileId = decodeRowId(c.req.param("fileId"));
    if (!slug.ok || fileId === null) throw new Problem(404, NOT_FOUND);
    const served = await projectFile(db, user, slug.value, c.req.param("field"), fileId);
    if (!served) throw new Problem(404, NOT_FOUND);
    const { file, contentType, inline } = served;
    return c.body(file.content as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": contentType,
      "Content-Disposition": contentDisposition(file.name, inline),
      "Cache-Control": "private, max-age=86400",
    });
  });

  app.get("/projects/:projectSlug/sub-projects/:slug/", async (c) => {
    const { user } = await requireOutletViewer(c, deps);
    const project = decodeText(c.req.param("projectSlug"), MAX_QUERY_TEXT_LENGTH);
    const slug = decodeText(c.req.param("slug"), MAX_QUERY_TEXT_LENGTH);
    if (!project.ok || !slug.ok) throw new Problem(404, NOT_FOUND);
    const hub = await subProjectHub(db, user, project.value, slug.value);
    if (!hub) throw new Problem(404, NOT_FOUND);
    return c.json(hub);
  });

  app.post("/projects/:projectSlug/sub-projects/:slug/mobile-links/export/", async (c) => {
    const { user, details } = await requireOutletViewer(c, deps);
    if (!mayExportMobileLinks(details.permissions))
      throw new Problem(403, { detail: MOBILE_LINKS_NOT_ALLOWED });
    const project = decodeText(c.req.param("projectSlug"), MAX_QUERY_TEXT_LENGTH);
    const slug = decodeText(c.req.param("slug"), MAX_QUERY_TEXT_LENGTH);
    if (!project.ok || !slug.ok) throw new Problem(404, NOT_FOUND);
    const place = { projectSlug: project.value, slug: slug.value };
    const started = await startMobileLinksExport(deps, user, place, c.req.url);
    if (!started) throw new Problem(404, NOT_FOUND);
    return c.json({ id: started.id, detail: started.detail }, started.created ? 201 : 200);
  });

  return app;
}
