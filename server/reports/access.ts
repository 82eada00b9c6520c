/**
 * Who may run a report (`mayRunReport`, src/domain/reports/reportCatalogue.ts): an outlet reader holding one of the
 * report's permissions; what the report reads is then scoped to the caller's organisation.
 */
import type { Context } from "hono";
import { mayRunReport, type ReportId } from "../../src/domain/reports/reportCatalogue";
import { FORBIDDEN } from "../auth/guard";
import { isInternal } from "../auth/organisationScope";
import type { AppDeps, AppEnv } from "../context";
import { Problem } from "../http/problem";
import { type OutletViewer, requireOutletViewer } from "../outlets/access";

export const requireReportReader =
  (report: ReportId) =>
  async (c: Context<AppEnv>, deps: AppDeps): Promise<OutletViewer> => {
    const viewer = await requireOutletViewer(c, deps);
    if (!mayRunReport(report, viewer.details.permissions)) throw new Problem(403, { ...FORBIDDEN });
    return viewer;
  };

/** Whose records a report reads: every organisation's for internal staff, else the caller's own. */
export type ReportScope = { internal: boolean; organisation_id: number };

export const scopeOf = (viewer: OutletViewer): ReportScope => ({
  internal: isInternal(viewer.user),
  organisation_id: viewer.user.organisation_id,
});
