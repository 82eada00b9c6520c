import { describe, expect, it } from "vitest";
import { mayAuditPhotos, photoAuditText, rejectReasonGiven } from "../../src/domain/projects/photoAudit";

describe("photo audit rules", () => {
  it("needs a reason of 1 to 500 characters, spaces aside, to reject a photo", () => {
    expect(rejectReasonGiven("  ")).toBe(false);
    expect(rejectReasonGiven(" Blurred ")).toBe(true);
    expect(rejectReasonGiven("x".repeat(500))).toBe(true);
    expect(rejectReasonGiven("x".repeat(501))).toBe(false);
  });

  it("is for internal QC and project managers only", () => {
    expect(mayAuditPhotos(["qc-manager-dashboard-permission"], true)).toBe(true);
    expect(mayAuditPhotos(["project-manager-dashboard-permission"], true)).toBe(true);
    expect(mayAuditPhotos(["project-manager-dashboard-permission"], false)).toBe(false);
    expect(mayAuditPhotos(["qc-executive-dashboard-permission"], true)).toBe(false);
  });

  it("reads a decision as the gallery shows it", () => {
    const at = "2026-11-27T10:00:00Z";
    expect(
      photoAuditText({ decision: "approved", reason: null, decided_by: "Meera Kulkarni", decided_at: at }),
    ).toBe("Approved (Meera Kulkarni)");
    expect(
      photoAuditText({
        decision: "rejected",
        reason: "Board not visible",
        decided_by: "Meera Kulkarni",
        decided_at: at,
      }),
    ).toBe("Rejected: Board not visible (Meera Kulkarni)");
  });
});
