/** Which document a PDF view's address names, the list it goes back to, its call and its file name. */
import { describe, expect, it } from "vitest";
import { MOBILE_LINK_MSG, MobileLinkResetBody } from "../../src/domain/mobile/mobileLinks";
import {
  documentFileName,
  documentTitle,
  pdfViewBack,
  pdfViewPath,
  readPdfView,
  retailerDocumentUrl,
} from "../../src/domain/mobile/retailerDocuments";
import { decodeFields } from "../../src/domain/shared/schemaErrors";
import { retailerPortalHome } from "../../src/domain/shell/routes";

describe("the retailer's PDF views", () => {
  it("read back the document each View leads to", () => {
    const cases = [
      ["invoices", { kind: "invoice", id: 12 }],
      ["statements", { kind: "statement", id: 7 }],
      ["dashboard", { kind: "form16", year: "2025-26" }],
      ["dashboard", { kind: "invoice", id: 12 }],
    ] as const;
    for (const [route, doc] of cases) {
      const path = pdfViewPath(route, "RS 8/1", doc);
      expect(readPdfView(route, path.slice(path.indexOf("?") + 1))).toEqual({
        rsid: "RS 8/1",
        document: doc,
      });
    }
  });

  it("name no document for a kind the route does not open, two at once, a bad id or year, or no outlet", () => {
    for (const [route, search] of [
      ["invoices", "rsid=R&statement=7"],
      ["statements", "rsid=R&kind=form16&year=2025-26"],
      ["invoices", "rsid=R&invoice=12&statement=7"],
      ["invoices", "rsid=R&invoice=0"],
      ["invoices", "rsid=R&invoice=1e3"],
      ["dashboard", "rsid=R&kind=form16&year=2025-27"],
      ["invoices", "invoice=12"],
    ] as const)
      expect(readPdfView(route, search).document, search).toBeNull();
  });

  it("go back to the list their View was in", () => {
    expect(pdfViewBack("invoices", "R1", { kind: "invoice", id: 1 })).toBe(
      "/retailers/list-of-invoices?rsid=R1",
    );
    expect(pdfViewBack("statements", "R1", null)).toBe("/retailers/earnings/earnings-details?rsid=R1");
    expect(pdfViewBack("dashboard", "R1", { kind: "form16", year: "2025-26" })).toBe(
      "/retailers/form16?rsid=R1",
    );
    expect(pdfViewBack("dashboard", "R1", { kind: "statement", id: 2 })).toBe(
      "/retailers/outlets-list/outlet-information?rsid=R1",
    );
    expect(pdfViewBack("dashboard", "", null)).toBe("/retailers/outlets-list");
  });

  it("fetch the retailer's own call and save under a name a file system takes", () => {
    expect(retailerDocumentUrl("RS1", { kind: "statement", id: 3 })).toBe(
      "/api/retailer/outlets/RS1/target-statements/3/pdf/",
    );
    expect(documentFileName("RS1", { kind: "invoice", id: 3 }, "invoice-RS/2026/3.pdf")).toBe(
      "invoice-RS-2026-3.pdf",
    );
    expect(documentFileName("RS1", { kind: "form16", year: "2025-26" }, null)).toBe("form16-RS1-2025-26.pdf");
    expect(documentTitle({ kind: "invoice", id: 3 }, "RS/2026/3")).toBe("Invoice RS/2026/3");
    expect(documentTitle({ kind: "statement", id: 3 })).toBe("Target statement");
  });
});

describe("the retailer portal's root and the link reset's input", () => {
  it("sends a retailer to their outlets and anyone else to the retailer sign-in", () => {
    expect(retailerPortalHome({ roles: ["retailer"] })).toBe("/retailers/outlets-list");
    expect(retailerPortalHome({ roles: ["qc-manager"] })).toBe("/retailers/login");
    expect(retailerPortalHome(null)).toBe("/retailers/login");
  });

  it("takes the bound_at the page read, and names the field otherwise", () => {
    expect(decodeFields(MobileLinkResetBody, { bound_at: "2026-11-20T10:00:00.000Z" })).toEqual({
      ok: true,
      value: { bound_at: Date.UTC(2026, 10, 20, 10) },
    });
    for (const body of [
      {},
      { bound_at: undefined },
      ...["", "soon", 5, "x".repeat(41)].map((bound_at) => ({ bound_at })),
    ])
      expect(decodeFields(MobileLinkResetBody, body), JSON.stringify(body)).toEqual({
        ok: false,
        errors: { bound_at: [MOBILE_LINK_MSG.badBoundAt] },
      });
  });
});
