/**
 * Survey Details' calls (spec 001 §7, 002 §7): question groups, a group's answers, answer-linked
 * and all survey images, one answer image, the shared update call (object_type answers, and workflow_calling_tracker) and
 * Refresh QC data. Every call checks the session and the caller's organisation; writes also check
 * the caller's role against the outlet's current state.
 */
import { Hono } from "hono";
import * as questionApi from "../../src/domain/api/questions";
import * as api from "../../src/domain/api/survey";
import { answersUpdateOf } from "../../src/domain/survey/surveyInput";
import { saveReason } from "../calling/trackers";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { paginate } from "../http/pagination";
import { NOT_FOUND, Problem } from "../http/problem";
import { serve, serveFound } from "../http/serve";
import { overviewPage, overviewSubProjects } from "./overview";
import {
  answerImage,
  groupAnswers,
  linkedImages,
  questionGroups,
  surveyImages,
  visibleOutletSurvey,
  visibleWorkflowObject,
} from "./read";
import { questionReferenceImages, saveReferenceImages } from "./referenceImages";
import { refreshQcData } from "./refresh";
import { saveAnswers } from "./save";

export function surveyRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  serve(app, deps, questionApi.questionReferenceImages, ({ caller, params }) =>
    questionReferenceImages(db, caller.user, params.id),
  );

  // A question the caller may not see is not found, whatever the body holds.
  serveFound(
    app,
    deps,
    questionApi.saveQuestionReferenceImages,
    async ({ caller, params }) => {
      await questionReferenceImages(db, caller.user, params.id);
    },
    ({ caller, params, body }) => saveReferenceImages(deps, caller.user, params.id, body),
  );

  // The survey overview: the chosen sub-project among the caller's, or the first of them.
  serve(app, deps, api.surveyOverview, async ({ c, caller, query, page }) => {
    const subProjects = await overviewSubProjects(db, caller);
    const chosen =
      query.sub_project === undefined
        ? subProjects[0]
        : subProjects.find((s) => s.slug === query.sub_project);
    if (query.sub_project !== undefined && !chosen) throw new Problem(404, { ...NOT_FOUND });
    const { rows, count, outlets } = chosen
      ? await overviewPage(db, chosen.id, page)
      : { rows: [], count: 0, outlets: 0 };
    return {
      ...paginate(c.req.url, rows, count, page),
      sub_projects: subProjects,
      sub_project: chosen ?? null,
      outlets,
    };
  });

  serve(app, deps, api.questionGroups, async ({ caller, query }) => {
    const wo = await visibleWorkflowObject(db, caller, query.workflow_object);
    if (!wo) throw new Problem(404, NOT_FOUND);
    return { results: await questionGroups(db, wo.sub_project_id) };
  });

  serve(app, deps, api.groupAnswers, async ({ caller, query }) => {
    const wo = await visibleWorkflowObject(db, caller, query.related_answers__workflow_object);
    const results = wo ? await groupAnswers(db, wo, query.question_group) : null;
    if (!results) throw new Problem(404, NOT_FOUND);
    return { results };
  });

  serve(app, deps, api.answerLinkedImages, async ({ caller, params, query }) => {
    const wo = await visibleWorkflowObject(db, caller, query.related_answers__workflow_object);
    const images = wo ? await linkedImages(db, wo, params.slug) : null;
    if (!images) throw new Problem(404, NOT_FOUND);
    return images;
  });

  serve(app, deps, api.surveyImages, async ({ caller, query }) => {
    const wo = await visibleOutletSurvey(db, caller, query.outlet);
    if (!wo) throw new Problem(404, NOT_FOUND);
    return surveyImages(db, wo);
  });

  serve(app, deps, api.answerImage, async ({ c, caller, params }) => {
    const image = await answerImage(db, caller, params.id);
    if (!image) throw new Problem(404, NOT_FOUND);
    // The address carries the image's version, so it may be kept as long as it is asked for.
    return c.body(new Uint8Array(image.content), 200, {
      "Content-Type": image.content_type,
      "Cache-Control": "private, max-age=86400, immutable",
    });
  });

  // One call, one writer per object_type (001 §7 object-create).
  serve(app, deps, api.updateObjects, async ({ caller, body }) => {
    const now = new Date(deps.clock());
    return inTransaction(deps, (tx) =>
      body.object_type === "workflow_calling_tracker"
        ? saveReason(tx, caller, body, now)
        : saveAnswers(tx, caller, answersUpdateOf(body), now),
    );
  });

  serve(app, deps, api.refreshQcData, async ({ caller, params }) => {
    const now = new Date(deps.clock());
    return inTransaction(deps, (tx) => refreshQcData(tx, caller, params.slug, now));
  });

  return app;
}
