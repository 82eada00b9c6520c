/** The allocation endpoints (src/domain/api/allocation.ts): each checks the team's grant first. */
import { Hono } from "hono";
import * as api from "../../src/domain/api/allocation";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { serve } from "../http/serve";
import { addRule, listRules, removeRule, updateRule } from "./rules";
import { allocationOutlets, allocationOverview, previewAllocation, saveAllocation } from "./work";

export function allocationRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const now = () => new Date(deps.clock());

  serve(app, deps, api.allocationOverview, ({ caller }) => allocationOverview(db, caller.team));

  serve(app, deps, api.allocationOutlets, ({ caller, query }) => allocationOutlets(db, caller.team, query));

  serve(app, deps, api.previewAllocation, ({ caller, body }) => previewAllocation(db, caller.team, body));

  serve(app, deps, api.saveAllocation, ({ caller, body }) =>
    inTransaction(deps, (tx) => saveAllocation(tx, caller, body, now())),
  );

  serve(app, deps, api.allocationRules, ({ caller }) => listRules(db, caller.team));

  serve(app, deps, api.addAllocationRule, ({ caller, body }) =>
    inTransaction(deps, (tx) => addRule(tx, caller, body, now())),
  );

  serve(app, deps, api.updateAllocationRule, ({ caller, params, body }) =>
    inTransaction(deps, (tx) => updateRule(tx, caller, params.id, body, now())),
  );

  serve(app, deps, api.removeAllocationRule, ({ caller, params, body }) =>
    inTransaction(deps, (tx) => removeRule(tx, caller, params.id, body.version)),
  );

  return app;
}
