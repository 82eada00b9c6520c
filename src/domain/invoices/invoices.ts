/**
 * Collected bills: the invoices of one workflow object (spec 001 §2.2, §3 invoice result, §4.2;
 * 002 §3 invoice record for editing, §7, §8). Each invoice has a number and a date, its place in
 * the outlet's tabs (index), a version that guards every write, its header answers (with the GST
 * and PAN details a lookup derives and the verified flag) and its images by kind. An invoice is
 * complete once its header answers were saved; the others are pending (001 §3
 * total_no_of_invoice_pending). The header rules themselves (§5.3 messages, show-logic, the reset
 * of a changed GST or PAN) are in invoiceHeaders.ts.
 */
import { Schema } from "effect";
import { INVOICE_HEADER_TYPES, SHOW_LOGIC_CONDITIONS } from "../admin/resources/catalogue";
import { InvoiceHeaderId, InvoiceImageId, InvoiceRecordId, WorkflowObjectId } from "../api/ids";
import { hasEditPermission, type ReviewRole } from "../outlets/outletReview";

// --- the record ---

export const InvoiceHeaderType = Schema.Literals(INVOICE_HEADER_TYPES);
export type InvoiceHeaderType = typeof InvoiceHeaderType.Type;

/** 001 §3 invoiceHeaderValidation, as the header catalogue stores it (null where not set). */
export const InvoiceHeaderValidations = Schema.Struct({
  min_length: Schema.NullOr(Schema.Number),
  max_length: Schema.NullOr(Schema.Number),
  lower_limit: Schema.NullOr(Schema.Number),
  upper_limit: Schema.NullOr(Schema.Number),
  allow_decimals: Schema.Boolean,
  greater_than: Schema.NullOr(Schema.String),
  lower_than: Schema.NullOr(Schema.String),
  min_images_count: Schema.NullOr(Schema.Number),
  max_images_count: Schema.NullOr(Schema.Number),
  /** Dropdown choices separated by ";". */
  choices: Schema.String,
});
export type InvoiceHeaderValidations = typeof InvoiceHeaderValidations.Type;

/** 001 §3 show_logic_config: shown when another header's value is, or is not, the option. */
export const ShowLogicConfig = Schema.Struct({
  show_logic_invoice_header: Schema.NullOr(Schema.Number),
  show_logic_invoice_condition: Schema.NullOr(Schema.Literals(SHOW_LOGIC_CONDITIONS)),
  show_logic_invoice_option: Schema.String,
});
export type ShowLogicConfig = typeof ShowLogicConfig.Type;

/** 001 §3 invoice details: what a GST or PAN lookup derived for a header's value. */
export const InvoiceHeaderDetails = Schema.Struct({
  gst_legal_name: Schema.NullOr(Schema.String),
  gst_registration_status: Schema.NullOr(Schema.String),
  gst_trade_name: Schema.NullOr(Schema.String),
  pan_holder_name: Schema.NullOr(Schema.String),
});
export type InvoiceHeaderDetails = typeof InvoiceHeaderDetails.Type;

export const NO_DETAILS: InvoiceHeaderDetails = {
  gst_legal_name: null,
  gst_registration_status: null,
  gst_trade_name: null,
  pan_holder_name: null,
};

/** One image of an invoice; a name may be missing ("No Name Available", 002 §8). */
export const InvoiceImage = Schema.Struct({
  id: InvoiceImageId,
  name: Schema.NullOr(Schema.String),
  url: Schema.String,
});
export type InvoiceImage = typeof InvoiceImage.Type;

/** 002 §3: "Images arrive as invoice, SKU and add-on SKU image lists with names." */
export const IMAGE_KINDS = ["invoice", "sku", "add_on_sku"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** One header answer of an invoice (001 §3 simplifiedinvoiceheaderanswer, 002 §3). */
export const InvoiceHeaderAnswer = Schema.Struct({
  invoice_header: Schema.Number,
  invoice_header_name: Schema.String,
  invoice_header_type: InvoiceHeaderType,
  /** The typed value; null when not answered. A multiple_image header's images are in `images`. */
  single_input: Schema.NullOr(Schema.String),
  images: Schema.Array(InvoiceImage),
  is_mandatory: Schema.Boolean,
  validations: InvoiceHeaderValidations,
  show_logic_config: ShowLogicConfig,
  /** A GST or PAN value a lookup confirmed (001 §4.3, §4.8); false for every other type. */
  is_verified: Schema.Boolean,
  details: InvoiceHeaderDetails,
});
export type InvoiceHeaderAnswer = typeof InvoiceHeaderAnswer.Type;

// --- the image viewer (001 §2.3, 002 §8) ---

export const NO_IMAGES_FOR_INVOICE = "No images found for the invoice";
export const NO_NAME_AVAILABLE = "No Name Available";
/** The viewer's sections, one per kind, each with its empty text (002 §8, word for word). */
export const IMAGE_SECTIONS: readonly { kind: ImageKind; title: string; empty: string }[] = [
  { kind: "invoice", title: "Invoice Images", empty: "No Invoice Images" },
  { kind: "sku", title: "SKU Images", empty: "No SKU Images" },
  { kind: "add_on_sku", title: "Add On SKU Images", empty: "No Add On SKU Images" },
];
/** An invoice with no image of any kind shows "No images found for the invoice" instead of its sections. */
export const hasInvoiceImages = (invoice: { images: Record<ImageKind, readonly unknown[]> }): boolean =>
  IMAGE_KINDS.some((kind) => invoice.images[kind].length > 0);
/** An image's caption: its name, or "No Name Available". */
export const imageCaption = (image: { name: string | null }): string =>
  image.name?.trim() ? image.name.trim() : NO_NAME_AVAILABLE;

/** One invoice of a workflow object, as the Collected Bills tabs and the image viewer read it. */
/** An invoice as a list of them names it: its number, date, place and whether it is saved. */
export const InvoiceSummary = Schema.Struct({
  id: InvoiceRecordId,
  workflow_object: WorkflowObjectId,
  /** Its tab's place, from 0, in the order the invoices were collected. */
  index: Schema.Number,
  invoice_no: Schema.String,
  /** YYYY-MM-DD; null when the field app sent none. */
  invoice_date: Schema.NullOr(Schema.String),
  version: Schema.Number,
  /** The header answers were saved (the tab counts as saved); false: pending. */
  is_complete: Schema.Boolean,
});
export type InvoiceSummary = typeof InvoiceSummary.Type;

/** An invoice as a list of them names it. */
export const summaryOfInvoice = (i: InvoiceSummary): InvoiceSummary => ({
  id: i.id,
  workflow_object: i.workflow_object,
  index: i.index,
  invoice_no: i.invoice_no,
  invoice_date: i.invoice_date,
  version: i.version,
  is_complete: i.is_complete,
});

export const Invoice = Schema.Struct({
  ...InvoiceSummary.fields,
  simplifiedinvoiceheaderanswer: Schema.Array(InvoiceHeaderAnswer),
  images: Schema.Struct({
    invoice: Schema.Array(InvoiceImage),
    sku: Schema.Array(InvoiceImage),
    add_on_sku: Schema.Array(InvoiceImage),
  }),
});
export type Invoice = typeof Invoice.Type;

/** 002 §7 invoice data by workflow object: every invoice, never paged, and whether the caller may edit them now. */
export const InvoiceData = Schema.Struct({
  workflow_object: WorkflowObjectId,
  outlet: Schema.Struct({ rsid: Schema.String, name: Schema.String }),
  /** 001 §4.2: invoice editing holds while the edit permission holds (and no retailer request waits). */
  is_edit: Schema.Boolean,
  invoices: Schema.Array(Invoice),
});
export type InvoiceData = typeof InvoiceData.Type;

// --- the writes ---

const Version = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1));
export const MAX_INVOICE_NO_LENGTH = 100;
export const MAX_HEADER_INPUT_LENGTH = 10000;

export const INVOICE_CHANGED =
  "Someone else saved this invoice while you were editing. Reload to see their change.";
export const INVOICE_EDIT_NOT_ALLOWED = "You cannot edit this outlet's invoices now.";
/** Add Invoice came after another invoice was added at that place. */
export const INVOICE_ADDED_MEANWHILE =
  "Someone else added an invoice to this outlet while you were editing. Reload to see it.";

const InvoiceNo = Schema.String.check(Schema.isMaxLength(MAX_INVOICE_NO_LENGTH));
const InvoiceDate = Schema.NullOr(Schema.String.check(Schema.isMaxLength(10)));

/**
 * Invoice create (002 §7): a new invoice of the workflow object, after its last. `position` is the
 * tab it becomes (1 = the first), as the caller saw the invoices: the server adds it only there, so
 * the same request sent twice (a double click, a retry) adds one invoice and answers it both times.
 */
export const InvoiceCreate = Schema.Struct({
  workflow_object: WorkflowObjectId,
  position: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 10_000 })),
  invoice_no: InvoiceNo,
  invoice_date: InvoiceDate,
});
export type InvoiceCreate = typeof InvoiceCreate.Type;

/** The number and date PATCH (002 §7), at the version read. */
export const InvoiceNumberDate = Schema.Struct({
  version: Version,
  invoice_no: InvoiceNo,
  invoice_date: InvoiceDate,
});
export type InvoiceNumberDate = typeof InvoiceNumberDate.Type;

/**
 * One header's answer as saved: its value only. Whether a GST or PAN value is verified, and the names
 * a lookup found, are the server's to record (a changed value loses them), never the saver's word.
 */
export const HeaderAnswerInput = Schema.Struct({
  invoice_header: InvoiceHeaderId,
  single_input: Schema.NullOr(Schema.String.check(Schema.isMaxLength(MAX_HEADER_INPUT_LENGTH))),
});
export type HeaderAnswerInput = typeof HeaderAnswerInput.Type;

/** The header answers update (001 §7 update invoice result by id), at the version read. */
export const InvoiceHeaderAnswersUpdate = Schema.Struct({
  version: Version,
  answers: Schema.Array(HeaderAnswerInput).check(Schema.isMaxLength(100)),
});
export type InvoiceHeaderAnswersUpdate = typeof InvoiceHeaderAnswersUpdate.Type;

/**
 * 001 §7 header lookup: one GST or PAN header's value verified through the identity verification
 * service, at the version read. The value is the one the screen shows; the server records it with
 * the verification (docs/invoices.md).
 */
export const InvoiceHeaderLookup = Schema.Struct({
  version: Version,
  invoice_header: InvoiceHeaderId,
  single_input: Schema.String.check(Schema.isMaxLength(MAX_HEADER_INPUT_LENGTH)),
});
export type InvoiceHeaderLookup = typeof InvoiceHeaderLookup.Type;

/** A lookup naming a header that is not one of the invoice's GST or PAN headers. */
export const NOT_A_LOOKUP_HEADER = "This header is not a GST or PAN header of this invoice.";

/** A passed lookup: the service's message and the invoice as it now stands. */
export const InvoiceHeaderLookupAnswer = Schema.Struct({ detail: Schema.String, invoice: Invoice });
export type InvoiceHeaderLookupAnswer = typeof InvoiceHeaderLookupAnswer.Type;

// --- who edits ---

/**
 * 001 §4.2: invoice editing is enabled only while the edit permission holds, and only for the
 * reviewers who check bills (QC managers and executives, the project manager); a client's users
 * read them.
 */
export function mayEditInvoices(
  role: ReviewRole,
  state: string,
  workflowStateChanged: boolean,
  hasUpdateActions: boolean,
): boolean {
  const reviewer = role === "qc-manager" || role === "qc-executive" || role === "project-manager";
  return reviewer && hasEditPermission(role, state, workflowStateChanged, hasUpdateActions);
}

// --- the lists ---

/** 001 §3 total_no_of_invoice_pending: the invoices whose headers were not saved yet. */
export const pendingInvoices = (invoices: readonly { is_complete: boolean }[]): number =>
  invoices.filter((i) => !i.is_complete).length;

/** A row of the bills list (/dashboard/collected-bills-list): one outlet with collected invoices. */
export const CollectedBillRow = Schema.Struct({
  workflow_object: WorkflowObjectId,
  rsid: Schema.String,
  outlet_name: Schema.String,
  outlet_slug: Schema.String,
  project: Schema.String,
  sub_project: Schema.String,
  workflow_state: Schema.String,
  total_invoices: Schema.Number,
  total_no_of_invoice_pending: Schema.Number,
});
export type CollectedBillRow = typeof CollectedBillRow.Type;

/** 001 §2.3: the invoice image viewer of a workflow object, opened in a new tab. */
export const billImagesPath = (workflowObject: number): string =>
  `/dashboard/collected-bill-image-viewer/${workflowObject}`;

/** A row of the invoices list (/dashboard/invoices): one invoice. */
export const InvoiceListRow = Schema.Struct({
  id: InvoiceRecordId,
  workflow_object: WorkflowObjectId,
  rsid: Schema.String,
  outlet_name: Schema.String,
  outlet_slug: Schema.String,
  sub_project: Schema.String,
  invoice_no: Schema.String,
  invoice_date: Schema.NullOr(Schema.String),
  is_complete: Schema.Boolean,
  images: Schema.Number,
});
export type InvoiceListRow = typeof InvoiceListRow.Type;

const pageOf = <S extends Schema.Top>(row: S) =>
  Schema.Struct({
    results: Schema.Array(row),
    count: Schema.Number,
    previous: Schema.NullOr(Schema.String),
    next: Schema.NullOr(Schema.String),
    current_page_number: Schema.Number,
    page_size: Schema.Number,
  });
export const CollectedBillPage = pageOf(CollectedBillRow);
export type CollectedBillPage = typeof CollectedBillPage.Type;
export const InvoiceListPage = pageOf(InvoiceListRow);
export type InvoiceListPage = typeof InvoiceListPage.Type;

/** The bills list's pending filter: outlets with pending invoices, or with every invoice complete. */
export const BILL_STATUSES = ["pending", "complete"] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
