/**
 * The SKU rows of an invoice and the invoice and SKU data editing slider (spec 002 §2.10, §3, §4,
 * §5, §7, §8; 001 §3 invoice result, §4.8 add-on rows, §5.4 SKU cells, §7, §8). An invoice holds SKU
 * rows (a SKU of the sub-project's list, with a value per SKU template field) and add-on SKU rows (a
 * product the field app recorded that the list does not hold: its name as written, maker, brand,
 * variant and sub-category, with the same template values). Choosing a listed SKU for an add-on row
 * makes it a SKU row: the code is set and the add-on name cleared (001 §4.8). The grid's cell rules
 * are in invoiceSetup.ts (one function per §5 rule); this module holds the records, the slider's
 * save and the §5.4 cell input rules.
 */
import { Schema } from "effect";
import { InvoiceSkuRowId, SkuTemplateFieldId, SubProjectSkuId, WorkflowObjectId } from "../api/ids";
import type { HeaderAnswer } from "./invoiceHeaders";
import {
  SKU_FIELD_TYPES,
  SKU_NAME_EMPTY,
  skuFieldProblem,
  skuNameProblem,
  skuNotListed,
} from "./invoiceSetup";
import { Invoice, InvoiceHeaderAnswersUpdate, InvoiceSummary } from "./invoices";

// --- the records (002 §3) ---

/** 002 §3 assigned_sku_template_field: the fields every SKU row of the sub-project is entered with. */
export const AssignedSkuTemplateField = Schema.Struct({
  id: SkuTemplateFieldId,
  name: Schema.String,
  type: Schema.Literals(SKU_FIELD_TYPES),
  validations: Schema.Struct({
    min_length: Schema.NullOr(Schema.Number),
    max_length: Schema.NullOr(Schema.Number),
    lower_limit: Schema.NullOr(Schema.Number),
    upper_limit: Schema.NullOr(Schema.Number),
    allow_decimals: Schema.Boolean,
    greater_than: Schema.String,
    lower_than: Schema.String,
    /** Dropdown choices separated by ";". */
    choices: Schema.String,
  }),
  is_mandatory: Schema.Boolean,
});
export type AssignedSkuTemplateField = typeof AssignedSkuTemplateField.Type;

/** 002 §3 simplifiedinvoiceskudetails: one template field's value on a row ("" when not entered). */
export const SkuDetail = Schema.Struct({
  sku_template_field: SkuTemplateFieldId,
  single_input: Schema.String,
  /** The value was changed by a reviewer since the field app sent it. */
  is_edit: Schema.Boolean,
});
export type SkuDetail = typeof SkuDetail.Type;

/**
 * 002 §3 simplifiedinvoiceskudata and simplifiedinvoiceaddonsku (001 §3 adds manufacturer, brand,
 * variant, sub_category to an add-on row). `sku` is the row's entry in the sub-project's SKU list
 * (null on an add-on row, or when the listed SKU was removed since); `sku_code` the catalogue code
 * of a listed SKU.
 */
export const SkuRow = Schema.Struct({
  id: InvoiceSkuRowId,
  sku: Schema.NullOr(SubProjectSkuId),
  sku_name: Schema.String,
  sku_code: Schema.NullOr(Schema.String),
  /** An add-on row's product name as recorded; null on a SKU row. */
  add_on_sku: Schema.NullOr(Schema.String),
  manufacturer: Schema.String,
  brand: Schema.String,
  variant: Schema.String,
  sub_category: Schema.String,
  simplifiedinvoiceskudetails: Schema.Array(SkuDetail),
});
export type SkuRow = typeof SkuRow.Type;

/** An invoice in the editing slider: the invoice as the Collected Bills group reads it, with its rows. */
export const SkuInvoice = Schema.Struct({
  ...Invoice.fields,
  simplifiedinvoiceskudata: Schema.Array(SkuRow),
  simplifiedinvoiceaddonsku: Schema.Array(SkuRow),
});
export type SkuInvoice = typeof SkuInvoice.Type;

/**
 * 002 §7 new SKU data by workflow object: every invoice of the outlet (its number, date and whether
 * it is saved; its header answers, rows and images come with the invoice), the sub-project's template fields once (not once per invoice), and whether the
 * caller may edit now (001 §4.2) and whether a retailer request is pending (002 §2.10: the slider is
 * blocked). The slider reads one invoice's rows when it opens it: an outlet of 200 invoices of 50
 * rows would otherwise answer megabytes before the first invoice shows.
 */
export const NewSkuData = Schema.Struct({
  workflow_object: WorkflowObjectId,
  sub_project: Schema.Struct({ slug: Schema.String, name: Schema.String }),
  is_edit: Schema.Boolean,
  retailer_request_pending: Schema.Boolean,
  assigned_sku_template_field: Schema.Array(AssignedSkuTemplateField),
  invoices: Schema.Array(InvoiceSummary),
});
export type NewSkuData = typeof NewSkuData.Type;

// --- the slider's save (002 §7 invoice save: the full edited invoice) ---

export const MAX_SKU_ROWS = 500;
export const MAX_SKU_TEXT_LENGTH = 10000;
const SkuText = Schema.String.check(Schema.isMaxLength(MAX_SKU_TEXT_LENGTH));

/** One row as saved: an existing row by id, a new one with id null; values by template field. */
export const SkuRowInput = Schema.Struct({
  id: Schema.NullOr(InvoiceSkuRowId),
  sku: Schema.NullOr(SubProjectSkuId),
  sku_name: SkuText,
  add_on_sku: Schema.NullOr(SkuText),
  manufacturer: SkuText,
  brand: SkuText,
  variant: SkuText,
  sub_category: SkuText,
  simplifiedinvoiceskudetails: Schema.Array(
    Schema.Struct({ sku_template_field: SkuTemplateFieldId, single_input: SkuText }),
  ).check(Schema.isMaxLength(100)),
});
export type SkuRowInput = typeof SkuRowInput.Type;

/**
 * 002 §7 invoice save: the whole edited invoice at the version read — its header answers and its
 * SKU and add-on rows. A saved row the save leaves out is kept (rows are removed by DELETE, after
 * the confirmation). The server checks it with the screen's rules and marks the invoice complete.
 */
export const InvoiceSave = Schema.Struct({
  ...InvoiceHeaderAnswersUpdate.fields,
  simplifiedinvoiceskudata: Schema.Array(SkuRowInput).check(Schema.isMaxLength(MAX_SKU_ROWS)),
  simplifiedinvoiceaddonsku: Schema.Array(SkuRowInput).check(Schema.isMaxLength(MAX_SKU_ROWS)),
});
export type InvoiceSave = typeof InvoiceSave.Type;

/** 001 §7 DELETE a SKU row, at the invoice's version read. */
export const SkuRowDelete = Schema.Struct({ version: InvoiceSave.fields.version });

/** 001 §7 export to CSV: the rows chosen (ids), the workflow object, and whether they are add-on rows. */
export const SkuExport = Schema.Struct({
  data_to_export: Schema.Array(InvoiceSkuRowId).check(
    Schema.isMinLength(1),
    Schema.isMaxLength(MAX_SKU_ROWS * 200),
  ),
  workflow_object_id: WorkflowObjectId,
  /** 001 §9 says the export body sends add_on_sku with a fixed test string; we send which rows these are. */
  add_on_sku: Schema.Boolean,
});
export type SkuExport = typeof SkuExport.Type;

// --- which SKU a row names, and its problems (002 §5; 001 §4.8) ---

/** The two row lists of an invoice, as the save and the screen key them. */
export const SKU_ROW_LISTS = ["simplifiedinvoiceskudata", "simplifiedinvoiceaddonsku"] as const;
export type SkuRowList = (typeof SKU_ROW_LISTS)[number];

/** An entry of the sub-project's SKU list, as the grid chooses from it. */
export type ListedSku = { readonly id: number; readonly name: string; readonly sku_code: string | null };

/**
 * The listed SKU a row names: the entry it chose by id, else the entry whose name it carries
 * (compared as §5's flag compares them, trimmed and in any case); null when the list holds neither.
 */
export function listedSkuOf(
  row: { readonly sku: number | null; readonly sku_name: string },
  list: readonly ListedSku[],
): ListedSku | null {
  if (row.sku !== null) return list.find((s) => s.id === row.sku) ?? null;
  const wanted = row.sku_name.trim().toLowerCase();
  return wanted === "" ? null : (list.find((s) => s.name.trim().toLowerCase() === wanted) ?? null);
}

/** What a row is called on screen and in QC Edit History: its SKU's name, else the add-on's. */
export const rowName = (row: { readonly sku_name: string; readonly add_on_sku: string | null }): string =>
  row.sku_name.trim() || row.add_on_sku?.trim() || "(unnamed)";

type RowValues = {
  readonly sku: number | null;
  readonly sku_name: string;
  readonly add_on_sku: string | null;
  readonly simplifiedinvoiceskudetails: readonly { sku_template_field: number; single_input: string }[];
};

/**
 * Every problem of one row, keyed by "sku" or the template field's id. A SKU row names a SKU of
 * the list (§5: "SKU Name cannot be empty.", a name not listed is flagged). An add-on row is a
 * product the list does not hold: it needs its add-on name unless a listed SKU was chosen for it
 * (001 §4.8). Every value is checked by its field's §5 rule.
 */
export function skuRowInputProblems(
  row: RowValues,
  list: SkuRowList,
  fields: readonly AssignedSkuTemplateField[],
  listed: readonly ListedSku[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (list === "simplifiedinvoiceskudata" || row.sku !== null) {
    const chosen = row.sku !== null ? listed.find((s) => s.id === row.sku) : undefined;
    const problem =
      row.sku !== null && !chosen
        ? skuNotListed(row.sku_name.trim() || String(row.sku))
        : skuNameProblem(
            row.sku_name,
            listed.map((s) => s.name),
          );
    if (problem) problems.sku = problem;
  } else if ((row.add_on_sku ?? "").trim() === "") problems.sku = SKU_NAME_EMPTY;
  const values = new Map(row.simplifiedinvoiceskudetails.map((d) => [d.sku_template_field, d.single_input]));
  for (const field of fields) {
    const problem = skuFieldProblem(field, values.get(field.id) ?? "");
    if (problem) problems[String(field.id)] = problem;
  }
  return problems;
}

/**
 * Every problem of a save's rows at once, keyed by dotted path as the server's 400 keys them
 * ("simplifiedinvoiceskudata.2.sku", "simplifiedinvoiceaddonsku.0.14"): the screen shows each under
 * its cell, the server refuses with the same keys.
 */
export function skuDataProblems(
  save: Readonly<Record<SkuRowList, readonly RowValues[]>>,
  fields: readonly AssignedSkuTemplateField[],
  listed: readonly ListedSku[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const list of SKU_ROW_LISTS)
    save[list].forEach((row, i) => {
      for (const [key, message] of Object.entries(skuRowInputProblems(row, list, fields, listed)))
        problems[`${list}.${i}.${key}`] = message;
    });
  return problems;
}

// --- what the editing slider holds and its calls carry (src/infra/api/invoiceSkus.ts) ---

/** A row as the slider edits it: `key` names it on screen (a new row has no id yet). */
export type DraftRow = {
  key: string;
  id: number | null;
  sku: number | null;
  sku_name: string;
  sku_code: string | null;
  add_on_sku: string | null;
  manufacturer: string;
  brand: string;
  variant: string;
  sub_category: string;
  values: Readonly<Record<number, string>>;
};

export type Draft = { answers: readonly HeaderAnswer[] } & Readonly<Record<SkuRowList, readonly DraftRow[]>>;

/** What the slider reads first: new SKU data with the sub-project's SKU list, or the outlet is not found. */
export type SliderData = {
  isEdit: boolean;
  pendingRequest: boolean;
  fields: readonly AssignedSkuTemplateField[];
  listed: readonly ListedSku[];
  /** The invoices in tab order: the open invoice's headers, rows and images are read when it opens. */
  invoices: readonly InvoiceSummary[];
};
export type SliderLoadOutcome = { type: "ok"; data: SliderData } | { type: "failed"; message: string };

export type InvoiceSaveRequest = { invoice: number; version: number; draft: Draft };
/** Saved (the invoice as it now stands), or refused with the server's reason and its problems by path. */
export type InvoiceSaveOutcome =
  | { type: "ok"; invoice: SkuInvoice }
  | { type: "refused"; message: string; problems: Readonly<Record<string, string>> };

export type RowDeleteRequest = { row: number; version: number };
export type RowDeleteOutcome = { type: "ok"; invoice: SkuInvoice } | { type: "refused"; message: string };

/** A draft row as the save sends it and its rules read it: its values, one per template field. */
export const rowInputOf = (r: DraftRow): SkuRowInput => ({
  id: r.id === null ? null : InvoiceSkuRowId.make(r.id),
  sku: r.sku === null ? null : SubProjectSkuId.make(r.sku),
  sku_name: r.sku_name,
  add_on_sku: r.add_on_sku,
  manufacturer: r.manufacturer,
  brand: r.brand,
  variant: r.variant,
  sub_category: r.sub_category,
  simplifiedinvoiceskudetails: Object.entries(r.values).map(([field, single_input]) => ({
    sku_template_field: SkuTemplateFieldId.make(Number(field)),
    single_input,
  })),
});

/** Both row lists of a draft as the save sends them. */
export const draftRowsInput = (draft: Draft): Record<SkuRowList, SkuRowInput[]> => ({
  simplifiedinvoiceskudata: draft.simplifiedinvoiceskudata.map(rowInputOf),
  simplifiedinvoiceaddonsku: draft.simplifiedinvoiceaddonsku.map(rowInputOf),
});

// --- texts (002 §2.10, §8; 001 §4.8, §8) ---

export const NO_SKU_ENTRIES = "No sku entries received in bill";
export const DELETE_ROW_QUESTION = "Are you sure you want to delete this row?";
/** A delete naming a row that is not on this invoice (removed meanwhile, or another invoice's). */
export const SKU_ROW_NOT_ON_INVOICE = "This SKU row is not on this invoice any more. Reload to see its rows.";

// --- §5.4 SKU table cells ---

/**
 * 001 §5.4: a number cell accepts digits with an optional decimal point. What is typed keeps its
 * digits and the first point only ("12.5.3" → "12.53", "1a2" → "12").
 */
export function numberCellInput(typed: string): string {
  const kept = typed.replace(/[^\d.]/g, "");
  const point = kept.indexOf(".");
  return point < 0 ? kept : `${kept.slice(0, point + 1)}${kept.slice(point + 1).replace(/\./g, "")}`;
}

/** 001 §5.4: pasted numeric text takes its first token ("12.5 kg" → "12.5"), kept as a number cell keeps it. */
export const pastedNumber = (pasted: string): string => numberCellInput(pasted.trim().split(/\s+/)[0] ?? "");
