/**
 * The SKU rows of collected invoices (src/domain/api/invoiceSkus.ts, docs/invoices.md): reading a
 * workflow object's invoices, and one invoice with its rows in a fixed number of queries, the invoice save (the
 * header answers and the rows in one transaction, checked with the screen's own rules), and the
 * delete of a saved row. Each write locks the outlet, asks the invoice editing rule, refuses while a
 * retailer request is pending and checks the version read, as every invoice write does (write.ts).
 */
import type {
  InvoiceSkuRowId,
  SkuTemplateFieldId,
  SubProjectSkuId,
  WorkflowObjectId,
} from "../../src/domain/api/ids";
import type { SkuFieldType } from "../../src/domain/invoices/invoiceSetup";
import {
  type AssignedSkuTemplateField,
  type InvoiceSave,
  type ListedSku,
  listedSkuOf,
  type NewSkuData,
  rowName,
  SKU_ROW_LISTS,
  SKU_ROW_NOT_ON_INVOICE,
  type SkuInvoice,
  type SkuRow,
  type SkuRowList,
  skuDataProblems,
} from "../../src/domain/invoices/invoiceSkus";
import type { Queryable } from "../db/db";
import { NOT_FOUND, Problem } from "../http/problem";
import type { OutletViewer } from "../outlets/access";
import { pendingState } from "../retailerRequests/gate";
import { type VisibleWorkflowObject, visibleWorkflowObject } from "../survey/read";
import { editsInvoicesNow, invoiceSummariesOf, invoicesOf, num } from "./read";
import {
  checkedHeaderAnswers,
  completeInvoice,
  editableInvoice,
  logHistory,
  type Stored,
  writeHeaderAnswers,
} from "./write";

const KIND_OF: Record<SkuRowList, "sku" | "add_on"> = {
  simplifiedinvoiceskudata: "sku",
  simplifiedinvoiceaddonsku: "add_on",
};

/** 002 §3 assigned_sku_template_field: the sub-project's SKU template fields, in order. */
export async function skuTemplateFields(
  db: Queryable,
  subProjectId: number,
): Promise<AssignedSkuTemplateField[]> {
  const rows = await db.query<{
    id: number;
    name: string;
    field_type: SkuFieldType;
    is_mandatory: boolean;
    min_length: string | null;
    max_length: string | null;
    lower_limit: string | null;
    upper_limit: string | null;
    allow_decimals: boolean;
    greater_than: string;
    lower_than: string;
    choices: string;
  }>(
    `SELECT id, name, field_type, is_mandatory, min_length, max_length, lower_limit, upper_limit,
       allow_decimals, greater_than, lower_than, choices
     FROM sku_template_fields WHERE sub_project_id = $1 ORDER BY position, id`,
    [subProjectId],
  );
  return rows.map((r) => ({
    id: r.id as SkuTemplateFieldId,
    name: r.name,
    type: r.field_type,
    is_mandatory: r.is_mandatory,
    validations: {
      min_length: num(r.min_length),
      max_length: num(r.max_length),
      lower_limit: num(r.lower_limit),
      upper_limit: num(r.upper_limit),
      allow_decimals: r.allow_decimals,
      greater_than: r.greater_than,
      lower_than: r.lower_than,
      choices: r.choices,
    },
  }));
}

/** The sub-project's SKU list a row may choose from (retailer-added SKUs included). */
export function listedSkus(db: Queryable, subProjectId: number): Promise<ListedSku[]> {
  return db.query<ListedSku>(
    `SELECT x.id, x.name, k.sku_code FROM sub_project_skus x LEFT JOIN skus k ON k.id = x.sku_id
     WHERE x.sub_project_id = $1 ORDER BY lower(x.name), x.id`,
    [subProjectId],
  );
}

type RowRecord = Omit<SkuRow, "simplifiedinvoiceskudetails"> & { invoice_id: number; kind: "sku" | "add_on" };

/** The rows of these invoices with their values (a field without one reads ""), by invoice. */
async function rowsOf(
  db: Queryable,
  invoiceIds: readonly number[],
  fields: readonly AssignedSkuTemplateField[],
): Promise<Map<number, Record<SkuRowList, SkuRow[]>>> {
  const rows = await db.query<RowRecord>(
    `SELECT r.id, r.invoice_id, r.kind, r.sub_project_sku_id AS sku, r.sku_name, k.sku_code, r.add_on_sku,
       r.manufacturer, r.brand, r.variant, r.sub_category
     FROM invoice_sku_rows r LEFT JOIN sub_project_skus x ON x.id = r.sub_project_sku_id
     LEFT JOIN skus k ON k.id = x.sku_id
     WHERE r.invoice_id = ANY ($1::int[]) ORDER BY r.invoice_id, r.kind, r.position, r.id`,
    [invoiceIds],
  );
  const values = await db.query<{ row_id: number; field: number; single_input: string; is_edit: boolean }>(
    `SELECT v.row_id, v.sku_template_field_id AS field, v.single_input, v.is_edit
     FROM invoice_sku_values v JOIN invoice_sku_rows r ON r.id = v.row_id WHERE r.invoice_id = ANY ($1::int[])`,
    [invoiceIds],
  );
  const byRow = new Map<number, Map<number, { single_input: string; is_edit: boolean }>>();
  for (const v of values) {
    if (!byRow.has(v.row_id)) byRow.set(v.row_id, new Map());
    byRow.get(v.row_id)!.set(v.field, v);
  }
  const out = new Map<number, Record<SkuRowList, SkuRow[]>>();
  for (const { invoice_id, kind, ...row } of rows) {
    if (!out.has(invoice_id))
      out.set(invoice_id, { simplifiedinvoiceskudata: [], simplifiedinvoiceaddonsku: [] });
    const own = byRow.get(row.id);
    out.get(invoice_id)![kind === "sku" ? "simplifiedinvoiceskudata" : "simplifiedinvoiceaddonsku"].push({
      ...row,
      id: row.id as InvoiceSkuRowId,
      sku: row.sku as SubProjectSkuId | null,
      simplifiedinvoiceskudetails: fields.map((f) => ({
        sku_template_field: f.id,
        single_input: own?.get(f.id)?.single_input ?? "",
        is_edit: own?.get(f.id)?.is_edit ?? false,
      })),
    });
  }
  return out;
}

/** Invoices with their rows, in tab order; `only` narrows to one invoice. */
async function skuInvoicesOf(
  db: Queryable,
  wo: VisibleWorkflowObject,
  fields: readonly AssignedSkuTemplateField[],
  only?: number,
): Promise<SkuInvoice[]> {
  const invoices = await invoicesOf(db, wo, only);
  const rows = await rowsOf(
    db,
    invoices.map((i) => i.id),
    fields,
  );
  return invoices.map((i) => ({
    ...i,
    simplifiedinvoiceskudata: rows.get(i.id)?.simplifiedinvoiceskudata ?? [],
    simplifiedinvoiceaddonsku: rows.get(i.id)?.simplifiedinvoiceaddonsku ?? [],
  }));
}

/** 002 §7 new SKU data: the slider's whole read, or null when the caller does not see the outlet. */
export async function newSkuData(
  db: Queryable,
  viewer: OutletViewer,
  woId: WorkflowObjectId,
): Promise<NewSkuData | null> {
  const wo = await visibleWorkflowObject(db, viewer, woId);
  if (!wo) return null;
  const [sub] = await db.query<{ slug: string; name: string }>(
    "SELECT slug, name FROM sub_projects WHERE id = $1",
    [wo.sub_project_id],
  );
  const fields = await skuTemplateFields(db, wo.sub_project_id);
  const pending = (await pendingState(db, wo.id)).blocked;
  return {
    workflow_object: woId,
    sub_project: { slug: sub!.slug, name: sub!.name },
    is_edit: !pending && editsInvoicesNow(viewer, wo),
    retailer_request_pending: pending,
    assigned_sku_template_field: fields,
    invoices: await invoiceSummariesOf(db, wo.id),
  };
}

/** One invoice with its rows, as the slider opens it, or null when the caller does not see it. */
export async function skuInvoice(
  db: Queryable,
  viewer: OutletViewer,
  id: number,
): Promise<SkuInvoice | null> {
  const [owner] = await db.query<{ workflow_object_id: WorkflowObjectId }>(
    "SELECT workflow_object_id FROM invoices WHERE id = $1",
    [id],
  );
  const wo = owner && (await visibleWorkflowObject(db, viewer, owner.workflow_object_id));
  if (!wo) return null;
  const [invoice] = await skuInvoicesOf(db, wo, await skuTemplateFields(db, wo.sub_project_id), id);
  return invoice ?? null;
}

async function answerOf(
  tx: Queryable,
  wo: VisibleWorkflowObject,
  fields: readonly AssignedSkuTemplateField[],
  id: number,
): Promise<SkuInvoice> {
  const [invoice] = await skuInvoicesOf(tx, wo, fields, id);
  if (!invoice) throw new Problem(404, { ...NOT_FOUND });
  return invoice;
}

/**
 * 002 §7 invoice save, one transaction: the header answers and both row lists are checked at once
 * with the screen's rules (a 400 holds every header message by header name and every row message by
 * its dotted path), then written; a row the save leaves out is kept. QC Edit History gets a line for
 * every changed value: the invoice, the row by its SKU's name, the field, old → new.
 */
export async function saveInvoice(
  tx: Queryable,
  viewer: OutletViewer,
  id: number,
  input: InvoiceSave,
  now: Date,
): Promise<SkuInvoice> {
  const { wo, stored } = await editableInvoice(tx, viewer, id, input.version);
  const fields = await skuTemplateFields(tx, wo.sub_project_id);
  const listed = await listedSkus(tx, wo.sub_project_id);
  const headers = await checkedHeaderAnswers(tx, wo, id, input.answers);
  const [before] = await skuInvoicesOf(tx, wo, fields, id);
  const errors: Record<string, string[]> = { ...headers.errors };
  for (const [path, message] of Object.entries(skuDataProblems(input, fields, listed)))
    errors[path] = [message];
  for (const list of SKU_ROW_LISTS)
    input[list].forEach((row, i) => {
      if (row.id !== null && !before![list].some((r) => r.id === row.id))
        errors[`${list}.${i}.id`] = [SKU_ROW_NOT_ON_INVOICE];
      for (const [j, d] of row.simplifiedinvoiceskudetails.entries())
        if (!fields.some((f) => f.id === d.sku_template_field))
          errors[`${list}.${i}.simplifiedinvoiceskudetails.${j}`] = [
            "Not a SKU field of this outlet's invoices.",
          ];
    });
  if (Object.keys(errors).length) throw new Problem(400, errors);

  const lines = await writeHeaderAnswers(tx, id, stored, headers, input.answers);
  for (const list of SKU_ROW_LISTS)
    for (const row of input[list])
      lines.push(...(await writeRow(tx, id, stored, list, row, before![list], fields, listed)));
  await completeInvoice(tx, viewer, wo, id, stored, lines, now);
  return answerOf(tx, wo, fields, id);
}

type RowInput = InvoiceSave["simplifiedinvoiceskudata"][number];

/** Inserts or updates one row and its values; gives its history lines. */
async function writeRow(
  tx: Queryable,
  invoiceId: number,
  stored: Stored,
  list: SkuRowList,
  row: RowInput,
  savedRows: readonly SkuRow[],
  fields: readonly AssignedSkuTemplateField[],
  listed: readonly ListedSku[],
): Promise<string[]> {
  // A listed SKU chosen for the row names it (its code comes with it); an add-on row then loses its
  // add-on name (001 §4.8).
  const sku = listedSkuOf(row, listed);
  const next = {
    sku: sku?.id ?? null,
    sku_name: sku?.name ?? row.sku_name.trim(),
    add_on_sku: sku ? null : row.add_on_sku?.trim() || null,
    manufacturer: row.manufacturer.trim(),
    brand: row.brand.trim(),
    variant: row.variant.trim(),
    sub_category: row.sub_category.trim(),
  };
  // In the columns' order of the insert and the update below.
  const rowValues = [
    next.sku,
    next.sku_name,
    next.add_on_sku,
    next.manufacturer,
    next.brand,
    next.variant,
    next.sub_category,
  ];
  const saved = row.id === null ? undefined : savedRows.find((r) => r.id === row.id);
  const invoice = `Invoice ${stored.invoice_no}`;
  const lines: string[] = [];
  let rowId: number;
  if (!saved) {
    const [inserted] = await tx.query<{ id: number }>(
      `INSERT INTO invoice_sku_rows (invoice_id, kind, sub_project_sku_id, sku_name, add_on_sku, manufacturer,
         brand, variant, sub_category, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
         (SELECT coalesce(max(position), 0) + 1 FROM invoice_sku_rows WHERE invoice_id = $1 AND kind = $2))
       RETURNING id`,
      [invoiceId, KIND_OF[list], ...rowValues],
    );
    rowId = inserted!.id;
    lines.push(
      `${invoice}: ${list === "simplifiedinvoiceskudata" ? "SKU" : "add-on SKU"} row ${rowName(next)} added`,
    );
  } else {
    rowId = saved.id;
    const changed = (Object.keys(ROW_FIELD_LABELS) as (keyof typeof ROW_FIELD_LABELS)[]).filter(
      (key) => (saved[key] ?? "") !== (next[key] ?? ""),
    );
    // An invoice's save sends every row: only a changed one is written.
    if (changed.length || saved.sku !== next.sku)
      await tx.query(
        `UPDATE invoice_sku_rows SET sub_project_sku_id = $2, sku_name = $3, add_on_sku = $4, manufacturer = $5,
           brand = $6, variant = $7, sub_category = $8 WHERE id = $1`,
        [rowId, ...rowValues],
      );
    const was = rowName(saved);
    for (const key of changed)
      lines.push(
        `${invoice}, SKU ${was}: ${ROW_FIELD_LABELS[key]} changed from ${shown(saved[key])} to ${shown(next[key])}`,
      );
  }
  const savedValues = new Map(
    saved?.simplifiedinvoiceskudetails.map((d) => [d.sku_template_field, d.single_input]),
  );
  for (const d of row.simplifiedinvoiceskudetails) {
    const value = d.single_input.trim();
    const was = savedValues.get(d.sku_template_field) ?? "";
    if (saved && was === value) continue;
    await tx.query(
      `INSERT INTO invoice_sku_values (row_id, sku_template_field_id, single_input, is_edit) VALUES ($1, $2, $3, $4)
       ON CONFLICT (row_id, sku_template_field_id) DO UPDATE SET single_input = $3, is_edit = true`,
      [rowId, d.sku_template_field, value, saved !== undefined],
    );
    if (saved) {
      const field = fields.find((f) => f.id === d.sku_template_field)!;
      lines.push(
        `${invoice}, SKU ${rowName(next)}: ${field.name} changed from ${shown(was)} to ${shown(value)}`,
      );
    }
  }
  return lines;
}

const ROW_FIELD_LABELS = {
  sku_name: "SKU name",
  add_on_sku: "add-on name",
  manufacturer: "manufacturer",
  brand: "brand",
  variant: "variant",
  sub_category: "sub-category",
} as const;

const shown = (v: string | null) => (v?.trim() ? v.trim() : "empty");

/** 001 §7 DELETE a saved row, at the invoice's version read; QC Edit History says which. */
export async function deleteSkuRow(
  tx: Queryable,
  viewer: OutletViewer,
  rowId: number,
  version: number,
  now: Date,
): Promise<SkuInvoice> {
  const [owner] = await tx.query<{ invoice_id: number }>(
    "SELECT invoice_id FROM invoice_sku_rows WHERE id = $1",
    [rowId],
  );
  if (!owner) throw new Problem(404, { ...NOT_FOUND });
  const { wo, stored } = await editableInvoice(tx, viewer, owner.invoice_id, version);
  const [row] = await tx.query<{ kind: "sku" | "add_on"; sku_name: string; add_on_sku: string | null }>(
    "DELETE FROM invoice_sku_rows WHERE id = $1 AND invoice_id = $2 RETURNING kind, sku_name, add_on_sku",
    [rowId, stored.id],
  );
  if (!row) throw new Problem(404, { ...NOT_FOUND });
  await tx.query(
    "UPDATE invoices SET version = version + 1, modified_at = $2, modified_by = $3 WHERE id = $1",
    [stored.id, now, viewer.user.id],
  );
  await logHistory(
    tx,
    wo.id,
    viewer,
    [
      `Invoice ${stored.invoice_no}: ${row.kind === "sku" ? "SKU" : "add-on SKU"} row ${rowName(row)} deleted`,
    ],
    now,
  );
  return answerOf(tx, wo, await skuTemplateFields(tx, wo.sub_project_id), stored.id);
}
