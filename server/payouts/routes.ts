/**
 * The money path's endpoints (src/domain/api/payouts.ts): Payout Details' list and latest
 * transaction, the cycle page and the client portal's payout page. Each is scoped to the
 * caller's organisation; an outlet or project the caller does not see is not found.
 */
import { Hono } from "hono";
import * as api from "../../src/domain/api/payouts";
import type { AppDeps, AppEnv } from "../context";
import { paginate } from "../http/pagination";
import { NOT_FOUND, Problem } from "../http/problem";
import { serve } from "../http/serve";
import type { OutletViewer } from "../outlets/access";
import { clientPayout, latestTransaction, outletPayouts, payoutCycles, visibleOutletId } from "./reads";

export function payoutRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const outletOf = async (caller: OutletViewer, slug: string) => {
    const id = await visibleOutletId(db, caller, slug);
    if (id === undefined) throw new Problem(404, { ...NOT_FOUND });
    return id;
  };
  const found = <T>(value: T | null): T => {
    if (value === null) throw new Problem(404, { ...NOT_FOUND });
    return value;
  };

  serve(app, deps, api.outletPayouts, async ({ c, caller, params, query, page }) => {
    const { rows, count } = await outletPayouts(db, await outletOf(caller, params.slug), query, page);
    return paginate(c.req.url, rows, count, page);
  });
  serve(app, deps, api.latestTransaction, async ({ caller, params }) => ({
    latest_transaction_details: await latestTransaction(db, await outletOf(caller, params.slug)),
  }));
  serve(app, deps, api.payoutCycles, async ({ caller, params }) =>
    found(await payoutCycles(db, caller, params.projectSlug, params.slug)),
  );
  serve(app, deps, api.clientPayout, async ({ caller, params }) =>
    found(await clientPayout(db, caller, params.projectSlug)),
  );
  return app;
}
