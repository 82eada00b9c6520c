/**
 * Starting the export of a sub-project's retailer mobile links to My Downloads. The links are
 * written with the configured public address, or the origin the request came to when it is trusted
 * (`linkOrigin`, server/http/publicAddress.ts), never an address the caller's Host header chose.
 */
import type { Context } from "hono";
import {
  MOBILE_LINKS_ALREADY_STARTED,
  MOBILE_LINKS_NOT_ALLOWED,
  MOBILE_LINKS_STARTED,
  type MobileLinksExport,
  mayExportMobileLinks,
  mobileLinksExportTitle,
  NO_MOBILE_LINKS,
} from "../../src/domain/mobile/mobileLinks";
import type { AppDeps, AppEnv } from "../context";
import { createExportUnlessWaiting } from "../exports/exportJobs";
import { Problem } from "../http/problem";
import { linkOrigin } from "../http/publicAddress";
import { type OutletViewer, requireOutletViewer } from "../outlets/access";
import { type Viewer, visibleProjects } from "./cards";

export type Started = typeof MobileLinksExport.Encoded & { created: boolean };

/** The exportMobileLinks grant: an outlet reader who sets projects up; anyone else is told why not. */
export async function requireLinkExporter(c: Context<AppEnv>, deps: AppDeps): Promise<OutletViewer> {
  const viewer = await requireOutletViewer(c, deps);
  if (!mayExportMobileLinks(viewer.details.permissions))
    throw new Problem(403, { detail: MOBILE_LINKS_NOT_ALLOWED });
  return viewer;
}

export async function startMobileLinksExport(
  deps: AppDeps,
  viewer: Viewer,
  place: { projectSlug: string; slug: string },
  requestUrl: string,
): Promise<Started | null> {
  const params: unknown[] = [place.projectSlug, place.slug];
  const [sub] = await deps.db.query<{ id: number; name: string; links: number }>(
    `SELECT s.id, s.name,
            (SELECT count(*)::int FROM outlets o
             WHERE o.sub_project_id = s.id AND o.status = 'active' AND o.mobile_slug IS NOT NULL) AS links
     FROM sub_projects s JOIN projects p ON p.id = s.project_id
     WHERE p.slug = $1 AND s.slug = $2 AND ${visibleProjects(viewer, params)}`,
    params,
  );
  if (!sub) return null;
  if (sub.links === 0) throw new Problem(400, { detail: NO_MOBILE_LINKS });
  const origin = linkOrigin(deps, requestUrl);
  // The unique index of waiting mobile link exports turns a second click into the first one's id;
  // the first may finish between the refused insert and the look, so the insert is tried again.
  for (let attempt = 0; attempt < 2; attempt++) {
    const id = await createExportUnlessWaiting(deps.db, {
      userId: viewer.id,
      organisationId: viewer.organisation_id,
      title: mobileLinksExportTitle(sub.name),
      kind: "mobile_links",
      params: { sub_project_id: sub.id, origin },
      now: new Date(deps.clock()),
    });
    if (id !== null) return { id, detail: MOBILE_LINKS_STARTED, created: true };
    const [waiting] = await deps.db.query<{ id: number }>(
      `SELECT id FROM export_jobs WHERE user_id = $1 AND kind = 'mobile_links' AND status = 'processing'
         AND params ->> 'sub_project_id' = $2`,
      [viewer.id, String(sub.id)],
    );
    if (waiting) return { id: waiting.id, detail: MOBILE_LINKS_ALREADY_STARTED, created: false };
  }
  throw new Problem(503, { detail: MOBILE_LINKS_ALREADY_STARTED });
}
