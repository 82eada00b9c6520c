/**
 * The outlet endpoints: listing and its filter options (spec 000 §7.5, §2.4), the actions configs
 * derived from the workflow machines (001 §6), an outlet's chain, the dashboard's counts by state,
 * one outlet with its log, the outlet review's history, similar outlets, edit decisions and images,
 * and the bulk action (000 §7.3). Each checks the session, the caller's permissions and organisation.
 */
import { Hono } from "hono";
import * as api from "../../src/domain/api/outlets";
import { specialActionStates } from "../../src/domain/outlets/actionsConfig";
import { listingFilter } from "../../src/domain/outlets/outletListing";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { paginateEstimated } from "../http/pagination";
import { NOT_FOUND, Problem } from "../http/problem";
import { serve, serveFound } from "../http/serve";
import { requireListScope, visibleSubProjects } from "./access";
import { cachedActionsConfig } from "./actionsConfigCache";
import { applyBulkAction } from "./bulk";
import { chainOf } from "./chain";
import { outletDetail } from "./detail";
import { outletGallery } from "./gallery";
import { listOutlets } from "./listing";
import { filterOptions } from "./options";
import { decideOutletEdits, outletImage, qcEditHistory, seesOutlet, seesOutletSlug } from "./review";
import { similarOutlets } from "./similar";
import { outletSummary } from "./summary";

export function outletRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  serve(app, deps, api.listOutlets, async ({ c, caller, query, page }) => {
    const filter = listingFilter(query);
    await requireListScope(db, caller, filter.scope);
    const subProjects = await visibleSubProjects(db, caller, filter.scope);
    const special = specialActionStates(
      cachedActionsConfig(caller.user.considered_workflow_permission).allowed_user_special_actions_config,
    );
    const listed = await listOutlets(
      db,
      filter,
      subProjects.map((s) => s.id),
      special,
      page,
    );
    return paginateEstimated(c.req.url, listed.rows, listed, page);
  });

  serve(app, deps, api.filterOptions, async ({ caller, query }) => {
    const { scope } = listingFilter(query);
    await requireListScope(db, caller, scope);
    return filterOptions(db, caller, await visibleSubProjects(db, caller, scope));
  });

  serve(app, deps, api.listScope, async ({ caller, query }) =>
    requireListScope(db, caller, listingFilter(query).scope),
  );

  // The workflow_permission parameter is accepted and has no effect (spec 000 §6): the caller's own
  // considered workflow permission decides.
  serve(app, deps, api.actionsConfig, async ({ caller }) =>
    cachedActionsConfig(caller.user.considered_workflow_permission),
  );

  serve(app, deps, api.outletChain, async ({ caller, query }) => ({
    results: await chainOf(db, caller, [...query.ids]),
  }));

  serve(app, deps, api.bulkAction, async ({ caller, body }) => {
    const now = new Date(deps.clock());
    return inTransaction(deps, (tx) => applyBulkAction(tx, caller, body, now));
  });

  serve(app, deps, api.outletSummary, async ({ caller }) => {
    const subProjects = await visibleSubProjects(db, caller);
    return outletSummary(
      db,
      subProjects.map((s) => s.id),
    );
  });

  // The outlet review screen (spec 001 §7): QC edit history, similar outlets, the decision on
  // previous address and phone edits, and the outlet's images (one by one, and the gallery).
  serve(app, deps, api.qcEditHistory, async ({ caller, params }) => {
    const history = await qcEditHistory(db, caller, params.workflowObject);
    if (!history) throw new Problem(404, { ...NOT_FOUND });
    return history;
  });

  serve(app, deps, api.similarOutlets, async ({ caller, params }) => {
    if (!(await seesOutlet(db, caller, params.id))) throw new Problem(404, { ...NOT_FOUND });
    return { results: await similarOutlets(db, caller, params.id) };
  });

  serve(app, deps, api.outletGallery, async ({ caller, params }) => {
    const gallery = await outletGallery(db, caller, params.id);
    if (!gallery) throw new Problem(404, { ...NOT_FOUND });
    return gallery;
  });

  // An outlet the caller does not see is not found, whatever the body says.
  serveFound(
    app,
    deps,
    api.decideEdits,
    async ({ caller, params }) => {
      if (!(await seesOutletSlug(db, caller, params.slug))) throw new Problem(404, { ...NOT_FOUND });
    },
    async ({ caller, params, body }) => {
      const now = new Date(deps.clock());
      return inTransaction(deps, (tx) =>
        decideOutletEdits(tx, caller, params.slug, body.action_to_perform, now),
      );
    },
  );

  serve(app, deps, api.outletImage, async ({ c, caller, params }) => {
    const image = await outletImage(db, caller, params.slug, params.id);
    if (!image) throw new Problem(404, { ...NOT_FOUND });
    return c.body(new Uint8Array(image.content), 200, {
      "Content-Type": image.content_type,
      "Cache-Control": "private, max-age=3600",
    });
  });

  serve(app, deps, api.outletDetail, async ({ caller, params }) => {
    const outlet = await outletDetail(db, caller, params.slug);
    if (!outlet) throw new Problem(404, { ...NOT_FOUND });
    return outlet;
  });

  return app;
}
