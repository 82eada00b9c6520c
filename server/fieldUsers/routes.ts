/**
 * The field auditor's own area (eMyTrack): only what the signed-in field auditor is assigned.
 * Every other caller, staff included, is refused: staff see outlets through their own endpoints.
 * Another auditor's outlet is 404, the same as one that does not exist.
 */
import { Hono } from "hono";
import { FIELD_LISTS, isFieldList } from "../../src/domain/fieldUser";
import {
  decodeQueryTexts,
  decodeText,
  MAX_QUERY_TEXT_LENGTH,
  notAChoice,
} from "../../src/domain/requestInput";
import { FORBIDDEN, requireUser } from "../auth/guard";
import type { AppDeps, AppEnv } from "../context";
import { pageParams, paginate } from "../http/pagination";
import { Problem } from "../http/problem";
import { fieldOutletDetail, fieldOutletPage, fieldOutletSummary, fieldSurveyListing } from "./outlets";

const NOT_FOUND = { detail: "Not found." };

/** The list named in the query: required, one of pending, rejected and completed. */
function listParam(raw: string | undefined) {
  if (isFieldList(raw)) return raw;
  const line = raw === undefined ? `Choose one of ${FIELD_LISTS.join(", ")}.` : notAChoice(raw);
  throw new Problem(400, { list: [line] });
}

export function fieldUserRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  /** The field auditor the signed-in user is, or a 403 for anyone else. */
  async function auditorOf(userId: number): Promise<number> {
    const [auditor] = await db.query<{ id: number }>("SELECT id FROM field_auditors WHERE user_id = $1", [
      userId,
    ]);
    if (!auditor) throw new Problem(403, { ...FORBIDDEN });
    return auditor.id;
  }

  /** The RSID in the path, or a 404 for one no outlet could have. */
  function slugOf(raw: string): string {
    const slug = decodeText(raw, MAX_QUERY_TEXT_LENGTH);
    if (!slug.ok) throw new Problem(404, { ...NOT_FOUND });
    return slug.value;
  }

  /** Counts of the auditor's outlets by workflow state and list, for the eMyTrack dashboard. */
  app.get("/my-track/outlets/summary/", async (c) => {
    const auditorId = await auditorOf(requireUser(c).user.id);
    return c.json(await fieldOutletSummary(db, auditorId));
  });

  /** The pending, rejected and completed lists, paged, with a search. */
  app.get("/my-track/outlets/", async (c) => {
    const auditorId = await auditorOf(requireUser(c).user.id);
    const list = listParam(c.req.query("list"));
    const texts = decodeQueryTexts((key) => c.req.query(key), ["search"]);
    if (!texts.ok) throw new Problem(400, texts.errors);
    const page = pageParams(c.req.query("page"), c.req.query("page-size"));
    const { rows, count } = await fieldOutletPage(db, auditorId, list, texts.values.search ?? "", page);
    return c.json(paginate(c.req.url, rows, count, page));
  });

  app.get("/my-track/outlets/:slug/", async (c) => {
    const auditorId = await auditorOf(requireUser(c).user.id);
    const outlet = await fieldOutletDetail(db, auditorId, slugOf(c.req.param("slug")));
    if (!outlet) throw new Problem(404, { ...NOT_FOUND });
    return c.json(outlet);
  });

  app.get("/my-track/outlets/:slug/surveys/", async (c) => {
    const auditorId = await auditorOf(requireUser(c).user.id);
    const listing = await fieldSurveyListing(db, auditorId, slugOf(c.req.param("slug")));
    if (!listing) throw new Problem(404, { ...NOT_FOUND });
    return c.json(listing);
  });

  return app;
}
