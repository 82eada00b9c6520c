/** The auditPhotos grant: an internal QC or project manager (`mayAuditPhotos`); anyone else is refused. */
import type { Context } from "hono";
import { mayAuditPhotos } from "../../src/domain/projects/photoAudit";
import { FORBIDDEN } from "../auth/guard";
import { isInternal } from "../auth/organisationScope";
import type { AppDeps, AppEnv } from "../context";
import { Problem } from "../http/problem";
import { type OutletViewer, requireOutletViewer } from "../outlets/access";

export async function requirePhotoAuditor(c: Context<AppEnv>, deps: AppDeps): Promise<OutletViewer> {
  const viewer = await requireOutletViewer(c, deps);
  if (!mayAuditPhotos(viewer.details.permissions, isInternal(viewer.user)))
    throw new Problem(403, { ...FORBIDDEN });
  return viewer;
}
