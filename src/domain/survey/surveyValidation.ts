/**
 * The checks of Survey Details (spec 001 §5.1, §5.2; 002 §5 answer editing), one function each,
 * used by the group machine, the inputs and the server's re-validation alike. Messages are the
 * spec's, trailing spaces included; where the spec names none (a mandatory answer left empty, a
 * value that is not a number, a choice not offered) the message follows the spec's style.
 */
import { isIsoDate } from "../shared/format";
import { isTenDigitPhone, withoutCountryCode } from "../shared/phoneNumber";
import { isValidAccountNumber, isValidGst, isValidIfsc, isValidPan } from "../shared/validation";
import {
  type AnswerValue,
  choicesOf,
  isImageType,
  type QuestionType,
  VALUE_FIELDS,
  type Validations,
} from "./survey";

type Checked = { name: string; type: QuestionType; is_mandatory: boolean; validations: Validations };

// --- §5.2 input filters and limits ---

export const INPUT_LIMITS: Partial<Record<QuestionType, number>> = {
  phone_number: 13,
  phone_number_without_otp: 13,
  phone_number_with_otp: 13,
  pin_code: 6,
  ifsc_code: 11,
  gst_number: 15,
  pan_number: 10,
  account_number: 18,
};
export const DEFAULT_INPUT_LIMIT = 10_000;
export const maxLengthOf = (type: QuestionType): number => INPUT_LIMITS[type] ?? DEFAULT_INPUT_LIMIT;

const PHONE_TYPES: readonly QuestionType[] = [
  "phone_number",
  "phone_number_without_otp",
  "phone_number_with_otp",
];
export const isPhoneType = (type: QuestionType) => PHONE_TYPES.includes(type);

/**
 * What an input keeps of what was typed (§5.2): digits (and +) for phone and pin, letters and
 * digits for IFSC, GST and PAN (GST and PAN in upper case), digits for an account number, each cut
 * at its limit.
 */
export function filterInput(type: QuestionType, raw: string): string {
  let kept = raw;
  if (isPhoneType(type) || type === "pin_code") kept = raw.replace(/[^0-9+]/g, "");
  else if (type === "ifsc_code" || type === "gst_number" || type === "pan_number")
    kept = raw.replace(/[^A-Za-z0-9]/g, "");
  else if (type === "account_number") kept = raw.replace(/\D/g, "");
  if (type === "gst_number" || type === "pan_number") kept = kept.toUpperCase();
  return kept.slice(0, maxLengthOf(type));
}

/** A phone number as checked: spaces and the country code removed (§5.1, §9; `withoutCountryCode`). */
export const bareMobile = withoutCountryCode;
export { isTenDigitPhone };
/** §5.1: a pin code is exactly 6 digits. */
export const isSixDigitPin = (value: string): boolean => /^\d{6}$/.test(value);

// --- 002 §5: the date input of answer editing (bounds inclusive) ---

export const DATE_INVALID = "Please enter a valid date.";
export const DATE_IN_FUTURE = "Future dates are not allowed.";

/** The date input's own message, or null: valid, not after `today`, within the inclusive bounds. */
export function answerDateProblem(value: string, validations: Validations, today: string): string | null {
  if (value === "") return null;
  if (!isIsoDate(value)) return DATE_INVALID;
  if (value > today) return DATE_IN_FUTURE;
  if (validations.greater_than && value < validations.greater_than)
    return `Date should be after ${validations.greater_than}`;
  if (validations.lower_than && value > validations.lower_than)
    return `Date should be before ${validations.lower_than}`;
  return null;
}

// --- §5.1 the checks of a group's Save ---

const isEmpty = (question: Checked, value: AnswerValue) =>
  question.type === "location"
    ? value.latitude_input.trim() === "" && value.longitude_input.trim() === ""
    : question.type === "multiple_choice"
      ? value.multiple_answers_input.length === 0
      : value.single_input.trim() === "";

const bounded = (n: number | null | undefined): n is number => typeof n === "number" && Number.isFinite(n);

// The spec's format messages (001 §5.3); the IFSC's follows §5.1's style, the spec giving none.
export const PAN_FORMAT = "Invalid PAN Number.";
export const GST_FORMAT = "Invalid GST Number.";
export const ifscFormat = (name: string) =>
  `${name} must be four letters, a zero and six letters or digits! `;
export const notANumber = (name: string) => `${name} must be a number!`;
export const strayValue = (name: string, fields: readonly string[]) =>
  `${name} does not take ${fields.join(", ")}!`;

/** A number as the input takes it: digits with an optional sign and decimal point (no 0x10, no 1e3). */
const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

/** Which value fields each kind of question fills; any other must be empty. */
function fieldsTaken(type: QuestionType): readonly (keyof AnswerValue)[] {
  if (isImageType(type)) return [];
  if (type === "multiple_choice") return ["multiple_answers_input"];
  if (type === "location") return ["latitude_input", "longitude_input"];
  if (type === "account_number") return ["single_input", "other_phone_number", "other_ifsc_code"];
  return ["single_input"];
}
const filled = (value: AnswerValue, key: keyof AnswerValue) => {
  const v = value[key];
  return Array.isArray(v) ? v.length > 0 : String(v).trim() !== "";
};

/**
 * The messages of one answer against its question (§5.1, with the formats of §5.3 and 000 §5 for
 * PAN, GST and IFSC); empty when it passes. Screen and server ask it alike, so a value the screen
 * would never send (a list for a yes/no question, text for a photo) is refused too.
 */
export function answerProblems(question: Checked, value: AnswerValue): string[] {
  const { name, type, validations: v } = question;
  const taken = fieldsTaken(type);
  const stray = VALUE_FIELDS.filter((k) => !taken.includes(k) && filled(value, k));
  if (stray.length > 0) return [strayValue(name, stray)];
  if (isImageType(type)) return [];
  if (isEmpty(question, value)) return question.is_mandatory ? [`${name} is mandatory.`] : [];
  const text = value.single_input.trim();
  switch (type) {
    case "date": {
      if (!isIsoDate(text)) return [`${name}: ${DATE_INVALID}`];
      const problems: string[] = [];
      if (v.lower_than && text > v.lower_than) problems.push(`${name} must be before ${v.lower_than}!`);
      if (v.greater_than && text < v.greater_than) problems.push(`${name} must be after ${v.greater_than}!`);
      return problems;
    }
    case "text":
      return bounded(v.min_length) &&
        bounded(v.max_length) &&
        (text.length < v.min_length || text.length > v.max_length)
        ? [`${name} must have text between ${v.min_length} to ${v.max_length}!`]
        : [];
    case "number": {
      const n = Number(text);
      if (!DECIMAL.test(text) || !Number.isFinite(n)) return [notANumber(name)];
      if (!v.allow_decimals && !Number.isInteger(n)) return [`${name} must be a whole number!`];
      // Like the text rule, the range applies when both bounds are given.
      return bounded(v.lower_limit) && bounded(v.upper_limit) && (n < v.lower_limit || n > v.upper_limit)
        ? [`${name} must have number between ${v.lower_limit} to ${v.upper_limit}!`]
        : [];
    }
    case "pin_code":
      return isSixDigitPin(text) ? [] : ["Pincode must be exactly 6 digits! "];
    case "phone_number":
    case "phone_number_without_otp":
    case "phone_number_with_otp":
      return isTenDigitPhone(text) ? [] : [`${name} must be exactly 10 digits! `];
    case "account_number": {
      const problems = isValidAccountNumber(text) ? [] : [`${name} must be between 9 to 18 digits! `];
      const phone = value.other_phone_number.trim();
      if (phone !== "" && !/^\+91\d{10}$/.test(phone))
        problems.push("Phone Number must be exactly 13 digits with country code +91! ");
      const ifsc = value.other_ifsc_code.trim();
      if (ifsc !== "") problems.push(...ifscProblems("IFSC Code", ifsc));
      return problems;
    }
    case "ifsc_code":
      return ifscProblems(name, text);
    case "gst_number":
      return formatted(name, text, 15, isValidGst, GST_FORMAT);
    case "pan_number":
      return formatted(name, text, 10, isValidPan, PAN_FORMAT);
    case "yes_or_no":
    case "single_choice":
    case "dropdown":
      return oneOf(name, [text], choicesFor(question));
    case "multiple_choice":
      return oneOf(name, value.multiple_answers_input, choicesFor(question));
    case "location": {
      const lat = Number(value.latitude_input);
      const lng = Number(value.longitude_input);
      const ok =
        value.latitude_input.trim() !== "" &&
        value.longitude_input.trim() !== "" &&
        Math.abs(lat) <= 90 &&
        Math.abs(lng) <= 180;
      return ok ? [] : [`${name} must be a valid latitude and longitude!`];
    }
    default:
      return [];
  }
}

/** §5.1's length first, then the format. */
const formatted = (name: string, text: string, n: number, valid: (s: string) => boolean, message: string) =>
  text.length !== n ? [`${name} must be exactly ${n} characters! `] : valid(text) ? [] : [message];

/**
 * An IFSC (001 §5.1, 000 §5): "{name} must be exactly 11 characters! " when the length is wrong,
 * else what the pattern asks (four letters, a zero, six letters or digits). The survey's IFSC
 * question, an account number's linked IFSC and the outlet edit form all say it this way.
 */
export const ifscProblems = (name: string, text: string): string[] =>
  formatted(name, text, 11, isValidIfsc, ifscFormat(name));

/** A yes-or-no question without its own choices offers Yes and No. */
export const choicesFor = (question: Pick<Checked, "type" | "validations">): string[] => {
  const listed = choicesOf(question.validations);
  return listed.length === 0 && question.type === "yes_or_no" ? ["Yes", "No"] : listed;
};

function oneOf(name: string, picked: readonly string[], choices: readonly string[]): string[] {
  if (choices.length === 0) return [];
  return picked.every((p) => choices.includes(p)) ? [] : [`${name} must be one of ${choices.join(", ")}!`];
}

/** Every message of a group's Save, in question order, all together (§5.1). */
export function groupProblems(slots: readonly { question: Checked; value: AnswerValue }[]): string[] {
  return slots.flatMap((s) => answerProblems(s.question, s.value));
}
