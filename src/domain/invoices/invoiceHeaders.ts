/**
 * The rules of an invoice's headers in the Collected Bills group (spec 001 §2.2, §4.2, §4.8, §5.3,
 * §7, §8, §9; 002 §8): every header message of §5.3 word for word and both format patterns, the
 * check of a header Save (every message at once, as the answers' check does), show-logic, the reset
 * of a GST or PAN header's verification on change, the tab colours, the Edit Invoice Header dialog
 * and the column spans. Screen, machines and server ask these alike.
 */

import { INVOICE_HEADER_TYPES, SHOW_LOGIC_CONDITIONS } from "../admin/resources/catalogue";
import { QuestionGroupId } from "../api/ids";
import { isIsoDate } from "../shared/format";
import { choicesOf, type QuestionGroup } from "../survey/survey";
import { isTimeOfDay } from "./invoiceSetup";
import type { InvoiceHeaderAnswer } from "./invoices";

// --- §3 shapes (only what the rules read) ---

/** 001 §3 invoiceHeadersTypes; any other type is unknown and checked for nothing (§5.3). */
export const KNOWN_HEADER_TYPES = INVOICE_HEADER_TYPES;
export type InvoiceHeaderType = (typeof INVOICE_HEADER_TYPES)[number];
export { SHOW_LOGIC_CONDITIONS };

type Bound = number | null | undefined;
type Text = string | null | undefined;

/** 001 §3 invoiceHeaderValidation; every key may be absent. */
export type InvoiceHeaderValidations = {
  readonly min_length?: Bound;
  readonly max_length?: Bound;
  /** Date or time: the value must not be before this. */
  readonly greater_than?: Text;
  /** Date or time: the value must not be after this. */
  readonly lower_than?: Text;
  readonly lower_limit?: Bound;
  readonly upper_limit?: Bound;
  readonly allow_decimals?: boolean | null;
  readonly min_images_count?: Bound;
  readonly max_images_count?: Bound;
  /** Dropdown choices separated by semicolons. */
  readonly choices?: Text;
};

/** 001 §3 show_logic_config: shown when another header's current value is (or is not) the option. */
export type ShowLogicConfig = {
  readonly show_logic_invoice_header: number | null;
  readonly show_logic_invoice_condition: string | null;
  readonly show_logic_invoice_option: string | null;
};

/** A header as an invoice asks it (002 §3 simplifiedinvoiceheaderanswer, the definition part). */
export type InvoiceHeader = {
  /** The header definition's id; show-logic and answers refer to it. */
  readonly invoice_header: number;
  readonly invoice_header_name: string;
  readonly invoice_header_type: string;
  readonly is_mandatory: boolean;
  readonly validations: InvoiceHeaderValidations;
  readonly show_logic_config: ShowLogicConfig | null;
};

/** The value given to one header: its text, and for multiple_image the number of images. */
export type InvoiceHeaderInput = {
  readonly invoice_header: number;
  readonly single_input: string | null;
  readonly image_count?: number;
};

/** One message of a header Save, with the header it belongs to (shown inline and all together). */
export type InvoiceHeaderError = { readonly invoice_header: number; readonly message: string };

// --- §5.3 messages, word for word ---

export const headerCannotBeEmpty = (header: string) => `${header} cannot be empty.`;
export const headerTextLength = (header: string, min: number, max: number) =>
  `${header} must be between ${min} and ${max} characters.`;
export const headerWholeNumber = (header: string) => `${header} must be a whole number.`;
export const headerNumberRange = (header: string, lower: number, upper: number) =>
  `${header} must be between ${lower} and ${upper}.`;
export const headerIsMandatory = (header: string) => `${header} is mandatory.`;
export const headerImageCount = (header: string, min: number, max: number) =>
  `${header} must have between ${min} and ${max} images.`;
export const headerInvalidSelection = (header: string) =>
  `Invalid selection for ${header}. Please select a valid option.`;
export const INVALID_GST_NUMBER = "Invalid GST Number.";
export const INVALID_PAN_NUMBER = "Invalid PAN Number.";
/** §5.3 inline default: the text under a header input that is wrong without a message of its own. */
export const headerInlineDefault = (header: string) => `Please enter ${header}`;

// Where the spec gives no text (a number that is not one, a malformed date or time, a date out of
// range) the message follows §5.3's style.
export const headerNotANumber = (header: string) => `${header} must be a number.`;
export const headerInvalidDate = (header: string) => `${header} must be a valid date.`;
export const headerInvalidTime = (header: string) => `${header} must be a valid time.`;
export const headerMomentRange = (header: string, from: string, to: string) =>
  `${header} must be between ${from} and ${to}.`;
export const headerNotBefore = (header: string, from: string) => `${header} must not be before ${from}.`;
export const headerNotAfter = (header: string, to: string) => `${header} must not be after ${to}.`;

/** §7, §8: the update of an invoice result; the two spaces are the spec's. A failed save says nothing. */
export const INVOICE_HEADER_SAVED = "Invoice Header saved  Successfully.";
/** 002 §8: the Edit Invoice Header dialog's success. */
export const INVOICE_NUMBER_SAVED = "Invoice number and date saved successfully.";
/** Add Invoice (002 §7 invoice create; the spec shows no text for it). */
export const invoiceAddedMessage = (invoiceNo: string) => `Invoice ${invoiceNo} added.`;
export const INVOICE_NOT_ADDED = "The invoice could not be added. Try again.";

// --- §5.3 the two patterns ---

/** 2 digits, 5 letters, 4 digits, 1 letter, 1 non-zero letter or digit, the letter Z, 1 letter or digit. */
export const GST_NUMBER_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
/** 5 letters, 4 digits, 1 letter. */
export const PAN_NUMBER_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

// --- §5.3 the checks of a header Save ---

/** The text input's own limit (001 §5.2 default), standing in for a missing maximum length. */
export const HEADER_TEXT_LIMIT = 10_000;
/** The most images a multiple_image header takes (the header definition's own limit). */
export const HEADER_IMAGE_LIMIT = 3;

const given = (n: Bound): n is number => typeof n === "number" && Number.isFinite(n);
const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

/** A header's value as checked: trimmed text, or for multiple_image its image count. */
const isEmptyInput = (type: string, input: InvoiceHeaderInput | undefined) =>
  type === "multiple_image" ? (input?.image_count ?? 0) === 0 : (input?.single_input ?? "").trim() === "";

/** The two bounds of a date or time header, swapped when given the wrong way round (§5.3). */
export function momentBounds(v: InvoiceHeaderValidations): { from: string | null; to: string | null } {
  const from = v.greater_than?.trim() || null;
  const to = v.lower_than?.trim() || null;
  return from !== null && to !== null && from > to ? { from: to, to: from } : { from, to };
}

/** The messages of one header's value; empty when it passes or the header type is unknown. */
export function headerProblems(header: InvoiceHeader, input: InvoiceHeaderInput | undefined): string[] {
  const name = header.invoice_header_name;
  const type = header.invoice_header_type;
  const v = header.validations;
  if (!(KNOWN_HEADER_TYPES as readonly string[]).includes(type)) return [];
  if (isEmptyInput(type, input)) {
    if (!header.is_mandatory) return [];
    return [type === "number" ? headerIsMandatory(name) : headerCannotBeEmpty(name)];
  }
  const text = (input?.single_input ?? "").trim();
  switch (type as InvoiceHeaderType) {
    case "text": {
      const min = given(v.min_length) ? v.min_length : 0;
      const max = given(v.max_length) ? v.max_length : HEADER_TEXT_LIMIT;
      return text.length < min || text.length > max ? [headerTextLength(name, min, max)] : [];
    }
    case "number": {
      const n = Number(text);
      if (!DECIMAL.test(text) || !Number.isFinite(n)) return [headerNotANumber(name)];
      const problems: string[] = [];
      if (!v.allow_decimals && !Number.isInteger(n)) problems.push(headerWholeNumber(name));
      if (given(v.lower_limit) && given(v.upper_limit) && (n < v.lower_limit || n > v.upper_limit))
        problems.push(headerNumberRange(name, v.lower_limit, v.upper_limit));
      return problems;
    }
    case "date":
    case "time": {
      const valid = type === "date" ? isIsoDate(text) : isTimeOfDay(text);
      if (!valid) return [type === "date" ? headerInvalidDate(name) : headerInvalidTime(name)];
      const { from, to } = momentBounds(v);
      if (from !== null && to !== null)
        return text < from || text > to ? [headerMomentRange(name, from, to)] : [];
      if (from !== null && text < from) return [headerNotBefore(name, from)];
      if (to !== null && text > to) return [headerNotAfter(name, to)];
      return [];
    }
    case "multiple_image": {
      const count = input?.image_count ?? 0;
      const min = given(v.min_images_count) ? v.min_images_count : 0;
      const max = given(v.max_images_count) ? v.max_images_count : HEADER_IMAGE_LIMIT;
      return count < min || count > max ? [headerImageCount(name, min, max)] : [];
    }
    case "dropdown": {
      const choices = choicesOf({ choices: v.choices ?? null });
      return choices.length > 0 && !choices.includes(text) ? [headerInvalidSelection(name)] : [];
    }
    case "gst_number":
      return GST_NUMBER_PATTERN.test(text) ? [] : [INVALID_GST_NUMBER];
    case "pan_number":
      return PAN_NUMBER_PATTERN.test(text) ? [] : [INVALID_PAN_NUMBER];
  }
}

/** The current text of every header, by header id (what show-logic compares against). */
export const headerValues = (answers: readonly InvoiceHeaderInput[]): ReadonlyMap<number, string> =>
  new Map(answers.map((a) => [a.invoice_header, a.single_input ?? ""]));

/**
 * §4.8 show-logic: a header with a rule is shown only while the other header's current value is
 * (is_equal_to) or is not (is_not_equal_to) the option; a header without a complete rule is shown.
 */
export function isHeaderShown(
  header: Pick<InvoiceHeader, "show_logic_config">,
  values: ReadonlyMap<number, string>,
) {
  const rule = header.show_logic_config;
  if (rule === null || rule.show_logic_invoice_header === null) return true;
  const current = (values.get(rule.show_logic_invoice_header) ?? "").trim();
  const option = (rule.show_logic_invoice_option ?? "").trim();
  if (rule.show_logic_invoice_condition === "is_equal_to") return current === option;
  if (rule.show_logic_invoice_condition === "is_not_equal_to") return current !== option;
  return true;
}

/**
 * §5.3: every message of an invoice's header Save at once, in header order. A header hidden by its
 * show-logic is not asked, so it is not checked; empty non-mandatory values are skipped.
 */
export function invoiceHeaderErrors(
  headers: readonly InvoiceHeader[],
  answers: readonly InvoiceHeaderInput[],
): InvoiceHeaderError[] {
  const values = headerValues(answers);
  const byHeader = new Map(answers.map((a) => [a.invoice_header, a]));
  return headers
    .filter((h) => isHeaderShown(h, values))
    .flatMap((h) =>
      headerProblems(h, byHeader.get(h.invoice_header)).map((message) => ({
        invoice_header: h.invoice_header,
        message,
      })),
    );
}

// --- §4.8, §4.3 the reset rule of GST and PAN headers ---

/** The verification a GST or PAN header carries: its verified flag and the names a lookup found. */
export type HeaderVerification = {
  readonly verified: boolean;
  readonly gst_legal_name: string | null;
  readonly gst_trade_name: string | null;
  readonly gst_registration_status: string | null;
  readonly pan_holder_name: string | null;
};

export const isVerifiableHeader = (type: string): type is "gst_number" | "pan_number" =>
  type === "gst_number" || type === "pan_number";

export const UNVERIFIED: HeaderVerification = {
  verified: false,
  gst_legal_name: null,
  gst_trade_name: null,
  gst_registration_status: null,
  pan_holder_name: null,
};

/**
 * §4.8: a header's new value. Changing a GST or PAN header's value clears its verified flag and the
 * names derived from it; any other header, or the same value again, keeps what it had.
 */
export function withHeaderValue<T extends HeaderVerification & { single_input: string | null }>(
  answer: T,
  type: string,
  value: string,
): T {
  if (value === (answer.single_input ?? "")) return answer;
  return isVerifiableHeader(type)
    ? { ...answer, ...UNVERIFIED, single_input: value }
    : { ...answer, single_input: value };
}

/** A successful GST or PAN lookup (§7): the header is verified and carries the names found. */
export function withHeaderLookup<T extends HeaderVerification>(
  answer: T,
  type: string,
  names: Readonly<Record<string, string>>,
): T {
  const pick = (key: string) => names[key] ?? null;
  return type === "gst_number"
    ? {
        ...answer,
        verified: true,
        gst_legal_name: pick("gst_legal_name"),
        gst_trade_name: pick("gst_trade_name"),
        gst_registration_status: pick("gst_registration_status"),
      }
    : { ...answer, verified: true, pan_holder_name: pick("pan_holder_name") };
}

/**
 * §5.3, §7: the message a GST or PAN header's value gets before any lookup is asked (its pattern,
 * the screen's own check); null when the value has the format, or the header verifies nothing.
 */
export function headerLookupFormatError(type: string, value: string): string | null {
  const text = value.trim();
  if (type === "gst_number") return GST_NUMBER_PATTERN.test(text) ? null : INVALID_GST_NUMBER;
  if (type === "pan_number") return PAN_NUMBER_PATTERN.test(text) ? null : INVALID_PAN_NUMBER;
  return null;
}

/** The check a verifiable header's lookup asks of the verification service. */
export const lookupKindOf = (type: "gst_number" | "pan_number"): "gst" | "pan" =>
  type === "gst_number" ? "gst" : "pan";

// --- §2.2 tabs ---

export type TabColour = "green" | "blue" | "grey";

/**
 * §2.2: in the invoice view the active tab is blue, tabs up to the last saved index (inclusive) are
 * green, the rest grey. `lastSaved` is -1 while nothing is saved.
 */
export function invoiceTabColour(index: number, active: number, lastSaved: number): TabColour {
  if (index === active) return "blue";
  return index <= lastSaved ? "green" : "grey";
}

/** §9: tabs scroll in steps of 300 px. */
export const TAB_SCROLL_STEP = 300;

/** The tab strip's scroll offset after one step left or right, kept within 0 and the overflow. */
export function tabScrollAfter(offset: number, direction: "left" | "right", overflow: number): number {
  const next = offset + (direction === "right" ? TAB_SCROLL_STEP : -TAB_SCROLL_STEP);
  return Math.min(Math.max(next, 0), Math.max(overflow, 0));
}

// --- §4.8 the Edit Invoice Header dialog ---

export const INVOICE_NUMBER_LABEL = "Invoice Number";
export const INVOICE_DATE_LABEL = "Invoice Date";
export const invoiceDateTooLate = (max: string) => `${INVOICE_DATE_LABEL} cannot be after ${max}.`;

export type InvoiceNumberDate = { readonly invoice_no: string; readonly invoice_date: string };

/**
 * §4.8: Invoice Number is required; Invoice Date, when given, is a valid date no later than `maxDate`
 * (YYYY-MM-DD). Every message at once, by field.
 */
export function invoiceNumberDateErrors(
  value: InvoiceNumberDate,
  maxDate: string,
): Partial<Record<keyof InvoiceNumberDate, string>> {
  const errors: Partial<Record<keyof InvoiceNumberDate, string>> = {};
  if (value.invoice_no.trim() === "") errors.invoice_no = headerCannotBeEmpty(INVOICE_NUMBER_LABEL);
  const date = value.invoice_date.trim();
  if (date !== "" && !isIsoDate(date)) errors.invoice_date = headerInvalidDate(INVOICE_DATE_LABEL);
  else if (date > maxDate) errors.invoice_date = invoiceDateTooLate(maxDate);
  return errors;
}

// --- §9 layout ---

/** §9: a PAN header spans 2 columns, a GST header 3, any other 1. */
export function headerColumnSpan(type: string): 1 | 2 | 3 {
  if (type === "gst_number") return 3;
  if (type === "pan_number") return 2;
  return 1;
}

// --- §2.2 where the group appears ---

/** §2.2: the Collected Bills group's fixed id. */
export const COLLECTED_BILLS_GROUP_ID = QuestionGroupId.make(3866);
export const COLLECTED_BILLS_GROUP_NAME = "Collected Bills";
export const NEW_SKU_DATA_TAB = "New SKU Data";

/** §2.2: the group is added for projects of type mi with add_data_on_fly enabled. */
export const hasCollectedBills = (project: { type: string; add_data_on_fly: boolean }): boolean =>
  project.type === "mi" && project.add_data_on_fly;

/** §2.2: the Collected Bills group as the slider shows it: a group of its own, after the sub-project's. */
export const COLLECTED_BILLS_GROUP: QuestionGroup = {
  id: COLLECTED_BILLS_GROUP_ID,
  name: COLLECTED_BILLS_GROUP_NAME,
  slug: "collected-bills",
  type: "general",
  related_sku_products: [],
  image_only: false,
};
export const isCollectedBillsGroup = (group: { id: number }): boolean =>
  group.id === COLLECTED_BILLS_GROUP_ID;

/** The slider's groups: the sub-project's, then Collected Bills where the project has it (§2.2). */
export const groupsWithBills = (
  groups: readonly QuestionGroup[],
  collectedBills: boolean,
): QuestionGroup[] =>
  collectedBills ? [...groups.filter((g) => !isCollectedBillsGroup(g)), COLLECTED_BILLS_GROUP] : [...groups];

// --- an invoice's header answers as the review edits them ---

/** One header's answer: its value (and image count) with the verification a GST or PAN header carries. */
export type HeaderAnswer = InvoiceHeaderInput &
  HeaderVerification & {
    /** The answer's id on the server. */
    readonly id: number;
    readonly single_input: string | null;
  };

// --- what the review's calls carry (src/infra/api/collectedBills.ts answers the machines with these) ---

/** One invoice of the outlet, as its tab and header form read it. */
export type CollectedInvoice = {
  id: number;
  invoice_no: string;
  /** YYYY-MM-DD, or empty when the field app sent none. */
  invoice_date: string;
  version: number;
  /** The header answers were saved: the invoice is no longer pending (001 §3). */
  is_complete: boolean;
  headers: readonly InvoiceHeader[];
  answers: readonly HeaderAnswer[];
};

export type HeaderSaveRequest = { invoice: number; version: number; answers: readonly HeaderAnswer[] };
/** The server's answer: saved (with the new version), or refused (a pending request, a stale version). */
export type HeaderSaveOutcome = { type: "ok"; version: number } | { type: "refused"; message: string };

export type NumberDateRequest = {
  invoice: number;
  version: number;
  invoice_no: string;
  invoice_date: string;
};
/** The server's answer: saved (with the new version), or refused with its message. */
export type NumberDateOutcome = { type: "ok"; version: number } | { type: "failed"; message: string };

/**
 * §7 header lookup: one GST or PAN header's value, as shown, verified and recorded on the invoice
 * at the version read (the value becomes the header's saved value).
 */
export type HeaderLookupRequest = { invoice: number; version: number; header: number; value: string };
/**
 * The lookup's answer: verified (the service's message, the names found keyed as the invoice's
 * details, the invoice's new version), or not (the service's or the server's message; nothing changed).
 */
export type HeaderLookupOutcome =
  | { ok: true; message: string; version: number; names: Readonly<Record<string, string>> }
  | { ok: false; message: string };

/**
 * Add Invoice: the new invoice's number and date, and the tab it becomes (1 = the first). The
 * server adds it only at that place, so a second send of the same request adds nothing.
 */
export type InvoiceCreateRequest = {
  workflowObject: number;
  position: number;
  invoice_no: string;
  invoice_date: string;
};
/** The server's answer: the invoice added (or already added by the same request), or refused. */
export type InvoiceCreateOutcome =
  | { type: "ok"; invoice: CollectedInvoice }
  | { type: "failed"; message: string };

/** An invoice's headers as the header rules read them, from the contract's header answers. */
export const headersOfInvoice = (invoice: {
  simplifiedinvoiceheaderanswer: readonly InvoiceHeaderAnswer[];
}): InvoiceHeader[] =>
  invoice.simplifiedinvoiceheaderanswer.map((a) => ({
    invoice_header: a.invoice_header,
    invoice_header_name: a.invoice_header_name,
    invoice_header_type: a.invoice_header_type,
    is_mandatory: a.is_mandatory,
    validations: a.validations,
    show_logic_config: a.show_logic_config,
  }));

/** An invoice's header answers as the review edits them, from the contract's header answers. */
export const answersOfInvoice = (invoice: {
  simplifiedinvoiceheaderanswer: readonly InvoiceHeaderAnswer[];
}): HeaderAnswer[] =>
  invoice.simplifiedinvoiceheaderanswer.map((a) => ({
    id: a.invoice_header,
    invoice_header: a.invoice_header,
    single_input: a.single_input,
    image_count: a.images.length,
    verified: a.is_verified,
    ...a.details,
  }));
