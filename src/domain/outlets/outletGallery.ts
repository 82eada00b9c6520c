/**
 * The outlet image gallery route (001 §2.5: "a local image gallery route reads images stored under
 * the outlet id from the URL"; 000 §2.1 {reportTitle}/{outletID}/images): every image the platform
 * holds for one outlet, in sections a reviewer recognises. docs/retailer-edits.md has the design.
 */
import { Schema } from "effect";
import { OutletId } from "../api/ids";
import { PhotoAudit } from "../projects/photoAudit";
import { PROOF_KINDS, PROOF_LABELS } from "./outletEdit";

/** Where an image of the outlet comes from, in the order the page shows them. */
export const GALLERY_SECTIONS = ["banner", "rsa_proof", ...PROOF_KINDS, "kyc", "survey"] as const;
export type GallerySection = (typeof GALLERY_SECTIONS)[number];

export const GALLERY_SECTION_LABELS: Readonly<Record<GallerySection, string>> = {
  banner: "Dealer Board",
  rsa_proof: "RSA Verification Photos",
  ...PROOF_LABELS,
  kyc: "KYC Images",
  survey: "Survey Images",
};

const GalleryImage = Schema.Struct({
  id: Schema.Number,
  section: Schema.Literals(GALLERY_SECTIONS),
  /** The question an image answers (survey images), or null. */
  question: Schema.NullOr(Schema.String),
  image: Schema.String,
  /** A survey photo's audit decision (docs/projects.md, "Photo audit"), when it has one. */
  audit: Schema.optionalKey(Schema.NullOr(PhotoAudit)),
});
export type OutletGalleryImage = typeof GalleryImage.Type;

export const OutletGallery = Schema.Struct({
  outlet: Schema.Struct({ id: OutletId, rsid: Schema.String, name: Schema.String }),
  images: Schema.Array(GalleryImage),
});
export type OutletGallery = typeof OutletGallery.Type;

/** The gallery of one outlet, as the outlet review opens it (in a new tab). */
export const outletGalleryPath = (outletId: number, reportTitle = "outlet-images") =>
  `/dashboard/${encodeURIComponent(reportTitle)}/${outletId}/images`;

/** The page heading from the route's report title: "outlet-images" reads "Outlet Images". */
export function reportTitleText(reportTitle: string): string {
  const words = reportTitle.split(/[-_\s]+/).filter((w) => w.length > 0);
  if (words.length === 0) return "Images";
  return words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join(" ");
}

export type GalleryGroup = { key: string; title: string; images: readonly OutletGalleryImage[] };

/**
 * The page's groups in section order, empty sections left out; survey images are grouped again by
 * the question they answer, in the order the server gives (question order).
 */
export function galleryGroups(images: readonly OutletGalleryImage[]): GalleryGroup[] {
  const groups: GalleryGroup[] = [];
  for (const section of GALLERY_SECTIONS) {
    const inSection = images.filter((i) => i.section === section);
    if (section !== "survey") {
      if (inSection.length > 0)
        groups.push({ key: section, title: GALLERY_SECTION_LABELS[section], images: inSection });
      continue;
    }
    const questions = [...new Set(inSection.map((i) => i.question ?? ""))];
    for (const question of questions)
      groups.push({
        key: `survey:${question}`,
        title: `${GALLERY_SECTION_LABELS.survey}: ${question}`,
        images: inSection.filter((i) => (i.question ?? "") === question),
      });
  }
  return groups;
}
