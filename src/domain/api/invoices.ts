/**
 * Collected bills' endpoints (spec 001 §7, 002 §7): the invoice data of a workflow object, invoice
 * create, the number and date PATCH, the header answers update and a GST or PAN header's lookup
 * (each at the version read, 409 when someone saved since or while a retailer request is pending),
 * the bills list by outlet and the invoices list with its 30-day invoice date range (000 §2.4, §5).
 */
import { Schema } from "effect";
import { BillFilterOptions } from "../invoices/invoiceLists";
import {
  BILL_STATUSES,
  CollectedBillPage,
  Invoice,
  InvoiceCreate,
  InvoiceData,
  InvoiceHeaderAnswersUpdate,
  InvoiceHeaderLookup,
  InvoiceHeaderLookupAnswer,
  InvoiceListPage,
  InvoiceNumberDate,
} from "../invoices/invoices";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import { Download, endpoint } from "./endpoint";
import { Choice, IdText, Listed, Text } from "./fields";
import { InvoiceImageId, InvoiceRecordId, ONE_RECORD_ID, WorkflowObjectId } from "./ids";

const Filter = Text(MAX_QUERY_TEXT_LENGTH);
const OfInvoice = Schema.Struct({ id: IdText(InvoiceRecordId) });

export const invoiceData = endpoint({
  summary: "Every invoice of a workflow object with its header answers and images, never paged",
  method: "GET",
  path: "/invoice-data/",
  grant: "outletsRead",
  query: Schema.Struct({
    workflow_object: IdText(WorkflowObjectId, ONE_RECORD_ID),
    "no-pagination": Schema.optionalKey(Schema.String),
  }),
  response: InvoiceData,
  refusals: [400, 404],
});

export const createInvoice = endpoint({
  summary:
    "Adds an invoice to a workflow object, after its last; refused while a retailer request is pending",
  method: "POST",
  path: "/invoices/",
  grant: "outletsWrite",
  body: InvoiceCreate,
  response: Invoice,
  status: 201,
  refusals: [400, 404, 409],
});

export const saveInvoiceNumberDate = endpoint({
  summary: "Saves an invoice's number and date at the version read; 409 when someone saved since",
  method: "PATCH",
  path: "/invoices/:id/",
  grant: "outletsWrite",
  params: OfInvoice,
  body: InvoiceNumberDate,
  response: Invoice,
  refusals: [400, 404, 409],
});

export const saveInvoiceHeaderAnswers = endpoint({
  summary: "Saves an invoice's header answers at the version read and marks it complete; 409 when stale",
  method: "PUT",
  path: "/invoices/:id/header-answers/",
  grant: "outletsWrite",
  params: OfInvoice,
  body: InvoiceHeaderAnswersUpdate,
  response: Invoice,
  refusals: [400, 404, 409],
});

export const lookUpInvoiceHeader = endpoint({
  summary:
    "Verifies one GST or PAN header value of an invoice with the identity verification service and records it, at the version read",
  method: "POST",
  path: "/invoices/:id/header-lookup/",
  grant: "outletsWrite",
  params: OfInvoice,
  body: InvoiceHeaderLookup,
  response: InvoiceHeaderLookupAnswer,
  refusals: [400, 404, 409, 429, 503],
});

export const collectedBills = endpoint({
  summary: "A page of the outlets with collected invoices and their pending counts, filtered and searched",
  method: "GET",
  path: "/collected-bills/",
  grant: "outletsRead",
  query: Schema.Struct({
    project: Schema.optionalKey(Listed(Filter)),
    sub_project: Schema.optionalKey(Listed(Filter)),
    status: Schema.optionalKey(Choice(BILL_STATUSES)),
    search: Schema.optionalKey(Filter),
  }),
  paged: true,
  response: CollectedBillPage,
  refusals: [400],
});

export const invoiceList = endpoint({
  summary:
    "A page of invoices, newest date first, filtered by sub-project, status and a 30-day invoice date range",
  method: "GET",
  path: "/invoices/",
  grant: "outletsRead",
  query: Schema.Struct({
    sub_project: Schema.optionalKey(Listed(Filter)),
    status: Schema.optionalKey(Choice(BILL_STATUSES)),
    invoice_date_after: Schema.optionalKey(Filter),
    invoice_date_before: Schema.optionalKey(Filter),
    search: Schema.optionalKey(Filter),
  }),
  paged: true,
  response: InvoiceListPage,
  refusals: [400],
});

export const billFilterOptions = endpoint({
  summary:
    "The projects and sub-projects with collected invoices the caller sees, for the two lists' filters",
  method: "GET",
  path: "/collected-bills/filter-options/",
  grant: "outletsRead",
  response: BillFilterOptions,
});

export const invoiceImage = endpoint({
  summary: "One image of an invoice (the bill, a SKU, an add-on SKU or an image header's), cacheable",
  method: "GET",
  path: "/invoice-images/:id/",
  grant: "outletsRead",
  params: Schema.Struct({ id: IdText(InvoiceImageId) }),
  response: Download,
  refusals: [404],
});
