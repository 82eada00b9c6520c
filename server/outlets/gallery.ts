/**
 * The outlet image gallery (001 §2.5, 000 §2.1 {reportTitle}/{outletID}/images): the outlet's own
 * images (dealer board, RSA photos, accepted or pending proof images) and its survey answers'
 * images, read by the outlet's id for a caller who sees the outlet.
 */
import type { OutletGallery, OutletGalleryImage } from "../../src/domain/outlets/outletGallery";
import { isInternal } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import { photoAudits } from "../photoAudit/audit";
import { surveyImages, visibleOutletSurvey } from "../survey/read";
import type { OutletViewer } from "./access";
import { outletImageUrl } from "./detail";

export async function outletGallery(
  db: Queryable,
  viewer: OutletViewer,
  outletId: number,
): Promise<typeof OutletGallery.Encoded | null> {
  const [outlet] = await db.query<{ id: number; rsid: string; name: string }>(
    `SELECT o.id, o.rsid, o.name FROM outlets o
     JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE o.id = $1 AND ($2::boolean OR p.organisation_id = $3)`,
    [outletId, isInternal(viewer.user), viewer.user.organisation_id],
  );
  if (!outlet) return null;
  // A proof image nobody has put in a request yet is its uploader's draft: only they see it here.
  const own = await db.query<{ id: number; kind: OutletGalleryImage["section"] }>(
    `SELECT id, kind FROM outlet_images
     WHERE outlet_id = $1 AND (owner_id IS NULL OR request_id IS NOT NULL OR owner_id = $2)
     ORDER BY id`,
    [outlet.id, viewer.user.id],
  );
  const wo = await visibleOutletSurvey(db, viewer, outlet.id);
  const survey = wo ? await surveyImages(db, wo) : [];
  const audits = await photoAudits(
    db,
    survey.map((r) => r.id),
  );
  return {
    outlet,
    images: [
      ...own.map((r) => ({
        id: r.id,
        section: r.kind,
        question: null,
        image: outletImageUrl(outlet.rsid, r.id),
      })),
      ...survey.map((r) => ({ ...r, section: "survey" as const, audit: audits.get(r.id) ?? null })),
    ],
  };
}
