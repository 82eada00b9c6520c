/**
 * Identity verification (spec 001 §4.3, §7, §8): which values have a verified state, the rule that
 * a change of such a value makes it not verified again, the checks the verification service runs,
 * and the exact texts the screens show. One rule, used by the Validate buttons, the verification
 * screens and every server write that can change a value.
 */
import { Schema } from "effect";
import { IdText } from "../api/fields";
import { AnswerId, IfscMasterChangeId, ProjectId, VerificationCheckId } from "../api/ids";
import { resultsOf } from "../api/paginated";
import {
  isValidAccountNumber,
  isValidGst,
  isValidIfsc,
  isValidPan,
  isValidUpiId,
} from "../shared/validation";

/** §4.3: the two states every verifiable value has. */
export const VERIFIED = "verified";
export const NOT_VERIFIED_YET = "not_verified_yet";
export type VerificationStatus = typeof VERIFIED | typeof NOT_VERIFIED_YET;

/** The values with a verified state: IFSC, PAN, GST, account number and UPI (§4.3). */
export const VERIFIABLE = ["pan_number", "gst_number", "ifsc_code", "account_number", "upi_id"] as const;
export type Verifiable = (typeof VERIFIABLE)[number];

/** A value as it is compared: trimmed, and PAN, GST, IFSC and UPI in upper case (they are shown so, §5.2). */
export const normalisedValue = (value: string | null | undefined): string =>
  (value ?? "").trim().toUpperCase();

/** Whether a write from `before` to `after` changes the value (an equal value written again does not). */
export const valueChanged = (before: string | null | undefined, after: string | null | undefined): boolean =>
  normalisedValue(before) !== normalisedValue(after);

/**
 * §4.3, the one rule: every verifiable value a write changes goes back to not_verified_yet. Only the
 * values the write names are compared; the answer is the list whose status the write resets.
 */
export function verificationResets(
  before: Partial<Record<Verifiable, string | null>>,
  after: Partial<Record<Verifiable, string | null>>,
): Verifiable[] {
  return VERIFIABLE.filter((f) => Object.hasOwn(after, f) && valueChanged(before[f], after[f]));
}

/** The question type whose answer holds each verifiable value (UPI ids are answered as text). */
export const VERIFIABLE_OF_TYPE: Readonly<Record<string, Verifiable>> = {
  pan_number: "pan_number",
  gst_number: "gst_number",
  ifsc_code: "ifsc_code",
  account_number: "account_number",
};

/** The check an answer's Validate runs, by question type (001 §2.2). */
export const CHECK_OF_TYPE: Readonly<Record<string, CheckKind>> = {
  ifsc_code: "ifsc",
  pan_number: "pan",
  gst_number: "gst",
  account_number: "bank_account",
};

export type AnswerVerification = { verified: boolean; verified_secondary: boolean };

/**
 * §4.3 for one answer: editing its value clears verified; the secondary IFSC under an account
 * number has its own flag, verified_secondary, cleared when that IFSC changes.
 */
export function answerVerificationAfterEdit(
  type: string,
  before: { single_input: string | null; other_ifsc_code: string | null } & AnswerVerification,
  after: { single_input: string | null; other_ifsc_code: string | null },
): AnswerVerification {
  const verifiable = Object.hasOwn(VERIFIABLE_OF_TYPE, type);
  return {
    verified: before.verified && !(verifiable && valueChanged(before.single_input, after.single_input)),
    verified_secondary:
      before.verified_secondary && !valueChanged(before.other_ifsc_code, after.other_ifsc_code),
  };
}

/** The checks the verification service runs (§7). */
export const CHECK_KINDS = ["ifsc", "pan", "gst", "gst_duplicate", "bank_account", "upi"] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/** What each check verifies, for the screens and the record. */
export const CHECK_LABELS: Readonly<Record<CheckKind, string>> = {
  ifsc: "IFSC",
  pan: "PAN",
  gst: "GST",
  gst_duplicate: "GST duplicate check",
  bank_account: "Bank account",
  upi: "UPI",
};

/** A check's outcome as recorded: verified, failed (the provider said no), or error (no answer). */
export const CHECK_STATUSES = ["verified", "failed", "error"] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** §8, word for word (the account's "Sucessfully" and the UPI variant's stray '1' included). */
export const VERIFICATION_MSG = {
  gstSuccess: "GST number validated successfully.",
  gstFailure: "Invalid GST format. The given GST number is not in the proper format.",
  panSuccess: "PAN number validated successfully.",
  panFailure: "Invalid PAN number. The given PAN number is not in the proper format or invalid.",
  questionSuccess: "Validated Successfully !!",
  upiSuccess: "Validated Successfully !!1",
  questionFailure: "Validation Failed !!",
  accountSuccess: "Validated Sucessfully !!",
  /** The server's own answers, named so the screens and tests share them. */
  noProvider: "No KYC provider is configured",
  providerTimeout: "The verification provider did not answer in time. Nothing was changed; try again.",
  providerUnavailable: "The verification provider is not answering. Nothing was changed; try again later.",
  rateLimited: "Too many verifications in a short time. Wait a minute and try again.",
  unknownIfsc: "This IFSC code is not an issued IFSC code.",
  notInMaster: "This IFSC code is issued, but its bank and branch are not in the IFSC master.",
  accountNotFound: "The bank did not find an account with this number at this IFSC.",
  nameMismatch: "The account holder's name at the bank does not match the name on record.",
  upiNotFound: "No UPI account answers to this UPI id.",
  panNotFound: "The income tax records hold no PAN with this number.",
  gstNotFound: "The GST records hold no registration with this number.",
  answerChanged: "The answer changed since it was read. Reload it and validate again.",
  notThisAnswer: "This answer does not hold a value this check verifies.",
} as const;

/** One answer's Validate (the fieldVerification machine's check). */
export type VerifyInput = {
  kind: CheckKind;
  input: string;
  answer: number;
  secondary: boolean;
  /** The account's linked IFSC, for the bank account check. */
  ifsc: string | null;
};
export type VerifyOutcome =
  | { ok: true; message: string; names: Readonly<Record<string, string>> }
  | { ok: false; message: string };

/** Checks one user may run in a minute (provider calls cost money; a script must not loop on them). */
export const VERIFICATIONS_PER_MINUTE = 15;

/** The format each check's input must have before any provider is asked. */
export function inputFormatOk(kind: CheckKind, input: string): boolean {
  const v = normalisedValue(input);
  switch (kind) {
    case "ifsc":
      return isValidIfsc(v);
    case "pan":
      return isValidPan(v);
    case "gst":
    case "gst_duplicate":
      return isValidGst(v);
    case "bank_account":
      return isValidAccountNumber(input.trim());
    case "upi":
      return isValidUpiId(input.trim());
  }
}

/**
 * An input as it may be written to a log or the checks record: enough to recognise it, never the
 * whole value (the last four characters, or the UPI id's handle).
 */
export function maskedInput(kind: CheckKind, input: string): string {
  const v = input.trim();
  if (kind === "upi") {
    const at = v.indexOf("@");
    return at < 0
      ? "*".repeat(v.length)
      : `${"*".repeat(Math.max(at - 2, 0))}${v.slice(Math.max(at - 2, 0))}`;
  }
  if (kind === "ifsc") return v.toUpperCase();
  const keep = Math.min(4, Math.floor(v.length / 2));
  return `${"*".repeat(v.length - keep)}${v.slice(v.length - keep)}`.toUpperCase();
}

/** A name match for the secure account check: the same words, in any order and case. */
export function namesMatch(a: string, b: string): boolean {
  const words = (s: string) =>
    s
      .toUpperCase()
      .replace(/[^A-Z ]/g, " ")
      .split(/\s+/)
      .filter(Boolean)
      .sort()
      .join(" ");
  return words(a) !== "" && words(a) === words(b);
}

const Text = Schema.NullOr(Schema.String);

/** One recorded check, as the verification screens list it. */
export const VerificationCheck = Schema.Struct({
  id: VerificationCheckId,
  kind: Schema.Literals(CHECK_KINDS),
  masked_input: Schema.String,
  outlet_rsid: Text,
  answer_id: Schema.NullOr(AnswerId),
  status: Schema.Literals(CHECK_STATUSES),
  result: Schema.Record(Schema.String, Schema.Unknown),
  provider: Schema.String,
  provider_reference: Text,
  checked_by: Schema.String,
  created: Schema.String,
  error: Text,
});
export type VerificationCheck = typeof VerificationCheck.Type;

/** A check made from an answer's Validate button names the answer; the screens' checks name none. */
const ForAnswer = { answer: Schema.optionalKey(Schema.NullOr(Schema.Number.check(Schema.isInt()))) };
const Input = (max: number) => Schema.String.check(Schema.isMaxLength(max));

/** IFSC lookup (§7: → branch, bank); `secondary` checks the IFSC linked to an account number answer. */
export const IfscCheckBody = Schema.Struct({
  ifsc_code: Input(11),
  secondary: Schema.optionalKey(Schema.Boolean),
  ...ForAnswer,
});
export const IfscCheckAnswer = Schema.Struct({
  ifsc_code: Schema.String,
  bank: Schema.String,
  branch: Schema.String,
  issued: Schema.Boolean,
  detail: Schema.String,
});

/** Verify GST or PAN (§7: input_type and input → tradeNam, lgnm, dty for GST; name for PAN). */
export const PanGstCheckBody = Schema.Struct({
  input_type: Schema.Literals(["gst", "pan"]),
  input: Input(15),
  ...ForAnswer,
});
export const PanGstCheckAnswer = Schema.Struct({
  detail: Schema.String,
  name: Schema.optionalKey(Schema.String),
  tradeNam: Schema.optionalKey(Schema.String),
  lgnm: Schema.optionalKey(Schema.String),
  dty: Schema.optionalKey(Schema.String),
});

/** GST duplicate check by project (§7: → is_gst_legal_name_found, is_gst_trade_name_found). */
export const GstDuplicateQuery = Schema.Struct({
  gst_number: Input(15),
  project_id: IdText(ProjectId),
  outlet: Schema.optionalKey(Input(40)),
});
export const GstDuplicateAnswer = Schema.Struct({
  is_gst_legal_name_found: Schema.Boolean,
  is_gst_trade_name_found: Schema.Boolean,
  outlets: Schema.Array(Schema.String),
});

/** UPI verify (§7: upi_id, other_upi_account_name → is_success, name). */
export const UpiCheckBody = Schema.Struct({
  upi_id: Input(100),
  other_upi_account_name: Schema.optionalKey(Schema.NullOr(Input(200))),
  ...ForAnswer,
});
export const UpiCheckAnswer = Schema.Struct({
  is_success: Schema.Boolean,
  name: Schema.String,
  detail: Schema.String,
});

/**
 * Bank account verify, a penny-drop (§7: phone_number, to_account_number, to_account_ifsc_code →
 * other_account_holder_name). The secure variant also names the holder it expects and passes only
 * when the bank's name matches it.
 */
export const AccountCheckBody = Schema.Struct({
  phone_number: Schema.optionalKey(Schema.NullOr(Input(13))),
  to_account_number: Input(18),
  to_account_ifsc_code: Input(11),
  expected_name: Schema.optionalKey(Schema.NullOr(Input(200))),
  ...ForAnswer,
});
export const AccountCheckAnswer = Schema.Struct({
  other_account_holder_name: Schema.String,
  name_match: Schema.NullOr(Schema.Boolean),
  detail: Schema.String,
});

/** A check asked from a verification screen, as its endpoint's body (it names no answer). */
export type ScreenCheck =
  | { check: "panGst"; body: typeof PanGstCheckBody.Type }
  | { check: "bankAccount"; body: typeof AccountCheckBody.Type };

/** Whether every field the check needs is filled (the secure account check names the holder). */
export function screenCheckFilled(request: ScreenCheck): boolean {
  if (request.check === "panGst") return request.body.input.trim() !== "";
  const { to_account_number, to_account_ifsc_code, expected_name } = request.body;
  return (
    to_account_number.trim() !== "" && to_account_ifsc_code.trim() !== "" && expected_name?.trim() !== ""
  );
}

/**
 * §8: the text of a check whose input is not in its format, or null. The screens show it before
 * sending; the server refuses with it.
 */
export function formatFailure(request: ScreenCheck): string | null {
  if (request.check === "panGst") {
    const { input_type, input } = request.body;
    if (inputFormatOk(input_type, input)) return null;
    return input_type === "pan" ? VERIFICATION_MSG.panFailure : VERIFICATION_MSG.gstFailure;
  }
  const { to_account_number, to_account_ifsc_code } = request.body;
  return inputFormatOk("bank_account", to_account_number) && inputFormatOk("ifsc", to_account_ifsc_code)
    ? null
    : VERIFICATION_MSG.questionFailure;
}

/**
 * What a screen's check came to: verified, with the names found; not verified (the check was made
 * and said no, with its §8 text); or failed (no answer: the server's named error, such as a
 * timeout or the rate limit).
 */
export type ScreenCheckOutcome =
  | { type: "verified"; message: string; names: Readonly<Record<string, string>> }
  | { type: "notVerified"; message: string }
  | { type: "failed"; message: string };

/** A check that could not be made and whose failure the server did not name. */
export const CHECK_NOT_MADE = "The check could not be made. Try again.";

export const ChecksQuery = Schema.Struct({
  kind: Schema.optionalKey(Schema.Literals(CHECK_KINDS)),
  status: Schema.optionalKey(Schema.Literals(CHECK_STATUSES)),
  search: Schema.optionalKey(Input(100)),
});
export const ChecksAnswer = resultsOf(VerificationCheck);

/** One row of the IFSC master (`bank_codes`) with its changes, newest first. */
export const IfscMasterRow = Schema.Struct({
  ifsc_code: Schema.String,
  bank_code: Schema.String,
  bank: Schema.String,
  branch: Schema.String,
});
export const IfscMasterChange = Schema.Struct({
  id: IfscMasterChangeId,
  ifsc_code: Schema.String,
  before: Schema.NullOr(IfscMasterRow),
  after: IfscMasterRow,
  reason: Schema.String,
  changed_by: Schema.String,
  created: Schema.String,
});
export const IfscMasterAnswer = Schema.Struct({
  row: Schema.NullOr(IfscMasterRow),
  issued: Schema.Boolean,
  changes: Schema.Array(IfscMasterChange),
});
export const IfscMasterBody = Schema.Struct({
  bank: Input(200).check(Schema.isMinLength(1)),
  branch: Input(200).check(Schema.isMinLength(1)),
  reason: Input(500).check(Schema.isMinLength(1)),
});
export const IfscChangesAnswer = resultsOf(IfscMasterChange);

export type IfscMasterAnswer = typeof IfscMasterAnswer.Type;

/**
 * A master row's change may be sent once bank, branch and the reason are given and the bank or
 * branch differs from what the master holds (a code it does not hold is always a change).
 */
export function ifscChangeReady(
  row: { bank: string; branch: string } | null,
  change: { bank: string; branch: string; reason: string },
): boolean {
  const bank = change.bank.trim();
  const branch = change.branch.trim();
  const unchanged = row !== null && bank === row.bank && branch === row.branch;
  return bank !== "" && branch !== "" && change.reason.trim() !== "" && !unchanged;
}

/** The notice after a master row was saved. */
export const ifscMasterSaved = (code: string, row: { bank: string; branch: string } | null): string =>
  `IFSC ${code} saved: ${row?.bank}, ${row?.branch}.`;
export const IFSC_MASTER_NOT_SAVED = "The change could not be saved. Try again.";
