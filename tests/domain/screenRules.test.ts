// @vitest-environment node
import { describe, expect, it } from "vitest";
import { currentMenuEntry, DASHBOARD_MENU } from "../../src/domain/shell/menu";
import { findRoute } from "../../src/domain/shell/routes";
import { UPLOAD_TYPES, uploadHeading } from "../../src/domain/uploads/uploadTypes";

describe("upload headings", () => {
  it("adds bulk upload to a title, never twice", () => {
    expect(uploadHeading(UPLOAD_TYPES.regions)).toBe("Regions bulk upload");
    expect(uploadHeading(UPLOAD_TYPES.whatsapp_messaging)).toBe("Bulk WhatsApp Message");
    expect(uploadHeading(UPLOAD_TYPES.bulk_kyc)).toBe("Bulk KYC");
    for (const type of Object.values(UPLOAD_TYPES)) {
      expect(uploadHeading(type).match(/bulk/gi)?.length ?? 0, type.key).toBe(1);
    }
  });
});

describe("the current side-menu entry", () => {
  const labelFor = (path: string) =>
    currentMenuEntry(DASHBOARD_MENU, path, findRoute(path)?.route.area ?? null)?.label ?? null;

  it("is the entry of the page, or of the page's area", () => {
    expect(labelFor("/dashboard")).toBe("Home");
    expect(labelFor("/dashboard/my-downloads/")).toBe("My downloads");
    expect(labelFor("/dashboard/list-of-outlets")).toBe("Outlets");
    expect(labelFor("/dashboard/list-of-outlets/view/rs000001")).toBe("Outlets");
    expect(labelFor("/dashboard/projects/view-list/p/view/s/list-of-outlets/view/rs000001")).toBe("Projects");
    expect(labelFor("/dashboard/meta/cities-list/bulk-upload")).toBe("States and cities");
    expect(labelFor("/dashboard/upi-payments-verification")).toBe("Verification");
  });

  it("is none on a shared dashboard page or outside the catalogue", () => {
    expect(labelFor("/dashboard/view-all")).toBeNull();
    expect(labelFor("/nowhere")).toBeNull();
  });

  it("is only among the entries the user is offered", () => {
    const withoutOutlets = DASHBOARD_MENU.filter((e) => e.label !== "Outlets");
    expect(currentMenuEntry(withoutOutlets, "/dashboard/list-of-outlets/view/rs1", "outlets")).toBeNull();
  });
});
