/**
 * The outlet image gallery route (001 §2.5; 000 §2.1 {reportTitle}/{outletID}/images, and the
 * client's client-reports/{outletID}/images and reports/{id}/images): every image
 * held for the outlet in the URL, in sections, each opening the shared gallery. An outlet the
 * caller may not see is not found, exactly like one that does not exist.
 */
import { skipToken, useQuery } from "@tanstack/react-query";
import { Link, useParams } from "wouter";
import { OutletId } from "../../domain/api/ids";
import { galleryGroups, type OutletGalleryImage, reportTitleText } from "../../domain/outlets/outletGallery";
import { photoAuditText } from "../../domain/projects/photoAudit";
import { decodeRowId } from "../../domain/shared/requestInput";
import { outletGallery } from "../../infra/api/outlets";
import { errorStatus, isApiError, runApi } from "../../infra/http";
import NotFound from "../errors/NotFound";
import Loading from "../shell/Loading";
import ImageTiles from "./ImageTiles";
import "./outlets.css";

export const NO_OUTLET_IMAGES = "No images have been added for this outlet yet.";

export default function OutletGalleryScreen() {
  // Also the client's report images (client-reports/{outletID}/images, the portal's reports/{id}/images).
  const {
    reportTitle = "client-report-images",
    outletID,
    id: portalId,
  } = useParams<{ reportTitle?: string; outletID?: string; id?: string }>();
  const row = decodeRowId(outletID ?? portalId ?? "");
  const id = row === null ? null : OutletId.make(row);
  const gallery = useQuery({
    queryKey: ["outlets", "gallery", id],
    queryFn: id === null ? skipToken : ({ signal }) => runApi(outletGallery(id), { signal }),
  });
  if (id === null) return <NotFound />;
  if (gallery.isPending) return <Loading />;
  if (gallery.isError) {
    if (isApiError(gallery.error) && errorStatus(gallery.error) === 404) return <NotFound />;
    return (
      <div className="page">
        <p role="alert" className="notice">
          The images could not be loaded.
        </p>
        <button type="button" className="button" onClick={() => void gallery.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const { outlet, images } = gallery.data;
  const groups = galleryGroups(images);
  return (
    <div className="page outlet-gallery">
      <h1>{reportTitleText(decodeURIComponent(reportTitle))}</h1>
      <p>
        <Link href={`/dashboard/view/${encodeURIComponent(outlet.rsid)}`}>
          {outlet.name} ({outlet.rsid})
        </Link>{" "}
        · {images.length} {images.length === 1 ? "image" : "images"}
      </p>
      {groups.length === 0 && <p className="notice">{NO_OUTLET_IMAGES}</p>}
      {groups.map((g) => (
        <section key={g.key} className="card" aria-label={g.title}>
          <h2>
            {g.title} ({g.images.length})
          </h2>
          <ImageTiles title={g.title} images={g.images} />
          <AuditNotes title={g.title} images={g.images} />
        </section>
      ))}
    </div>
  );
}

/** The photo audit's decisions of a section's images, by their place in it (docs/projects.md). */
function AuditNotes({ title, images }: { title: string; images: readonly OutletGalleryImage[] }) {
  const decided = images.flatMap((img, i) => (img.audit ? [{ n: i + 1, audit: img.audit }] : []));
  if (decided.length === 0) return null;
  return (
    <ul className="photo-audit-notes" aria-label={`${title} photo audit`}>
      {decided.map(({ n, audit }) => (
        <li key={n} className={`photo-audit-${audit.decision}`}>
          Image {n}: {photoAuditText(audit)}
        </li>
      ))}
    </ul>
  );
}
