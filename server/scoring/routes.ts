/**
 * The Score tab's call (001 §7: scoring details by outlet slug): the outlet's stored score, or, for
 * an outlet not scored yet, the score its answers give now. A score that cannot be worked out is a
 * 409 whose detail says why (001 §8: the tab shows it as a FAILED notification).
 */
import { Hono } from "hono";
import * as api from "../../src/domain/api/scoring";
import { type OutletScore, type Score, scoreFailure, scoreOutlet } from "../../src/domain/survey/scoring";
import type { AppDeps, AppEnv } from "../context";
import type { Queryable } from "../db/db";
import { NOT_FOUND, Problem } from "../http/problem";
import { serve } from "../http/serve";
import type { OutletViewer } from "../outlets/access";
import { VISIBLE_OUTLET_SQL, visibleOutletParams } from "../outlets/detail";
import { scoringAnswers } from "./rescore";
import { rescoreWaiting } from "./runs";
import { loadSetup } from "./setup";

type Stored = {
  score: number | null;
  max_score: number | null;
  groups: Score["scoring_parameter_groups_data"];
  failure: string | null;
  scored_at: Date;
};

export async function readScore(db: Queryable, viewer: OutletViewer, slug: string): Promise<OutletScore> {
  const [outlet] = await db.query<{ id: number; rsid: string; sub_project_id: number }>(
    `SELECT o.id, o.rsid, o.sub_project_id
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE ${VISIBLE_OUTLET_SQL}`,
    visibleOutletParams(viewer, slug),
  );
  if (!outlet) throw new Problem(404, NOT_FOUND);
  const recalculating = await rescoreWaiting(db, outlet.sub_project_id);
  const [stored] = await db.query<Stored>(
    `SELECT score::float8 AS score, max_score::float8 AS max_score, groups, failure, scored_at
     FROM outlet_scores WHERE outlet_id = $1`,
    [outlet.id],
  );
  if (stored) {
    if (stored.failure !== null)
      throw new Problem(409, { detail: scoreFailure(outlet.rsid, stored.failure) });
    return {
      score: stored.score!,
      max_score: stored.max_score!,
      scoring_parameter_groups_data: stored.groups,
      scored_at: stored.scored_at.toISOString(),
      recalculating,
    };
  }
  const setup = await loadSetup(db, outlet.sub_project_id);
  const answers = await scoringAnswers(db, [outlet.id], setup);
  const scored = scoreOutlet(setup, answers.get(outlet.id) ?? new Map());
  if (!scored.ok) throw new Problem(409, { detail: scoreFailure(outlet.rsid, scored.reason) });
  return { ...scored.score, scored_at: null, recalculating };
}

export function scoringRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  serve(app, deps, api.outletScore, async ({ caller, params }) => readScore(deps.db, caller, params.slug));
  return app;
}
