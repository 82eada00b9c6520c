/**
 * Edit Outlet Information (spec 001 §2.5, §3 edit form submission, §5.5): the form's fields, the
 * checks on submit shared by the form and the server, and which retailer master request each
 * changed field goes to.
 */

import { Schema, SchemaTransformation } from "effect";
import { Text } from "../api/fields";
import { OutletImageId } from "../api/ids";
import { isIsoDate } from "../shared/format";
import {
  addFieldError,
  decodeRowId,
  type FieldErrors,
  NOT_A_STRING,
  notAChoice,
} from "../shared/requestInput";
import { isValidAccountNumber, isValidEmail, isValidGst, isValidPan } from "../shared/validation";
import { MAX_IMAGES_MESSAGE } from "../shared/widgets";
import { ifscProblems, isSixDigitPin, isTenDigitPhone } from "../survey/surveyValidation";
import type { RequestType } from "./retailerRequests";

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

/** The numbers the retailer's own pages show masked (their last four), in the edit form too. */
export const MASKED_FOR_RETAILER: readonly TextField[] = ["account_number", "pan_number", "gst_number"];

// The spec's lookup failure texts (001 §8) for GST and PAN, §5.1's for the others (the IFSC's is
// surveyValidation's ifscProblems).
export const PAN_INVALID = "Invalid PAN number. The given PAN number is not in the proper format or invalid.";
export const GST_INVALID = "Invalid GST format. The given GST number is not in the proper format.";
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
  if (v("ifsc_code") !== "")
    for (const problem of ifscProblems(FIELD_LABELS.ifsc_code, v("ifsc_code")))
      addFieldError(errors, "ifsc_code", problem);
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

/** An uploaded proof image: its id, sent with the edit, and where it is shown. */
export const UploadedProofImage = Schema.Struct({ id: OutletImageId, image: Schema.String });

export const GIVE_EDITED_FIELDS = "Give the edited fields as an object.";
export const NOT_A_FORM_FIELD = "Not a field of the outlet edit form.";
export const GIVE_IMAGE_IDS = "Give a list of image ids.";
const MAX_EDIT_TEXT = 1000;

const isFormField = (key: string) => (TEXT_FIELDS as readonly string[]).includes(key) || isProofKind(key);
/** The same schema under each of the keys. */
const each = <K extends string, S>(keys: readonly K[], schema: S) =>
  Object.fromEntries(keys.map((key) => [key, schema])) as Record<K, S>;

/** A text field as sent: a text, or left out or null for an empty one. */
const SentText = Schema.optionalKey(Schema.NullOr(Text(MAX_EDIT_TEXT)).annotate({ message: NOT_A_STRING }));
/** A proof list as sent: at most 3 image ids, or left out or null for none. */
const SentProofs = Schema.optionalKey(
  Schema.NullOr(Schema.Array(Schema.Unknown))
    .annotate({ message: GIVE_IMAGE_IDS })
    .check(
      Schema.makeFilter((ids: readonly unknown[] | null) => {
        if (ids === null) return true;
        if (ids.some((id) => decodeRowId(id) === null)) return GIVE_IMAGE_IDS;
        return ids.length <= MAX_PROOF_IMAGES || MAX_IMAGES_MESSAGE;
      }),
    ),
);

/** The edit form's fields as sent; any other key is named. */
const SentFields = Schema.StructWithRest(
  Schema.Struct({ ...each(TEXT_FIELDS, SentText), ...each(PROOF_KINDS, SentProofs) }),
  [
    Schema.Record(
      Schema.String.check(Schema.makeFilter((key: string) => !isFormField(key))),
      Schema.Unknown.check(Schema.makeFilter(() => NOT_A_FORM_FIELD)),
    ),
  ],
);

/** The edited fields, trimmed (PAN, GST and IFSC in capitals), each image once, checked as the form checks them. */
const EditedFields = Schema.Struct({
  ...each(TEXT_FIELDS, Schema.String),
  ...each(PROOF_KINDS, Schema.Array(Schema.Number)),
}).check(
  Schema.makeFilter((data: OutletEditData) =>
    Object.entries(editProblems(data)).flatMap(([field, lines]) =>
      lines.map((issue) => ({ path: [field], issue })),
    ),
  ),
);

const CAPITALS: readonly TextField[] = ["pan_number", "gst_number", "ifsc_code"];

function editedFields(sent: typeof SentFields.Type): OutletEditData {
  const data = {} as OutletEditData;
  for (const f of TEXT_FIELDS) {
    const text = (sent[f] ?? "").trim();
    data[f] = CAPITALS.includes(f) ? text.toUpperCase() : text;
  }
  for (const k of PROOF_KINDS) data[k] = [...new Set((sent[k] ?? []).map(Number))];
  return data;
}

/**
 * The PATCH body `{data: {...}}` (001 §7), read into the edited fields: every text field a string,
 * every proof list at most 3 ids, the form's own checks; each line said under its field's name, as
 * the form shows it.
 */
export const OutletEditBody = Schema.Struct({
  data: Schema.Record(Schema.String, Schema.Unknown)
    .annotate({ message: GIVE_EDITED_FIELDS })
    .annotateKey({ messageMissingKey: GIVE_EDITED_FIELDS }),
}).pipe(
  Schema.decodeTo(
    Schema.Record(Schema.String, Schema.Unknown),
    SchemaTransformation.transform<
      Readonly<Record<string, unknown>>,
      { readonly data: Readonly<Record<string, unknown>> }
    >({
      decode: ({ data }) => data,
      encode: (data) => ({ data }),
    }),
  ),
  Schema.decodeTo(SentFields, SchemaTransformation.passthrough({ strict: false })),
  Schema.decodeTo(
    EditedFields,
    SchemaTransformation.transform<OutletEditData, typeof SentFields.Type>({
      decode: editedFields,
      encode: (data) => data,
    }),
  ),
);
