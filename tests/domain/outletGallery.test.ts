import { describe, expect, it } from "vitest";
import {
  GALLERY_SECTION_LABELS,
  galleryGroups,
  type OutletGalleryImage,
  outletGalleryPath,
  reportTitleText,
} from "../../src/domain/outlets/outletGallery";

const image = (id: number, section: OutletGalleryImage["section"], question: string | null = null) => ({
  id,
  section,
  question,
  image: `/img/${id}`,
});

describe("the outlet image gallery", () => {
  it("reads the route's report title as words", () => {
    expect(reportTitleText("outlet-images")).toBe("Outlet Images");
    expect(reportTitleText("retail_audit report")).toBe("Retail Audit Report");
    expect(reportTitleText("--")).toBe("Images");
  });

  it("opens from the outlet review under the outlet's id", () => {
    expect(outletGalleryPath(42)).toBe("/dashboard/outlet-images/42/images");
    expect(outletGalleryPath(7, "client reports")).toBe("/dashboard/client%20reports/7/images");
  });

  it("groups sections in page order, leaves empty ones out, and splits survey images by question", () => {
    const groups = galleryGroups([
      image(1, "survey", "Shop front"),
      image(2, "pan_number_photo_proofs"),
      image(3, "survey", "Shelf"),
      image(4, "banner"),
      image(5, "survey", "Shop front"),
    ]);
    expect(groups.map((g) => [g.title, g.images.map((i) => i.id)])).toEqual([
      [GALLERY_SECTION_LABELS.banner, [4]],
      [GALLERY_SECTION_LABELS.pan_number_photo_proofs, [2]],
      ["Survey Images: Shop front", [1, 5]],
      ["Survey Images: Shelf", [3]],
    ]);
    expect(galleryGroups([])).toEqual([]);
  });
});
