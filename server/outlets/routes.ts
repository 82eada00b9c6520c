/**
 * The outlet endpoints: listing and its filter options (spec 000 §7.5, §2.4), the actions configs
 * derived from the workflow machines (001 §6), an outlet's chain, the dashboard's counts by state,
 * one outlet with its log, and the
 * bulk action (000 §7.3). Each checks the session, the caller's permissions and organisation.
 */
import { Hono } from "hono";
import { specialActionStates } from "../../src/domain/actionsConfig";
import { MAX_BULK_OUTLETS, readBulkUpdate } from "../../src/domain/bulkUpdate";
import { readOutletListingQuery } from "../../src/domain/outletListing";
import { readOutletAction } from "../../src/domain/outletReview";
import { decodeRowId, decodeText, MAX_QUERY_TEXT_LENGTH } from "../../src/domain/requestInput";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { pageParams, paginate } from "../http/pagination";
import { jsonBody, Problem } from "../http/problem";
import { requireListScope, requireOutletViewer, visibleSubProjects } from "./access";
import { cachedActionsConfig } from "./actionsConfigCache";
import { applyBulkAction } from "./bulk";
import { chainOf } from "./chain";
import { outletDetail } from "./detail";
import { requireOutletWriter } from "./editPermission";
import { outletGallery } from "./gallery";
import { listOutlets } from "./listing";
import { filterOptions } from "./options";
import { decideOutletEdits, outletImage, qcEditHistory, seesOutlet, seesOutletSlug } from "./review";
import { similarOutlets } from "./similar";
import { outletSummary } from "./summary";

export function outletRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.get("/outlets/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const url = new URL(c.req.url);
    const read = readOutletListingQuery(url.searchParams);
    if (!read.ok) throw new Problem(400, read.errors);
    const page = pageParams(c.req.query("page"), c.req.query("page-size"));
    await requireListScope(db, viewer, read.filter.scope);
    const subProjects = await visibleSubProjects(db, viewer, read.filter.scope);
    const special = specialActionStates(
      cachedActionsConfig(viewer.user.considered_workflow_permission).allowed_user_special_actions_config,
    );
    const { rows, count } = await listOutlets(
      db,
      read.filter,
      subProjects.map((s) => s.id),
      special,
      page,
    );
    return c.json(paginate(c.req.url, rows, count, page));
  });

  app.get("/outlets/filter-options/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const read = readOutletListingQuery(new URL(c.req.url).searchParams);
    if (!read.ok) throw new Problem(400, read.errors);
    await requireListScope(db, viewer, read.filter.scope);
    const subProjects = await visibleSubProjects(db, viewer, read.filter.scope);
    return c.json(await filterOptions(db, viewer, subProjects));
  });

  app.get("/outlets/list-scope/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const read = readOutletListingQuery(new URL(c.req.url).searchParams);
    if (!read.ok) throw new Problem(400, read.errors);
    return c.json(await requireListScope(db, viewer, read.filter.scope));
  });

  // The workflow_permission parameter is accepted and has no effect (spec 000 §6): the caller's own
  // considered workflow permission decides.
  app.get("/outlets/actions-config/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    return c.json(cachedActionsConfig(viewer.user.considered_workflow_permission));
  });

  app.get("/outlets/chain/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const ids = new Set((c.req.queries("ids") ?? []).map(decodeRowId));
    if (ids.size === 0 || ids.has(null)) throw new Problem(400, { ids: ["Give one or more outlet ids."] });
    // The chain is asked for the outlets of one bulk action, so the same limit holds.
    if (ids.size > MAX_BULK_OUTLETS)
      throw new Problem(400, { ids: [`Give at most ${MAX_BULK_OUTLETS} outlet ids.`] });
    return c.json({ results: await chainOf(db, viewer, [...ids] as number[]) });
  });

  app.post("/outlets/bulk-action/", async (c) => {
    const viewer = await requireOutletWriter(c, deps);
    const read = readBulkUpdate(await jsonBody(c.req));
    if (!read.ok) throw new Problem(400, read.errors);
    const now = new Date(deps.clock());
    return c.json(await inTransaction(deps, (tx) => applyBulkAction(tx, viewer, read.request, now)));
  });

  app.get("/outlets/summary/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const subProjects = await visibleSubProjects(db, viewer);
    return c.json(
      await outletSummary(
        db,
        subProjects.map((s) => s.id),
      ),
    );
  });

  // The outlet review screen (spec 001 §7): QC edit history, similar outlets, the decision on
  // previous address and phone edits, and the outlet's images (one by one, and the gallery).
  app.get("/outlets/qc-edit-history/:workflowObject/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const id = decodeRowId(c.req.param("workflowObject"));
    const history = id === null ? null : await qcEditHistory(db, viewer, id);
    if (!history) throw new Problem(404, { detail: "Not found." });
    return c.json(history);
  });

  app.get("/outlets/similar/:id/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const id = decodeRowId(c.req.param("id"));
    if (id === null || !(await seesOutlet(db, viewer, id))) throw new Problem(404, { detail: "Not found." });
    return c.json({ results: await similarOutlets(db, viewer, id) });
  });

  app.get("/outlets/gallery/:id/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const id = decodeRowId(c.req.param("id"));
    const gallery = id === null ? null : await outletGallery(db, viewer, id);
    if (!gallery) throw new Problem(404, { detail: "Not found." });
    return c.json(gallery);
  });

  app.post("/outlets/:slug/action/", async (c) => {
    const viewer = await requireOutletWriter(c, deps);
    const slug = decodeText(c.req.param("slug"), MAX_QUERY_TEXT_LENGTH);
    if (!slug.ok || !(await seesOutletSlug(db, viewer, slug.value)))
      throw new Problem(404, { detail: "Not found." });
    const read = readOutletAction(await jsonBody(c.req));
    if (!read.ok) throw new Problem(400, read.errors);
    const now = new Date(deps.clock());
    return c.json(
      await inTransaction(deps, (tx) => decideOutletEdits(tx, viewer, slug.value, read.action, now)),
    );
  });

  app.get("/outlets/:slug/images/:id/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const slug = decodeText(c.req.param("slug"), MAX_QUERY_TEXT_LENGTH);
    const id = decodeRowId(c.req.param("id"));
    const image = slug.ok && id !== null ? await outletImage(db, viewer, slug.value, id) : null;
    if (!image) throw new Problem(404, { detail: "Not found." });
    return c.body(new Uint8Array(image.content), 200, {
      "Content-Type": image.content_type,
      "Cache-Control": "private, max-age=3600",
    });
  });

  app.get("/outlets/:slug/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const slug = decodeText(c.req.param("slug"), MAX_QUERY_TEXT_LENGTH);
    const outlet = slug.ok ? await outletDetail(db, viewer, slug.value) : null;
    if (!outlet) throw new Problem(404, { detail: "Not found." });
    return c.json(outlet);
  });

  return app;
}
