import { Exit, Schema } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { downloadState } from "../../src/domain/downloads/downloads";
import { amountInWords, integerInWords, parseAmountToPaise } from "../../src/domain/payouts/amountInWords";
import { isIsoDate } from "../../src/domain/shared/format";
import { isValidEmail, isValidUpiId, UTR_FORMAT } from "../../src/domain/shared/validation";
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
} from "../../src/domain/uploads/bulkUpload";
import {
  CELL_MSG,
  parseUploadDate,
  readCell,
  type SheetCell,
  shownText,
  textCell,
} from "../../src/domain/uploads/uploadCells";
import { exportNoticesDue, UPLOAD_PATTERNS } from "../../src/domain/uploads/uploadRoutes";
import {
  CODE_SIGN_IN_ROLES,
  canUseUploadType,
  checkHeader,
  checkValue,
  mayGrantRole,
  problemsText,
  type RefLookup,
  rowValidator,
  UPLOAD_TYPES,
  type UploadContext,
} from "../../src/domain/uploads/uploadTypes";
import { sampleJob } from "../machines/fixtures/samples";

const anyText = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }));
const noRecords: RefLookup = () => [];
/** A context answering references with `refs`, no existing records, every role grantable. */
const withRefs = (refs: RefLookup, more: Partial<UploadContext> = {}): UploadContext => ({
  refs,
  recordExists: () => false,
  mayGrant: () => true,
  ...more,
});

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
    expect(backTarget("field_assign", params)).toBe(sub);
    expect(backTarget("users", params)).toBe(`${org}/user-list`);
    expect(backTarget("users_update", params)).toBe(`${org}/user-list`);
  });

  it("sends the uploads the table leaves to its default to the list they feed, not the user list", () => {
    expect(backTarget("skus", params)).toBe("/dashboard/organization-inovice-sku/sku-list");
    expect(backTarget("benchmarks", params)).toBe(`${sub}/logic-score/benchmarks`);
    expect(backTarget("bulk_kyc", params)).toBe(`${sub}/bulk-kyc`);
    expect(backTarget("kyc_images", { ...params, path: `${sub}/bulk-kyc/bulk-upload-images` })).toBe(
      `${sub}/bulk-kyc`,
    );
    // Bulk KYC itself, offering both KYC uploads, goes back to the hub.
    expect(backTarget("kyc_images", { ...params, path: `${sub}/bulk-kyc` })).toBe(sub);
    expect(backTarget("sku_questions", params)).toBe(`${sub}/question-management/sku-questions`);
    expect(backTarget("sub_project_skus", params)).toBe(`${sub}/assign-invoice-sku/invoice-sku-list`);
    // A platform page that is its own upload screen starts afresh.
    for (const [type, page] of [
      ["bank_code", "/dashboard/ifsc-verification"],
      ["icici_upi_account_payment_tracker", "/dashboard/upi-payments-verification"],
      ["unicorn_interface", "/dashboard/unicorn-image-fetch"],
    ] as const)
      expect(backTarget(type, { ...params, path: `${page}/` })).toBe(page);
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
      withRefs((kind, value) => (kind === "outletId" && value === "7" ? ["7"] : [])),
    );
    const good = {
      id: "7",
      pan_number: "ABCPK1234F",
      gst_number: "27ABCPK1234F1Z5",
      ifsc_code: "SBIN0001234",
      account_number: "123456789012",
      pin_code: "411001",
    };
    expect(validate(good, 2).problems).toEqual([]);
    expect(
      validate(
        {
          ...good,
          pan_number: "abcpk1234f",
          gst_number: "27ABCPK1234F1Z6",
          pin_code: "011001",
          account_number: "",
        },
        5,
      ).problems,
    ).toEqual([
      {
        field: "pan_number",
        message: "Not a valid PAN: five capital letters, four digits, one capital letter.",
      },
      { field: "gst_number", message: "GST number check character does not match." },
      { field: "account_number", message: "This field is required." },
      { field: "pin_code", message: "Not a valid pin code: 6 digits, not starting with 0." },
      { field: "id", message: "Repeated in this file: first in row 2." },
    ]);
    expect(
      problemsText([
        { field: "a", message: "x." },
        { field: "b", message: "y." },
      ]),
    ).toBe("a: x.; b: y.");
  });

  it("checks references both ways: must exist, must not exist yet", () => {
    const known: RefLookup = (kind, value) => (kind === "username" && value === "admin" ? ["admin"] : []);
    const validate = rowValidator(UPLOAD_TYPES.users, withRefs(known));
    const row = { username: "admin", name: "A", email: "a@b.in", phone_number: "9876543210", role: "x" };
    expect(validate(row, 2).problems.map((p) => p.message)).toEqual([
      "A user name admin already exists.",
      "No role named x.",
    ]);
  });

  it("takes a SKU question's group new or a SKU group, never one of the sub-project's general groups", () => {
    const known: RefLookup = (kind, value) =>
      kind === "generalQuestionGroup" && value.toLowerCase() === "shop details"
        ? ["Shop Details"]
        : kind === "catalogueSku"
          ? [value]
          : [];
    const validate = rowValidator(UPLOAD_TYPES.sku_questions, withRefs(known));
    const row = (group: string) => ({
      question_group: group,
      name: "Facings",
      type: "number",
      is_mandatory: "yes",
      sku_codes: "SKU-0001",
    });
    expect(validate(row("shop DETAILS"), 2).problems).toEqual([
      {
        field: "question_group",
        message: "Shop Details is already a general question group of this sub-project.",
      },
    ]);
    expect(validate(row("Shelf check"), 3).problems).toEqual([]);
  });

  it("gives a list of problems for any row, never a throw", () => {
    const type = UPLOAD_TYPES.payout_data_ingested;
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...type.columns.map((c) => c.name)), anyText), (row) => {
        expect(Array.isArray(rowValidator(type, withRefs(noRecords))(row, 2).problems)).toBe(true);
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

  it("reads a payment status UTR by the same rule as the Payment Successful modal", () => {
    const utr = UPLOAD_TYPES.payout_payment_status.columns.find((c) => c.name === "utr_number")!;
    expect(checkValue(utr.rule, "x", noRecords)).toBe(UTR_FORMAT);
    expect(checkValue(utr.rule, "123456789012", noRecords)).toBeNull();
    expect(checkValue(utr.rule, utr.sample, noRecords)).toBeNull();
  });

  it("refuses an outlet whose city is not in its state, or whose territory is not in its zone", () => {
    const known = new Set(["pune\u0000maharashtra", "pune central\u0000maharashtra"]);
    const validate = rowValidator(
      UPLOAD_TYPES.outlets,
      withRefs((kind, value) => (kind !== "anyOutlet" ? [value] : value === "RS000001" ? [value] : []), {
        recordExists: (_kind, key) => known.has(key),
      }),
    );
    const row = Object.fromEntries(UPLOAD_TYPES.outlets.columns.map((c) => [c.name, c.sample]));
    expect(validate({ ...row, rsid: "RS700001", city: " PUNE " }, 2).problems).toEqual([]);
    expect(
      validate({ ...row, rsid: "RS000001", city: "Pune", territory: "Nagpur Central" }, 3).problems,
    ).toEqual([
      { field: "rsid", message: "An outlet RSID RS000001 already exists." },
      { field: "territory", message: "No territory with this territory and zone." },
    ]);
  });

  it("accepts every template's own sample row", () => {
    const everything: RefLookup = (_kind, value) => [value];
    for (const type of Object.values(UPLOAD_TYPES)) {
      const row = Object.fromEntries(type.columns.map((c) => [c.name, c.sample]));
      const { problems } = rowValidator(
        type,
        withRefs(
          (kind, value) =>
            type.columns.some(
              (c) => (c.rule.kind === "new" || c.rule.kind === "notRef") && c.rule.ref === kind,
            )
              ? []
              : everything(kind, value),
          // The records its columns must name exist; those its key must not repeat do not.
          { recordExists: (kind) => (type.recordRefs ?? []).some((r) => r.record === kind) },
        ),
      )(row, 2);
      expect({ type: type.key, problems }).toEqual({ type: type.key, problems: [] });
    }
  });
});

describe("new validators", () => {
  it("dates, emails and UPI ids", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-04-31")).toBe(false);
    expect(isValidEmail("ravi.patil@example.in")).toBe(true);
    expect(isValidEmail("ravi@")).toBe(false);
    expect(isValidUpiId("ramesh.kumar@okicici")).toBe(true);
    expect(isValidUpiId("not-a-upi")).toBe(false);
    fc.assert(
      fc.property(anyText, (s) => {
        for (const rule of [isIsoDate, isValidEmail, isValidUpiId]) expect(typeof rule(s)).toBe("boolean");
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

describe("spreadsheet habits (issue: uploads accept spreadsheets as people really make them)", () => {
  const number = (value: number, format = "General"): SheetCell => ({ kind: "number", value, format });

  it("reads dates as date cells or typed in the common Indian forms, and refuses a bare number", () => {
    expect(readCell("date", { kind: "date", iso: "2026-11-23" })).toEqual({ value: "2026-11-23" });
    for (const typed of ["23/11/2026", "23-11-2026", "2026-11-23", " 23/11/2026 "])
      expect(readCell("date", textCell(typed))).toEqual({ value: "2026-11-23" });
    expect(readCell("date", textCell("3/1/2026"))).toEqual({ value: "2026-01-03" });
    expect(parseUploadDate("31/02/2026")).toBe("2026-02-31");
    expect(isIsoDate(parseUploadDate("31/02/2026"))).toBe(false);
    expect(readCell("date", number(46349))).toEqual({ problem: CELL_MSG.numberNotDate });
    // A month typed as 2026-11 becomes a date shown without its day: a text column reads the month.
    const month: SheetCell = { kind: "date", iso: "2026-11-01", monthOnly: true };
    expect(readCell("text", month)).toEqual({ value: "2026-11" });
    expect(readCell("date", month)).toEqual({ value: "2026-11-01" });
  });

  it("reads amounts with the rupee sign and thousands separators, and number cells within rounding noise", () => {
    for (const typed of ["₹1,50,000.50", "Rs. 150,000.50", "INR 150000.50", "150000.50"])
      expect(readCell("amount", textCell(typed))).toEqual({ value: "150000.50" });
    expect(readCell("amount", textCell("1,5,0"))).toEqual({ value: "1,5,0" });
    expect(readCell("amount", number(0.1 + 0.2))).toEqual({ value: "0.3" });
    expect(readCell("amount", number(1500))).toEqual({ value: "1500" });
    expect(readCell("amount", number(12.345))).toEqual({ value: "12.345" });
  });

  it("refuses numbers past 15 digits stored as numbers, keeps text and zero-padded formats whole", () => {
    expect(readCell("account", number(1234567890123456))).toEqual({ problem: CELL_MSG.lostDigits });
    expect(readCell("account", number(123456789012))).toEqual({ value: "123456789012" });
    expect(readCell("account", textCell("001234567890123456"))).toEqual({ value: "001234567890123456" });
    expect(readCell("pin", number(411001))).toEqual({ value: "411001" });
    expect(readCell("text", number(42, "000000"))).toEqual({ value: "000042" });
    expect(readCell("text", { kind: "error", shown: "#DIV/0!" })).toEqual({
      problem: "The cell shows the error #DIV/0!: correct its formula.",
    });
    expect(readCell("text", { kind: "formula", formula: "A1*2" })).toEqual({
      problem: CELL_MSG.formulaNoValue,
    });
  });

  it("matches references and listed values without case or outer spaces, storing the canonical spelling", () => {
    const states: RefLookup = (kind, value) => {
      const all = kind === "state" ? ["Karnataka", "Goa", "Delhi", "DELHI"] : [];
      return all.filter((s) => s.toLowerCase() === value.trim().toLowerCase());
    };
    const validate = rowValidator(UPLOAD_TYPES.cities, withRefs(states));
    expect(validate({ name: "Mysuru", state: " karnataka " }, 2)).toEqual({
      values: { name: "Mysuru", state: "Karnataka" },
      problems: [],
    });
    expect(validate({ name: "Noida", state: "delhi" }, 3).problems).toEqual([
      {
        field: "state",
        message: "delhi matches more than one state (Delhi, DELHI): write it exactly as one of them.",
      },
    ]);
    const questions = rowValidator(UPLOAD_TYPES.questions, withRefs(noRecords));
    expect(
      questions({ question_group: "G", name: "Q", type: "Yes_Or_No", is_mandatory: "YES" }, 2).values,
    ).toMatchObject({ type: "yes_or_no", is_mandatory: "yes" });
  });

  it("reports a record repeated in the file with the first row's number, and one that exists", () => {
    const states: RefLookup = (kind, value) => (kind === "state" && /^goa$/i.test(value) ? ["Goa"] : []);
    const validate = rowValidator(
      UPLOAD_TYPES.cities,
      withRefs(states, { recordExists: (kind, key) => kind === "city" && key === "panaji\u0000goa" }),
    );
    expect(validate({ name: "Margao", state: "Goa" }, 4).problems).toEqual([]);
    expect(validate({ name: "margao ", state: "goa" }, 9).problems).toEqual([
      { field: "name", message: "Repeated in this file with the same state: first in row 4." },
    ]);
    expect(validate({ name: "Panaji", state: "GOA" }, 10).problems).toEqual([
      { field: "name", message: "A city with this name and state already exists." },
    ]);
  });

  it("reads any cell under any rule into a value or a named problem, never a throw", () => {
    const anyCell: fc.Arbitrary<SheetCell> = fc.oneof(
      anyText.map((text) => textCell(text)),
      fc.record({
        kind: fc.constant("number" as const),
        value: fc.double(),
        format: fc.constantFrom("General", "0", "000000", "0.00"),
      }),
      fc.record({ kind: fc.constant("date" as const), iso: anyText, monthOnly: fc.boolean() }),
      fc.record({ kind: fc.constant("bool" as const), value: fc.boolean() }),
      fc.record({ kind: fc.constant("error" as const), shown: anyText }),
      fc.record({ kind: fc.constant("formula" as const), formula: anyText }),
    );
    const rules = [...new Set(Object.values(UPLOAD_TYPES).flatMap((t) => t.columns.map((c) => c.rule.kind)))];
    fc.assert(
      fc.property(fc.constantFrom(...rules), anyCell, (rule, cell) => {
        const read = readCell(rule, cell, ["yes", "no"]);
        expect("value" in read ? typeof read.value : typeof read.problem).toBe("string");
        expect(typeof shownText(cell)).toBe("string");
      }),
    );
  });

  it("lets a user grant only roles whose permissions are all their own", () => {
    const own = new Set(["a", "b"]);
    expect(mayGrantRole(own, { name: "r", permissions: ["a"] })).toBe(true);
    expect(mayGrantRole(own, { name: "r", permissions: ["a", "c"] })).toBe(false);
    expect(mayGrantRole(own, { name: "r", permissions: [] })).toBe(true);
    // Code sign-in accounts are made with their auditor or retailer record, never granted by upload.
    for (const name of CODE_SIGN_IN_ROLES) expect(mayGrantRole(own, { name, permissions: [] })).toBe(false);
    const validate = rowValidator(
      UPLOAD_TYPES.users,
      withRefs((kind, value) => (kind === "role" ? [value] : []), { mayGrant: (role) => role !== "admin" }),
    );
    const row = {
      username: "new.one",
      name: "N",
      email: "n@x.in",
      phone_number: "9876543210",
      role: "admin",
    };
    expect(validate(row, 2).problems).toEqual([
      { field: "role", message: "You may not grant the role admin: it holds permissions you do not have." },
    ]);
  });
});
