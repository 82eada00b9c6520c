// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QuestionId } from "../../src/domain/api/ids";
import { hasEditPermission } from "../../src/domain/outlets/outletReview";
import { decodeFields } from "../../src/domain/shared/schemaErrors";
import {
  type AnswerValue,
  CALLING_NOT_VERIFIED,
  callCheckOf,
  callingVerification,
  type GroupCallCheck,
  groupCallChecks,
  QUESTION_TYPES,
  type Question,
  type QuestionType,
  REASON_REQUIRED,
} from "../../src/domain/survey/survey";
import {
  AnswersUpdateBody,
  answersUpdateOf,
  NO_ANSWERS,
  TOO_MANY_ANSWERS,
  UNKNOWN_FIELD,
} from "../../src/domain/survey/surveyInput";
import {
  answerDateProblem,
  answerProblems,
  bareMobile,
  DATE_IN_FUTURE,
  DATE_INVALID,
  filterInput,
  GST_FORMAT,
  groupProblems,
  ifscFormat,
  maxLengthOf,
  notANumber,
  PAN_FORMAT,
  strayValue,
} from "../../src/domain/survey/surveyValidation";
import { sampleAnswer } from "../machines/fixtures/surveyGroups";

const empty: AnswerValue = {
  single_input: "",
  multiple_answers_input: [],
  latitude_input: "",
  longitude_input: "",
  other_phone_number: "",
  other_ifsc_code: "",
};
const v = (single_input: string, more: Partial<AnswerValue> = {}): AnswerValue => ({
  ...empty,
  single_input,
  ...more,
});
const q = (name: string, type: QuestionType, validations = {}, is_mandatory = false) => ({
  name,
  type,
  is_mandatory,
  validations,
});

describe("001 §5.1: the checks of a group's Save", () => {
  it("gives the spec's messages, trailing spaces included, all at once", () => {
    const problems = groupProblems([
      {
        question: q("Visit date", "date", { lower_than: "2026-06-30", greater_than: "2020-01-01" }),
        value: v("2027-01-01"),
      },
      { question: q("Shop name", "text", { min_length: 3, max_length: 10 }), value: v("ab") },
      { question: q("Footfall", "number", { lower_limit: 0, upper_limit: 100 }), value: v("101") },
      { question: q("Pin", "pin_code"), value: v("4110") },
      { question: q("Mobile", "phone_number_with_otp"), value: v("+91 98765") },
      {
        question: q("Account", "account_number"),
        value: v("12345678", { other_phone_number: "98765", other_ifsc_code: "ABC" }),
      },
      { question: q("IFSC", "ifsc_code"), value: v("HDFC000") },
      { question: q("GST", "gst_number"), value: v("27ABCDE") },
      { question: q("PAN", "pan_number"), value: v("ABCDE1234") },
    ]);
    expect(problems).toEqual([
      "Visit date must be before 2026-06-30!",
      "Shop name must have text between 3 to 10!",
      "Footfall must have number between 0 to 100!",
      "Pincode must be exactly 6 digits! ",
      "Mobile must be exactly 10 digits! ",
      "Account must be between 9 to 18 digits! ",
      "Phone Number must be exactly 13 digits with country code +91! ",
      "IFSC Code must be exactly 11 characters! ",
      "IFSC must be exactly 11 characters! ",
      "GST must be exactly 15 characters! ",
      "PAN must be exactly 10 characters! ",
    ]);
    expect(answerProblems(q("Visit date", "date", { greater_than: "2020-01-01" }), v("2019-12-31"))).toEqual([
      "Visit date must be after 2020-01-01!",
    ]);
  });

  it("checks the formats of PAN, GST, IFSC and numbers, and refuses values a question does not take", () => {
    const problems = (question: ReturnType<typeof q>, value: AnswerValue) => answerProblems(question, value);
    expect(problems(q("PAN", "pan_number"), v("12345ABCDE"))).toEqual([PAN_FORMAT]);
    expect(problems(q("PAN", "pan_number"), v("abcpe1234f"))).toEqual([PAN_FORMAT]);
    expect(problems(q("PAN", "pan_number"), v("ABCPE1234F"))).toEqual([]);
    expect(problems(q("GST", "gst_number"), v("27ABCPE1234F1Z0"))).toEqual([GST_FORMAT]);
    expect(problems(q("GST", "gst_number"), v("99ABCPE1234F1Z0"))).toEqual([GST_FORMAT]);
    expect(problems(q("GST", "gst_number"), v("27ABCPE1234F1ZB"))).toEqual([]);
    expect(problems(q("IFSC", "ifsc_code"), v("HDFC1001234"))).toEqual([ifscFormat("IFSC")]);
    expect(problems(q("IFSC", "ifsc_code"), v("HDFC0001234"))).toEqual([]);
    expect(
      problems(q("Account", "account_number"), v("123456789", { other_ifsc_code: "HDFC1001234" })),
    ).toEqual([ifscFormat("IFSC Code")]);
    for (const typed of ["0x10", "1e1", "Infinity", " 5 5"])
      expect(problems(q("N", "number"), v(typed)), typed).toEqual([notANumber("N")]);
    expect(problems(q("N", "number"), v("-2"))).toEqual([]);
    expect(problems(q("Open?", "yes_or_no"), v("Yes", { multiple_answers_input: ["Yes", "No"] }))).toEqual([
      strayValue("Open?", ["multiple_answers_input"]),
    ]);
    expect(problems(q("Photo", "single_image"), v("javascript:alert(1)"))).toEqual([
      strayValue("Photo", ["single_input"]),
    ]);
    expect(problems(q("Name", "text"), v("Shop", { latitude_input: "12" }))).toEqual([
      strayValue("Name", ["latitude_input"]),
    ]);
  });

  it("skips empty optional answers and names empty mandatory ones; images are not checked", () => {
    for (const type of QUESTION_TYPES) expect(answerProblems(q("X", type), empty)).toEqual([]);
    expect(answerProblems(q("Pin", "pin_code", {}, true), empty)).toEqual(["Pin is mandatory."]);
    expect(answerProblems(q("Photo", "single_image", {}, true), empty)).toEqual([]);
  });

  it("accepts every well-formed phone, with or without +91 and spaces", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[6-9]\d{9}$/), fc.boolean(), fc.boolean(), (digits, prefix, spaced) => {
        const typed = `${prefix ? "+91" : ""}${spaced ? `${digits.slice(0, 5)} ${digits.slice(5)}` : digits}`;
        expect(answerProblems(q("Mobile", "phone_number"), v(typed))).toEqual([]);
        expect(bareMobile(typed)).toBe(digits);
      }),
    );
  });

  it("accepts numbers in range and refuses those outside, decimals only when allowed", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        const problems = answerProblems(q("N", "number", { lower_limit: 0, upper_limit: 500 }), v(String(n)));
        expect(problems.length === 0).toBe(n >= 0 && n <= 500);
      }),
    );
    expect(answerProblems(q("N", "number", { allow_decimals: false }), v("2.5"))).toEqual([
      "N must be a whole number!",
    ]);
    expect(answerProblems(q("N", "number", { allow_decimals: true }), v("2.5"))).toEqual([]);
  });
});

describe("001 §5.2: input filters and limits", () => {
  it("keeps only what each type accepts, never beyond its limit, and is idempotent", () => {
    fc.assert(
      fc.property(fc.constantFrom(...QUESTION_TYPES), fc.string({ maxLength: 40 }), (type, raw) => {
        const kept = filterInput(type, raw);
        expect(kept.length).toBeLessThanOrEqual(maxLengthOf(type));
        expect(filterInput(type, kept)).toBe(kept);
        if (type === "pin_code" || type.startsWith("phone")) expect(kept).toMatch(/^[0-9+]*$/);
        if (type === "account_number") expect(kept).toMatch(/^\d*$/);
        if (type === "gst_number" || type === "pan_number") expect(kept).toMatch(/^[A-Z0-9]*$/);
      }),
    );
    expect(filterInput("phone_number", "+91 98765 43210")).toBe("+919876543210");
    expect(filterInput("pan_number", "abcde1234f")).toBe("ABCDE1234F");
    expect(maxLengthOf("text")).toBe(10_000);
  });
});

describe("002 §5: the date input of answer editing", () => {
  const today = "2026-11-23";
  it("refuses invalid and future dates and holds inclusive bounds", () => {
    expect(answerDateProblem("2026-02-30", {}, today)).toBe(DATE_INVALID);
    expect(answerDateProblem("2026-11-24", {}, today)).toBe(DATE_IN_FUTURE);
    const bounds = { greater_than: "2020-01-01", lower_than: "2025-12-31" };
    expect(answerDateProblem("2020-01-01", bounds, today)).toBeNull();
    expect(answerDateProblem("2025-12-31", bounds, today)).toBeNull();
    expect(answerDateProblem("2019-12-31", bounds, today)).toBe("Date should be after 2020-01-01");
    expect(answerDateProblem("2026-01-01", bounds, today)).toBe("Date should be before 2025-12-31");
  });
});

describe("001 §4.2, §6: edit permission", () => {
  const roles = [
    "qc-manager",
    "qc-executive",
    "project-manager",
    "calling-executive",
    "client-manager",
    "iftu-manager",
  ] as const;
  const states = [
    "qc_pending",
    "qc_accepted",
    "wip_client_accepted",
    "calling_accepted",
    "payment_successful",
  ];
  it("holds exactly the spec's three conditions and the update-action condition", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...roles),
        fc.constantFrom(...states),
        fc.boolean(),
        fc.boolean(),
        (role, state, changed, offered) => {
          const first =
            role === "qc-manager" ||
            role === "qc-executive" ||
            (role === "project-manager" && state === "qc_accepted") ||
            state === "wip_client_accepted" ||
            state === "calling_accepted";
          const second = role !== "qc-executive" || state === "qc_pending";
          const expected = first && second && !changed && (offered || role === "project-manager");
          expect(hasEditPermission(role, state, changed, offered)).toBe(expected);
        },
      ),
    );
  });
});

describe("001 §4.9: calling verification", () => {
  const question = (id: number, calling: boolean, answered = true): Question => ({
    id: QuestionId.make(id),
    name: `Q${id}`,
    type: "text",
    is_mandatory: false,
    validations: {},
    reference_images: [],
    is_calling_necessary: calling,
    related_answers: answered ? [sampleAnswer(id * 10, "x")] : [],
  });
  const questions = [question(1, true), question(2, false)];
  /** The rule as the screen asks it of the group it shows. */
  const onScreen = (qs: readonly Question[], checks: Parameters<typeof groupCallChecks>[1]) =>
    callingVerification(groupCallChecks(qs, checks));
  it("needs one calling-necessary question verified or remarked, and a reason for a remark", () => {
    expect(onScreen(questions, {})).toEqual({ ok: false, message: CALLING_NOT_VERIFIED });
    expect(onScreen([question(2, false)], {})).toEqual({ ok: true });
    // Verifying a question that is not calling-necessary does not count.
    expect(
      onScreen(questions, {
        "2": { has_called_and_verified: true, remarked: false, remarks: "" },
      }).ok,
    ).toBe(false);
    expect(
      onScreen(questions, {
        "1": { has_called_and_verified: true, remarked: false, remarks: "" },
      }),
    ).toEqual({ ok: true });
    expect(
      onScreen(questions, {
        "1": { has_called_and_verified: false, remarked: true, remarks: " " },
      }),
    ).toEqual({
      ok: false,
      message: "Give the Reason for the remark on Q1.",
    });
    expect(
      onScreen(questions, {
        "1": { has_called_and_verified: false, remarked: true, remarks: "Wrong number" },
      }).ok,
    ).toBe(true);
  });

  it("reads the group's answers only: an unanswered question has nothing to verify", () => {
    expect(onScreen([question(1, true, false), question(2, false)], {})).toEqual({ ok: true });
    expect(groupCallChecks([question(1, true, false), question(3, true)], {})).toEqual([
      { question: "Q3", is_calling_necessary: true, check: callCheckOf(sampleAnswer(30, "x")) },
    ]);
  });

  it("is the same rule over rows as the server loads them", () => {
    const row = (
      question: string,
      is_calling_necessary: boolean,
      check: Partial<GroupCallCheck["check"]>,
    ) => ({
      question,
      is_calling_necessary,
      check: { has_called_and_verified: false, remarked: false, remarks: "", ...check },
    });
    expect(callingVerification([])).toEqual({ ok: true });
    expect(callingVerification([row("Owner mobile", true, {}), row("PAN", true, {})])).toEqual({
      ok: false,
      message: CALLING_NOT_VERIFIED,
    });
    expect(
      callingVerification([
        row("Owner mobile", true, {}),
        row("PAN", true, { has_called_and_verified: true }),
      ]),
    ).toEqual({ ok: true });
    // A remark without its Reason is named even when another answer is verified.
    expect(
      callingVerification([
        row("Owner mobile", true, { remarked: true, remarks: "" }),
        row("PAN", true, { has_called_and_verified: true }),
      ]),
    ).toEqual({ ok: false, message: `${REASON_REQUIRED} Owner mobile.` });
    // Only calling-necessary answers count, for the reason as for the verification.
    expect(
      callingVerification([
        row("Shop name", false, { remarked: true, remarks: "" }),
        row("PAN", true, { remarked: true, remarks: "Switched off" }),
      ]),
    ).toEqual({ ok: true });
    // A stored remark is a remark: the check read back from an answer is what was saved.
    expect(callCheckOf({ has_called_and_verified: false, remarks: "Switched off" })).toEqual({
      has_called_and_verified: false,
      remarked: true,
      remarks: "Switched off",
    });
    expect(callCheckOf({ has_called_and_verified: true, remarks: null })).toEqual({
      has_called_and_verified: true,
      remarked: false,
      remarks: "",
    });
  });
});

describe("the answers update body", () => {
  const decode = (body: unknown) => decodeFields(AnswersUpdateBody, body, { nested: true });

  it("never throws on hostile input and names every problem", () => {
    fc.assert(
      fc.property(fc.object(), (body) => {
        const read = decode(body);
        if (!read.ok) expect(Object.keys(read.errors).length).toBeGreaterThan(0);
      }),
    );
    expect(
      decode({ object_type: "answers", data_to_update: { "5": { single_input: "a\u0000b", version: 0 } } }),
    ).toEqual({
      ok: false,
      errors: {
        "data_to_update.5.single_input": ["Null characters are not allowed."],
        "data_to_update.5.version": ["Give the version of the answer as it was read."],
      },
    });
  });

  it("refuses unknown fields, ids that are not ids and an empty or oversized save", () => {
    expect(
      decode({
        object_type: "answers",
        data_to_update: { x: { version: 1 }, "7": { version: 2, question: 3 } },
        data_to_create: [{ question: 0, workflow_object: 9 }],
      }),
    ).toEqual({
      ok: false,
      errors: {
        "data_to_update.x": ["Not an answer id."],
        "data_to_update.7.question": [UNKNOWN_FIELD],
        "data_to_create.0.question": ["Not a question id."],
      },
    });
    expect(decode({ object_type: "outlets" })).toEqual({
      ok: false,
      errors: { object_type: ['"outlets" is not a valid choice.'] },
    });
    expect(decode({ object_type: "answers", data_to_update: {} })).toEqual({
      ok: false,
      errors: { data_to_update: [NO_ANSWERS] },
    });
    const many = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [String(i + 1), { version: 1 }]));
    expect(decode({ object_type: "answers", data_to_update: many })).toEqual({
      ok: false,
      errors: { data_to_update: [TOO_MANY_ANSWERS] },
    });
  });

  it("gives the save its answers by id and the new ones, or null", () => {
    const read = decode({
      object_type: "answers",
      data_to_update: { "5": { single_input: "Shop", version: 3 } },
      data_to_create: [{ question: 4, workflow_object: 9, single_input: "x", version: 1 }],
    });
    expect(read.ok && answersUpdateOf(read.value)).toEqual({
      object_type: "answers",
      data_to_update: { "5": { single_input: "Shop", version: 3 } },
      data_to_create: [
        {
          question: 4,
          workflow_object: 9,
          single_input: "x",
          sku_product: null,
          multiple_answers_input: undefined,
        },
      ],
    });
  });
});
