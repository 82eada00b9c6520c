/**
 * The field auditor's own area (eMyTrack): only what the signed-in field auditor is assigned.
 * Every other caller, staff included, is refused: staff see outlets through their own endpoints.
 */
import { Hono } from "hono";
import { FORBIDDEN, requireUser } from "../auth/guard";
import type { AppDeps, AppEnv } from "../context";
import { Problem } from "../http/problem";

export type FieldOutletSummary = { results: { workflow_state: string; count: number }[]; total: number };

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

  /** Counts of the auditor's outlets by workflow state, for the eMyTrack dashboard. */
  app.get("/my-track/outlets/summary/", async (c) => {
    const auditorId = await auditorOf(requireUser(c).user.id);
    const rows = await db.query<{ workflow_state: string; count: number }>(
      `SELECT workflow_state, count(*)::int AS count FROM outlets WHERE auditor_id = $1
       GROUP BY workflow_state ORDER BY workflow_state`,
      [auditorId],
    );
    const summary: FieldOutletSummary = {
      results: rows,
      total: rows.reduce((sum, r) => sum + r.count, 0),
    };
    return c.json(summary);
  });

  return app;
}
