/**
 * The invoice and SKU data editing slider's endpoints (spec 002 §2.10, §7; 001 §7): the new SKU
 * data of a workflow object (every invoice and the sub-project's template fields), one invoice with
 * its SKU and add-on rows, the invoice save (the whole edited invoice at the version read, refused while a
 * retailer request is pending), the delete of a saved SKU row, and the CSV export of chosen rows
 * through the export jobs (My Downloads).
 */
import { Schema } from "effect";
import { ExportJob } from "../downloads/downloads";
import { InvoiceSave, NewSkuData, SkuExport, SkuInvoice, SkuRowDelete } from "../invoices/invoiceSkus";
import { endpoint } from "./endpoint";
import { IdText } from "./fields";
import { InvoiceRecordId, InvoiceSkuRowId, ONE_RECORD_ID, WorkflowObjectId } from "./ids";

export const newSkuData = endpoint({
  summary:
    "Every invoice of a workflow object with its header answers and images (its rows are read per invoice), and the sub-project's SKU template fields, never paged",
  method: "GET",
  path: "/new-sku-data/",
  grant: "outletsRead",
  query: Schema.Struct({
    workflow_object: IdText(WorkflowObjectId, ONE_RECORD_ID),
    "no-pagination": Schema.optionalKey(Schema.String),
  }),
  response: NewSkuData,
  refusals: [400, 404],
});

export const invoiceSkuData = endpoint({
  summary:
    "One invoice with its header answers, SKU rows, add-on SKU rows and images, as the slider opens it",
  method: "GET",
  path: "/invoices/:id/sku-data/",
  grant: "outletsRead",
  params: Schema.Struct({ id: IdText(InvoiceRecordId) }),
  response: SkuInvoice,
  refusals: [404],
});

export const saveInvoice = endpoint({
  summary:
    "Saves the whole edited invoice (header answers, SKU and add-on rows) at the version read and marks it complete; 409 when stale or while a retailer request is pending",
  method: "PUT",
  path: "/invoices/:id/sku-data/",
  grant: "outletsWrite",
  params: Schema.Struct({ id: IdText(InvoiceRecordId) }),
  body: InvoiceSave,
  nested: true,
  response: SkuInvoice,
  refusals: [400, 404, 409],
});

export const deleteSkuRow = endpoint({
  summary: "Deletes one saved SKU or add-on SKU row of an invoice, at the invoice's version read",
  method: "DELETE",
  path: "/invoice-sku-rows/:id/",
  grant: "outletsWrite",
  params: Schema.Struct({ id: IdText(InvoiceSkuRowId) }),
  body: SkuRowDelete,
  response: SkuInvoice,
  refusals: [400, 404, 409],
});

export const exportSkuRows = endpoint({
  summary:
    "Starts the CSV export of chosen SKU or add-on SKU rows of a workflow object in My Downloads (201)",
  method: "POST",
  path: "/invoice-sku-rows/export/",
  grant: "outletsRead",
  body: SkuExport,
  response: ExportJob,
  status: 201,
  refusals: [400, 404],
});
