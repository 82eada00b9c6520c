/**
 * The invoice setup endpoints (src/domain/api/invoiceSetup.ts): a sub-project's invoice assignment,
 * read and saved by internal staff who set projects up, and its SKU list for outlet readers. A
 * sub-project the caller does not see is not found.
 */
import { Hono } from "hono";
import * as api from "../../src/domain/api/invoiceSetup";
import type { AppDeps, AppEnv } from "../context";
import { NOT_FOUND, Problem } from "../http/problem";
import { serve } from "../http/serve";
import { readInvoiceSetup, saveInvoiceSetup } from "./setup";
import { subProjectSkus } from "./skuList";

export function invoiceSetupRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  serve(app, deps, api.invoiceSetup, async ({ caller, params }) => {
    const setup = await readInvoiceSetup(deps.db, caller.user, params);
    if (!setup) throw new Problem(404, NOT_FOUND);
    return setup;
  });

  serve(app, deps, api.saveInvoiceSetup, async ({ caller, params, body }) => {
    const setup = await saveInvoiceSetup(deps, caller.user, params, body);
    if (!setup) throw new Problem(404, NOT_FOUND);
    return setup;
  });

  serve(app, deps, api.subProjectSkuList, async ({ caller, query }) => {
    const results = await subProjectSkus(
      deps.db,
      caller.user,
      query.sub_project__slug,
      query.exclude_retailers === "true",
    );
    if (!results) throw new Problem(404, NOT_FOUND);
    return { results };
  });

  return app;
}
