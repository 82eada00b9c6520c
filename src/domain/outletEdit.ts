/**
 * Edit Outlet Information (spec 001 §2.5, §3 edit form submission, §5.5): the form's fields, the
 * checks on submit shared by the form and the server, and which retailer master request each
 * changed field goes to.
 */

import { isIsoDate } from "./format";
import { addFieldError, decodeRowId, decodeText, type FieldErrors, notAChoice } from "./requestInput";
import type { RequestType } from "./retailerRequests";
import { isSixDigitPin, isTenDigitPhone } from "./surveyValidation";
import { isValidAccountNumber, isValidEmail, isValidGst, isValidIfsc, isValidPan } from "./validation";
import { MAX_IMAGES_MESSAGE } from "./widgets";

export const UPDATE_REQUEST_SUBMITTED = "Update request submitted successfully!!";
/** The server's refusal, and the panel's words for those without edit permission. */
export const OUTLET_EDIT_NOT_ALLOWED = "You cannot edit this outlet in its present state.";
export const NOTHING_CHANGED = "Nothing was changed: edit a field or add a proof image.";
export const MAX_PROOF_IMAGES = 3;

export const TEXT_FIELDS = [
  "address",
  "pin_code",
  "email",
  "phone_number1",
  "phone_number2",
  "dob",
  "bank_account_type",
  "account_number",
  "account_holder_name",
  "bank",
  "ifsc_code",
  "gst_number",
  "pan_number",
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export const PROOF_KINDS = [
  "ownership_proof",
  "address_proof",
  "bank_related_photo_proofs",
  "gst_number_photo_proofs",
  "pan_number_photo_proofs",
] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];
export const isProofKind = (name: string): name is ProofKind =>
  (PROOF_KINDS as readonly string[]).includes(name);

export type EditValues = Record<TextField, string>;
export type EditImages = Record<ProofKind, readonly number[]>;
export type OutletEditData = EditValues & EditImages;

/** Which request each field and proof kind belongs to. */
export const REQUEST_OF: Readonly<Record<TextField | ProofKind, RequestType>> = {
  address: "store_details",
  pin_code: "store_details",
  email: "store_details",
  phone_number1: "store_details",
  phone_number2: "store_details",
  dob: "store_details",
  address_proof: "store_details",
  bank_account_type: "bank_details",
  account_number: "bank_details",
  account_holder_name: "bank_details",
  bank: "bank_details",
  ifsc_code: "bank_details",
  ownership_proof: "bank_details",
  bank_related_photo_proofs: "bank_details",
  gst_number: "tax_details",
  pan_number: "tax_details",
  gst_number_photo_proofs: "tax_details",
  pan_number_photo_proofs: "tax_details",
};

/** The bank account types offered, each saying whether it asks for an ownership proof (§2.5). */
export const BANK_ACCOUNT_TYPES = [
  { type: "savings", show_ownership_proof_image: false },
  { type: "current", show_ownership_proof_image: true },
] as const;
export const showsOwnershipProof = (accountType: string) =>
  BANK_ACCOUNT_TYPES.some((t) => t.type === accountType && t.show_ownership_proof_image);

export const FIELD_LABELS: Readonly<Record<TextField, string>> = {
  address: "Address",
  pin_code: "Pin Code",
  email: "Email",
  phone_number1: "Phone Number 1",
  phone_number2: "Phone Number 2",
  dob: "Date of Birth",
  bank_account_type: "Bank Account Type",
  account_number: "Account Number",
  account_holder_name: "Account Holder Name",
  bank: "Bank",
  ifsc_code: "IFSC Code",
  gst_number: "GST Number",
  pan_number: "PAN Number",
};
export const PROOF_LABELS: Readonly<Record<ProofKind, string>> = {
  ownership_proof: "Ownership Proof",
  address_proof: "Address Proof",
  bank_related_photo_proofs: "Bank Proof",
  gst_number_photo_proofs: "GST Certificate",
  pan_number_photo_proofs: "PAN Card",
};

/** §5.5: once edited, these fields take no further edits. */
export const LOCK_ONCE_EDITED: readonly TextField[] = ["pan_number", "gst_number", "account_number"];

// The spec's lookup failure texts (001 §8) for GST and PAN, §5.1's for the others.
export const PAN_INVALID = "Invalid PAN number. The given PAN number is not in the proper format or invalid.";
export const GST_INVALID = "Invalid GST format. The given GST number is not in the proper format.";
export const IFSC_INVALID = "IFSC Code must be exactly 11 characters! ";
export const ACCOUNT_INVALID = "Account Number must be between 9 to 18 digits! ";
export const PIN_INVALID = "Pincode must be exactly 6 digits! ";
export const phoneInvalid = (label: string) => `${label} must be exactly 10 digits! `;
export const EMAIL_INVALID = "Enter a valid email address.";
export const DOB_INVALID = "Please enter a valid date.";
export const mandatory = (label: string) => `${label} is mandatory.`;

/** Every problem of the form's values on submit, keyed by field (an empty optional field is fine). */
export function editProblems(values: EditValues): FieldErrors {
  const errors: FieldErrors = {};
  const v = (f: TextField) => values[f].trim();
  for (const f of ["address", "pin_code", "phone_number1"] as const)
    if (v(f) === "") addFieldError(errors, f, mandatory(FIELD_LABELS[f]));
  const check = (f: TextField, ok: (s: string) => boolean, message: string) => {
    if (v(f) !== "" && !ok(v(f))) addFieldError(errors, f, message);
  };
  check("pin_code", isSixDigitPin, PIN_INVALID);
  check("phone_number1", isTenDigitPhone, phoneInvalid(FIELD_LABELS.phone_number1));
  check("phone_number2", isTenDigitPhone, phoneInvalid(FIELD_LABELS.phone_number2));
  check("email", isValidEmail, EMAIL_INVALID);
  check("dob", isIsoDate, DOB_INVALID);
  check("pan_number", isValidPan, PAN_INVALID);
  check("gst_number", isValidGst, GST_INVALID);
  check("ifsc_code", isValidIfsc, IFSC_INVALID);
  check("account_number", isValidAccountNumber, ACCOUNT_INVALID);
  check(
    "bank_account_type",
    (s) => BANK_ACCOUNT_TYPES.some((t) => t.type === s),
    notAChoice(v("bank_account_type")),
  );
  return errors;
}

/** The request types a submission makes: those with a changed field or a proof image. */
export function changedTypes(current: EditValues, data: OutletEditData): RequestType[] {
  const types = new Set<RequestType>();
  for (const f of TEXT_FIELDS) if (data[f].trim() !== current[f].trim()) types.add(REQUEST_OF[f]);
  for (const k of PROOF_KINDS) if (data[k].length > 0) types.add(REQUEST_OF[k]);
  return [...types].sort();
}

/** The PATCH body `{data: {...}}`: every text field a string, every proof list at most 3 ids. */
export function readOutletEdit(
  body: Record<string, unknown>,
): { ok: true; data: OutletEditData } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const raw = body.data;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    addFieldError(errors, "data", "Give the edited fields as an object.");
    return { ok: false, errors };
  }
  const input = raw as Record<string, unknown>;
  const data = {} as OutletEditData;
  for (const key of Object.keys(input))
    if (!(TEXT_FIELDS as readonly string[]).includes(key) && !isProofKind(key))
      addFieldError(errors, key, "Not a field of the outlet edit form.");
  for (const f of TEXT_FIELDS) {
    const text = decodeText(input[f] ?? "", 1000);
    if (!text.ok) addFieldError(errors, f, text.error);
    else
      data[f] =
        f === "pan_number" || f === "gst_number" || f === "ifsc_code"
          ? text.value.trim().toUpperCase()
          : text.value.trim();
  }
  for (const k of PROOF_KINDS) {
    const list = input[k] ?? [];
    const ids = Array.isArray(list) ? list.map(decodeRowId) : [null];
    if (ids.includes(null)) addFieldError(errors, k, "Give a list of image ids.");
    else if (ids.length > MAX_PROOF_IMAGES) addFieldError(errors, k, MAX_IMAGES_MESSAGE);
    else data[k] = [...new Set(ids as number[])];
  }
  if (Object.keys(errors).length === 0) {
    const problems = editProblems(data);
    Object.assign(errors, problems);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, data };
}
