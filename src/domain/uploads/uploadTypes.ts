/**
 * The upload types (spec 000 §2.2, §5, §7.2): each with its template columns and the rule of each
 * column, who may use it, and where it lives. The server validates rows with `rowValidator`, the
 * client shows the same template; what confirming does is the server's (server/uploads/apply.ts).
 */

import { splitChoices } from "../shared/choices";
import { isIsoDate } from "../shared/format";
import {
  gstCheckDigit,
  isValidAccountNumber,
  isValidEmail,
  isValidIfsc,
  isValidIndianMobile,
  isValidPan,
  isValidPin,
  isValidUpiId,
  isValidUtr,
  UTR_FORMAT,
} from "../shared/validation";
import { readReferenceImages } from "../survey/referenceImages";
import { QUESTION_TYPES } from "../survey/survey";
import { KYC_IMAGE_TYPES } from "./kycImages";
import { type CellRuleKind, readCell, type SheetCell, textCell } from "./uploadCells";

/** Records a column may have to name (checked against the database by the server's lookup). */
export const REF_KINDS = [
  "region",
  "zone",
  "state",
  "role",
  "outlet",
  "outletId",
  "username",
  "organisationUser",
  "plottedPayout",
  /** An outlet of the upload's own sub-project, by RSID. */
  "subProjectOutlet",
  /** A field auditor of the sub-project's organisation or of the platform, by mobile number. */
  "fieldAuditor",
  /** Any outlet on the platform, by RSID: an RSID names one outlet everywhere. */
  "anyOutlet",
  /** A SKU of the organisation's catalogue, by its code. */
  "catalogueSku",
  /** A general (not SKU) question group of the upload's own sub-project, by name. */
  "generalQuestionGroup",
] as const;
export type RefKind = (typeof REF_KINDS)[number];

export type FieldRule =
  | { readonly kind: "text" }
  | { readonly kind: "pan" }
  | { readonly kind: "gst" }
  | { readonly kind: "ifsc" }
  | { readonly kind: "account" }
  | { readonly kind: "mobile" }
  | { readonly kind: "pin" }
  | { readonly kind: "date" }
  | { readonly kind: "amount" }
  | { readonly kind: "integer" }
  | { readonly kind: "email" }
  | { readonly kind: "upi" }
  | { readonly kind: "utr" }
  | { readonly kind: "bankCode" }
  | { readonly kind: "oneOf"; readonly values: readonly string[] }
  /** A question's reference images: image addresses separated by `;` or new lines (referenceImages.ts). */
  | { readonly kind: "imageAddresses" }
  /** Must name an existing record. */
  | { readonly kind: "ref"; readonly ref: RefKind }
  /** A `;`-separated list, each naming an existing record (the SKUs a question is asked for). */
  | { readonly kind: "refs"; readonly ref: RefKind }
  /** Must not name an existing record (a new user name). */
  | { readonly kind: "new"; readonly ref: RefKind }
  /** May be new or name another record, but not one of this kind (a SKU group is no general group). */
  | { readonly kind: "notRef"; readonly ref: RefKind };

export type TemplateColumn = {
  readonly name: string;
  readonly rule: FieldRule;
  readonly required: boolean;
  /** A value may appear only once in the file (compared without case). */
  readonly unique?: boolean;
  readonly sample: string;
};

/** Records whose existence is checked by several columns together (a city is its name in its state). */
export const RECORD_KINDS = ["city", "zone", "territory", "panelOutlet", "question"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/**
 * The columns that together identify one record of a type: no two rows of a file may name the same
 * record, and where `existing` is set a record that already exists is refused too.
 */
export type RecordKey = { readonly columns: readonly string[]; readonly existing?: RecordKind };

/** Columns that together must name a record that exists (an outlet's city is its name in its state). */
export type RecordRef = { readonly columns: readonly string[]; readonly record: RecordKind };

/** Where an upload belongs: an organisation's master data, or one sub-project's work. */
export type UploadScope = "organisation" | "subProject" | "platform";

/** Which screen shows the type: the History screen, the Excel variant, or the payment view. */
export type UploadVariant = "standard" | "excel" | "payment";

export type UploadTypeKey =
  | "regions"
  | "cities"
  | "zones"
  | "territories"
  | "users"
  | "users_update"
  | "outlets"
  | "questions"
  | "panels"
  | "field_assign"
  | "skus"
  | "sub_project_skus"
  | "sku_questions"
  | "benchmarks"
  | "cycle_init"
  | "payout_plotting"
  | "whatsapp_messaging"
  | "kyc_contact"
  | "payout_data_ingested"
  | "payout_payment_status"
  | "bulk_kyc"
  | "kyc_images"
  | "bank_code"
  | "icici_upi_account_payment_tracker"
  | "unicorn_interface";

export type UploadType = {
  readonly key: UploadTypeKey;
  readonly title: string;
  readonly scope: UploadScope;
  readonly variant: UploadVariant;
  readonly columns: readonly TemplateColumn[];
  /** Dashboard roles (without the -dashboard-permission suffix) that may upload and confirm. */
  readonly roles: readonly string[];
  /** Whether client organisations may use it for themselves. */
  readonly clients: boolean;
  /** What Confirm does, in the words the History screen shows. */
  readonly confirmEffect: string;
  /** Several columns that identify a record together (single unique columns say so themselves). */
  readonly recordKey?: RecordKey;
  /** Records that several columns together must name. */
  readonly recordRefs?: readonly RecordRef[];
  /**
   * The file uploaded: an Excel workbook (the default), or a zip of images whose rows the server
   * makes from its entries (one row per image, the columns read from the entry: kycImages.ts).
   */
  readonly file?: "excel" | "imageZip";
};

/**
 * The upload screen's heading: "Regions bulk upload", but a title that already says bulk ("Bulk
 * WhatsApp Message", "Bulk KYC") is not repeated as "... bulk upload".
 */
export const uploadHeading = (type: Pick<UploadType, "title">): string =>
  /\bbulk\b/i.test(type.title) ? type.title : `${type.title} bulk upload`;

const col = (name: string, rule: FieldRule, sample: string, more: Partial<TemplateColumn> = {}) =>
  ({ name, rule, sample, required: true, ...more }) satisfies TemplateColumn;
const optional = (name: string, rule: FieldRule, sample: string): TemplateColumn =>
  col(name, rule, sample, { required: false });
const text: FieldRule = { kind: "text" };
const ref = (r: RefKind): FieldRule => ({ kind: "ref", ref: r });
const refs = (r: RefKind): FieldRule => ({ kind: "refs", ref: r });
const IMAGE_ADDRESSES: FieldRule = { kind: "imageAddresses" };
/** The demo's reference images, which the product serves (docs/survey.md). */
const REFERENCE_IMAGES_SAMPLE =
  "/reference-images/shop-board-visible.svg;/reference-images/shop-board-hidden.svg";

/** Roles that keep an organisation's master data: its regions, zones, territories, users and SKUs, and the cities. */
const MASTER_DATA_ROLES = ["project-manager"];
const PROJECT = ["project-manager", "qc-manager"];
/** Those who run the field work assign its auditors, besides the project's managers. */
const FIELD_ASSIGN = ["project-manager", "field-manager", "field-coordinator"];
const PAYOUT = ["project-manager", "iftu-manager", "iftu-executive"];

export const UPLOAD_TYPES: Readonly<Record<UploadTypeKey, UploadType>> = {
  regions: {
    key: "regions",
    title: "Regions",
    scope: "organisation",
    variant: "standard",
    columns: [col("name", { kind: "new", ref: "region" }, "Central", { unique: true })],
    roles: MASTER_DATA_ROLES,
    clients: false,
    confirmEffect: "adds the regions to the organisation",
  },
  cities: {
    key: "cities",
    title: "Cities",
    scope: "platform",
    variant: "standard",
    columns: [col("name", text, "Nashik"), col("state", ref("state"), "Maharashtra")],
    recordKey: { columns: ["name", "state"], existing: "city" },
    roles: MASTER_DATA_ROLES,
    clients: false,
    confirmEffect: "adds the cities to their states",
  },
  zones: {
    key: "zones",
    title: "Zones",
    scope: "organisation",
    variant: "standard",
    columns: [col("name", text, "Vidarbha"), col("region", ref("region"), "West")],
    recordKey: { columns: ["name", "region"], existing: "zone" },
    roles: MASTER_DATA_ROLES,
    clients: false,
    confirmEffect: "adds the zones to the organisation's regions",
  },
  territories: {
    key: "territories",
    title: "Territories",
    scope: "organisation",
    variant: "standard",
    columns: [col("name", text, "Nagpur East"), col("zone", ref("zone"), "Maharashtra")],
    recordKey: { columns: ["name", "zone"], existing: "territory" },
    roles: MASTER_DATA_ROLES,
    clients: false,
    confirmEffect: "adds the territories to the organisation's zones",
  },
  users: {
    key: "users",
    title: "Users",
    scope: "organisation",
    variant: "standard",
    columns: [
      col("username", { kind: "new", ref: "username" }, "field.auditor7", { unique: true }),
      col("name", text, "Ravi Patil"),
      col("email", { kind: "email" }, "ravi.patil@example.in"),
      col("phone_number", { kind: "mobile" }, "9876543210"),
      col("role", ref("role"), "qc-executive"),
    ],
    roles: MASTER_DATA_ROLES,
    clients: false,
    confirmEffect: "creates the user accounts (each sets a password through Forgot password)",
  },
  // Updates the organisation's existing users at once; a blank cell keeps what is stored.
  users_update: {
    key: "users_update",
    title: "User bulk update",
    scope: "organisation",
    variant: "standard",
    columns: [
      col("username", ref("organisationUser"), "field.auditor7", { unique: true }),
      optional("name", text, "Ravi Patil"),
      optional("email", { kind: "email" }, "ravi.patil@example.in"),
      optional("phone_number", { kind: "mobile" }, "9876543210"),
      optional("role", ref("role"), "qc-executive"),
      optional("is_active", { kind: "oneOf", values: ["yes", "no"] }, "yes"),
    ],
    roles: MASTER_DATA_ROLES,
    clients: false,
    confirmEffect:
      "updates the user accounts: a filled cell replaces the stored value (a role replaces the user's roles), a blank one keeps it",
  },
  // A sub-project's outlets, made in the first state of its workflow (docs/uploads.md).
  outlets: {
    key: "outlets",
    title: "Outlets",
    scope: "subProject",
    variant: "standard",
    columns: [
      col("rsid", { kind: "new", ref: "anyOutlet" }, "RS700001", { unique: true }),
      col("outlet_name", text, "Sri Balaji Kirana"),
      col("owner_name", text, "Ramesh Kumar"),
      col("mobile", { kind: "mobile" }, "9876543210"),
      col("address", text, "12 Station Road, Shivaji Nagar"),
      col("pin_code", { kind: "pin" }, "411005"),
      col("city", text, "Pune"),
      col("state", ref("state"), "Maharashtra"),
      col("territory", text, "Pune Central"),
      col("zone", ref("zone"), "Maharashtra"),
    ],
    recordRefs: [
      { columns: ["city", "state"], record: "city" },
      { columns: ["territory", "zone"], record: "territory" },
    ],
    roles: PROJECT,
    clients: false,
    confirmEffect: "adds the outlets to the sub-project, in the first state of its workflow",
  },
  questions: {
    key: "questions",
    title: "Questions",
    scope: "subProject",
    variant: "standard",
    columns: [
      col("question_group", text, "Shop Details"),
      col("name", text, "Shop board visible?"),
      col("type", { kind: "oneOf", values: QUESTION_TYPES }, "yes_or_no"),
      col("is_mandatory", { kind: "oneOf", values: ["yes", "no"] }, "yes"),
      optional("is_calling_necessary", { kind: "oneOf", values: ["yes", "no"] }, "no"),
      optional("choices", text, "Yes;No"),
      optional("reference_images", IMAGE_ADDRESSES, REFERENCE_IMAGES_SAMPLE),
    ],
    recordKey: { columns: ["question_group", "name"], existing: "question" },
    roles: PROJECT,
    clients: false,
    confirmEffect: "adds the questions to the sub-project",
  },
  sku_questions: {
    key: "sku_questions",
    title: "SKU questions",
    scope: "subProject",
    variant: "standard",
    columns: [
      col("question_group", { kind: "notRef", ref: "generalQuestionGroup" }, "Shelf check"),
      col("name", text, "Facings on the shelf"),
      col("type", { kind: "oneOf", values: QUESTION_TYPES }, "number"),
      col("is_mandatory", { kind: "oneOf", values: ["yes", "no"] }, "yes"),
      col("sku_codes", refs("catalogueSku"), "SKU-0001;SKU-0002"),
      optional("choices", text, "Yes;No"),
      optional("reference_images", IMAGE_ADDRESSES, REFERENCE_IMAGES_SAMPLE),
    ],
    recordKey: { columns: ["question_group", "name"], existing: "question" },
    roles: PROJECT,
    clients: false,
    confirmEffect: "adds the questions to the sub-project's SKU groups, asked once per SKU named",
  },
  panels: {
    key: "panels",
    title: "Panels",
    scope: "subProject",
    variant: "standard",
    columns: [col("panel_name", text, "Panel A"), col("rsid", ref("outlet"), "RS000001")],
    recordKey: { columns: ["panel_name", "rsid"], existing: "panelOutlet" },
    roles: PROJECT,
    clients: false,
    confirmEffect: "puts the outlets on the panels",
  },
  field_assign: {
    key: "field_assign",
    title: "Bulk field assign",
    scope: "subProject",
    variant: "standard",
    columns: [
      col("rsid", ref("subProjectOutlet"), "RS000001", { unique: true }),
      col("field_auditor_mobile", ref("fieldAuditor"), "9000000001"),
    ],
    roles: FIELD_ASSIGN,
    clients: false,
    confirmEffect: "assigns the field auditors to the outlets",
  },
  skus: {
    key: "skus",
    title: "SKUs",
    scope: "organisation",
    variant: "standard",
    columns: [
      col("sku_code", text, "ACME-COLA-300", { unique: true }),
      col("name", text, "Acme Cola 300 ml"),
      col("brand", text, "Acme Cola"),
      col("mrp", { kind: "amount" }, "40.00"),
    ],
    roles: MASTER_DATA_ROLES,
    clients: false,
    confirmEffect: "adds the SKUs to the organisation's catalogue",
  },
  sub_project_skus: {
    key: "sub_project_skus",
    title: "Sub-project SKUs",
    scope: "subProject",
    variant: "standard",
    columns: [col("sku_code", ref("catalogueSku"), "SKU-0001", { unique: true })],
    roles: PROJECT,
    clients: false,
    confirmEffect: "adds the catalogue's SKUs to the sub-project's SKU list",
  },
  benchmarks: {
    key: "benchmarks",
    title: "Benchmarks",
    scope: "subProject",
    variant: "standard",
    columns: [
      col("parameter", text, "Visibility score", { unique: true }),
      col("benchmark", { kind: "amount" }, "75"),
    ],
    roles: PROJECT,
    clients: false,
    confirmEffect: "sets the sub-project's scoring benchmarks",
  },
  cycle_init: {
    key: "cycle_init",
    title: "Cycle outlets",
    scope: "subProject",
    variant: "standard",
    columns: [
      col("rsid", ref("outlet"), "RS000001", { unique: true }),
      col("target_amount", { kind: "amount" }, "2500.00"),
      col("start_date", { kind: "date" }, "2026-12-01"),
      col("end_date", { kind: "date" }, "2026-12-31"),
    ],
    roles: PROJECT,
    clients: false,
    confirmEffect: "adds the outlets to the cycle with their targets",
  },
  payout_plotting: {
    key: "payout_plotting",
    title: "Payout plotting",
    scope: "subProject",
    variant: "standard",
    columns: [
      col("rsid", ref("outlet"), "RS000001", { unique: true }),
      col("program", text, "Cooler Placement"),
      col("amount", { kind: "amount" }, "1500.00"),
      col("client_payout_month", text, "2026-11"),
      col("rs_payout_month", text, "2026-12"),
    ],
    roles: PAYOUT,
    clients: false,
    confirmEffect: "plots the payouts for the outlets",
  },
  whatsapp_messaging: {
    key: "whatsapp_messaging",
    title: "Bulk WhatsApp Message",
    scope: "platform",
    variant: "excel",
    columns: [
      col("phone_number", { kind: "mobile" }, "9876543210"),
      col("template_name", text, "payout_reminder"),
      col("message", text, "Your payout for November is on its way."),
    ],
    roles: ["project-manager", "calling-manager"],
    clients: false,
    confirmEffect: "queues the WhatsApp messages",
  },
  kyc_contact: {
    key: "kyc_contact",
    title: "KYC contacts",
    scope: "subProject",
    variant: "excel",
    columns: [
      col("rsid", ref("outlet"), "RS000001", { unique: true }),
      col("contact_name", text, "Sunil Jadhav"),
      col("phone_number", { kind: "mobile" }, "9876543210"),
      optional("email", { kind: "email" }, "sunil.jadhav@example.in"),
    ],
    roles: ["project-manager", "client-manager"],
    clients: true,
    confirmEffect: "records the KYC contacts of the outlets",
  },
  payout_data_ingested: {
    key: "payout_data_ingested",
    title: "Payout data",
    scope: "subProject",
    variant: "standard",
    columns: [
      col("rsid", ref("outlet"), "RS000001"),
      col("outlet_name", text, "Sri Balaji Kirana"),
      col("amount", { kind: "amount" }, "1500.00"),
      col("payout_month", text, "2026-11"),
      col("account_holder_name", text, "Ramesh Kumar"),
      col("account_number", { kind: "account" }, "123456789012"),
      col("ifsc_code", { kind: "ifsc" }, "SBIN0001234"),
      col("pan_number", { kind: "pan" }, "ABCPK1234F"),
      col("phone_number", { kind: "mobile" }, "9876543210"),
      optional("remarks", text, "November cycle"),
    ],
    roles: PAYOUT,
    clients: false,
    confirmEffect: "records the payout data for the outlets",
  },
  payout_payment_status: {
    key: "payout_payment_status",
    title: "Payout payment status",
    scope: "subProject",
    variant: "standard",
    columns: [
      col("rsid", ref("plottedPayout"), "RS000001", { unique: true }),
      col("payment_status", { kind: "oneOf", values: ["success", "failed"] }, "success"),
      col("utr_number", { kind: "utr" }, "UTIBN26112300001"),
      col("payment_date", { kind: "date" }, "2026-11-23"),
      optional("payment_remarks", text, "Paid by NEFT"),
    ],
    roles: PAYOUT,
    clients: false,
    confirmEffect: "records the payment results of the plotted payouts",
  },
  bulk_kyc: {
    key: "bulk_kyc",
    title: "Bulk KYC",
    scope: "subProject",
    variant: "standard",
    columns: [
      col("id", ref("outletId"), "1", { unique: true }),
      col("pan_number", { kind: "pan" }, "ABCPK1234F"),
      col("gst_number", { kind: "gst" }, "27ABCPK1234F1Z5"),
      col("ifsc_code", { kind: "ifsc" }, "SBIN0001234"),
      col("account_number", { kind: "account" }, "123456789012"),
      col("pin_code", { kind: "pin" }, "411001"),
    ],
    roles: PROJECT,
    clients: false,
    confirmEffect:
      "writes the KYC details to the outlets; a changed PAN, GST or bank value is not verified until it is checked again",
  },
  kyc_images: {
    key: "kyc_images",
    title: "KYC images",
    scope: "subProject",
    variant: "standard",
    file: "imageZip",
    columns: [
      col("file_name", text, "RS000001_pan.jpg", { unique: true }),
      col("rsid", ref("subProjectOutlet"), "RS000001"),
      col("image_type", { kind: "oneOf", values: KYC_IMAGE_TYPES }, "jpeg"),
    ],
    roles: PROJECT,
    clients: false,
    confirmEffect:
      "attaches each image to the outlet its file name names, shown in the outlet's image gallery",
  },
  bank_code: {
    key: "bank_code",
    title: "IFSC bank codes",
    scope: "platform",
    variant: "excel",
    columns: [
      col("ifsc_code", { kind: "ifsc" }, "SBIN0001234", { unique: true }),
      col("bank_code", { kind: "bankCode" }, "SBIN"),
      col("bank", text, "State Bank of India"),
      col("branch", text, "Pune Main"),
    ],
    roles: ["project-manager", "iftu-manager", "qc-manager"],
    clients: false,
    confirmEffect: "adds the IFSC codes to the bank code list",
  },
  icici_upi_account_payment_tracker: {
    key: "icici_upi_account_payment_tracker",
    title: "UPI payments",
    scope: "subProject",
    variant: "payment",
    columns: [
      col("rsid", ref("outlet"), "RS000001", { unique: true }),
      col("upi_id", { kind: "upi" }, "ramesh.kumar@okicici"),
      col("amount", { kind: "amount" }, "1500.00"),
    ],
    roles: PAYOUT,
    clients: false,
    confirmEffect: "pays the UPI amounts",
  },
  unicorn_interface: {
    key: "unicorn_interface",
    title: "Unicorn outlet export",
    scope: "platform",
    variant: "excel",
    columns: [col("rsid", ref("outlet"), "RS000001", { unique: true })],
    roles: ["project-manager", "qc-manager"],
    clients: false,
    confirmEffect: "exports the outlets' details to My Downloads",
  },
};

export const UPLOAD_TYPE_KEYS = Object.keys(UPLOAD_TYPES) as UploadTypeKey[];

export const isUploadTypeKey = (s: string): s is UploadTypeKey => Object.hasOwn(UPLOAD_TYPES, s);

/** May a user with these permissions and this organisation kind use the type? */
export function canUseUploadType(
  type: UploadType,
  user: { permissions: readonly string[]; organisation: { kind: "internal" | "client" } },
): boolean {
  if (user.organisation.kind === "client" && !type.clients) return false;
  return type.roles.some((role) => user.permissions.includes(`${role}-dashboard-permission`));
}

// ---------------------------------------------------------------------------------------------
// Header and row validation

/** Header cells compare without case and surrounding spaces. */
export const normaliseHeader = (cell: string): string => cell.trim().toLowerCase();

export type HeaderCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly missing: readonly string[];
      readonly unknown: readonly string[];
      readonly duplicate: readonly string[];
      readonly message: string;
    };

/** The file's header row against the template: every missing, unknown and duplicate column. */
export function checkHeader(type: UploadType, header: readonly string[]): HeaderCheck {
  const expected = type.columns.map((c) => c.name);
  // The columns the unclean file adds are ignored, so a corrected unclean file can be uploaded again.
  const given = header.map(normaliseHeader).filter((h) => h !== "" && h !== ERROR_COLUMN && h !== ROW_COLUMN);
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const h of given) {
    if (seen.has(h)) repeated.add(h);
    seen.add(h);
  }
  const duplicate = [...repeated];
  const missing = expected.filter((name) => !seen.has(name));
  const unknown = [...seen].filter((h) => !expected.includes(h));
  if (missing.length === 0 && unknown.length === 0 && duplicate.length === 0) return { ok: true };
  const parts = ["The header row does not match the template."];
  if (missing.length > 0) parts.push(`Missing columns: ${missing.join(", ")}.`);
  if (unknown.length > 0) parts.push(`Unknown columns: ${unknown.join(", ")}.`);
  if (duplicate.length > 0) parts.push(`Duplicate columns: ${duplicate.join(", ")}.`);
  parts.push(`Expected header: ${expected.join(", ")}.`);
  return { ok: false, missing, unknown, duplicate, message: parts.join(" ") };
}

export type RowProblem = { readonly field: string; readonly message: string };

/**
 * The existing records a value names, ignoring case and surrounding spaces, each in its stored
 * spelling: none, one (the value becomes that spelling), or several (ambiguous).
 */
export type RefLookup = (kind: RefKind, value: string) => readonly string[];

export const REF_NAMES: Readonly<Record<RefKind, string>> = {
  region: "region",
  zone: "zone",
  state: "state",
  role: "role",
  outlet: "outlet RSID",
  outletId: "outlet id",
  username: "user name",
  organisationUser: "user of this organisation",
  plottedPayout: "outlet RSID with a plotted payout",
  subProjectOutlet: "outlet RSID of this sub-project",
  fieldAuditor: "field auditor's mobile number",
  anyOutlet: "outlet RSID",
  catalogueSku: "SKU code of this organisation's catalogue",
  generalQuestionGroup: "general question group of this sub-project",
};

export const RECORD_NAMES: Readonly<Record<RecordKind, string>> = {
  city: "city",
  zone: "zone",
  territory: "territory",
  panelOutlet: "panel outlet",
  question: "question",
};

export const REQUIRED_VALUE = "This field is required.";

/** The problem with one value under its rule, or null when it is fine. */
export function checkValue(rule: FieldRule, value: string, refs: RefLookup): string | null {
  switch (rule.kind) {
    case "text":
      return value.length > 10000 ? "Must be at most 10000 characters." : null;
    case "pan":
      return isValidPan(value)
        ? null
        : "Not a valid PAN: five capital letters, four digits, one capital letter.";
    case "gst":
      if (!/^[0-9]{2}[0-9A-Z]{13}$/.test(value))
        return "Not a valid GST number: two digits followed by 13 capital letters or digits.";
      return gstCheckDigit(value.slice(0, 14)) === value[14]
        ? null
        : "GST number check character does not match.";
    case "ifsc":
      return isValidIfsc(value) ? null : "Not a valid IFSC: four letters, a zero, six letters or digits.";
    case "account":
      return isValidAccountNumber(value) ? null : "Account number must be 9 to 18 digits.";
    case "mobile":
      return isValidIndianMobile(value) ? null : "Not a valid mobile number: 10 digits starting with 6 to 9.";
    case "pin":
      return isValidPin(value) ? null : "Not a valid pin code: 6 digits, not starting with 0.";
    case "date":
      return isIsoDate(value)
        ? null
        : "Not a valid date: use a date cell, DD/MM/YYYY, DD-MM-YYYY or YYYY-MM-DD.";
    case "amount":
      return /^\d{1,13}(\.\d{1,2})?$/.test(value)
        ? null
        : "Not a valid amount: a number with at most 2 decimals.";
    case "integer":
      return /^\d{1,9}$/.test(value) ? null : "Must be a whole number.";
    case "email":
      return isValidEmail(value) ? null : "Not a valid email address.";
    case "upi":
      return isValidUpiId(value) ? null : "Not a valid UPI id (name@bank).";
    case "utr":
      return isValidUtr(value) ? null : UTR_FORMAT;
    case "bankCode":
      return /^[A-Z]{4}$/.test(value) ? null : "Bank code must be four capital letters.";
    case "oneOf":
      return rule.values.includes(value) ? null : `Must be one of: ${rule.values.join(", ")}.`;
    case "imageAddresses": {
      const { problems } = readReferenceImages(value);
      return problems.length > 0 ? problems.join(" ") : null;
    }
    case "ref": {
      const found = refs(rule.ref, value);
      if (found.length === 0) return `No ${REF_NAMES[rule.ref]} named ${value}.`;
      return found.length > 1 ? ambiguous(rule.ref, value, found) : null;
    }
    case "refs": {
      const named = splitChoices(value);
      if (named.length === 0) return REQUIRED_VALUE;
      for (const one of named) {
        const problem = checkValue({ kind: "ref", ref: rule.ref }, one, refs);
        if (problem) return problem;
      }
      return null;
    }
    case "new": {
      const found = refs(rule.ref, value);
      return found.length > 0 ? `${indefinite(REF_NAMES[rule.ref])} ${found[0]} already exists.` : null;
    }
    case "notRef": {
      const found = refs(rule.ref, value);
      return found.length > 0 ? namesOtherKind(rule.ref, found[0]!) : null;
    }
  }
}

/** "A region", "An outlet RSID". */
const indefinite = (noun: string) => `${/^[aeio]/i.test(noun) ? "An" : "A"} ${noun}`;

/** "Shop Details is already a general question group of this sub-project." */
export const namesOtherKind = (kind: RefKind, name: string): string =>
  `${name} is already ${indefinite(REF_NAMES[kind]).replace(/^A/, "a")}.`;

const ambiguous = (kind: RefKind, value: string, found: readonly string[]) =>
  `${value} matches more than one ${REF_NAMES[kind]} (${found.join(", ")}): write it exactly as one of them.`;

/**
 * Roles of accounts that sign in with a one-time code (field auditors, retailers). Such an account
 * is made with its field auditor or retailer record and its mobile number, never by the users
 * upload, so no one grants these roles there, although they hold no staff permission.
 */
export const CODE_SIGN_IN_ROLES: ReadonlySet<string> = new Set(["field-auditor", "retailer"]);

/**
 * The rule of granting roles: a user may grant a role only when every permission of the role is
 * one of their own. Admin holds every permission, so admin may grant every staff role.
 */
export function mayGrantRole(
  granterPermissions: ReadonlySet<string>,
  role: { readonly name: string; readonly permissions: readonly string[] },
) {
  return !CODE_SIGN_IN_ROLES.has(role.name) && role.permissions.every((p) => granterPermissions.has(p));
}

export const roleNotGrantable = (role: string) =>
  CODE_SIGN_IN_ROLES.has(role)
    ? `You may not grant the role ${role}: its accounts sign in with a one-time code and are made with their field auditor or retailer record.`
    : `You may not grant the role ${role}: it holds permissions you do not have.`;

/**
 * The same rule for changing an account: a user may change another only when every permission the
 * other holds is one of their own, so nobody takes over an account that can do more than they can
 * (by its email, say, and then Forgot password).
 */
export const mayChangeUser = (
  changerPermissions: ReadonlySet<string>,
  user: { readonly permissions: readonly string[] },
): boolean => user.permissions.every((p) => changerPermissions.has(p));

export const userNotChangeable = (username: string) =>
  `You may not change the user ${username}: they hold permissions you do not have.`;

/** What a file's rows are checked against, answered by the server from the database. */
export type UploadContext = {
  readonly refs: RefLookup;
  /** Whether a record of the kind already exists, by its key (see `recordKeyText`). */
  readonly recordExists: (kind: RecordKind, key: string) => boolean;
  /** Whether the uploader may grant a role (the users type); see `mayGrantRole`. */
  readonly mayGrant: (role: string) => boolean;
  /** Why a role is refused, when the uploader may not grant it; `roleNotGrantable` unless told. */
  readonly roleRefusal?: (role: string) => string;
  /** Whether the uploader may change an existing user (the users update); see `mayChangeUser`. */
  readonly mayChange?: (username: string) => boolean;
};

/** A record's key as compared: its key values without case or surrounding spaces. */
export const recordKeyText = (values: readonly string[]): string =>
  values.map((v) => v.trim().toLowerCase()).join("\u0000");

/** The keys a type's rows must not repeat: each unique column, and the type's record key. */
function keysOf(type: UploadType): RecordKey[] {
  const single = type.columns.filter((c) => c.unique).map((c) => ({ columns: [c.name] }));
  return type.recordKey ? [...single, type.recordKey] : single;
}

export type CheckedRow = {
  /** Every column's value in its canonical form (the form confirming stores). */
  readonly values: Readonly<Record<string, string>>;
  readonly problems: readonly RowProblem[];
};

const cellRule = (rule: FieldRule): CellRuleKind => rule.kind;

/**
 * A validator for the rows of one file: every problem of a row (not just the first), including a
 * record the file already named in an earlier row (with that row's number) or one that exists.
 * Rows are checked in file order; `rowNumber` is the row's number in the user's sheet.
 */
export function rowValidator(type: UploadType, context: UploadContext) {
  const keys = keysOf(type);
  const firstRow = keys.map(() => new Map<string, number>());
  return (cells: Readonly<Record<string, SheetCell | string>>, rowNumber: number): CheckedRow => {
    const problems: RowProblem[] = [];
    const values: Record<string, string> = {};
    const usable = new Set<string>();
    for (const column of type.columns) {
      const given = cells[column.name] ?? "";
      const cell = typeof given === "string" ? textCell(given) : given;
      const read = readCell(
        cellRule(column.rule),
        cell,
        column.rule.kind === "oneOf" ? column.rule.values : [],
      );
      if ("problem" in read) {
        values[column.name] = "";
        problems.push({ field: column.name, message: read.problem });
        continue;
      }
      let value = read.value;
      values[column.name] = value;
      if (value === "") {
        if (column.required) problems.push({ field: column.name, message: REQUIRED_VALUE });
        else usable.add(column.name);
        continue;
      }
      const problem = checkValue(column.rule, value, context.refs);
      if (problem) {
        problems.push({ field: column.name, message: problem });
        continue;
      }
      if (column.rule.kind === "ref") value = context.refs(column.rule.ref, value)[0] ?? value;
      if (column.rule.kind === "ref" && column.rule.ref === "role" && !context.mayGrant(value)) {
        problems.push({
          field: column.name,
          message: context.roleRefusal?.(value) ?? roleNotGrantable(value),
        });
        continue;
      }
      if (
        column.rule.kind === "ref" &&
        column.rule.ref === "organisationUser" &&
        context.mayChange &&
        !context.mayChange(value)
      ) {
        problems.push({ field: column.name, message: userNotChangeable(value) });
        continue;
      }
      values[column.name] = value;
      usable.add(column.name);
    }
    keys.forEach((key, k) => {
      if (!key.columns.every((c) => usable.has(c))) return;
      const text = recordKeyText(key.columns.map((c) => values[c]!));
      const field = key.columns[0]!;
      const others = key.columns.slice(1);
      const first = firstRow[k]!.get(text);
      if (first !== undefined) {
        const same = others.length > 0 ? ` with the same ${others.join(" and ")}` : "";
        problems.push({ field, message: `Repeated in this file${same}: first in row ${first}.` });
      } else {
        firstRow[k]!.set(text, rowNumber);
        if (key.existing && context.recordExists(key.existing, text))
          problems.push({
            field,
            message: `A ${RECORD_NAMES[key.existing]} with this ${key.columns.join(" and ")} already exists.`,
          });
      }
    });
    for (const known of type.recordRefs ?? []) {
      if (!known.columns.every((c) => usable.has(c))) continue;
      const text = recordKeyText(known.columns.map((c) => values[c]!));
      if (!context.recordExists(known.record, text))
        problems.push({
          field: known.columns[0]!,
          message: `No ${RECORD_NAMES[known.record]} with this ${known.columns.join(" and ")}.`,
        });
    }
    return { values, problems };
  };
}

/** The error column's text: every problem as "field: message", separated by semicolons. */
export const problemsText = (problems: readonly RowProblem[]): string =>
  problems.map((p) => `${p.field}: ${p.message}`).join("; ");

/** The name of the added column in the unclean file holding each row's problems. */
export const ERROR_COLUMN = "errors";
/** The added column in the unclean file giving each row's number in the uploaded sheet. */
export const ROW_COLUMN = "sheet_row";
