/**
 * The calling desk's read (spec 001 §6, §7): the calling-tracker list by linked_outlets. The reason
 * is written through the shared update call (server/survey/routes.ts).
 */
import { Hono } from "hono";
import * as api from "../../src/domain/api/calling";
import type { AppDeps, AppEnv } from "../context";
import { serve } from "../http/serve";
import { trackerList } from "./trackers";

export function callingRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  serve(app, deps, api.callingTrackers, async ({ caller, query }) =>
    trackerList(deps.db, caller, query.linked_outlets),
  );
  return app;
}
