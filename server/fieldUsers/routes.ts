/**
 * The field auditor's own area (eMyTrack): only what the signed-in field auditor is assigned.
 * Every other caller, staff included, is refused by the grant: staff see outlets through their own
 * endpoints. Another auditor's outlet is 404, the same as one that does not exist.
 */
import { Hono } from "hono";
import * as api from "../../src/domain/api/fieldUsers";
import { draftProblems, RSA_ALREADY_VERIFIED, rsaProblems } from "../../src/domain/ekyc/fieldCapture";
import { calendarDateAt } from "../../src/domain/shared/format";
import type { AppDeps, AppEnv } from "../context";
import { paginate } from "../http/pagination";
import { NOT_FOUND, Problem } from "../http/problem";
import { serve } from "../http/serve";
import { captureOptions, ownRank, rsaDetail, sendDraft, sendRsa } from "./capture";
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

  serve(app, deps, api.captureOptions, async ({ caller }) => captureOptions(db, caller.auditorId));

  serve(app, deps, api.sendOutletDraft, async ({ caller, body }) => {
    const { idempotency_key, ...draft } = body;
    refuseProblems(draftProblems(draft));
    const who = { auditorId: caller.auditorId, userId: caller.user.id };
    return db.transaction((tx) => sendDraft(tx, who, idempotency_key, draft, new Date(deps.clock())));
  });

  serve(app, deps, api.fieldRsaDetail, async ({ caller, params }) => {
    const detail = await rsaDetail(db, caller.auditorId, params.slug);
    if (!detail) throw new Problem(404, { ...NOT_FOUND });
    return detail;
  });

  serve(app, deps, api.sendRsa, async ({ caller, params, body }) => {
    refuseProblems(rsaProblems(body, calendarDateAt(deps.clock())));
    const who = { auditorId: caller.auditorId, userId: caller.user.id };
    const sent = await db.transaction((tx) => sendRsa(tx, who, params.slug, body, new Date(deps.clock())));
    if (!sent) throw new Problem(404, { ...NOT_FOUND });
    if (sent.status === "verified") throw new Problem(409, { detail: RSA_ALREADY_VERIFIED });
    return (await rsaDetail(db, caller.auditorId, params.slug))!;
  });

  serve(app, deps, api.ownRank, async ({ caller }) => ownRank(db, caller.auditorId));

  return app;
}

/** A form's problems, one line per field, as a 400. */
function refuseProblems(problems: Readonly<Record<string, string | undefined>>) {
  const lines = Object.entries(problems).filter(([, line]) => line !== undefined);
  if (lines.length > 0)
    throw new Problem(400, Object.fromEntries(lines.map(([field, line]) => [field, [line]])));
}
