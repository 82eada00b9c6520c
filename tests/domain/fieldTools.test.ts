// @vitest-environment node
import { describe, expect, it } from "vitest";
import { demoDump } from "../../server/seed/fieldAppDump";
import {
  csvLines,
  DUMP_MSG,
  isWithinRecoveryWindow,
  parseRsidList,
  RECOVERY_MSG,
  readFieldAppDump,
  recoveryActions,
  recoveryCreateFailure,
  recoveryFormErrors,
  recoveryStatusLabel,
  rsidListProblem,
} from "../../src/domain/fieldTools/fieldTools";
import { mayUseFieldTools } from "../../src/domain/shared/permissions";

const TODAY = "2026-11-20";
const filled = {
  projectId: 1,
  subProjectId: 2,
  auditorId: 3,
  rsidText: "RS1, RS2",
  dateUploaded: "2026-11-19",
};

describe("the recovery form's rules (spec 002 §5)", () => {
  it("names every empty field", () => {
    expect(
      recoveryFormErrors(
        { projectId: null, subProjectId: null, auditorId: null, rsidText: "", dateUploaded: "" },
        TODAY,
      ),
    ).toEqual({
      project: RECOVERY_MSG.projectRequired,
      sub_project: RECOVERY_MSG.subProjectRequired,
      auditor: RECOVERY_MSG.auditorRequired,
      rsid_list: RECOVERY_MSG.rsidRequired,
      date_uploaded: RECOVERY_MSG.dateRequired,
    });
  });

  it("takes up to 5 comma-separated RSIDs; only commas is no RSID", () => {
    expect(parseRsidList(" rs1 ,RS2,,rs1, ")).toEqual(["RS1", "RS2"]);
    expect(recoveryFormErrors({ ...filled, rsidText: " , " }, TODAY)).toEqual({
      rsid_list: RECOVERY_MSG.rsidEmpty,
    });
    expect(recoveryFormErrors({ ...filled, rsidText: "A,B,C,D,E" }, TODAY)).toEqual({});
    expect(recoveryFormErrors({ ...filled, rsidText: "A,B,C,D,E,F" }, TODAY)).toEqual({
      rsid_list: RECOVERY_MSG.tooManyRsids,
    });
  });

  it("takes a date from 10 days back to today", () => {
    expect(isWithinRecoveryWindow("2026-11-10", TODAY)).toBe(true);
    expect(isWithinRecoveryWindow("2026-11-09", TODAY)).toBe(false);
    expect(isWithinRecoveryWindow("2026-11-21", TODAY)).toBe(false);
    expect(isWithinRecoveryWindow("2026-02-30", TODAY)).toBe(false);
    expect(isWithinRecoveryWindow(TODAY, TODAY)).toBe(true);
    // Across a year's end, and with a today that is no date.
    expect(isWithinRecoveryWindow("2026-12-25", "2027-01-04")).toBe(true);
    expect(isWithinRecoveryWindow("2026-12-24", "2027-01-04")).toBe(false);
    expect(isWithinRecoveryWindow("2026-11-20", "2026-11-31")).toBe(false);
    expect(recoveryFormErrors({ ...filled, dateUploaded: "2026-11-09" }, TODAY)).toEqual({
      date_uploaded: RECOVERY_MSG.dateWindow,
    });
  });

  it("the server refuses what it cannot read with the syntax hint, and the client shows its message", () => {
    expect(rsidListProblem("RS1,RS2")).toBe(RECOVERY_MSG.syntax);
    expect(rsidListProblem(["RS1 RS2"])).toBe(RECOVERY_MSG.syntax);
    expect(rsidListProblem([" "])).toBe(RECOVERY_MSG.rsidEmpty);
    expect(rsidListProblem(["A", "B", "C", "D", "E", "F"])).toBe(RECOVERY_MSG.tooManyRsids);
    expect(rsidListProblem(["A", "a"])).toBeNull();
    expect(recoveryCreateFailure({ message: "Only 5 RSIDs are allowed" })).toBe("Only 5 RSIDs are allowed");
    expect(recoveryCreateFailure({ rsid_list: ["x"] })).toBe(RECOVERY_MSG.syntax);
  });
});

describe("the recovery status machine (spec 002 §2.8, §4)", () => {
  it("offers confirm and cancel when accepted, cancel while processing, nothing otherwise", () => {
    expect(recoveryActions("accepted")).toEqual(["confirm", "cancel"]);
    expect(recoveryActions("processing")).toEqual(["cancel"]);
    for (const status of ["active", "completed", "cancelled", "failed", "under_activation"])
      expect(recoveryActions(status)).toEqual([]);
    expect(recoveryStatusLabel("active")).toBe("Accepted");
    expect(recoveryStatusLabel("under_activation")).toBe("Under Activation");
  });
});

describe("the field app dump format", () => {
  const place = { subProject: "acme-retail-audit-main", surveyDate: "2026-11-19", cityId: 1, territoryId: 1 };
  it("reads a dump of the expected user", () => {
    const read = readFieldAppDump(demoDump("9000000003", ["RS9000301"], place), "9000000003");
    expect(read.ok && read.dump.surveys.map((s) => s.rsid)).toEqual(["RS9000301"]);
  });
  it("names what is wrong: not JSON, wrong format, wrong user, a corrupt record", () => {
    expect(readFieldAppDump("{", "1")).toEqual({ ok: false, error: DUMP_MSG.notJson });
    expect(readFieldAppDump('{"format":"x"}', "1")).toEqual({ ok: false, error: DUMP_MSG.wrongFormat });
    expect(readFieldAppDump(demoDump("9000000004", [], place), "9000000003")).toEqual({
      ok: false,
      error: DUMP_MSG.wrongUser,
    });
    const broken = JSON.parse(demoDump("9000000003", ["RS1"], place));
    broken.surveys[0].answers[2].images[0].data_base64 = "not base64!";
    expect(readFieldAppDump(JSON.stringify(broken), "9000000003")).toEqual({
      ok: false,
      error: `${DUMP_MSG.corrupt}surveys[0].answers[2].images[0] is not base64`,
    });
  });
});

it("writes CSV fields safely", () => {
  expect(csvLines([["a,b", 'say "hi"', "=SUM(A1)"]])).toBe('"a,b","say ""hi""",\'=SUM(A1)\r\n');
});

it("the field tools are for internal field coordinators, field managers and project managers", () => {
  expect(mayUseFieldTools(["field-manager-dashboard-permission"], "internal")).toBe(true);
  expect(mayUseFieldTools(["field-manager-dashboard-permission"], "client")).toBe(false);
  expect(mayUseFieldTools(["qc-manager-dashboard-permission"], "internal")).toBe(false);
});
