import { describe, expect, it } from "vitest";
import {
  cutNotes,
  displayDateTime,
  hasEditPermission,
  headerVisibility,
  initialTab,
  logInitials,
  mainTab,
  NOT_AVAILABLE,
  OutletActionBody,
  reviewMenu,
  reviewRole,
  showsSimilarOutlets,
  surveyDuration,
  tabOfSearch,
  tradeAndLegalNameSame,
} from "../../src/domain/outlets/outletReview";
import { decodeFields } from "../../src/domain/shared/schemaErrors";

const ALL_PANELS = new Set([
  "Score",
  "Survey Details",
  "Payout Details",
  "Calling Details",
  "General Information",
  "Invoice Guidance",
  "Payment Result",
  "Details to Inform",
  "Log Details",
  "QC Edit History",
  "Edit Outlet Information",
  "Retailer Edit Requests",
]);
const menu = (
  role: Parameters<typeof reviewMenu>[0]["role"],
  extra: Partial<Parameters<typeof reviewMenu>[0]> = {},
) =>
  reviewMenu({
    role,
    subProjectType: "retail_audit",
    interimStatus: null,
    typeOfCalling: null,
    built: ALL_PANELS,
    ...extra,
  }).map((e) => `${e.index} ${e.label}`);

describe("role menu (001 §2.1)", () => {
  it("shows Score to the client manager on retail_audit_cycle only", () => {
    expect(menu("client-manager", { subProjectType: "retail_audit_cycle" })).toEqual([
      "0 Score",
      "1 Survey Details",
      "2 Log Details",
      "5 QC Edit History",
    ]);
    expect(menu("client-manager")[0]).toBe("1 Survey Details");
    expect(menu("qc-manager", { subProjectType: "retail_audit_cycle" })[0]).toBe("1 Survey Details");
  });

  it("gives payout roles Payout Details and Survey Details, opening on the second tab", () => {
    const entries = reviewMenu({
      role: "iftu-manager",
      subProjectType: "payout_cycle",
      interimStatus: null,
      typeOfCalling: null,
      built: ALL_PANELS,
    });
    expect(entries.map((e) => `${e.index} ${e.label}`)).toEqual([
      "1 Payout Details",
      "4 Survey Details",
      "2 Log Details",
      "5 QC Edit History",
    ]);
    expect(initialTab("iftu-manager", entries)).toBe(4);
    expect(
      initialTab(
        "qc-manager",
        reviewMenu({
          ...{
            role: "qc-manager",
            subProjectType: "kyc",
            interimStatus: null,
            typeOfCalling: null,
            built: ALL_PANELS,
          },
        }),
      ),
    ).toBe(1);
  });

  it("picks the calling executive's main tab by type of calling", () => {
    expect(mainTab("calling-executive", "validation")).toBe("Calling Details");
    expect(mainTab("calling-executive", "intimation")).toBe("General Information");
    expect(mainTab("calling-executive", "invoice")).toBe("Invoice Guidance");
    expect(mainTab("calling-executive", "kyc_update")).toBe("Payment Result");
    expect(mainTab("calling-executive", "confirmation")).toBe("Details to Inform");
    expect(mainTab("iftu-executive", "confirmation")).toBe("Details to Inform");
    expect(mainTab("iftu-manager", "confirmation")).toBe("Payout Details");
    expect(mainTab("qc-executive", "validation")).toBe("Survey Details");
  });

  it("adds the retailer edit entries only with an interim status", () => {
    expect(menu("qc-manager", { interimStatus: "revisit_required" }).slice(-2)).toEqual([
      "3 Edit Outlet Information",
      "6 Retailer Edit Requests",
    ]);
    expect(menu("qc-manager").some((e) => e.startsWith("3") || e.startsWith("6"))).toBe(false);
  });

  it("leaves out entries whose panel is not built", () => {
    const entries = reviewMenu({
      role: "calling-executive",
      subProjectType: "retail_audit",
      interimStatus: "revisit_required",
      typeOfCalling: "validation",
      built: new Set(["General Information", "Log Details", "QC Edit History"]),
    });
    expect(entries.map((e) => e.label)).toEqual(["Log Details", "QC Edit History"]);
    expect(initialTab("calling-executive", entries)).toBe(2);
    expect(initialTab("qc-manager", [])).toBeNull();
  });
});

describe("answer editing and edit decisions (001 §4.2, §6)", () => {
  it("follows the three conditions, and asks for an offered action of all but the project manager", () => {
    expect(hasEditPermission("qc-manager", "qc_rejected", false, true)).toBe(true);
    expect(hasEditPermission("qc-manager", "qc_rejected", true, true)).toBe(false);
    expect(hasEditPermission("qc-executive", "qc_pending", false, true)).toBe(true);
    expect(hasEditPermission("qc-executive", "qc_accepted", false, true)).toBe(false);
    expect(hasEditPermission("qc-executive", "calling_accepted", false, true)).toBe(false);
    expect(hasEditPermission("project-manager", "qc_accepted", false, false)).toBe(true);
    expect(hasEditPermission("project-manager", "qc_pending", false, true)).toBe(false);
    expect(hasEditPermission("client-manager", "wip_client_accepted", false, true)).toBe(true);
    expect(hasEditPermission("calling-executive", "calling_accepted", false, true)).toBe(true);
    expect(hasEditPermission("calling-executive", "calling_rejected", false, true)).toBe(false);
    // A view-only role in a state open to everyone: its action list offers nothing.
    expect(hasEditPermission("client-manager-view", "wip_client_accepted", false, false)).toBe(false);
    expect(hasEditPermission("iftu-executive", "calling_accepted", false, false)).toBe(false);
  });

  it("reads the role from the considered workflow permission", () => {
    expect(reviewRole("qc-manager-workflow-permission")).toBe("qc-manager");
    expect(reviewRole("client-manager-view-workflow-permission")).toBe("client-manager-view");
    expect(reviewRole("field-manager-workflow-permission")).toBe("other");
    expect(reviewRole(null)).toBe("other");
  });

  it("reads action_to_perform as accept or reject with field lines otherwise", () => {
    const read = (body: unknown) => decodeFields(OutletActionBody, body);
    expect(read({ action_to_perform: "reject" })).toEqual({
      ok: true,
      value: { action_to_perform: "reject" },
    });
    expect(read({})).toEqual({
      ok: false,
      errors: { action_to_perform: ["This field is required."] },
    });
    expect(read({ action_to_perform: "ACCEPT" })).toEqual({
      ok: false,
      errors: { action_to_perform: ['"ACCEPT" is not a valid choice.'] },
    });
    expect(read({ action_to_perform: 5 }).ok).toBe(false);
    expect(read(JSON.parse('{"__proto__": {"x": 1}}')).ok).toBe(false);
  });
});

describe("header card (001 §2.4)", () => {
  const at = "2026-11-01T10:00:00Z";
  const plus = (seconds: number) => new Date(Date.parse(at) + seconds * 1000).toISOString();

  it("gives the duration in its largest unit with plurals", () => {
    expect(surveyDuration(at, plus(1))).toBe("1 second");
    expect(surveyDuration(at, plus(45))).toBe("45 seconds");
    expect(surveyDuration(at, plus(60))).toBe("1 minute");
    expect(surveyDuration(at, plus(25 * 60 + 10))).toBe("25 minutes");
    expect(surveyDuration(at, plus(3600))).toBe("1 hour");
    expect(surveyDuration(at, plus(3 * 3600))).toBe("3 hours");
    expect(surveyDuration(at, plus(86_400))).toBe("1 day");
    expect(surveyDuration(at, plus(2 * 86_400 + 4 * 3600))).toBe("2 days");
    expect(surveyDuration(at, at)).toBe("0 seconds");
    expect(surveyDuration(null, at)).toBe(NOT_AVAILABLE);
    expect(surveyDuration(plus(10), at)).toBe(NOT_AVAILABLE);
  });

  it("shows times as DD-MMM-YYYY hh:mm shifted by 5 h 30 min", () => {
    expect(displayDateTime("2026-11-01T10:00:00Z")).toBe("01-Nov-2026 03:30");
    expect(displayDateTime("2026-12-31T20:45:00Z")).toBe("01-Jan-2027 02:15");
    expect(displayDateTime("2026-03-05T06:30:00Z")).toBe("05-Mar-2026 12:00");
    expect(displayDateTime(null)).toBe(NOT_AVAILABLE);
    expect(displayDateTime("not a date")).toBe(NOT_AVAILABLE);
  });

  it("cuts auditor notes at 22 characters with the whole text for Read More", () => {
    expect(cutNotes("Clean shop")).toEqual({ text: "Clean shop", more: null });
    expect(cutNotes("x".repeat(22))).toEqual({ text: "x".repeat(22), more: null });
    expect(cutNotes("Shop was closed at the first visit")).toEqual({
      text: "Shop was closed at the",
      more: "Shop was closed at the first visit",
    });
    expect(cutNotes(null)).toEqual({ text: NOT_AVAILABLE, more: null });
  });

  it("takes log initials from the first 2 characters", () => {
    expect(logInitials("qc accepted")).toBe("qc");
    expect(logInitials("Shop name changed")).toBe("Sh");
    expect(logInitials("A")).toBe("A");
  });

  it("flags equal trade and legal names, shows Similar Outlets for payout_cycle and kyc", () => {
    expect(tradeAndLegalNameSame("Sri Balaji Kirana", "sri balaji kirana ")).toBe(true);
    expect(tradeAndLegalNameSame("Sri Balaji Kirana", "Ravi Kumar")).toBe(false);
    expect(tradeAndLegalNameSame(null, null)).toBe(false);
    expect(showsSimilarOutlets("payout_cycle")).toBe(true);
    expect(showsSimilarOutlets("kyc")).toBe(true);
    expect(showsSimilarOutlets("3p_payout")).toBe(false);
  });

  it("hides survey end, accuracy and Associated By from client users; adds QC Status for calling", () => {
    for (const role of ["client-manager", "client-manager-view"] as const)
      expect(headerVisibility(role)).toEqual({
        surveyEnd: false,
        locationAccuracy: false,
        associatedBy: false,
        qcStatus: false,
      });
    expect(headerVisibility("qc-manager")).toEqual({
      surveyEnd: true,
      locationAccuracy: true,
      associatedBy: true,
      qcStatus: false,
    });
    expect(headerVisibility("calling-executive").qcStatus).toBe(true);
  });
});

describe("the selected tab in the address", () => {
  it("reads one of §2.1's tabs from the query and nothing else", () => {
    expect(tabOfSearch("?tab=5")).toBe(5);
    expect(tabOfSearch("tab=0&page=2")).toBe(0);
    expect(tabOfSearch("?tab=7")).toBeNull();
    expect(tabOfSearch("?tab=qc")).toBeNull();
    expect(tabOfSearch("")).toBeNull();
  });
});
