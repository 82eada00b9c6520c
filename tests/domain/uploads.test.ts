import { Exit, Schema } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountInWords, integerInWords, parseAmountToPaise } from "../../src/domain/amountInWords";
import {
  anyJobMoving,
  BulkUploadJob,
  backTarget,
  isFurtherAlong,
  JOB_POLL_ATTEMPTS,
  JOB_POLL_MS,
  type JOB_STATUSES,
  jobActions,
  jobPollDelay,
  jobProgress,
  jobStatusLabel,
  organisationSlug,
  queueText,
  stoppedMessage,
} from "../../src/domain/bulkUpload";
import { downloadState } from "../../src/domain/downloads";
import { exportNoticesDue, UPLOAD_PATTERNS } from "../../src/domain/uploadRoutes";
import {
  canUseUploadType,
  checkHeader,
  checkValue,
  problemsText,
  type RefLookup,
  rowValidator,
  UPLOAD_TYPES,
} from "../../src/domain/uploadTypes";
import { isValidEmail, isValidIsoDate, isValidUpiId } from "../../src/domain/validation";
import { sampleJob } from "../machines/fixtures/samples";

const anyText = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }));
const noRecords: RefLookup = () => false;

describe("job actions and labels per status (spec 000 §4.1)", () => {
  it("offers exactly the table's actions in each view", () => {
    const job = (status: (typeof JOB_STATUSES)[number], clean = 3) => ({
      status,
      total_clean_objects: clean,
    });
    expect(jobActions(job("processing"), "standard")).toEqual(["cancel"]);
    expect(jobActions(job("processing"), "payment")).toEqual([]);
    expect(jobActions(job("completed"), "standard")).toEqual(["confirm", "cancel"]);
    expect(jobActions(job("completed", 0), "standard")).toEqual(["cancel"]);
    expect(jobActions(job("completed"), "payment")).toEqual(["payNow", "cancel"]);
    for (const status of ["active", "accepted", "cancelled", "failed", "under_activation"] as const) {
      expect(jobActions(job(status), "standard")).toEqual([]);
      expect(jobActions(job(status), "payment")).toEqual([]);
    }
  });

  it("labels active as accepted, and in the payment view as Process Completed and Processing Payment", () => {
    expect(jobStatusLabel("active", "standard")).toBe("Accepted");
    expect(jobStatusLabel("active", "payment")).toBe("Process Completed");
    expect(jobStatusLabel("under_activation", "payment")).toBe("Processing Payment");
    expect(jobStatusLabel("cancelled", "payment")).toBeNull();
  });

  it("shows the waiting position only while processing, and knows when a job is still moving", () => {
    expect(queueText({ status: "processing", celery_queue_index: 2, celery_queue_length: 5 })).toBe("2 of 5");
    expect(queueText({ status: "processing", celery_queue_index: 0, celery_queue_length: 1 })).toBe(
      "In progress",
    );
    expect(queueText({ status: "completed", celery_queue_index: 0, celery_queue_length: 0 })).toBe("");
    expect(anyJobMoving([{ status: "completed" }, { status: "under_activation" }])).toBe(true);
    expect(anyJobMoving([{ status: "completed" }])).toBe(false);
    expect(jobProgress({ status: "completed" })).toBe("finished");
    expect(jobProgress({ status: "cancelled" })).toBe("stopped");
  });

  it("following a job: pauses double after each failed look, a stopped job says why", () => {
    expect([0, 1, 2, 3].map(jobPollDelay)).toEqual([1500, 3000, 6000, 12000]);
    expect(jobPollDelay(0)).toBe(JOB_POLL_MS);
    expect(JOB_POLL_ATTEMPTS).toBeGreaterThan(1);
    expect(stoppedMessage({ status: "failed", message: "Expected header: name." })).toBe(
      "Expected header: name.",
    );
    expect(stoppedMessage({ status: "cancelled", message: null })).toBe("The upload is cancelled.");
  });

  it("a copy of a job counts only when it is further along than the one shown", () => {
    const moving = (progress: number) => ({ status: "processing" as const, progress });
    expect(isFurtherAlong(moving(2), moving(3))).toBe(true);
    expect(isFurtherAlong(moving(3), moving(3))).toBe(false);
    expect(isFurtherAlong(moving(3), moving(2))).toBe(false);
    expect(isFurtherAlong(moving(3), { status: "completed", progress: 0 })).toBe(true);
    expect(isFurtherAlong(moving(3), { status: "failed", progress: 0 })).toBe(true);
    // A job already finished never goes back to processing.
    expect(isFurtherAlong({ status: "completed", progress: 5 }, moving(9))).toBe(false);
  });

  it("decodes the job entity and rejects an unknown status", () => {
    expect(Exit.isSuccess(Schema.decodeUnknownExit(BulkUploadJob)(sampleJob))).toBe(true);
    expect(Exit.isSuccess(Schema.decodeUnknownExit(BulkUploadJob)({ ...sampleJob, status: "done" }))).toBe(
      false,
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(typeof Exit.isSuccess(Schema.decodeUnknownExit(BulkUploadJob)(value))).toBe("boolean");
      }),
    );
  });
});

describe("Back to list (spec 000 §2.2 table)", () => {
  const params = {
    path: "/dashboard/projects/view-list/acme-3p-payout/view/acme-3p-payout-cycle-1/cycle/plot-payout",
    organisationSlug: "acme-beverages",
    projectSlug: "acme-3p-payout",
    slug: "acme-3p-payout-cycle-1",
  };
  const org = "/dashboard/organization-users-roles/organization-view/acme-beverages";
  const sub = "/dashboard/projects/view-list/acme-3p-payout/view/acme-3p-payout-cycle-1";

  it("follows the table for every type", () => {
    expect(backTarget("regions", params)).toBe(`${org}/list-of-regions`);
    expect(backTarget("cities", params)).toBe("/dashboard/meta/cities-list");
    expect(backTarget("zones", params)).toBe(`${org}/list-of-zones`);
    expect(backTarget("territories", params)).toBe(`${org}/list-of-territories`);
    expect(backTarget("payout_plotting", params)).toBe(`${sub}/cycle`);
    expect(backTarget("cycle_init", { ...params, path: `${sub}/bulk-upload` })).toBe(sub);
    expect(backTarget("whatsapp_messaging", params)).toBe("/dashboard/message");
    for (const t of ["kyc_contact", "payout_data_ingested", "payout_payment_status"] as const)
      expect(backTarget(t, params)).toBe("/dashboard");
    expect(backTarget("questions", params)).toBe(`${sub}/question-management`);
    expect(backTarget("panels", params)).toBe(`${sub}/panel-management`);
    expect(backTarget("users", params)).toBe(`${org}/user-list`);
    expect(backTarget("bulk_kyc", params)).toBe(`${org}/user-list`);
  });

  it("makes organisation slugs from names", () => {
    expect(organisationSlug("Acme Beverages")).toBe("acme-beverages");
    expect(organisationSlug("  Retail Scan (internal) ")).toBe("retail-scan-internal");
  });

  it("gives every upload route a distinct catalogue pattern", () => {
    expect(new Set(UPLOAD_PATTERNS).size).toBe(UPLOAD_PATTERNS.length);
  });
});

describe("header check", () => {
  it("names missing, unknown and duplicate columns and the expected header", () => {
    const check = checkHeader(UPLOAD_TYPES.zones, ["Region_Name", "code", "name", " NAME "]);
    expect(check).toEqual({
      ok: false,
      missing: ["region"],
      unknown: ["region_name", "code"],
      duplicate: ["name"],
      message:
        "The header row does not match the template. Missing columns: region. Unknown columns: region_name, code. Duplicate columns: name. Expected header: name, region.",
    });
    expect(checkHeader(UPLOAD_TYPES.zones, [" Region", "NAME", ""])).toEqual({ ok: true });
  });

  it("never throws on any header", () => {
    fc.assert(
      fc.property(fc.array(anyText), (header) => {
        expect(typeof checkHeader(UPLOAD_TYPES.payout_data_ingested, header).ok).toBe("boolean");
      }),
    );
  });
});

describe("row validation", () => {
  it("reports every problem of a row, including values repeated in a unique column", () => {
    const validate = rowValidator(
      UPLOAD_TYPES.bulk_kyc,
      (kind, value) => kind === "outletId" && value === "7",
    );
    const good = {
      id: "7",
      pan_number: "ABCPK1234F",
      gst_number: "27ABCPK1234F1Z5",
      ifsc_code: "SBIN0001234",
      account_number: "123456789012",
      pin_code: "411001",
    };
    expect(validate(good)).toEqual([]);
    expect(
      validate({
        ...good,
        pan_number: "abcpk1234f",
        gst_number: "27ABCPK1234F1Z6",
        pin_code: "011001",
        account_number: "",
      }),
    ).toEqual([
      { field: "id", message: "Repeated in this file." },
      {
        field: "pan_number",
        message: "Not a valid PAN: five capital letters, four digits, one capital letter.",
      },
      { field: "gst_number", message: "GST number check character does not match." },
      { field: "account_number", message: "This field is required." },
      { field: "pin_code", message: "Not a valid pin code: 6 digits, not starting with 0." },
    ]);
    expect(
      problemsText([
        { field: "a", message: "x." },
        { field: "b", message: "y." },
      ]),
    ).toBe("a: x.; b: y.");
  });

  it("checks references both ways: must exist, must not exist yet", () => {
    const known: RefLookup = (kind, value) => kind === "username" && value === "admin";
    const validate = rowValidator(UPLOAD_TYPES.users, known);
    const row = { username: "admin", name: "A", email: "a@b.in", phone_number: "9876543210", role: "x" };
    expect(validate(row).map((p) => p.message)).toEqual([
      "A user name admin already exists.",
      "No role named x.",
    ]);
  });

  it("gives a list of problems for any row, never a throw", () => {
    const type = UPLOAD_TYPES.payout_data_ingested;
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...type.columns.map((c) => c.name)), anyText), (row) => {
        expect(Array.isArray(rowValidator(type, noRecords)(row))).toBe(true);
      }),
    );
    for (const type of Object.values(UPLOAD_TYPES))
      for (const column of type.columns)
        fc.assert(
          fc.property(anyText, (value) => {
            const problem = checkValue(column.rule, value, noRecords);
            expect(problem === null || typeof problem === "string").toBe(true);
          }),
          { numRuns: 30 },
        );
  });

  it("accepts every template's own sample row", () => {
    const everything: RefLookup = (_kind, _value) => true;
    for (const type of Object.values(UPLOAD_TYPES)) {
      const row = Object.fromEntries(type.columns.map((c) => [c.name, c.sample]));
      const fresh = type.columns.some((c) => c.rule.kind === "new") ? () => false : everything;
      const problems = rowValidator(type, (kind, value) =>
        type.columns.some((c) => c.rule.kind === "new" && c.rule.ref === kind)
          ? fresh(kind, value)
          : everything(kind, value),
      )(row);
      expect({ type: type.key, problems }).toEqual({ type: type.key, problems: [] });
    }
  });
});

describe("new validators", () => {
  it("dates, emails and UPI ids", () => {
    expect(isValidIsoDate("2028-02-29")).toBe(true);
    expect(isValidIsoDate("2026-02-29")).toBe(false);
    expect(isValidIsoDate("2026-04-31")).toBe(false);
    expect(isValidEmail("ravi.patil@example.in")).toBe(true);
    expect(isValidEmail("ravi@")).toBe(false);
    expect(isValidUpiId("ramesh.kumar@okicici")).toBe(true);
    expect(isValidUpiId("not-a-upi")).toBe(false);
    fc.assert(
      fc.property(anyText, (s) => {
        for (const rule of [isValidIsoDate, isValidEmail, isValidUpiId])
          expect(typeof rule(s)).toBe("boolean");
      }),
    );
  });
});

describe("amount in words (Indian numbering)", () => {
  it("uses thousand, lakh and crore", () => {
    expect(amountInWords(12_050_050)).toBe(
      "Rupees One Lakh Twenty Thousand Five Hundred and Fifty Paise Only",
    );
    expect(integerInWords(0)).toBe("Zero");
    expect(integerInWords(10_00_00_000)).toBe("Ten Crore");
    expect(integerInWords(12_34_56_789)).toBe(
      "Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine",
    );
    expect(integerInWords(1_000_00_00_000)).toBe("One Thousand Crore");
    expect(amountInWords(100)).toBe("Rupees One Only");
  });

  it("parses amounts to paise exactly", () => {
    expect(parseAmountToPaise("1,20,000.5")).toBe(12_000_050);
    expect(parseAmountToPaise("abc")).toBeNull();
    expect(parseAmountToPaise("1.234")).toBeNull();
  });

  it("gives words for any amount and nothing for what is not one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (paise) => {
        const words = amountInWords(paise);
        expect(words.startsWith("Rupees ")).toBe(true);
        expect(words.endsWith(" Only")).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.double(), (n) => {
        expect(typeof amountInWords(n)).toBe("string");
      }),
    );
    fc.assert(
      fc.property(anyText, (s) => {
        expect(parseAmountToPaise(s) ?? 0).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe("permissions, exports and downloads", () => {
  const user = (permissions: string[], kind: "internal" | "client" = "internal") => ({
    permissions,
    organisation: { kind },
  });

  it("lets each type's roles use it, and clients only the types meant for them", () => {
    expect(canUseUploadType(UPLOAD_TYPES.regions, user(["project-manager-dashboard-permission"]))).toBe(true);
    expect(canUseUploadType(UPLOAD_TYPES.regions, user(["qc-manager-dashboard-permission"]))).toBe(false);
    const clientManager = user(["client-manager-dashboard-permission"], "client");
    expect(canUseUploadType(UPLOAD_TYPES.kyc_contact, clientManager)).toBe(true);
    expect(
      canUseUploadType(UPLOAD_TYPES.regions, user(["project-manager-dashboard-permission"], "client")),
    ).toBe(false);
  });

  it("shows each active export's notice once", () => {
    const jobs = [
      { id: 1, status: "active", export_job_id: 9 },
      { id: 2, status: "completed", export_job_id: null },
      { id: 3, status: "active", export_job_id: 10 },
    ];
    expect(exportNoticesDue(jobs, new Set([3]))).toEqual([{ jobId: 1, exportJobId: 9 }]);
  });

  it("tells preparing, ready, expired and failed downloads apart", () => {
    const at = Date.parse("2026-11-23T10:00:00Z");
    expect(downloadState({ status: "processing", expires_at: null }, at)).toBe("preparing");
    expect(downloadState({ status: "completed", expires_at: "2026-11-24T10:00:00Z" }, at)).toBe("ready");
    expect(downloadState({ status: "completed", expires_at: "2026-11-22T10:00:00Z" }, at)).toBe("expired");
    expect(downloadState({ status: "failed", expires_at: null }, at)).toBe("failed");
  });
});
