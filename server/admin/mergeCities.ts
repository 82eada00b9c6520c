/**
 * Merging two cities (000 §2.1 merge-cities): the outlets of the merged city move to the city kept,
 * and the merged city is deleted, all in one transaction. Both must be of one state: an outlet's
 * zone and territory belong to its state, so moving it to another would contradict them.
 */
import type { Hono } from "hono";
import { citiesMerged, cityMergeProblems } from "../../src/domain/admin/cityMerge";
import { CITIES_OF_TWO_STATES, cities } from "../../src/domain/admin/resources/geography";
import * as api from "../../src/domain/api/adminResources";
import { decodeRowId } from "../../src/domain/shared/requestInput";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { NOT_FOUND, Problem } from "../http/problem";
import { serve } from "../http/serve";
import { recordsById } from "./reads";
import { logChange } from "./writes";

export function mergeCitiesRoute(app: Hono<AppEnv>, deps: AppDeps) {
  serve(app, deps, api.mergeCities, async ({ caller: { user }, body }) => {
    const from = decodeRowId(Object.hasOwn(body, "from") ? body.from : undefined);
    const into = decodeRowId(Object.hasOwn(body, "into") ? body.into : undefined);
    const problems = cityMergeProblems(from, into);
    if (problems) throw new Problem(400, problems);
    const now = new Date(deps.clock());
    const answer = await inTransaction(deps, async (tx) => {
      // Both rows locked in id order, so two merges of the same pair cannot deadlock.
      const rows = await tx.query<{ id: number; name: string; state_id: number }>(
        "SELECT id, name, state_id FROM cities WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE",
        [[from, into]],
      );
      const merged = rows.find((r) => r.id === from);
      const kept = rows.find((r) => r.id === into);
      if (!merged || !kept) throw new Problem(404, { ...NOT_FOUND });
      if (merged.state_id !== kept.state_id) throw new Problem(400, { into: [CITIES_OF_TWO_STATES] });
      const moved = await tx.query<{ id: number }>(
        "UPDATE outlets SET city_id = $1, state_id = $2 WHERE city_id = $3 RETURNING id",
        [kept.id, kept.state_id, merged.id],
      );
      await tx.query("DELETE FROM cities WHERE id = $1", [merged.id]);
      await logChange(tx, cities, kept.id, "merge", user, now, {
        merged: merged.name,
        outlets: moved.length,
      });
      const [city] = await recordsById(tx, cities, [kept.id]);
      if (!city) throw new Problem(404, { ...NOT_FOUND });
      return {
        detail: citiesMerged(merged.name, kept.name, moved.length),
        outlets_moved: moved.length,
        city,
      };
    });
    return answer;
  });
}
