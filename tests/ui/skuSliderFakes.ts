/**
 * The editing slider's calls faked for view tests: two invoices of an outlet, the first with a SKU
 * row, the second without rows; the sub-project's fields and SKU list. Each call is recorded; an
 * invoice opens with its rows; the save answers the invoice as saved.
 */
import { fromPromise } from "xstate";
import type {
  InvoiceRecordId,
  InvoiceSkuRowId,
  SkuTemplateFieldId,
  SubProjectSkuId,
  WorkflowObjectId,
} from "../../src/domain/api/ids";
import { ExportJobId } from "../../src/domain/api/ids";
import type { ExportJob } from "../../src/domain/downloads/downloads";
import type {
  AssignedSkuTemplateField,
  InvoiceSaveOutcome,
  InvoiceSaveRequest,
  RowDeleteOutcome,
  RowDeleteRequest,
  SkuInvoice,
  SliderData,
  SliderLoadOutcome,
} from "../../src/domain/invoices/invoiceSkus";
import type { SkuExportRequest } from "../../src/machines/invoices/skuExport";

const field = (
  id: number,
  name: string,
  type: AssignedSkuTemplateField["type"],
  more = {},
): AssignedSkuTemplateField => ({
  id: id as SkuTemplateFieldId,
  name,
  type,
  is_mandatory: true,
  validations: {
    min_length: null,
    max_length: null,
    lower_limit: null,
    upper_limit: null,
    allow_decimals: false,
    greater_than: "",
    lower_than: "",
    choices: "",
    ...more,
  },
});

export const sliderFields = [
  field(31, "Quantity", "number", { lower_limit: 1, upper_limit: 500 }),
  field(32, "Pack", "dropdown", { choices: "Box;Strip;Loose" }),
];

const invoiceOf = (id: number, no: string, rows: boolean): SkuInvoice => ({
  id: id as InvoiceRecordId,
  workflow_object: 77 as WorkflowObjectId,
  index: id - 601,
  invoice_no: no,
  invoice_date: "2026-11-20",
  version: 1,
  is_complete: false,
  simplifiedinvoiceheaderanswer: [],
  images: { invoice: [], sku: [], add_on_sku: [] },
  simplifiedinvoiceskudata: rows
    ? [
        {
          id: 901 as InvoiceSkuRowId,
          sku: 41 as SubProjectSkuId,
          sku_name: "Fizzup Cola 250 ml",
          sku_code: "SKU-0001",
          add_on_sku: null,
          manufacturer: "",
          brand: "",
          variant: "",
          sub_category: "",
          simplifiedinvoiceskudetails: [
            { sku_template_field: 31 as SkuTemplateFieldId, single_input: "12", is_edit: false },
            { sku_template_field: 32 as SkuTemplateFieldId, single_input: "Box", is_edit: false },
          ],
        },
      ]
    : [],
  simplifiedinvoiceaddonsku: [],
});

/** The invoices with their rows, as each opens. */
export const sliderInvoices: readonly SkuInvoice[] = [
  invoiceOf(601, "INV-1001", true),
  invoiceOf(602, "INV-1002", false),
];

export const sliderData = (pendingRequest = false, isEdit = true): SliderData => ({
  isEdit,
  pendingRequest,
  fields: sliderFields,
  listed: [
    { id: 41, name: "Fizzup Cola 250 ml", sku_code: "SKU-0001" },
    { id: 42, name: "Fizzup Lemon 500 ml", sku_code: "SKU-0002" },
  ],
  invoices: sliderInvoices,
});

export type SliderCalls = {
  /** The invoices opened, by id, in order. */
  opened: number[];
  saves: InvoiceSaveRequest[];
  deletes: RowDeleteRequest[];
  exports: SkuExportRequest[];
};

export const sliderActors = (calls: SliderCalls, data: SliderData = sliderData()) => ({
  loadSlider: fromPromise<SliderLoadOutcome, { workflowObject: number }>(async () => ({ type: "ok", data })),
  loadInvoice: fromPromise<SkuInvoice, { invoice: number }>(async ({ input }) => {
    calls.opened.push(input.invoice);
    return sliderInvoices.find((i) => i.id === input.invoice)!;
  }),
  saveInvoice: fromPromise<InvoiceSaveOutcome, InvoiceSaveRequest>(async ({ input }) => {
    calls.saves.push(input);
    const saved = sliderInvoices.find((i) => i.id === input.invoice)!;
    return { type: "ok", invoice: { ...saved, version: saved.version + 1, is_complete: true } };
  }),
  deleteRow: fromPromise<RowDeleteOutcome, RowDeleteRequest>(async ({ input }) => {
    calls.deletes.push(input);
    const invoice = sliderInvoices[0]!;
    return {
      type: "ok",
      invoice: {
        ...invoice,
        version: 2,
        simplifiedinvoiceskudata: invoice.simplifiedinvoiceskudata.filter((r) => r.id !== input.row),
      },
    };
  }),
  startExport: fromPromise<ExportJob, SkuExportRequest>(async ({ input }) => {
    calls.exports.push(input);
    return {
      id: ExportJobId.make(71),
      title: "SKU rows",
      status: "completed",
      progress: 100,
      created: "2026-11-26T10:00:00Z",
      expires_at: null,
      file: "/api/files/5/sku.csv",
      message: null,
    };
  }),
  readJob: fromPromise<ExportJob, { job: number }>(async () => ({
    id: ExportJobId.make(71),
    title: "SKU rows",
    status: "completed",
    progress: 100,
    created: "2026-11-26T10:00:00Z",
    expires_at: "2026-11-29T10:00:00Z",
    file: "/api/files/5/sku.csv",
    message: null,
  })),
});
