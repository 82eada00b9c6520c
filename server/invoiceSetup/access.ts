/** The setUpInvoices grant: an internal outlet reader who sets projects up; anyone else is refused. */
import type { Context } from "hono";
import { maySetUpInvoices } from "../../src/domain/invoices/invoiceSetup";
import { FORBIDDEN } from "../auth/guard";
import { isInternal } from "../auth/organisationScope";
import type { AppDeps, AppEnv } from "../context";
import { Problem } from "../http/problem";
import { type OutletViewer, requireOutletViewer } from "../outlets/access";

export async function requireInvoiceSetter(c: Context<AppEnv>, deps: AppDeps): Promise<OutletViewer> {
  const viewer = await requireOutletViewer(c, deps);
  if (!maySetUpInvoices(viewer.details.permissions, isInternal(viewer.user)))
    throw new Problem(403, { ...FORBIDDEN });
  return viewer;
}
