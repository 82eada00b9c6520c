/** The multi-object lookup's route (src/domain/api/lookups.ts). */
import { Hono } from "hono";
import * as api from "../../src/domain/api/lookups";
import type { AppDeps, AppEnv } from "../context";
import { serve } from "../http/serve";
import { multiObjectLookup } from "./objects";

export function lookupRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  serve(app, deps, api.objectLookup, async ({ caller, body }) =>
    multiObjectLookup(deps.db, caller, body.objects),
  );
  return app;
}
